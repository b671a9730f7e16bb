"""The catalogue and the rules tables are built once per pack version and language, and not at all for a 304."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from referee.api import rulesets
from roster.api import catalogue

pytestmark = pytest.mark.django_db


def counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    calls: list[int] = []
    real = getattr(module, name)

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapped)
    monkeypatch.setattr(rulesets, "_BUILT", {})
    return calls


def test_the_catalogue_is_built_once_per_language_and_never_for_a_304(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counting(monkeypatch, catalogue, "catalogue_data")
    client = APIClient()
    first = client.get("/api/v1/rulesets/mordheim/catalogue/")
    again = client.get("/api/v1/rulesets/mordheim/catalogue/")
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert len(calls) == 1
    revalidated = client.get("/api/v1/rulesets/mordheim/catalogue/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert revalidated.status_code == 304 and revalidated.content == b"" and revalidated["ETag"] == first["ETag"]
    assert len(calls) == 1
    russian = client.get("/api/v1/rulesets/mordheim/catalogue/", HTTP_ACCEPT_LANGUAGE="ru")
    assert russian["ETag"] != first["ETag"] and len(calls) == 2


def test_a_rules_table_is_built_once_and_revalidated_without_building(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counting(monkeypatch, rulesets, "_table_data")
    client = APIClient()
    tables = client.get("/api/v1/rulesets/mordheim/").json()["tables"]
    url = f"/api/v1/rulesets/mordheim/tables/{tables[0]}/"
    first = client.get(url)
    assert first.status_code == 200 and client.get(url).json() == first.json()
    assert client.get(url, HTTP_IF_NONE_MATCH=f'"other", {first["ETag"]}').status_code == 304
    assert len(calls) == 1

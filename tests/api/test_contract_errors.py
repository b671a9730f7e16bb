"""Errors as the contract lists them: every unknown path under /api/v1/ is a JSON 404 in the error shape
(DEBUG or not), ``fields`` maps a field to its messages (nested ones flattened, never the value refused),
and the catalogue docs/api/errors.md that ``Error.code`` names is the source's."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings

from campaign.lib.api.errors import flat_fields
from tests.support.world import World, open_week
from tools import error_codes

pytestmark = pytest.mark.django_db

SHAPE = {"code", "detail", "fields"}


def _refused(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = dict(response.json())
    assert set(body) == SHAPE
    assert all(isinstance(v, list) and all(isinstance(m, str) for m in v) for v in body["fields"].values()), body
    return body


@pytest.mark.parametrize("debug", [True, False])
@pytest.mark.parametrize(
    "path", ["/api/v1/nope/", "/api/v1/nope", "/api/v1/", "/api/v1/campaigns/1/nope/", "/api/v1/warbands/abc/"]
)
def test_an_unknown_path_under_the_api_is_a_json_404(world: World, path: str, debug: bool) -> None:
    with override_settings(DEBUG=debug):
        for method in ("get", "post", "delete"):
            body = _refused(getattr(world.client(world.bob), method)(path), 404)
            assert body["code"] == "not_found" and path in body["detail"]


def test_a_page_outside_the_api_stays_a_page(world: World) -> None:
    response = world.browser(world.bob).get("/no-such-page/")
    assert response.status_code == 404 and not response["Content-Type"].startswith("application/json")


def test_fields_hold_messages_not_the_value_refused(world: World) -> None:
    bob = world.client(world.bob)
    refused = "ninja_turtle"
    created = bob.post("/api/v1/warbands/", {"campaign": world.campaign.pk, "list": refused, "name": "B"},
                       format="json")
    body = _refused(created, 400)
    assert body["code"] == "unknown_warband_list"
    assert body["fields"] == {"list": [body["detail"]]}
    roll = _refused(bob.post("/api/v1/rolls/", {"notation": "2d6", "visibility": "nope"}, format="json"), 400)
    assert all(refused not in m and m != "nope" for messages in roll["fields"].values() for m in messages)


def test_nested_errors_are_flattened_to_a_field_and_its_messages() -> None:
    nested = {"pairs": {"0": ["Warband 3."]}, "changes": [{}, {"count": ["Too many."]}], "name": "Required."}
    assert flat_fields(nested) == {"pairs.0": ["Warband 3."], "changes.1.count": ["Too many."], "name": ["Required."]}


def test_a_nested_validation_error_reaches_the_client_flattened(world: World) -> None:
    open_week(world.campaign)
    week = world.campaign.weeks.get(status="open")
    response = world.client(world.alice).post(f"/api/v1/weeks/{week.pk}/pairings/", {"pairs": [["x"]]}, format="json")
    body = _refused(response, 400)
    assert body["fields"] and all("." in key for key in body["fields"]), body


def test_the_error_catalogue_is_the_sources(world: World) -> None:
    assert error_codes.main(["--check"]) == 0, "run .venv/bin/python -m tools.error_codes and commit docs/api/errors.md"
    codes = error_codes.collect()
    for code in ("invalid", "not_found", "unknown_warband_list", "request_too_large", "stale_seq", "throttled"):
        assert code in codes
    assert 413 in codes["request_too_large"] and 404 in codes["warband_not_found"]


def test_the_contract_names_the_catalogue_and_types_fields(world: World) -> None:
    contract = world.client(world.bob).get("/api/v1/schema/?format=json").json()
    error = contract["components"]["schemas"]["Error"]
    assert "docs/api/errors.md" in error["properties"]["code"]["description"]
    assert error["properties"]["fields"]["additionalProperties"] == {"type": "array", "items": {"type": "string"}}

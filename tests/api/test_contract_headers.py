"""The headers and conditions the contract documents are the ones the server sends and honours: ETag and
If-None-Match/304 on every operation that documents a 304, Idempotent-Replayed on a replay, Retry-After on
429 (``tests/campaign/api/test_throttles.py``), and the page size bounds (50 unless 1 to 200 is asked)."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.lib.api.pagination import MAX_PAGE_SIZE, PAGE_SIZE
from campaign.services import campaign_create
from tests.support.world import World

pytestmark = pytest.mark.django_db

# What fills the path parameters of the operations that document a 304 (the roster's and the table
# view's are exercised in their own areas' tests: tests/roster/api, tests/campaign/api/tables).
PATH_VALUES = {"slug": "mordheim", "table": "advance_hero", "list_slug": "reikland"}


@pytest.fixture
def contract(world: World) -> dict[str, Any]:
    response = world.client(world.bob).get("/api/v1/schema/?format=json")
    assert response.status_code == 200
    return dict(response.json())


def _operations(contract: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(path, method, op) for path, ops in contract["paths"].items() for method, op in ops.items()]


def _header_names(op: dict[str, Any]) -> set[str]:
    return {p["name"] for p in op.get("parameters", []) if p["in"] == "header"}


def test_every_operation_with_a_304_documents_if_none_match_and_the_etag(contract: dict[str, Any]) -> None:
    revalidated = [(p, m, op) for p, m, op in _operations(contract) if "304" in op["responses"]]
    assert len(revalidated) >= 7
    for path, method, op in revalidated:
        assert "If-None-Match" in _header_names(op), (method, path)
        for status in ("200", "304"):
            assert "ETag" in op["responses"][status].get("headers", {}), (method, path, status)


def test_every_429_documents_retry_after(contract: dict[str, Any]) -> None:
    for path, method, op in _operations(contract):
        assert "Retry-After" in op["responses"]["429"].get("headers", {}), (method, path)


def test_the_rules_packs_answer_the_etag_they_document_and_a_304_for_it(world: World, contract: dict[str, Any]) -> None:
    bob = world.client(world.bob)
    checked = 0
    for path, _method, op in _operations(contract):
        if "304" not in op["responses"] or not path.startswith("/api/v1/rulesets/"):
            continue
        url = path.format(**PATH_VALUES)
        first = bob.get(url)
        assert first.status_code == 200, (url, first.content[:200])
        assert first["ETag"].startswith('"'), url
        again = bob.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304 and again["ETag"] == first["ETag"] and not again.content, url
        assert bob.get(url, HTTP_IF_NONE_MATCH='"stale"').status_code == 200, url
        checked += 1
    assert checked == 5


def test_a_replayed_idempotent_post_says_so_in_its_documented_header(world: World, contract: dict[str, Any]) -> None:
    op = contract["paths"]["/api/v1/rolls/"]["post"]
    assert "Idempotency-Key" in _header_names(op)
    assert "Idempotent-Replayed" in op["responses"]["201"]["headers"]
    bob = world.client(world.bob)
    body = {"notation": "2d6", "purpose": "adhoc"}
    first = bob.post("/api/v1/rolls/", body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    replay = bob.post("/api/v1/rolls/", body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == replay.status_code == 201
    assert "Idempotent-Replayed" not in first and replay["Idempotent-Replayed"] == "true"
    assert replay.json() == first.json()


def _page_size(contract: dict[str, Any]) -> dict[str, Any]:
    params = contract["paths"]["/api/v1/campaigns/"]["get"]["parameters"]
    return next(p["schema"] for p in params if p["name"] == "page_size")


def test_the_page_size_bounds_are_documented_as_the_code_has_them(contract: dict[str, Any]) -> None:
    assert _page_size(contract) == {"type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE, "default": PAGE_SIZE}
    assert (PAGE_SIZE, MAX_PAGE_SIZE) == (50, 200)


@pytest.mark.parametrize("asked, status", [("1", 200), (str(MAX_PAGE_SIZE), 200), (str(MAX_PAGE_SIZE + 1), 400),
                                           ("0", 400), ("-1", 400), ("ten", 400)])
def test_it_serves_a_page_size_within_the_bounds_and_refuses_one_outside(world: World, asked: str,
                                                                         status: int) -> None:
    response = world.client(world.alice).get(f"/api/v1/campaigns/?page_size={asked}")
    assert response.status_code == status, response.content
    if status == 400:
        body = response.json()
        assert body["code"] == "invalid" and "200" in body["detail"]
        assert body["fields"] == {"page_size": [body["detail"]]}


def test_a_page_holds_the_default_size_or_the_one_asked(world: World) -> None:
    for n in range(PAGE_SIZE + 1):
        campaign_create(name=f"League {n}", rules_pack=world.campaign.rules_pack, organiser=world.alice)
    alice = world.client(world.alice)
    assert len(alice.get("/api/v1/campaigns/").json()["results"]) == PAGE_SIZE
    assert len(alice.get("/api/v1/campaigns/?page_size=3").json()["results"]) == 3

"""POST /api/v1/rolls/ rolls on the server; GET lists only what the viewer may see."""

import pytest
from rest_framework.test import APIClient

from referee.models import LedgerEntry
from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db


def test_it_rolls_on_the_server_and_returns_every_face(world: World) -> None:
    response = world.client(world.bob).post("/api/v1/rolls/", {"notation": "4d6kh3 # strength"}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["notation"] == "4D6kh3" and body["label"] == "strength"
    assert len(body["faces"]) == 4 and len(body["kept"]) == 3 and body["total"] == sum(body["kept"])
    assert body["hash"] == LedgerEntry.objects.get(pk=body["id"]).hash


def test_it_refuses_a_huge_roll_at_once_with_a_message_a_person_can_act_on(world: World) -> None:
    response = world.client(world.bob).post("/api/v1/rolls/", {"notation": "1000000d1000000"}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_notation"
    assert "at most 100 dice" in body["detail"]
    assert "notation" in body["fields"]
    assert not LedgerEntry.objects.exists()


def test_it_replays_a_retried_roll_instead_of_rolling_again(world: World) -> None:
    client = world.client(world.bob)
    first = client.post("/api/v1/rolls/", {"notation": "d20"}, format="json", HTTP_IDEMPOTENCY_KEY="roll-123")
    again = client.post("/api/v1/rolls/", {"notation": "d20"}, format="json", HTTP_IDEMPOTENCY_KEY="roll-123")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert LedgerEntry.objects.count() == 1


def test_it_refuses_an_idempotency_key_reused_for_another_request(world: World) -> None:
    client = world.client(world.bob)
    client.post("/api/v1/rolls/", {"notation": "d20"}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    response = client.post("/api/v1/rolls/", {"notation": "d6"}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert response.status_code == 409
    assert response.json()["code"] == "idempotency_key_reused"
    assert LedgerEntry.objects.count() == 1


def test_it_404s_a_campaign_roll_by_an_outsider_without_saying_the_campaign_exists(world: World) -> None:
    open_week(world.campaign)
    response = world.client(world.oscar).post(
        "/api/v1/rolls/", {"notation": "d6", "campaign": world.campaign.pk}, format="json"
    )
    missing = world.client(world.oscar).post("/api/v1/rolls/", {"notation": "d6", "campaign": 999999}, format="json")
    assert response.status_code == missing.status_code == 404
    assert response.json() == missing.json()


def test_it_filters_the_list_by_campaign_week_roller_and_purpose(world: World) -> None:
    open_week(world.campaign)
    bob, carol = world.client(world.bob), world.client(world.carol)
    bob.post(
        "/api/v1/rolls/",
        {"notation": "d6", "campaign": world.campaign.pk, "purpose": "morale"},
        format="json",
    )
    carol.post(
        "/api/v1/rolls/",
        {"notation": "d6", "campaign": world.campaign.pk, "purpose": "search"},
        format="json",
    )
    bob.post("/api/v1/rolls/", {"notation": "d6"}, format="json")

    def purposes(query: str) -> list[str]:
        return sorted(r["purpose"] for r in bob.get(f"/api/v1/rolls/?{query}").json()["results"])

    assert purposes(f"campaign={world.campaign.pk}") == ["morale", "search"]
    assert purposes("roller=carol") == ["search"]
    assert purposes("purpose=morale") == ["morale"]
    assert purposes("week=1") == ["morale", "search"]
    assert purposes("") == ["adhoc", "morale", "search"]


def test_it_requires_authentication(api: APIClient) -> None:
    assert api.get("/api/v1/rolls/").status_code == 401
    assert api.post("/api/v1/rolls/", {"notation": "d6"}, format="json").status_code == 401

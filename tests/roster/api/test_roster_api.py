"""The roster API: one response for the whole roster, one endpoint per command, codes a phone can act on."""

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaign.models import Correction
from roster.models import Holding, Warband, Warrior
from tests.roster.helpers import fresh, hire, reikland
from tests.support.world import World

pytestmark = pytest.mark.django_db


def big_warband(world: World, warriors: int) -> Warband:
    """A warband with ``warriors`` roster entries, each carrying two items (built directly: size is the point)."""
    warband = reikland(world)
    for i in range(warriors):
        w = Warrior.objects.create(
            warband=warband, kind="henchman", type_slug="warrior", name=f"w{i}", count=1, profile={"M": 4}, race="human"
        )
        Holding.objects.create(warband=warband, warrior=w, item_slug="sword")
        Holding.objects.create(warband=warband, warrior=w, item_slug="dagger")
    Holding.objects.create(warband=warband, item_slug="helmet")
    return warband


def queries_for_roster(world: World, warband: Warband) -> int:
    client = world.client(world.bob)
    client.get(f"/api/v1/warbands/{warband.pk}/")  # warm: token lookup caches, pack load
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(f"/api/v1/warbands/{warband.pk}/")
    assert response.status_code == 200
    return len(ctx.captured_queries)


def test_the_roster_costs_the_same_number_of_queries_at_15_and_40_warriors(world: World) -> None:
    small = big_warband(world, 15)
    large = big_warband(world, 40)
    assert queries_for_roster(world, small) == queries_for_roster(world, large)


def test_it_returns_the_whole_roster_in_one_response(world: World) -> None:
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain", equipment=["sword"])
    body = world.client(world.carol).get(f"/api/v1/warbands/{warband.pk}/").json()
    assert body["name"] == "Reikland Reavers" and body["list"] == "reikland" and body["treasury"] == 430
    (entry,) = body["warriors"]
    assert entry["id"] == captain.pk and entry["type_name"] == "Mercenary Captain"
    assert entry["profile"]["WS"] == 4 and entry["xp"] == 20
    assert [e["item"] for e in entry["equipment"]] == ["sword"]
    assert body["stash"] == [] and body["rating"] == 25


def test_it_hires_through_the_api_and_returns_the_updated_roster(world: World) -> None:
    warband = reikland(world)
    response = world.client(world.bob).post(
        f"/api/v1/warbands/{warband.pk}/hire/", {"type": "mercenary_captain", "name": "Ulrich"}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["warband"]["warriors"][0]["name"] == "Ulrich"


@pytest.mark.parametrize(
    ("path", "payload", "code"),
    [
        ("hire", {"type": "champion"}, "leader_required"),
        ("hire", {"type": "ogre_bodyguard"}, "unknown_warrior_type"),
        ("buy", {"item": "unicorn"}, "unknown_item"),
        ("sell", {"holding": 999999}, "item_not_found"),
        ("dismiss", {"warrior": 999999}, "warrior_not_found"),
    ],
)
def test_it_answers_bad_commands_with_a_code_and_changes_nothing(
    world: World, path: str, payload: dict[str, Any], code: str
) -> None:
    warband = reikland(world)
    response = world.client(world.bob).post(f"/api/v1/warbands/{warband.pk}/{path}/", payload, format="json")
    assert response.status_code in (400, 404)
    assert response.json()["code"] == code
    assert fresh(warband).treasury == 500


def test_it_refuses_a_purchase_the_treasury_cannot_cover(world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    Warband.objects.filter(pk=warband.pk).update(treasury=5)
    response = world.client(world.bob).post(f"/api/v1/warbands/{warband.pk}/buy/", {"item": "sword"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "insufficient_funds"


def test_a_retried_purchase_buys_once(world: World) -> None:
    warband = reikland(world)
    client = world.client(world.bob)
    for _ in range(3):
        response = client.post(
            f"/api/v1/warbands/{warband.pk}/buy/", {"item": "sword"}, format="json", HTTP_IDEMPOTENCY_KEY="buy-sword-1"
        )
        assert response.status_code == 200
    assert Holding.objects.filter(warband=warband).count() == 1
    assert fresh(warband).treasury == 490


def test_the_organiser_corrects_a_warband_and_it_is_recorded(world: World) -> None:
    warband = reikland(world)
    response = world.client(world.alice).post(
        f"/api/v1/warbands/{warband.pk}/corrections/",
        {"reason": "Forgot the scenario's 20 gc", "treasury": 20},
        format="json",
    )
    assert response.status_code == 200, response.content
    correction = Correction.objects.get()
    assert (correction.actor, correction.target, correction.changes) == (
        world.alice,
        f"warband:{warband.pk}",
        {"treasury": 20},
    )
    assert fresh(warband).treasury == 520
    ledger = world.client(world.bob).get(f"/api/v1/warbands/{warband.pk}/ledger/").json()["results"]
    assert [(e["amount"], e["reason"], e["actor"]) for e in ledger] == [
        (20, "correction", "alice"),
        (500, "starting_gold", "bob"),
    ]


def test_a_correction_needs_a_reason(world: World) -> None:
    warband = reikland(world)
    response = world.client(world.alice).post(
        f"/api/v1/warbands/{warband.pk}/corrections/", {"reason": " ", "treasury": 20}, format="json"
    )
    assert response.status_code == 400
    assert fresh(warband).treasury == 500


def test_the_history_says_who_changed_what(world: World) -> None:
    warband = reikland(world)
    client = world.client(world.bob)
    client.post(f"/api/v1/warbands/{warband.pk}/hire/", {"type": "mercenary_captain"}, format="json")
    history = client.get(f"/api/v1/warbands/{warband.pk}/history/").json()
    assert any(h["what"] == "warrior" and h["change"] == "created" and h["by"] == "bob" for h in history)
    assert any(h["what"] == "warband" and "treasury" in h["fields"] for h in history)

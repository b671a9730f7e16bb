"""Pending decisions: listed for the one who answers, checked against their options, applied once."""

import pytest

from referee.models import LedgerEntry
from roster.aftermath.run import aftermath_run
from roster.models import Decision, Warband
from tests.roster.aftermath.helpers import Fight, fight, queued, settle_until
from tests.support.world import World

pytestmark = pytest.mark.django_db


def resolved(world: World) -> tuple[Fight, Decision]:
    f = fight(world)
    aftermath_run(aftermath_id=queued(f).pk)
    return f, settle_until(f.reavers, "sell_wyrdstone")


def test_it_lists_only_the_viewers_open_decisions(world: World) -> None:
    _f, sale = resolved(world)
    bob = world.client(world.bob).get("/api/v1/decisions/").json()["results"]
    carol = world.client(world.carol).get("/api/v1/decisions/").json()["results"]
    assert sale.pk in [d["id"] for d in bob]
    assert {d["answerer"] for d in bob} == {"bob"} and {d["answerer"] for d in carol} == {"carol"}
    assert [d["id"] for d in bob] == list(
        Decision.objects.filter(answerer=world.bob, answered_at=None).order_by("id").values_list("id", flat=True)
    )
    assert world.client(world.gina).get("/api/v1/decisions/").json()["count"] == 0


def test_mh_wyr_01_selling_shards_once_adds_the_sale_tables_gold(world: World) -> None:
    f, sale = resolved(world)
    warband = Warband.objects.get(pk=f.reavers.pk)
    options = [o["value"] for o in sale.request["questions"][0]["options"]]
    assert options[0] == "0" and int(options[-1]) == warband.shards
    response = world.client(world.bob).post(f"/api/v1/decisions/{sale.pk}/", {"answer": options[-1]}, format="json")
    assert response.status_code == 200, response.content
    after = Warband.objects.get(pk=f.reavers.pk)
    assert after.shards == 0 and after.treasury > warband.treasury
    assert response.json()["open"] is False
    again = world.client(world.bob).post(f"/api/v1/decisions/{sale.pk}/", {"answer": options[-1]}, format="json")
    assert again.status_code == 200 and Warband.objects.get(pk=f.reavers.pk).treasury == after.treasury
    other = world.client(world.bob).post(f"/api/v1/decisions/{sale.pk}/", {"answer": "0"}, format="json")
    assert other.status_code == 409 and other.json()["code"] == "decision_answered"


def test_it_refuses_an_answer_that_is_not_an_option_and_changes_nothing(world: World) -> None:
    f, sale = resolved(world)
    before = Warband.objects.get(pk=f.reavers.pk).treasury
    response = world.client(world.bob).post(f"/api/v1/decisions/{sale.pk}/", {"answer": "99"}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid_answer"
    assert Warband.objects.get(pk=f.reavers.pk).treasury == before
    assert Decision.objects.get(pk=sale.pk).answered_at is None


def test_someone_elses_decision_is_indistinguishable_from_none(world: World) -> None:
    _f, sale = resolved(world)
    for who in (world.carol, world.alice, world.oscar):
        response = world.client(who).post(f"/api/v1/decisions/{sale.pk}/", {"answer": "0"}, format="json")
        missing = world.client(who).post("/api/v1/decisions/999999/", {"answer": "0"}, format="json")
        assert response.status_code == missing.status_code == 404
        assert response.json() == missing.json()


@pytest.mark.parametrize(
    ("who", "public", "private"),
    [("bob", 200, 200), ("carol", 200, 200), ("alice", 200, 200), ("gina", 200, 200), ("oscar", 404, 404)],
)
def test_the_aftermath_page_shows_rolls_effects_and_decisions_to_who_may_see_them(
    world: World, who: str, public: int, private: int
) -> None:
    f, _sale = resolved(world)
    client = world.client(getattr(world, who))
    response = client.get(f"/api/v1/battles/{f.battle.pk}/aftermath/")
    assert response.status_code == public
    if public == 200:
        body = response.json()
        assert body["status"] == "applied"
        assert len(body["rolls"]) == LedgerEntry.objects.filter(ref=f"aftermath:{f.battle.pk}").count() > 0
        assert all(r["rule_id"].startswith("MH-") for r in body["rolls"])
        assert body["effects"] and len(body["decisions"]) == Decision.objects.count() >= 1


def test_a_third_player_cannot_see_the_aftermath_while_rosters_are_private(world: World) -> None:
    f, _sale = resolved(world)
    from django.contrib.auth import get_user_model

    from campaign.services import membership_add

    dora = get_user_model().objects.create_user("dora", password="x")
    membership_add(campaign=world.campaign, user=dora, role="player")
    assert world.client(dora).get(f"/api/v1/battles/{f.battle.pk}/aftermath/").status_code == 200
    world.campaign.settings = {**world.campaign.settings, "rosters_private": True}
    world.campaign.save()
    assert world.client(dora).get(f"/api/v1/battles/{f.battle.pk}/aftermath/").status_code == 404
    assert world.client(world.carol).get(f"/api/v1/battles/{f.battle.pk}/aftermath/").status_code == 200

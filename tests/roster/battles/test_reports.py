"""Reporting a battle: a player reports, the opponent confirms or disputes, the organiser settles it.
A confirmed report queues the aftermath once, after commit (MH-XP-01: who took whom out of action)."""

from typing import Any

import pytest

from campaign.models import CampaignEvent, Correction
from roster.models import Aftermath, Battle, BattleReport
from tests.roster.aftermath.helpers import Fight, fight
from tests.support.world import World

pytestmark = pytest.mark.django_db


def report_payload(f: Fight, **changes: Any) -> dict[str, Any]:
    return {
        "scenario": "skirmish",
        "winner": f.reavers.pk,
        "out_of_action": [
            {"victim": f.champion.pk, "by": f.enemy_captain.pk},
            {"victim": f.enemy_group.pk, "by": f.captain.pk},
        ],
        "objectives": {},
    } | changes


def test_mh_xp_01_a_player_reports_who_took_whom_out_of_action(world: World) -> None:
    f = fight(world, confirmed=False)
    response = world.client(world.bob).post(f"/api/v1/battles/{f.battle.pk}/report/", report_payload(f), format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "submitted" and body["battle_status"] == "reported"
    assert body["data"]["out_of_action"][0] == {"victim": str(f.champion.pk), "by": str(f.enemy_captain.pk)}
    battle = Battle.objects.get(pk=f.battle.pk)
    assert (battle.result, battle.winner_id) == ("a", f.reavers.pk)
    assert world.client(world.carol).get(f"/api/v1/battles/{f.battle.pk}/report/").json()["reporter"] == "bob"


def test_a_report_that_names_a_stranger_is_refused_and_changes_nothing(world: World) -> None:
    f = fight(world, confirmed=False)
    bad = report_payload(f, out_of_action=[{"victim": 999999, "by": None}])
    response = world.client(world.bob).post(f"/api/v1/battles/{f.battle.pk}/report/", bad, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid_report"
    assert "999999" in response.json()["detail"]
    assert Battle.objects.get(pk=f.battle.pk).status == "paired" and not BattleReport.objects.exists()


def test_the_opponent_confirms_and_the_aftermath_runs_once(
    world: World, django_capture_on_commit_callbacks: Any
) -> None:
    f = fight(world, confirmed=False)
    world.client(world.bob).post(f"/api/v1/battles/{f.battle.pk}/report/", report_payload(f), format="json")
    assert world.client(world.bob).post(f"/api/v1/battles/{f.battle.pk}/confirm/").json()["code"] == "not_the_opponent"
    carol = world.client(world.carol)
    with django_capture_on_commit_callbacks(execute=True):
        first = carol.post(f"/api/v1/battles/{f.battle.pk}/confirm/")
    assert first.status_code == 200 and first.json()["status"] == "confirmed"
    with django_capture_on_commit_callbacks(execute=True):
        again = carol.post(f"/api/v1/battles/{f.battle.pk}/confirm/")
    assert again.status_code == 200
    assert Aftermath.objects.filter(battle=f.battle).count() == 1
    kinds = list(CampaignEvent.objects.filter(battle=f.battle).values_list("kind", flat=True))
    assert kinds.count("battle_confirmed") == 1


def test_a_disputed_report_is_settled_by_the_organiser_and_recorded(world: World) -> None:
    f = fight(world, confirmed=False)
    world.client(world.bob).post(f"/api/v1/battles/{f.battle.pk}/report/", report_payload(f), format="json")
    disputed = world.client(world.carol).post(
        f"/api/v1/battles/{f.battle.pk}/dispute/", {"reason": "My captain was never taken out"}, format="json"
    )
    assert disputed.status_code == 200 and disputed.json()["battle_status"] == "disputed"
    assert (
        world.client(world.bob)
        .post(f"/api/v1/battles/{f.battle.pk}/override/", {"reason": "x"}, format="json")
        .status_code
        == 403
    )
    settled = world.client(world.alice).post(
        f"/api/v1/battles/{f.battle.pk}/override/",
        {"reason": "Looked at the photos", "report": report_payload(f, winner=None)},
        format="json",
    )
    assert settled.status_code == 200, settled.content
    assert settled.json()["status"] == "overridden" and settled.json()["battle_status"] in ("confirmed", "resolved")
    correction = Correction.objects.get(target=f"battle:{f.battle.pk}")
    assert correction.actor == world.alice and correction.reason == "Looked at the photos"
    assert Battle.objects.get(pk=f.battle.pk).result == "draw"
    assert Aftermath.objects.filter(battle=f.battle).exists()


@pytest.mark.parametrize(("who", "status"), [("gina", 403), ("alice", 403), ("oscar", 404), (None, 401)])
def test_only_the_two_players_report(world: World, who: str | None, status: int) -> None:
    f = fight(world, confirmed=False)
    client = world.client(getattr(world, who) if who else None)
    response = client.post(f"/api/v1/battles/{f.battle.pk}/report/", report_payload(f), format="json")
    assert response.status_code == status
    assert not BattleReport.objects.exists()


def test_a_confirmed_battle_cannot_be_reported_again(world: World) -> None:
    f = fight(world, confirmed=True)
    response = world.client(world.bob).post(f"/api/v1/battles/{f.battle.pk}/report/", report_payload(f), format="json")
    assert response.status_code == 409 and response.json()["code"] == "battle_already_confirmed"

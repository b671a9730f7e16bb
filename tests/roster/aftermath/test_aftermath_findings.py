"""The aftermath, right: the underdog from the ratings when the battle began (MH-UND-03), every XP source in
the experience entry, every advance recorded wherever its XP came from, and a lasting failure marked failed
with its reason, told to the organiser, counted, and never re-queued; no confirmation without an open week."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.models import CampaignEvent, Membership, Week
from campaign.services.weeks import week_close
from referee.models import RulesPack
from roster.aftermath.run import aftermath_run, aftermath_stuck
from roster.battles.pairings import pairings_set
from roster.models import Aftermath, Battle, Warband
from roster.services.warbands import warband_approve, warband_correct, warband_create, warband_submit
from tests.roster.aftermath.helpers import Fight, fight, queued
from tests.roster.helpers import hire
from tests.support.dice import DiceScript
from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db


def report(f: Fight, **changes: Any) -> dict[str, Any]:
    return {
        "scenario": "skirmish",
        "winner": f.reavers.pk,
        "out_of_action": [{"victim": f.champion.pk, "by": f.enemy_captain.pk}],
        "objectives": {},
    } | changes


def report_and_confirm(world: World, f: Fight, capture: Any, **changes: Any) -> Any:
    sent = world.client(world.bob).post(f"/api/v1/battles/{f.battle.pk}/report/", report(f, **changes), format="json")
    assert sent.status_code == 200, sent.json()
    with capture(execute=True):
        return world.client(world.carol).post(f"/api/v1/battles/{f.battle.pk}/confirm/")


def awards(world: World, f: Fight, warrior: int) -> dict[str, int]:
    body = world.client(world.bob).get(f"/api/v1/battles/{f.battle.pk}/aftermath/").json()
    entry = next(x for x in body["experience"] if x["warrior"] == warrior)
    return {a["award"]: a["xp"] for a in entry["awards"]}


def test_mh_und_03_the_underdog_bonus_comes_from_the_ratings_when_the_battle_began(
    world: World, django_capture_on_commit_callbacks: Any, eager_celery: None
) -> None:
    f = fight(world, confirmed=False)
    paired = Battle.objects.get(pk=f.battle.pk).ratings
    assert paired == {str(w.pk): w.rating for w in Warband.objects.filter(pk__in=[f.reavers.pk, f.raiders.pk])}
    warband_correct(warband=f.reavers, actor=world.alice, reason="xp", warrior=f.captain, warrior_changes={"xp": 80})
    prebattle = world.client(world.alice).post(f"/api/v1/battles/{f.battle.pk}/prebattle/", {"scenario": "skirmish"})
    assert prebattle.status_code == 200, prebattle.json()
    start = Battle.objects.get(pk=f.battle.pk).ratings
    assert start[str(f.reavers.pk)] - start[str(f.raiders.pk)] in range(76, 101)  # +2 for the raiders
    # After the battle, before confirming, the raiders' rating overtakes: it must not matter.
    warband_correct(
        warband=f.raiders, actor=world.alice, reason="xp", warrior=f.enemy_captain, warrior_changes={"xp": 200}
    )
    assert report_and_confirm(world, f, django_capture_on_commit_callbacks).status_code == 200
    assert awards(world, f, f.enemy_captain.pk)["XP_UNDERDOG"] == 2
    assert "XP_UNDERDOG" not in awards(world, f, f.captain.pk)


def test_mh_inj_h_26_survives_against_the_odds_is_in_the_experience_entry(world: World, dice: DiceScript) -> None:
    f = fight(world)
    dice.then(6, 6)  # the champion's D66: 66
    aftermath_run(aftermath_id=queued(f, out_of_action=[{"victim": str(f.champion.pk), "by": None}]).pk)
    entry = next(x for x in Aftermath.objects.get().outcome["experience"] if x["warrior"] == str(f.champion.pk))
    assert ["INJ_SURVIVES_ODDS", 1] in entry["awards"]
    assert entry["new_xp"] - entry["old_xp"] == sum(n for _, n in entry["awards"])


def test_mh_xp_06_an_advance_from_exploration_xp_is_recorded(world: World, dice: DiceScript) -> None:
    open_week(world.campaign)
    from campaign.models import Campaign

    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.RUNNING)
    cult = warband_create(campaign=world.campaign, owner=world.bob, list_slug="cult_of_the_possessed", name="Cult")
    magister = hire(cult, "magister")
    hire(cult, "brethren", count=2)
    foes = warband_create(campaign=world.campaign, owner=world.carol, list_slug="reikland", name="Foes")
    hire(foes, "mercenary_captain")
    hire(foes, "warrior", count=2)
    for warband, owner in ((cult, world.bob), (foes, world.carol)):
        warband_submit(warband=warband, actor=owner)
        warband_approve(warband=warband, actor=world.alice)
    warband_correct(warband=cult, actor=world.alice, reason="set up", warrior=magister, warrior_changes={"xp": 21})
    week = Week.objects.get(campaign=world.campaign, status=Week.Status.OPEN)
    (battle,) = pairings_set(week=week, actor=world.alice, pairs=[(cult.pk, foes.pk)])
    Battle.objects.filter(pk=battle.pk).update(result="a", winner=cult, status=Battle.Status.CONFIRMED)
    from roster.aftermath.queue import aftermath_queue

    data = {"scenario": "skirmish", "winner": str(cult.pk), "out_of_action": [], "absent": [], "objectives": {}}
    # Survives +1 and winning leader +1 take the Magister to 23; two exploration dice 4 4: the Straggler gives a
    # Possessed leader +1 XP, to 24, a Hero threshold: that advance comes from exploration XP.
    dice.then(4, 4)
    aftermath = aftermath_queue(battle=Battle.objects.get(pk=battle.pk), report=data)
    aftermath_run(aftermath_id=aftermath.pk)
    outcome = Aftermath.objects.get(pk=aftermath.pk).outcome
    assert [a["threshold"] for a in outcome["advances"] if a["warrior"] == str(magister.pk)] == [24]
    event = CampaignEvent.objects.get(kind="advance", payload__warrior=magister.pk)
    assert (event.warband_id, event.payload["threshold"]) == (cult.pk, 24)


def test_confirming_with_no_open_week_is_refused_with_what_to_do(
    world: World, django_capture_on_commit_callbacks: Any
) -> None:
    f = fight(world, confirmed=False)
    world.client(world.bob).post(f"/api/v1/battles/{f.battle.pk}/report/", report(f), format="json")
    week_close(week=f.week)
    with django_capture_on_commit_callbacks(execute=True):
        refused = world.client(world.carol).post(f"/api/v1/battles/{f.battle.pk}/confirm/")
    assert (refused.status_code, refused.json()["code"]) == (409, "no_open_week")
    assert "opens the next week" in refused.json()["detail"]
    assert Battle.objects.get(pk=f.battle.pk).status == Battle.Status.REPORTED
    assert not Aftermath.objects.exists()


def _staff_events(world: World, user: Any) -> list[dict[str, Any]]:
    body = world.client(user).get(f"/api/v1/campaigns/{world.campaign.pk}/timeline/?kind=aftermath_failed").json()
    return list(body["results"])


def test_a_lasting_failure_is_marked_told_counted_and_not_requeued(world: World) -> None:
    f = fight(world)
    aftermath = queued(f)
    week_close(week=f.week)  # the week closed before the worker ran: no seed to roll from
    failed = aftermath_run(aftermath_id=aftermath.pk)
    assert failed is not None
    assert (failed.status, failed.failure_code, failed.attempts) == ("failed", "no_open_week", 1)
    assert "no open week" in failed.error
    Aftermath.objects.filter(pk=aftermath.pk).update(created_at=failed.created_at.replace(year=2000))
    assert aftermath.pk not in aftermath_stuck()  # the beat sweep leaves it alone
    again = aftermath_run(aftermath_id=aftermath.pk)
    assert again is not None and again.attempts == 1  # a stray delivery changes nothing
    assert next(e["summary"] for e in _staff_events(world, world.alice)).startswith("The aftermath of")
    assert len(_staff_events(world, world.gina)) == 1
    assert _staff_events(world, world.bob) == []  # players do not see what the organiser must fix
    listed = world.client(world.alice).get(f"/api/v1/campaigns/{world.campaign.pk}/aftermaths/failed/").json()
    assert [a["failure_code"] for a in listed["results"]] == ["no_open_week"]
    assert world.client(world.bob).get(f"/api/v1/campaigns/{world.campaign.pk}/aftermaths/failed/").status_code == 403
    api = world.client(world.bob).get(f"/api/v1/battles/{f.battle.pk}/aftermath/").json()
    assert (api["status"], api["failure_code"], api["attempts"]) == ("failed", "no_open_week", 1)


def test_the_organiser_retries_once_the_cause_is_fixed(world: World, django_capture_on_commit_callbacks: Any) -> None:
    f = fight(world)
    aftermath = queued(f)
    week_close(week=f.week)
    aftermath_run(aftermath_id=aftermath.pk)
    assert world.client(world.bob).post(f"/api/v1/battles/{f.battle.pk}/aftermath/retry/").status_code == 403
    open_week(world.campaign)
    with django_capture_on_commit_callbacks(execute=True):
        retried = world.client(world.alice).post(f"/api/v1/battles/{f.battle.pk}/aftermath/retry/")
    assert retried.status_code == 202, retried.json()
    aftermath_run(aftermath_id=aftermath.pk)
    assert Aftermath.objects.get(pk=aftermath.pk).status == "applied"


def test_a_pack_the_server_does_not_serve_fails_the_aftermath(world: World) -> None:
    f = fight(world)
    aftermath = queued(f)
    gone = RulesPack.objects.create(system="mordheim", slug="mordheim", version="0.0.1", checksum="x" * 64)
    type(world.campaign).objects.filter(pk=world.campaign.pk).update(rules_pack=gone)
    failed = aftermath_run(aftermath_id=aftermath.pk)
    assert failed is not None and (failed.status, failed.failure_code) == ("failed", "rules_pack_missing")


def test_no_organiser_to_answer_fails_the_aftermath(world: World, dice: DiceScript) -> None:
    f = fight(world)
    aftermath = queued(f)
    Membership.objects.filter(campaign=world.campaign, role="organiser").update(left_at=f.week.opened_at)
    dice.then(6, 5)  # 65: Sold to the Pits, a fight whose outcome the organiser records
    failed = aftermath_run(aftermath_id=aftermath.pk)
    assert failed is not None and (failed.status, failed.failure_code) == ("failed", "no_organiser")

"""Decisions a resolution pauses for (WM-ABL-03) and replacement moves (WM-ABL-02): the week waits,
the decider answers through the API, and the entry resumes replaying the rolls it had already made."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.weekly.models import MoveResult, WeeklyDecision, WeekResolution
from campaign.weekly.services import character_update
from referee.models import LedgerEntry
from tests.campaign.weekly.conftest import Intrigue
from tests.support.dice import DiceScript

pytestmark = pytest.mark.django_db


def answer(intrigue: Intrigue, user: Any, decision: WeeklyDecision, value: Any, capture: Any) -> Any:
    with capture(execute=True):
        return intrigue.client(user).post(
            f"/api/v1/weeks/{decision.week_id}/decisions/{decision.pk}/answer/", {"answer": value}, format="json"
        )


def test_wm_abl_03_a_strong_hit_without_a_declared_mode_waits_for_the_player(
    intrigue: Intrigue, dice: DiceScript, eager_celery: None, django_capture_on_commit_callbacks: Any
) -> None:
    intrigue.submit(intrigue.bob, "ingredient_search")  # no mode declared
    intrigue.submit(intrigue.carol, "ingredient_search", mode="hold")
    week = intrigue.week
    dice.then(6, 6)  # Bob: 12, strong hit: keep searching or go back?
    assert intrigue.resolve() == "waiting"
    assert week.status == "resolving"
    decision = WeeklyDecision.objects.get(week=week)
    assert (decision.character_id, decision.kind, decision.options) == (
        intrigue.bob.pk,
        "mode",
        ["keep_searching", "go_back"],
    )
    stored = list(LedgerEntry.objects.filter(week=week).values_list("pk", "faces"))
    assert stored == [(stored[0][0], [6, 6])]  # the roll is stored before the pause

    progress = intrigue.client(intrigue.world.gina).get(f"/api/v1/weeks/{week.pk}/resolution/").data
    assert (progress["status"], progress["done"], progress["total"], progress["open_decisions"]) == (
        "paused",
        0,
        2,
        1,
    )
    mine = intrigue.client(intrigue.world.bob).get(f"/api/v1/weeks/{week.pk}/decisions/").data
    assert mine["count"] == 1 and mine["results"][0]["open"]
    assert intrigue.client(intrigue.world.carol).get(f"/api/v1/weeks/{week.pk}/decisions/").data["count"] == 0

    # Carol cannot answer Bob's decision: for her it does not exist.
    r = answer(intrigue, intrigue.world.carol, decision, "go_back", django_capture_on_commit_callbacks)
    assert r.status_code == 404 and r.data["code"] == "decision_not_found"
    r = answer(intrigue, intrigue.world.bob, decision, "sleep", django_capture_on_commit_callbacks)
    assert r.status_code == 400 and r.data["code"] == "invalid_answer"
    r = answer(intrigue, intrigue.world.bob, decision, "go_back", django_capture_on_commit_callbacks)
    assert r.status_code == 200, r.data

    week.refresh_from_db()
    assert week.status == "closed"
    bob = MoveResult.objects.get(week=week, character=intrigue.bob)
    assert bob.record["mode"] == "go_back" and bob.rolls[0]["faces"] == [6, 6]
    after = list(LedgerEntry.objects.filter(week=week).order_by("seq").values_list("pk", "faces"))
    assert after[0] == stored[0]  # replayed, not rolled again
    assert len(after) == sum(len(r.rolls) for r in MoveResult.objects.filter(week=week))
    r = answer(intrigue, intrigue.world.bob, decision, "go_back", django_capture_on_commit_callbacks)
    assert r.status_code == 409 and r.data["code"] == "decision_answered"


def test_wm_abl_02_a_move_made_illegal_by_an_earlier_ability_asks_for_a_replacement(
    intrigue: Intrigue, eager_celery: None, django_capture_on_commit_callbacks: Any
) -> None:
    week2 = intrigue.next_week()
    ability = {"id": "backup_shelter", "counter": "single_use", "effect": "relocate_shelter"}
    character_update(character=intrigue.carol, actor=intrigue.world.gina, changes={"abilities": [ability]})
    intrigue.know(intrigue.bob, intrigue.carol)
    intrigue.submit(intrigue.carol, "use_ability", ability="backup_shelter")  # first: she moves away
    intrigue.submit(intrigue.bob, "deadly_combat", target=intrigue.carol.key, mode="hold", picks=["lower_preparedness"])
    assert intrigue.resolve(week2) == "waiting"
    decision = WeeklyDecision.objects.get(week=week2)
    assert (decision.kind, decision.rule, decision.character_id) == ("replacement", "WM-ABL-02", intrigue.bob.pk)
    assert [e["code"] for e in decision.context["errors"]] == ["needs_shelter"]

    again = {"kind": "deadly_combat", "payload": {"target": intrigue.carol.key}}
    r = answer(intrigue, intrigue.world.bob, decision, again, django_capture_on_commit_callbacks)
    assert r.status_code == 400 and r.data["code"] == "needs_shelter"  # checked at once, as a submission is
    search = {"kind": "ingredient_search", "payload": {"mode": "hold"}}
    r = answer(intrigue, intrigue.world.bob, decision, search, django_capture_on_commit_callbacks)
    assert r.status_code == 200, r.data
    bob = MoveResult.objects.get(week=week2, character=intrigue.bob)
    assert bob.kind == "ingredient_search" and bob.record["replaced"]["kind"] == "ingredient_search"
    assert WeekResolution.objects.get(week=week2).status == "done"


def test_the_gm_answers_a_decision_left_to_the_gm(
    intrigue: Intrigue, dice: DiceScript, eager_celery: None, django_capture_on_commit_callbacks: Any
) -> None:
    from campaign.models import Campaign
    from campaign.services import campaign_update

    campaign_update(campaign=intrigue.campaign, actor=intrigue.world.alice, settings={"ingredient_choice": "gm"})
    intrigue.campaign = Campaign.objects.get(pk=intrigue.campaign.pk)
    intrigue.submit(intrigue.bob, "ingredient_search", mode="hold")
    dice.then(4, 4)  # 8: one ingredient, chosen by the GM (WM-ING-02), then Troubles
    assert intrigue.resolve() == "waiting"
    decision = WeeklyDecision.objects.get(week=intrigue.week)
    assert decision.character_id is None and decision.rule == "WM-ING-02"
    assert intrigue.client(intrigue.world.bob).get(f"/api/v1/weeks/{intrigue.week.pk}/decisions/").data["count"] == 0
    r = answer(intrigue, intrigue.world.gina, decision, "wolfsbane", django_capture_on_commit_callbacks)
    assert r.status_code == 200, r.data
    found = [e for e in MoveResult.objects.get(week=intrigue.week).events if e["code"] == "ingredient_found"]
    assert [e["data"]["item"] for e in found] == ["wolfsbane"]
    assert WeekResolution.objects.get(week=intrigue.week).status == "done"


def _stale_deadly_combat(intrigue: Intrigue) -> WeeklyDecision:
    """Carol moves to her backup shelter first, so Bob's Deadly combat against her shelter fails WM-CMB-02."""
    week2 = intrigue.next_week()
    ability = {"id": "backup_shelter", "counter": "single_use", "effect": "relocate_shelter"}
    character_update(character=intrigue.carol, actor=intrigue.world.gina, changes={"abilities": [ability]})
    intrigue.know(intrigue.bob, intrigue.carol)
    intrigue.submit(intrigue.carol, "use_ability", ability="backup_shelter")
    intrigue.submit(intrigue.bob, "deadly_combat", target=intrigue.carol.key, mode="hold", picks=["lower_preparedness"])
    assert intrigue.resolve(week2) == "waiting"
    return WeeklyDecision.objects.get(week=week2)


def test_wm_abl_02_the_gm_answers_lost_and_the_week_goes_on(
    intrigue: Intrigue, eager_celery: None, django_capture_on_commit_callbacks: Any
) -> None:
    decision = _stale_deadly_combat(intrigue)
    r = answer(intrigue, intrigue.world.gina, decision, "lost", django_capture_on_commit_callbacks)
    assert r.status_code == 200, r.data
    bob = MoveResult.objects.get(week=decision.week, character=intrigue.bob)
    assert (bob.kind, bob.status) == ("deadly_combat", "lost")
    assert WeekResolution.objects.get(week=decision.week).status == "done"


def test_wm_abl_02_a_replacement_not_sent_by_the_gms_deadline_is_lost(
    intrigue: Intrigue, eager_celery: None, django_capture_on_commit_callbacks: Any
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from campaign.weekly.tasks import weekly_decisions_lapse

    decision = _stale_deadly_combat(intrigue)
    hours = 24  # the league's default replacement_hours
    with django_capture_on_commit_callbacks(execute=True):
        assert weekly_decisions_lapse.delay(now=(timezone.now() + timedelta(hours=hours - 1)).isoformat()).get() == 0
    assert WeekResolution.objects.get(week=decision.week).status == "paused"  # still Bob's to answer
    with django_capture_on_commit_callbacks(execute=True):
        assert weekly_decisions_lapse.delay(now=(timezone.now() + timedelta(hours=hours + 1)).isoformat()).get() == 1
    decision.refresh_from_db()
    assert decision.answer == "lost" and decision.answered_by is None and decision.answered_at is not None
    bob = MoveResult.objects.get(week=decision.week, character=intrigue.bob)
    assert (bob.kind, bob.status) == ("deadly_combat", "lost")
    assert WeekResolution.objects.get(week=decision.week).status == "done"

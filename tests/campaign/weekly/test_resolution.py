"""Resolution of a week's secret moves: in order, with the week's seeded dice stored before effects,
one entry per transaction, the seed revealed only when the week closes (DESIGN §4, §5.1-2)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from campaign.models import Week
from campaign.weekly.models import Character, InfoHolding, MoveResult, WeekResolution
from campaign.weekly.resolution.run import week_moves_resolve
from campaign.weekly.services import character_update
from referee.models import LedgerEntry
from tests.campaign.weekly.conftest import Intrigue, make_intrigue
from tests.support.dice import DiceScript
from tests.support.world import World

pytestmark = pytest.mark.django_db


def ledger(week: Week) -> list[tuple[int, int, str, list[int]]]:
    return list(LedgerEntry.objects.filter(week=week).order_by("seq").values_list("pk", "seq", "ref", "faces"))


def test_it_resolves_every_move_stores_each_result_and_closes_the_week(intrigue: Intrigue) -> None:
    intrigue.submit(intrigue.bob, "ingredient_search", mode="hold")
    intrigue.submit(intrigue.carol, "ingredient_search", mode="push")
    intrigue.submit(intrigue.dave_c, "call_of_duty", targets=[], picks=["lower_own_debt"], mode="hold")
    week = intrigue.week
    assert intrigue.resolve() == "done"
    res = WeekResolution.objects.get(week=week)
    assert (res.status, res.next_index, res.total) == ("done", 3, 3)
    results = list(MoveResult.objects.filter(week=week).order_by("index"))
    assert [r.character_id for r in results] == [intrigue.bob.pk, intrigue.carol.pk, intrigue.dave_c.pk]
    assert all(r.status == "resolved" for r in results)
    # Every roll of every result is in the ledger, GM-only, under that entry's ref, once.
    for r in results:
        entries = LedgerEntry.objects.filter(ref=f"week:{week.pk}:move:{r.move_key}").order_by("seq")
        assert [e.faces for e in entries] == [roll["faces"] for roll in r.rolls]
        assert {e.visibility for e in entries} == {"gm"}
    assert LedgerEntry.objects.filter(week=week).count() == sum(len(r.rolls) for r in results)
    assert week.status == "closed" and week.roll_stream.revealed_at is not None
    assert Week.objects.get(campaign=intrigue.campaign, number=2).status == "open"


def test_wm_gen_01_a_silent_player_gets_the_campaigns_default(world: World) -> None:
    intrigue = make_intrigue(world, settings={"default_move": "ingredient_search", "decision_mode": "auto"})
    intrigue.submit(intrigue.bob, "preparation", effect="preparedness")  # Bob sent something: no default
    intrigue.resolve()
    rows = {r.character_id: r for r in MoveResult.objects.filter(week=intrigue.week)}
    assert rows[intrigue.carol.pk].move_id is None
    assert rows[intrigue.carol.pk].move_key == f"default:{intrigue.carol.key}"
    assert rows[intrigue.carol.pk].kind == "ingredient_search"
    assert rows[intrigue.bob.pk].kind == "preparation"


def test_wm_help_03_the_move_uses_the_better_of_the_two_totals(intrigue: Intrigue, dice: DiceScript) -> None:
    intrigue.know(intrigue.carol, intrigue.bob)
    intrigue.submit(intrigue.bob, "ingredient_search", mode="hold")
    intrigue.submit(intrigue.carol, "help", helped=intrigue.bob.key, move="ingredient_search")
    dice.then(1, 2, 5, 6, 3)  # Bob 3 (miss), Carol's help 11 (strong), then the ingredient found
    intrigue.resolve()
    bob = MoveResult.objects.get(week=intrigue.week, character=intrigue.bob)
    assert bob.record["roll"]["total"] == 3 and bob.record["help"]["total"] == 11
    assert (bob.record["total"], bob.record["band"]) == (11, "strong")
    intrigue.bob.refresh_from_db()
    assert len(intrigue.bob.ingredients) == 2
    assert dice.rules()[:2] == ["WM-GEN-02", "WM-HELP-02"]


def test_wm_trb_04_troubles_take_the_next_valid_result_and_record_both(intrigue: Intrigue, dice: DiceScript) -> None:
    character_update(character=intrigue.bob, actor=intrigue.world.gina, changes={"debt": 6})
    intrigue.submit(intrigue.bob, "ingredient_search")
    dice.then(3, 4, 1, 5, 1)  # 7: weak hit; the ingredient; Troubles 5 (Debt is 6: skipped) -> 6; Carol drawn
    intrigue.resolve()
    bob = MoveResult.objects.get(week=intrigue.week, character=intrigue.bob)
    (troubles,) = bob.record["troubles"]
    assert (troubles["raw"], troubles["applied"], troubles["gainer"]) == (5, 6, intrigue.carol.key)
    assert troubles["skipped"] == [{"value": 5, "reason": "cannot_apply"}]
    assert InfoHolding.objects.get(holder=intrigue.carol, subject=intrigue.bob).count == 1
    assert set(bob.audience.values_list("pk", flat=True)) == {intrigue.bob.pk, intrigue.carol.pk}


def test_it_changes_nothing_when_run_again(intrigue: Intrigue) -> None:
    intrigue.submit(intrigue.bob, "ingredient_search", mode="push")
    week = intrigue.week
    intrigue.resolve()
    before = (ledger(week), list(MoveResult.objects.values_list("pk", "record")), snapshot_characters())
    assert week_moves_resolve(week_id=week.pk) == "stopped"
    assert (ledger(week), list(MoveResult.objects.values_list("pk", "record")), snapshot_characters()) == before


def snapshot_characters() -> list[Any]:
    return list(Character.objects.order_by("pk").values_list())


def test_every_result_can_be_recomputed_from_the_start_state_and_the_stored_rolls(world: World) -> None:
    """DESIGN §5.2: anyone holding the rolls can recompute the week; here the engine alone does."""
    from campaign.weekly.resolution.run import stored_rolls
    from campaign.weekly.state import load_state
    from referee.engine.sealed import WeekPlan, run_week
    from referee.engine.systems.weekly_moves import SYSTEM, GameState, WeeklyMovesSettings
    from referee.engine.systems.weekly_moves.synthetic import make_synthetic_week
    from tests.campaign.weekly.synthetic import store_synthetic
    from tests.support.dice import ReplayRoller

    synthetic = make_synthetic_week(n_players=12, moves_each=3, seed=5)
    intrigue = make_intrigue(world, settings=synthetic.settings.to_dict())
    week = intrigue.next_week()
    store_synthetic(campaign=intrigue.campaign, week=week, synthetic=synthetic)
    assert intrigue.resolve(week) == "done"
    res = WeekResolution.objects.get(week=week)
    plan = WeekPlan.from_dict(res.plan)
    rolls = [r for m in plan.entries for r in stored_rolls(week, m.id)]
    state = GameState.from_dict(res.start_state)
    outcome = run_week(SYSTEM, state, plan, WeeklyMovesSettings.from_dict(res.settings), ReplayRoller(rolls))
    stored = list(MoveResult.objects.filter(week=week).order_by("index"))
    assert [r.to_dict()["events"] for r in outcome.results] == [r.events for r in stored]
    assert [r.record for r in outcome.results] == [r.record for r in stored]
    rebuilt = load_state(campaign_id=intrigue.campaign.pk, week=week.number)
    assert [p.to_dict() for p in rebuilt.players.values()] == [p.to_dict() for p in state.players.values()]
    assert {k: v.to_dict() for k, v in rebuilt.info.items()} == {k: v.to_dict() for k, v in state.info.items()}
    assert Counter(r.status for r in stored)["resolved"] > 0


@pytest.mark.django_db(transaction=True)
def test_resolve_week_by_hand_reports_the_intrigue_week_it_closed(intrigue: Intrigue) -> None:
    from io import StringIO

    from django.conf import settings
    from django.core.management import call_command

    if not settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("by hand is the embedded default's way (tasks in-process); on a broker a worker resolves")
    out = StringIO()
    call_command("resolve_week", "--campaign", str(intrigue.campaign.pk), "--now", stdout=out)
    assert Week.objects.get(pk=intrigue.week.pk).status == "closed"
    assert f"Week {intrigue.week.number} resolved and closed." in out.getvalue()
    assert "Nothing to resolve" not in out.getvalue()

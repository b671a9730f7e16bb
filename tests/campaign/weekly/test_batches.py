"""A week resolved in groups of entries: one transaction, one ledger insert and one results insert per group;
a run killed inside a group loses the whole group and the next run rolls it again to the same ledger an
uninterrupted run gives (same sequence numbers, same faces, no gap), which the revealed seed confirms."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings

from campaign.weekly.models import MoveResult, WeekResolution
from campaign.weekly.resolution import run as resolution
from campaign.weekly.resolution.run import week_moves_resolve
from referee.engine.dice import SeededRoller
from referee.engine.sealed import WeekPlan, run_week
from referee.engine.systems.weekly_moves import SYSTEM, GameState, WeeklyMovesSettings
from referee.engine.systems.weekly_moves.synthetic import make_synthetic_week
from referee.models import Audience, LedgerEntry, RollStream
from referee.verify import verify_ledger
from tests.campaign.weekly.conftest import make_intrigue
from tests.campaign.weekly.synthetic import store_synthetic
from tests.support.world import World

pytestmark = pytest.mark.django_db


class Killed(BaseException):
    """A process dying: not an error the resolution could catch and record."""


def synthetic_week(world: World, players: int = 10) -> Any:
    synthetic = make_synthetic_week(n_players=players, moves_each=3, seed=7)
    intrigue = make_intrigue(world, settings={**synthetic.settings.to_dict(), "decision_mode": "auto"})
    week = intrigue.next_week()
    store_synthetic(campaign=intrigue.campaign, week=week, synthetic=synthetic)
    return intrigue, week


def ledger(week: Any) -> list[tuple[Any, ...]]:
    return list(
        LedgerEntry.objects.filter(week=week)
        .order_by("seq")
        .values_list("seq", "ref", "notation", "faces", "prev_hash")
    )


def uninterrupted(week: Any) -> list[tuple[str, list[int]]]:
    """What the engine alone rolls for the whole frozen plan on the week's revealed GM stream, in order."""
    res = WeekResolution.objects.get(week=week)
    stream = RollStream.objects.get(week=week, audience=Audience.GM)
    dice = SeededRoller(seed=bytes.fromhex(stream.seed), salt=bytes.fromhex(stream.salt), scheme=stream.scheme)
    plan = WeekPlan.from_dict(res.plan)
    run_week(SYSTEM, GameState.from_dict(res.start_state), plan, WeeklyMovesSettings.from_dict(res.settings), dice)
    return [(r.notation, list(r.faces)) for r in dice.made]


def test_a_group_is_one_transaction_with_one_ledger_insert_and_one_results_insert(world: World) -> None:
    intrigue, week = synthetic_week(world)
    with override_settings(WEEKLY_RESOLUTION_BATCH=1000), CaptureQueriesContext(connection) as queries:
        assert intrigue.resolve(week) == "done"
    sql = [q["sql"] for q in queries.captured_queries]
    res = WeekResolution.objects.get(week=week)
    assert res.total == 30 and MoveResult.objects.filter(week=week).count() == 30
    assert sum(s.startswith('INSERT INTO "referee_ledgerentry"') for s in sql) == 1
    assert sum(s.startswith('INSERT INTO "campaign_moveresult"') for s in sql) == 1
    assert LedgerEntry.objects.filter(week=week).count() > 10
    assert [e[0] for e in ledger(week)] == list(range(len(ledger(week))))


@pytest.mark.parametrize(("batch", "kill_at"), [(4, 8), (4, 12), (7, 7), (30, 30)])
def test_a_run_killed_inside_a_group_resumes_at_its_first_entry_with_the_ledger_identical(
    world: World, monkeypatch: pytest.MonkeyPatch, batch: int, kill_at: int
) -> None:
    intrigue, week = synthetic_week(world)

    def fault(point: str) -> None:
        if point == f"weekly_before_commit_{kill_at}":  # the group ending at kill_at is written, not committed
            raise Killed(point)

    monkeypatch.setattr(resolution, "fault", fault)
    with override_settings(WEEKLY_RESOLUTION_BATCH=batch), pytest.raises(Killed):
        intrigue.resolve(week)
    res = WeekResolution.objects.get(week=week)
    first_unapplied = kill_at - batch
    assert (res.status, res.next_index) == ("running", first_unapplied)
    assert MoveResult.objects.filter(week=week).count() == first_unapplied
    before = ledger(week)
    assert len(before) == sum(len(r) for r in MoveResult.objects.filter(week=week).values_list("rolls", flat=True))

    monkeypatch.undo()
    with override_settings(WEEKLY_RESOLUTION_BATCH=batch):
        assert week_moves_resolve(week_id=week.pk) == "done"
    after = ledger(week)
    assert after[: len(before)] == before  # the committed groups' rolls untouched, not rolled again
    assert [e[0] for e in after] == list(range(len(after)))  # the lost group's numbers used again: no gap
    assert [(n, f) for _, _, n, f, _ in after] == uninterrupted(week)
    stored = [r for rolls in MoveResult.objects.filter(week=week).order_by("index").values_list("rolls", flat=True)
              for r in rolls]
    assert [(r["notation"], r["faces"]) for r in stored] == uninterrupted(week)
    _, problems = verify_ledger(campaign_id=intrigue.campaign.pk)
    assert problems == []

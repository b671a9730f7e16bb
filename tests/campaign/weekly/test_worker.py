"""Weekly resolution with a real Celery worker on Redis: the sweep resolves a due week through the worker,
and a worker killed halfway through a week leaves it to be finished without rolling anything again."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.utils import timezone

from campaign.models import Week
from campaign.tasks import resolve_week, sweep_weeks
from campaign.weekly.models import MoveResult, WeekResolution
from referee.models import LedgerEntry
from tests.campaign.weekly.conftest import make_intrigue
from tests.support.worker import WorkerProcess, wait_for, worker_env
from tests.support.world import World

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def week_with_moves(world: World) -> Week:
    intrigue = make_intrigue(world, settings={"decision_mode": "auto"})
    intrigue.know(intrigue.carol, intrigue.bob)
    intrigue.submit(intrigue.bob, "ingredient_search", mode="push")
    intrigue.submit(intrigue.carol, "spying", target=intrigue.bob.key, mode="hold", picks=["info"])
    intrigue.submit(intrigue.dave_c, "ingredient_search", mode="hold")
    intrigue.submit(intrigue.carol, "preparation", effect="preparedness", when="after")
    Week.objects.filter(pk=intrigue.week.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    return intrigue.week


def closed(week: Week) -> Callable[[], bool]:
    return lambda: Week.objects.get(pk=week.pk).status == Week.Status.CLOSED


def ledger(week: Week) -> list[tuple[int, int, str, list[int]]]:
    return list(LedgerEntry.objects.filter(week=week).order_by("seq").values_list("pk", "seq", "ref", "faces"))


def test_the_sweep_resolves_a_due_week_through_the_worker(world: World, celery_worker_process: WorkerProcess) -> None:
    week = week_with_moves(world)
    assert sweep_weeks.delay().get(timeout=60) == [week.pk]
    assert wait_for(closed(week)), "the week was not resolved"
    results = list(MoveResult.objects.filter(week=week).order_by("index"))
    assert [r.index for r in results] == [0, 1, 2, 3]
    assert len(ledger(week)) == sum(len(r.rolls) for r in results) > 0
    assert Week.objects.get(campaign_id=week.campaign_id, number=2).status == Week.Status.OPEN
    assert sweep_weeks.delay().get(timeout=60) == []
    connection.close()


def test_a_worker_killed_halfway_leaves_a_week_the_sweep_finishes_without_rerolling(
    world: World, celery_worker_process: WorkerProcess, tmp_path: Path
) -> None:
    week = week_with_moves(world)
    # A worker that dies (os._exit) right after the second entry is committed.
    celery_worker_process.stop()
    doomed = WorkerProcess(worker_env(MUSTER_FAULT="weekly_after_move_2"), tmp_path / "doomed.log")
    doomed.start()
    try:
        resolve_week.delay(week.pk)
        assert wait_for(lambda: doomed.proc is not None and doomed.proc.poll() is not None), "worker did not die"
    finally:
        doomed.stop()
    res = WeekResolution.objects.get(week=week)
    assert (res.status, res.next_index, res.total) == ("running", 2, 4)
    assert Week.objects.get(pk=week.pk).status == Week.Status.RESOLVING
    before = ledger(week)
    assert len(before) == sum(len(r) for r in MoveResult.objects.filter(week=week).values_list("rolls", flat=True))

    # Stuck past the campaign's timeout: the sweep claims it again and a healthy worker finishes it.
    Week.objects.filter(pk=week.pk).update(claimed_at=timezone.now() - timedelta(hours=1))
    celery_worker_process.start()
    assert sweep_weeks.delay().get(timeout=60) == [week.pk]
    assert wait_for(closed(week)), "the week was not finished"
    after = ledger(week)
    assert after[: len(before)] == before  # the first two entries' rolls, untouched and not rolled again
    results = list(MoveResult.objects.filter(week=week).order_by("index"))
    assert [r.index for r in results] == [0, 1, 2, 3]
    assert len(after) == sum(len(r.rolls) for r in results)
    assert Week.objects.get(pk=week.pk).roll_stream.revealed_at is not None
    connection.close()

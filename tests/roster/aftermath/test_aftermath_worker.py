"""Crash safety with a real Celery worker on Redis: a worker killed between rolling and applying
leaves a state that the next run completes without rolling again."""

from pathlib import Path

import pytest
from django.db import connection

from referee.models import LedgerEntry
from roster.aftermath.run import aftermath_stuck
from roster.aftermath.tasks import aftermath_run_task, aftermath_sweep_task
from roster.models import Aftermath
from tests.roster.aftermath.helpers import fight
from tests.support.worker import WorkerProcess, wait_for, worker_env
from tests.support.world import World

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_a_worker_killed_after_rolling_leaves_work_the_next_run_finishes_without_rerolling(
    world: World, celery_worker_process: WorkerProcess, tmp_path: Path
) -> None:
    f = fight(world)
    aftermath = Aftermath.objects.create(battle=f.battle, report=f.report(), ratings={})
    # A second worker that dies (os._exit) right after the rolls are committed, before applying them.
    celery_worker_process.stop()
    doomed = WorkerProcess(worker_env(MUSTER_FAULT="aftermath_after_roll"), tmp_path / "doomed.log")
    doomed.start()
    try:
        aftermath_run_task.delay(aftermath.pk)
        assert wait_for(lambda: doomed.proc is not None and doomed.proc.poll() is not None), "worker did not die"
    finally:
        doomed.stop()
    rolled = Aftermath.objects.get(pk=aftermath.pk)
    rolls = list(LedgerEntry.objects.filter(ref=f"aftermath:{f.battle.pk}").values_list("pk", "faces"))
    assert rolled.status == "rolled" and rolled.applied_at is None and rolls

    # The sweep finds it and a healthy worker completes it, with the rolls already stored.
    Aftermath.objects.filter(pk=aftermath.pk).update(created_at=rolled.created_at.replace(year=2000))
    assert aftermath_stuck() == [aftermath.pk]
    celery_worker_process.start()
    assert aftermath_sweep_task.delay().get(timeout=60) == 1
    assert wait_for(lambda: Aftermath.objects.get(pk=aftermath.pk).status == "applied")
    assert list(LedgerEntry.objects.filter(ref=f"aftermath:{f.battle.pk}").values_list("pk", "faces")) == rolls
    connection.close()

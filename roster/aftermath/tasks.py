"""Roster background jobs: thin, by id, calling services."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from roster.aftermath.run import aftermath_run, aftermath_stuck


@shared_task(
    name="roster.aftermath_run",
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_jitter=True,
    max_retries=5,
)
def aftermath_run_task(aftermath_id: int) -> str:
    """Run a battle's post-battle sequence: rolls once, applies once, however often it is delivered."""
    aftermath = aftermath_run(aftermath_id=aftermath_id)
    return aftermath.status if aftermath is not None else "gone"


@shared_task(name="roster.aftermath_sweep")
def aftermath_sweep_task() -> int:
    """Re-queue aftermaths left unapplied by a worker that died (beat runs this every few minutes)."""
    stuck = aftermath_stuck()
    for aftermath_id in stuck:
        aftermath_run_task.delay(aftermath_id)
    return len(stuck)

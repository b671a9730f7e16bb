"""Roster background jobs: thin, by id, calling services."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from campaign.lib.queueing import queue_now
from roster.aftermath.run import aftermath_run, aftermath_stuck


@shared_task(
    name="roster.aftermath_run",
    autoretry_for=(OperationalError, InterfaceError),  # a database restarting: try again
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
    """Re-queue aftermaths left unapplied: a worker died, or the broker was away when they were queued (beat,
    every ``MUSTER_SWEEP_SECONDS``)."""
    stuck = aftermath_stuck(older_than_seconds=settings.MUSTER_STUCK_SECONDS)
    for aftermath_id in stuck:
        queue_now(aftermath_run_task, aftermath_id)
    return len(stuck)

"""Queue a week's resolution: after the transaction that claimed the week (or answered its last decision)
commits, one task by id."""

from __future__ import annotations

from campaign.lib.queueing import queue_after_commit
from campaign.models import Week

from .tasks import weekly_resolve_task


def resolution_queue(*, week: Week) -> None:
    """Queue the week's resolution after commit (thin task, by id)."""
    queue_after_commit(weekly_resolve_task, week.pk)  # the week's claim is the record: the sweep requeues it

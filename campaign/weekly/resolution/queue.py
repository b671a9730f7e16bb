"""Queue a week's resolution: after the transaction that claimed the week (or answered its last decision)
commits, one task by id."""

from __future__ import annotations

from typing import cast

from celery.contrib.django.task import DjangoTask

from campaign.models import Week

from .tasks import weekly_resolve_task


def resolution_queue(*, week: Week) -> None:
    """Queue the week's resolution after commit (thin task, by id)."""
    cast(DjangoTask, weekly_resolve_task).delay_on_commit(week.pk)

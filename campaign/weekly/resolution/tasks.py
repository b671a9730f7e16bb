"""The weekly moves' background job: one week's resolution, by id (thin: the service does the work).

Queued after commit by the week resolver (when the sweep or the GM claims a week) and when the
last open decision is answered. Delivered twice, or after a worker died halfway, it continues
from the last entry stored and never rolls a stored roll again.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.utils import timezone

from campaign.lib.queueing import queue_now
from campaign.models import Week
from campaign.weekly.access import SYSTEM as SLUG
from campaign.weekly.models import WeeklyDecision, WeekResolution
from campaign.weekly.resolution.run import week_moves_resolve

log = logging.getLogger(__name__)


@shared_task(
    name="campaign.weekly_resolve",
    autoretry_for=(OperationalError, InterfaceError),  # a database restarting: try again
    retry_backoff=True,
    retry_jitter=True,
    max_retries=5,
)
def weekly_resolve_task(week_id: int) -> str:
    """Resolve the claimed week's moves not resolved yet, then close it; returns how it stopped."""
    outcome = week_moves_resolve(week_id=week_id)
    log.info("weekly moves of week %s: %s", week_id, outcome)
    return outcome


def resolutions_stuck(*, older_than_seconds: int) -> list[int]:
    """Weeks of the weekly moves left resolving with nothing moving for a while: the broker was away when
    their resolution was queued, or its worker died. A week waiting for a decision, or failed (the GM
    restarts it), is left alone; a duplicate of a live run only continues where that run stopped."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    weeks = Week.objects.filter(campaign__system=SLUG, status=Week.Status.RESOLVING, claimed_at__lt=cutoff).exclude(
        weekly_resolution__status__in=[WeekResolution.Status.PAUSED, WeekResolution.Status.FAILED],
    )
    weeks = weeks.exclude(weekly_resolution__updated_at__gte=cutoff)
    waiting = WeeklyDecision.objects.filter(answered_at__isnull=True).values("week_id")
    return sorted(weeks.exclude(pk__in=waiting).values_list("pk", flat=True))


@shared_task(name="campaign.weekly_resolution_sweep")
def weekly_resolution_sweep_task() -> int:
    """Queue again the resolutions :func:`resolutions_stuck` finds (beat, every ``MUSTER_SWEEP_SECONDS``)."""
    stuck = resolutions_stuck(older_than_seconds=settings.MUSTER_STUCK_SECONDS)
    for week_id in stuck:
        queue_now(weekly_resolve_task, week_id)
    return len(stuck)

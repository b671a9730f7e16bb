"""The weekly moves' background job: one week's resolution, by id (thin: the service does the work).

Queued after commit by the week resolver (when the sweep or the GM claims a week) and when the
last open decision is answered. Delivered twice, or after a worker died halfway, it continues
from the last entry stored and never rolls a stored roll again.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import OperationalError

from campaign.weekly.resolution.run import week_moves_resolve

log = logging.getLogger(__name__)


@shared_task(
    name="campaign.weekly_resolve",
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_jitter=True,
    max_retries=5,
)
def weekly_resolve_task(week_id: int) -> str:
    """Resolve the claimed week's moves not resolved yet, then close it; returns how it stopped."""
    outcome = week_moves_resolve(week_id=week_id)
    log.info("weekly moves of week %s: %s", week_id, outcome)
    return outcome

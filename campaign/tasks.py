"""Campaign background jobs: the weekly deadline sweep (Celery beat, every minute) and one week's resolution.

Thin by design: they take ids, re-fetch, and call ``campaign.services.weeks``,
which claims each week with a conditional update, so a duplicate delivery or a
second sweep changes nothing.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.utils import timezone

from campaign.lib.queueing import queue_after_commit
from campaign.services.notifications import notices_deadline
from campaign.services.weeks import week_resolve, weeks_due

log = logging.getLogger(__name__)


@shared_task(name="campaign.sweep_weeks")
def sweep_weeks() -> list[int]:
    """Queue the resolution of every week past its deadline (or stuck resolving past its timeout).

    Returns the ids queued. Each week is claimed by the task that resolves it, so a
    week queued twice (two sweeps, a redelivery) is resolved once.
    """
    due = weeks_due(now=timezone.now())
    for week_id in due:
        queue_after_commit(resolve_week, week_id)
    return due


@shared_task(name="campaign.resolve_week")
def resolve_week(week_id: int) -> int | None:
    """Claim and resolve one week if it is still due; returns its id when this call closed it.

    A failure leaves the week claimed ("resolving"); the sweep claims it again after
    the campaign's timeout, so it is not retried here.
    """
    week = week_resolve(week_id=week_id, now=timezone.now())
    if week is None:
        return None
    log.info("week %s of campaign %s resolved", week.number, week.campaign_id)
    return week.pk


@shared_task(name="campaign.deadline_notices")
def deadline_notices() -> int:
    """Tell players of every week ending within 24 hours (beat, every 15 minutes); each week's notice is sent once."""
    return notices_deadline(now=timezone.now())

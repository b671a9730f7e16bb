"""WM-ABL-02's default: a replacement move not sent by the GM's deadline is lost, and the week goes on.

The deadline is the campaign's ``replacement_hours`` after the resolution asked for the replacement. The
beat (``campaign.weekly_decisions_lapse``) answers each late one "lost", as the GM may, and queues the
resolution again once nothing else waits.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction

from campaign.league import system_of
from campaign.models import Week

from ..access import SYSTEM
from ..models import WeeklyDecision, WeekResolution
from .queue import resolution_queue

#: The answer that gives a stale move up: what the GM may rule, and what the deadline rules.
LOST = "lost"


def resume_if_answered(week: Week) -> None:
    """Once the week's last open decision is answered, its paused resolution runs again (after commit)."""
    if not WeeklyDecision.objects.filter(week=week, answered_at__isnull=True).exists():
        WeekResolution.objects.filter(week=week, status=WeekResolution.Status.PAUSED).update(
            status=WeekResolution.Status.RUNNING
        )
        resolution_queue(week=week)


def decisions_lapse(*, now: datetime) -> int:
    """Answer "lost" for every replacement move past its campaign's deadline; returns how many lapsed."""
    lapsed = 0
    open_ones = WeeklyDecision.objects.filter(
        kind="replacement", answered_at__isnull=True, week__status=Week.Status.RESOLVING
    ).values_list("pk", "week_id", "created_at", "week__campaign__settings")
    for pk, week_id, created_at, settings in open_ones:
        if created_at + timedelta(hours=system_of(SYSTEM, settings or {}).replacement_hours) > now:
            continue
        with transaction.atomic():
            week = Week.objects.select_for_update().get(pk=week_id)
            if WeeklyDecision.objects.filter(pk=pk, answered_at__isnull=True).update(answer=LOST, answered_at=now):
                lapsed += 1
                resume_if_answered(week)
    return lapsed

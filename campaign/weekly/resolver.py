"""The ``weekly_moves`` week resolver, registered when the app is ready (``campaign.weekly.apps``).

It runs inside the sweep's transaction, where entries cannot be committed one by one, so it
queues the resolution task (after that transaction commits) and answers WAITING; the task
closes the week through ``week_resolve_claimed`` once every entry is resolved, and then this
resolver answers DONE. A week paused for a decision is not queued again until it is answered.
"""

from __future__ import annotations

from datetime import datetime

from campaign.models import Week
from campaign.services.resolvers import DONE, WAITING

from .models import WeeklyDecision, WeekResolution
from .resolution.queue import resolution_queue


def resolve_weekly_moves(*, week: Week, now: datetime) -> str:
    res = WeekResolution.objects.filter(week=week).first()
    if res is not None and res.status == WeekResolution.Status.DONE:
        return DONE
    waiting = WeeklyDecision.objects.filter(week=week, answered_at__isnull=True).exists()
    if res is not None and res.status == WeekResolution.Status.FAILED:
        return WAITING  # the GM looks at the error and restarts it (POST /weeks/{id}/resolve/)
    if not waiting:
        resolution_queue(week=week)
    return WAITING

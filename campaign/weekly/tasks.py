"""The weekly moves' beat job: replacement moves nobody sent in time are lost (WM-ABL-02); thin, the work is
``campaign.weekly.resolution.lapse``."""

from __future__ import annotations

from datetime import datetime

from celery import shared_task
from django.utils import timezone

from campaign.weekly.resolution.lapse import decisions_lapse


@shared_task(name="campaign.weekly_decisions_lapse")
def weekly_decisions_lapse(now: str | None = None) -> int:
    """Give up every replacement move past its campaign's ``replacement_hours``; returns how many lapsed."""
    return decisions_lapse(now=datetime.fromisoformat(now) if now else timezone.now())

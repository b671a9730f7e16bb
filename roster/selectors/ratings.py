"""A warband's rating over the campaign's weeks, from its recorded history (for the rating chart)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from campaign.models import Week
from roster.models import Warband


def rating_over_weeks(*, warband: Warband) -> list[dict[str, Any]]:
    """One point per week of the warband's campaign: its rating as the week ended (now, for the open week).

    Weeks before the warband was founded are left out; the viewer was already checked by ``roster_of``.
    """
    history = list(Warband.history.filter(id=warband.pk).order_by("history_date").values_list("history_date", "rating"))
    if not history:
        return []
    founded = history[0][0]
    points = []
    for week in Week.objects.filter(campaign_id=warband.campaign_id).order_by("number"):
        until = week.closed_at or timezone.now()
        if until < founded:
            continue
        rating = next((r for at, r in reversed(history) if at <= until), history[0][1])
        points.append({"week": week.number, "rating": rating})
    return points

"""The campaign's timeline, as each viewer may see it."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from campaign.models import CampaignEvent
from campaign.selectors.campaigns import CampaignAccess, campaign_access


def events_visible(access: CampaignAccess) -> QuerySet[CampaignEvent]:
    """Public events for every member (and former member); GM-only ones for the active GM too; staff
    ones (what the organiser must act on, e.g. a failed aftermath) for the active organiser and GM."""
    rows = CampaignEvent.objects.filter(campaign=access.campaign)
    if access.is_organiser:
        rows = rows.filter(visibility__in=[CampaignEvent.Visibility.PUBLIC, CampaignEvent.Visibility.STAFF])
    elif not access.is_gm:
        rows = rows.filter(visibility=CampaignEvent.Visibility.PUBLIC)
    return rows


def timeline_of(
    *,
    viewer: Any,
    campaign_id: int,
    kind: str | None = None,
    warband: int | None = None,
    battle: int | None = None,
    week: int | None = None,
) -> QuerySet[CampaignEvent]:
    """The campaign's events the viewer may see, newest first, filtered by kind, warband, battle or week number."""
    rows = events_visible(campaign_access(viewer=viewer, campaign_id=campaign_id))
    if kind:
        rows = rows.filter(kind=kind)
    if warband is not None:
        rows = rows.filter(warband_id=warband)
    if battle is not None:
        rows = rows.filter(battle_id=battle)
    if week is not None:
        rows = rows.filter(week__number=week)
    return rows.select_related("actor", "warband", "week", "campaign__rules_pack").order_by("-created_at", "-id")

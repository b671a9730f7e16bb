"""Reads of campaigns and memberships, always for a given viewer."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from campaign.models import Membership


def memberships_of(*, user: Any) -> QuerySet[Membership]:
    """The user's active memberships, with their campaigns, newest campaign first."""
    return (
        Membership.objects.filter(user=user, left_at__isnull=True)
        .select_related("campaign")
        .order_by("-campaign__created_at", "campaign_id")
    )

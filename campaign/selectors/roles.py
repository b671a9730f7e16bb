"""The viewer's role in a campaign: the one place every app asks.

A role is the viewer's *active* membership (organiser, GM or player); a former
member has none here (``campaign_access`` keeps their read-only standing).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from campaign.league import league_of
from campaign.models import Membership

ORGANISER = Membership.Role.ORGANISER
GM = Membership.Role.GM
PLAYER = Membership.Role.PLAYER
STAFF = (ORGANISER, GM)


def _authenticated(viewer: Any) -> bool:
    return bool(getattr(viewer, "is_authenticated", False))


def role_of(*, viewer: Any, campaign_id: int, cached: bool = False) -> str | None:
    """The viewer's active role in the campaign, or None (not a member, no longer one, anonymous).

    ``cached``: remember the answer on the user object for as long as it lives (one request), for
    permission predicates that ask many times per page; services that change memberships ask afresh.
    """
    if not _authenticated(viewer):
        return None
    cache: dict[int, str | None] = getattr(viewer, "_muster_roles", None) or {}
    if cached and campaign_id in cache:
        return cache[campaign_id]
    role = (
        Membership.objects.filter(campaign_id=campaign_id, user=viewer, left_at__isnull=True)
        .values_list("role", flat=True)
        .first()
    )
    if cached:
        cache[campaign_id] = role
        viewer._muster_roles = cache
    return role


def campaign_ids_of(*, viewer: Any, roles: tuple[str, ...] | None = None) -> QuerySet[Membership, int]:
    """The campaigns where the viewer holds an active role (one of ``roles`` when given), as a subquery."""
    if not _authenticated(viewer):
        return Membership.objects.none().values_list("campaign_id", flat=True)
    rows = Membership.objects.filter(user=viewer, left_at__isnull=True)
    if roles:
        rows = rows.filter(role__in=roles)
    return rows.values_list("campaign_id", flat=True)


def rosters_private(campaign: Any) -> bool:
    """Whether the campaign keeps rosters (and what reveals them) to the owner, the organiser and the GM."""
    return league_of(campaign.settings or {}).rosters_private


def public_rosters_q(prefix: str = "campaign__") -> Q:
    """Rows leading through ``prefix`` to a campaign that shows rosters to every member: the same setting as a
    filter, off or not stored (its default is off, as above; a negated ``= true`` would drop a campaign whose
    settings lack the key, since NOT NULL is not true)."""
    return Q(**{f"{prefix}settings__rosters_private": False}) | ~Q(**{f"{prefix}settings__has_key": "rosters_private"})

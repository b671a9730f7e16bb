"""Campaigns, members, invitations and weeks as the viewer may see them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, F, OuterRef, QuerySet, Subquery
from django.utils.translation import gettext as _

from campaign.lib.errors import NotAllowed, NotFound
from campaign.models import Campaign, Invitation, Membership, Week


def memberships_of(*, user: Any) -> QuerySet[Membership]:
    """The user's active memberships, with their campaigns, newest campaign first."""
    return (
        Membership.objects.filter(user=user, left_at__isnull=True)
        .select_related("campaign")
        .order_by("-campaign__created_at", "campaign_id")
    )


@dataclass(frozen=True)
class CampaignAccess:
    """The viewer's standing in a campaign: ``role`` from their latest membership, ``active`` unless they left."""

    campaign: Campaign
    role: str
    active: bool

    @property
    def is_organiser(self) -> bool:
        return self.active and self.role == Membership.Role.ORGANISER

    @property
    def is_gm(self) -> bool:
        return self.active and self.role == Membership.Role.GM


def _authenticated(viewer: Any) -> bool:
    return bool(getattr(viewer, "is_authenticated", False))


def campaigns_visible_to(*, viewer: Any) -> QuerySet[Campaign]:
    """Campaigns the viewer is or was a member of, annotated with ``viewer_role`` and ``viewer_active``."""
    if not _authenticated(viewer):
        return Campaign.objects.none()
    mine = Membership.objects.filter(campaign=OuterRef("pk"), user=viewer)
    return (
        Campaign.objects.filter(Exists(mine))
        .annotate(
            # The active membership if there is one (NULL left_at first on every database), else the latest.
            viewer_role=Subquery(
                mine.order_by(F("left_at").desc(nulls_first=True), "-joined_at", "-id").values("role")[:1]
            ),
            viewer_active=Exists(mine.filter(left_at__isnull=True)),
        )
        .select_related("rules_pack")
        .order_by("-created_at", "id")
    )


def campaign_not_found() -> NotFound:
    return NotFound(_("No such campaign."), code="campaign_not_found")


def campaign_access(*, viewer: Any, campaign_id: int) -> CampaignAccess:
    """The campaign and the viewer's standing in it; 404 when the viewer was never a member."""
    campaign = campaigns_visible_to(viewer=viewer).filter(pk=campaign_id).first()
    if campaign is None:
        raise campaign_not_found()
    return CampaignAccess(campaign, campaign.viewer_role, campaign.viewer_active)  # type: ignore[attr-defined]


def members_of(
    *, viewer: Any, campaign_id: int, active: bool | None = None, role: str | None = None
) -> QuerySet[Membership]:
    """The campaign's memberships, former ones included unless ``active`` says otherwise; ``role``: only those."""
    access = campaign_access(viewer=viewer, campaign_id=campaign_id)
    rows = Membership.objects.filter(campaign=access.campaign).select_related("user")
    if active is not None:
        rows = rows.filter(left_at__isnull=active)
    if role is not None:
        rows = rows.filter(role=role)
    return rows.order_by(F("left_at").asc(nulls_first=True), "role", "joined_at", "id")


def membership_in(*, viewer: Any, campaign_id: int, membership_id: int) -> Membership | None:
    """One membership (former ones too) of a campaign the viewer may see, or None: what a command names."""
    return members_of(viewer=viewer, campaign_id=campaign_id).filter(pk=membership_id).first()


def active_member(*, viewer: Any, campaign_id: int, user_id: Any) -> Membership | None:
    """``user_id``'s active membership of a campaign the viewer may see, or None (what a command names)."""
    try:
        user_pk = int(user_id)
    except (TypeError, ValueError):
        return None
    return members_of(viewer=viewer, campaign_id=campaign_id, active=True).filter(user_id=user_pk).first()


def invitations_of(*, viewer: Any, campaign_id: int) -> QuerySet[Invitation]:
    """The campaign's invitations: for its organiser only (codes let people in)."""
    access = campaign_access(viewer=viewer, campaign_id=campaign_id)
    if not access.is_organiser:
        raise NotAllowed(_("Only the organiser sees the invitations."), code="permission_denied")
    return Invitation.objects.filter(campaign=access.campaign).select_related("created_by")


def invitation_by_code(code: str) -> Invitation | None:
    """The invitation a link's code names, whoever asks (the code is what lets its holder in), or None."""
    return Invitation.objects.select_related("campaign", "created_by").filter(code=code).first()


def invitation_in(*, viewer: Any, campaign_id: int, invitation_id: int) -> Invitation | None:
    """One of the campaign's invitations, for its organiser (``invitations_of``), or None."""
    return invitations_of(viewer=viewer, campaign_id=campaign_id).filter(pk=invitation_id).first()


def weeks_of(*, viewer: Any, campaign_id: int) -> QuerySet[Week]:
    access = campaign_access(viewer=viewer, campaign_id=campaign_id)
    return Week.objects.filter(campaign=access.campaign).select_related("campaign").order_by("number")


def week_in(campaign: Campaign, *statuses: str, last: bool = False) -> Week | None:
    """The campaign's first week in one of ``statuses`` (with ``last``: its latest), or None; for a campaign the
    viewer's access was already read for (weeks are as public as their campaign)."""
    rows = Week.objects.filter(campaign=campaign, status__in=statuses)
    return rows.order_by("-number" if last else "number").first()


def week_for_viewer(*, viewer: Any, week_id: int) -> tuple[Week, CampaignAccess]:
    """A week of a campaign the viewer may see, with their standing; 404 otherwise."""
    campaign_id = Week.objects.filter(pk=week_id).values_list("campaign_id", flat=True).first()
    if campaign_id is None or not _authenticated(viewer):
        raise NotFound(_("No such week."), code="week_not_found")
    try:
        access = campaign_access(viewer=viewer, campaign_id=campaign_id)
    except NotFound:
        raise NotFound(_("No such week."), code="week_not_found") from None
    return Week.objects.select_related("campaign").get(pk=week_id), access

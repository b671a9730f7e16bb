"""Members and invitations: join by code, leave, be removed. A membership ends; it is never deleted."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.league import league_of
from campaign.lib.errors import Conflict, NotAllowed, NotFound, RuleViolation
from campaign.models import Campaign, Invitation, Membership
from campaign.services.access import ORGANISER, require_role
from campaign.services.events import event_record
from referee.tables.services import seats_vacate

MAX_INVITATION_DAYS = 365
#: More people than any league has: a code meant for "everyone" is ``max_uses=None``.
MAX_INVITATION_USES = 1000


@transaction.atomic
def membership_add(*, campaign: Campaign, user: Any, role: str, invitation: Invitation | None = None) -> Membership:
    """Add a member with one role; a user holds one active membership per campaign."""
    if role not in Membership.Role.values:
        raise RuleViolation(_("Unknown role %(role)s.") % {"role": role}, code="invalid_role")
    if Membership.objects.filter(campaign=campaign, user=user, left_at__isnull=True).exists():
        raise Conflict(_("%(user)s is already a member of this campaign.") % {"user": user}, code="already_member")
    return Membership.objects.create(campaign=campaign, user=user, role=role, invitation=invitation)


@transaction.atomic
def invitation_create(
    *,
    campaign: Campaign,
    actor: Any,
    role: str = Invitation.Role.PLAYER,
    days: int | None = None,
    max_uses: int | None = 1,
    now: datetime | None = None,
) -> Invitation:
    """The organiser invites a player or a GM: a code that expires after ``days`` (the league's default
    when None) and serves ``max_uses`` people (None: any number until it expires)."""
    require_role(campaign=campaign, user=actor, roles=[ORGANISER])
    if campaign.status == Campaign.Status.FINISHED:
        raise Conflict(_("This campaign is finished; nobody can join it."), code="campaign_finished")
    if role not in Invitation.Role.values:
        raise RuleViolation(
            _("An invitation is for a player or a GM."), code="invalid_role", fields={"role": [_("player or gm")]}
        )
    days = league_of(campaign.settings).invitation_days if days is None else days
    if not 1 <= days <= MAX_INVITATION_DAYS:
        raise RuleViolation(
            _("An invitation lasts 1 to %(n)d days.") % {"n": MAX_INVITATION_DAYS},
            code="invalid_invitation_days",
            fields={"days": [_("1 to %(n)d.") % {"n": MAX_INVITATION_DAYS}]},
        )
    if max_uses is not None and not 1 <= max_uses <= MAX_INVITATION_USES:
        raise RuleViolation(
            _("An invitation serves 1 to %(n)d people, or any number (null).") % {"n": MAX_INVITATION_USES},
            code="invalid_max_uses",
            fields={"max_uses": [_("1 to %(n)d, or null.") % {"n": MAX_INVITATION_USES}]},
        )
    now = now or timezone.now()
    return Invitation.objects.create(
        campaign=campaign,
        code=secrets.token_urlsafe(18),
        role=role,
        created_by=actor,
        expires_at=now + timedelta(days=days),
        max_uses=max_uses,
    )


@transaction.atomic
def invitation_revoke(*, invitation: Invitation, actor: Any, now: datetime | None = None) -> Invitation:
    """The organiser withdraws an invitation; nobody can use it after. Idempotent."""
    require_role(campaign=invitation.campaign, user=actor, roles=[ORGANISER])
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.revoked_at is None:
        invitation.revoked_at = now or timezone.now()
        invitation.save(update_fields=["revoked_at"])
    return invitation


def invitation_problem(invitation: Invitation, now: datetime) -> Conflict | None:
    """Why this invitation cannot be used now, or None."""
    if invitation.revoked_at is not None:
        return Conflict(_("This invitation was withdrawn; ask the organiser for a new one."), code="invitation_revoked")
    if invitation.expires_at <= now:
        return Conflict(_("This invitation has expired; ask the organiser for a new one."), code="invitation_expired")
    if invitation.max_uses is not None and invitation.uses >= invitation.max_uses:
        return Conflict(
            _("This invitation has already been used; ask the organiser for a new one."), code="invitation_used_up"
        )
    if invitation.campaign.status == Campaign.Status.FINISHED:
        return Conflict(_("This campaign is finished; nobody can join it."), code="campaign_finished")
    return None


@transaction.atomic
def invitation_accept(*, code: str, user: Any, now: datetime | None = None) -> Membership:
    """Join the campaign in the invitation's role. The code is locked, so its last use goes to one person."""
    invitation = Invitation.objects.select_for_update(of=("self",)).select_related("campaign").filter(code=code).first()
    if invitation is None:
        raise NotFound(_("No such invitation; check the code."), code="invitation_not_found")
    current = Membership.objects.filter(campaign=invitation.campaign, user=user, left_at__isnull=True).first()
    if current is not None:  # said first: a member who taps the link again should not read "used up"
        raise Conflict(
            _("You are already a member of %(campaign)s (as %(role)s).")
            % {"campaign": invitation.campaign.name, "role": current.get_role_display()},
            code="already_member",
        )
    problem = invitation_problem(invitation, now or timezone.now())
    if problem is not None:
        raise problem
    membership = membership_add(campaign=invitation.campaign, user=user, role=invitation.role, invitation=invitation)
    invitation.uses += 1
    invitation.save(update_fields=["uses"])
    event_record(
        campaign=invitation.campaign,
        kind="member_joined",
        payload={"user": user.get_username(), "role": membership.role},
        actor=user,
    )
    return membership


def _end(membership: Membership, now: datetime) -> Membership:
    membership.left_at = now
    membership.save(update_fields=["left_at"])
    seats_vacate(user=membership.user, campaign_id=membership.campaign_id)  # the hand is no longer theirs
    return membership


@transaction.atomic
def membership_leave(*, campaign: Campaign, user: Any, now: datetime | None = None) -> Membership:
    """The viewer leaves; their warbands, battles and events stay, and they keep read-only access.

    The last organiser cannot leave: the campaign would have nobody to run it.
    """
    Campaign.objects.select_for_update().get(pk=campaign.pk)
    membership = Membership.objects.filter(campaign=campaign, user=user, left_at__isnull=True).first()
    if membership is None:
        raise NotFound(_("No such campaign."), code="campaign_not_found")
    if (
        membership.role == ORGANISER
        and not (
            Membership.objects.filter(campaign=campaign, role=ORGANISER, left_at__isnull=True).exclude(pk=membership.pk)
        ).exists()
    ):
        raise Conflict(_("The last organiser cannot leave the campaign."), code="last_organiser")
    _end(membership, now or timezone.now())
    event_record(
        campaign=campaign,
        kind="member_left",
        payload={"user": user.get_username(), "role": membership.role},
        actor=user,
    )
    return membership


@transaction.atomic
def membership_remove(*, membership: Membership, actor: Any, now: datetime | None = None) -> Membership:
    """The organiser removes a player or a GM; as when they leave, their history stays."""
    campaign = membership.campaign
    require_role(campaign=campaign, user=actor, roles=[ORGANISER])
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    if membership.left_at is not None:
        raise Conflict(_("This member has already left."), code="already_left")
    if membership.role == ORGANISER:
        raise NotAllowed(_("An organiser cannot be removed; they may leave."), code="cannot_remove_organiser")
    _end(membership, now or timezone.now())
    event_record(
        campaign=campaign,
        kind="member_left",
        payload={"user": membership.user.get_username(), "role": membership.role, "removed_by": actor.get_username()},
        actor=actor,
    )
    return membership

"""Writes of the campaign app: every one in a transaction, keyword-only and typed."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.errors import Conflict, RuleViolation
from campaign.models import Campaign, Membership, Week
from referee.models import RulesPack


@transaction.atomic
def campaign_create(*, name: str, rules_pack: RulesPack, organiser: Any, time_zone: str = "UTC") -> Campaign:
    """Create a draft campaign on a pinned rules-pack version; its creator becomes the organiser."""
    if not name.strip():
        raise RuleViolation(_("A campaign needs a name."), code="name_required", fields={"name": [_("Required.")]})
    campaign = Campaign.objects.create(
        name=name.strip(),
        system=rules_pack.system,
        rules_pack=rules_pack,
        time_zone=time_zone,
        created_by=organiser,
    )
    Membership.objects.create(campaign=campaign, user=organiser, role=Membership.Role.ORGANISER)
    return campaign


@transaction.atomic
def membership_add(*, campaign: Campaign, user: Any, role: str) -> Membership:
    """Add a member with one role; a user holds one active membership per campaign."""
    if role not in Membership.Role.values:
        raise RuleViolation(_("Unknown role %(role)s.") % {"role": role}, code="invalid_role")
    if Membership.objects.filter(campaign=campaign, user=user, left_at__isnull=True).exists():
        raise Conflict(_("%(user)s is already a member of this campaign.") % {"user": user}, code="already_member")
    return Membership.objects.create(campaign=campaign, user=user, role=role)


@transaction.atomic
def week_open(*, campaign: Campaign, deadline: datetime, now: datetime | None = None) -> Week:
    """Open the campaign's next week: its seed is drawn and its hash published now.

    Players' seed contributions for this week are frozen into its salt.
    """
    from referee.services.streams import week_stream_open

    Campaign.objects.select_for_update().get(pk=campaign.pk)
    now = now or timezone.now()
    if deadline <= now:
        raise RuleViolation(_("A week's deadline must be in the future."), code="deadline_in_past")
    if Week.objects.filter(campaign=campaign, status__in=[Week.Status.OPEN, Week.Status.RESOLVING]).exists():
        raise Conflict(_("The current week must close before the next one opens."), code="week_still_open")
    last = Week.objects.filter(campaign=campaign).order_by("-number").first()
    week = Week.objects.create(
        campaign=campaign, number=1 if last is None else last.number + 1, opened_at=now, deadline=deadline
    )
    week_stream_open(week=week)
    return week


@transaction.atomic
def week_close(*, week: Week, now: datetime | None = None) -> Week:
    """Close a week and reveal its seed, so anyone can recompute its rolls. Idempotent."""
    from referee.services.streams import stream_reveal

    week = Week.objects.select_for_update().get(pk=week.pk)
    if week.status != Week.Status.CLOSED:
        week.status = Week.Status.CLOSED
        week.closed_at = now or timezone.now()
        week.save(update_fields=["status", "closed_at"])
    stream_reveal(stream=week.roll_stream)
    return week

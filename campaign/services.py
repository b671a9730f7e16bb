"""Writes of the campaign app: every one in a transaction, keyword-only and typed."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.errors import Conflict, RuleViolation
from campaign.models import Campaign, Membership
from referee.models import RulesPack


@transaction.atomic
def campaign_create(*, name: str, rules_pack: RulesPack, organiser: Any, time_zone: str = "UTC") -> Campaign:
    """Create a draft campaign on a pinned rules-pack version; its creator becomes the organiser."""
    if not name.strip():
        raise RuleViolation(
            _("A campaign needs a name."), code="name_required", fields={"name": [_("Required.")]}
        )
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
        raise Conflict(
            _("%(user)s is already a member of this campaign.") % {"user": user}, code="already_member"
        )
    return Membership.objects.create(campaign=campaign, user=user, role=role)

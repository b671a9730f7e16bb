"""A week's roll stream: opened with the week (its commitment published), the one every campaign roll is
made from while the week is open, revealed when it closes; and the players' seed contributions."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, RuleViolation
from campaign.models import Campaign, Week
from referee.models import RollStream, SeedContribution
from referee.services.streams import stream_open

MAX_CONTRIBUTION = 64


def open_week_stream(*, campaign_id: int) -> RollStream:
    """The stream of the campaign's open week: every campaign roll is made from it, never from a closed
    week's, whose seed is public. 409 when no week is open."""
    week = Week.objects.filter(campaign_id=campaign_id, status=Week.Status.OPEN).select_related("roll_stream").first()
    if week is None:
        raise Conflict(
            _("This campaign has no open week, so there is no seed to roll from; the organiser opens weeks."),
            code="no_open_week",
        )
    return week.roll_stream


def week_stream_key(week: Week) -> str:
    return f"campaign:{week.campaign_id}:week:{week.number}"


@transaction.atomic
def week_stream_open(*, week: Week) -> RollStream:
    """Draw the week's secret seed, publish its hash, and freeze the players' contributions."""
    key = week_stream_key(week)
    contributions = {
        str(c.user_id): c.value
        for c in SeedContribution.objects.filter(campaign_id=week.campaign_id, week_number=week.number)
    }
    return stream_open(key=key, contributions=contributions, campaign_id=week.campaign_id, week=week)


@transaction.atomic
def seed_contribution_set(*, campaign: Campaign, user: Any, value: str) -> SeedContribution:
    """Set the player's contribution for the next week to open; frozen when it opens."""
    value = value.strip()
    if not value or len(value) > MAX_CONTRIBUTION:
        raise RuleViolation(
            _("A seed contribution is 1 to %(n)d characters of anything you like.") % {"n": MAX_CONTRIBUTION},
            code="invalid_contribution",
            fields={"value": [_("1 to %(n)d characters.") % {"n": MAX_CONTRIBUTION}]},
        )
    if campaign.status == Campaign.Status.FINISHED:
        raise Conflict(_("This campaign is finished; there is no next week."), code="campaign_finished")
    last = Week.objects.filter(campaign=campaign).order_by("-number").first()
    next_number = 1 if last is None else last.number + 1
    contribution, _created = SeedContribution.objects.update_or_create(
        campaign=campaign, user=user, week_number=next_number, defaults={"value": value}
    )
    return contribution

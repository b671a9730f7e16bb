"""Seeds: open a stream with a committed seed, freeze contributions, reveal, rotate.

A week's stream is opened when the week opens (its commitment published), and
revealed when it closes. A user's own stream serves rolls outside campaigns; the
user may rotate it, which reveals the old seed so those rolls can be checked.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, RuleViolation
from campaign.models import Campaign, Week
from referee.engine import fairness
from referee.models import RollStream, SeedContribution

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
    seed = fairness.new_seed()
    return RollStream.objects.create(
        key=key,
        campaign_id=week.campaign_id,
        week=week,
        seed=seed.hex(),
        commitment=fairness.commitment(seed),
        contributions=contributions,
        salt=fairness.salt_for(stream=key, contributions=contributions).hex(),
    )


@transaction.atomic
def stream_reveal(*, stream: RollStream) -> RollStream:
    """Reveal a stream's seed (a closed week, a rotated user seed); idempotent."""
    if stream.revealed_at is None:
        stream.revealed_at = timezone.now()
        stream.save(update_fields=["revealed_at"])
    return stream


def _user_stream_create(user: Any, generation: int) -> RollStream:
    key = f"user:{user.pk}:{generation}"
    seed = fairness.new_seed()
    return RollStream.objects.create(
        key=key,
        user=user,
        seed=seed.hex(),
        commitment=fairness.commitment(seed),
        salt=fairness.salt_for(stream=key, contributions={}).hex(),
    )


@transaction.atomic(savepoint=False)
def user_stream_current(*, user: Any) -> RollStream:
    """The user's active stream for rolls outside campaigns, created on first use; returned locked."""
    stream = RollStream.objects.select_for_update().filter(user=user, revealed_at__isnull=True).first()
    if stream is not None:
        return stream
    generation = RollStream.objects.filter(user=user).count() + 1
    return _user_stream_create(user, generation)


@transaction.atomic
def user_stream_rotate(*, user: Any) -> tuple[RollStream, RollStream]:
    """Reveal the user's current seed and start a new one. Returns (revealed, new)."""
    old = user_stream_current(user=user)
    RollStream.objects.select_for_update().get(pk=old.pk)
    stream_reveal(stream=old)
    generation = RollStream.objects.filter(user=user).count() + 1
    return old, _user_stream_create(user, generation)


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

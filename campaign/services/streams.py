"""A week's roll streams: the public one and the GM's opened with the week (their commitments published),
one per hidden audience opened on first use, every one revealed when the week closes (each seed shown to
its audience only: ``docs/hidden-rolls.md``); and the players' seed contributions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, RuleViolation
from campaign.models import Campaign, Week
from referee.models import Audience, RollStream, SeedContribution
from referee.services.streams import stream_open, stream_reveal

MAX_CONTRIBUTION = 64


def open_week_of(*, campaign_id: int) -> Week:
    """The campaign's open week: every campaign roll is made from its streams, never from a closed week's,
    whose seeds are revealed. 409 when no week is open."""
    week = Week.objects.filter(campaign_id=campaign_id, status=Week.Status.OPEN).first()
    if week is None:
        raise Conflict(
            _("This campaign has no open week, so there is no seed to roll from; the organiser opens weeks."),
            code="no_open_week",
        )
    return week


def open_week_stream(*, campaign_id: int) -> RollStream:
    """The public stream of the campaign's open week (409 when no week is open)."""
    return week_public_stream(week=open_week_of(campaign_id=campaign_id))


def week_public_stream(*, week: Week) -> RollStream:
    return RollStream.objects.get(week=week, audience=Audience.PUBLIC)


def week_stream_key(week: Week, audience: str = Audience.PUBLIC, name: str = "") -> str:
    """``campaign:<id>:week:<n>`` for the public stream; ``...:gm``, ``...:self:<user>``, ``...:party:<name>``."""
    base = f"campaign:{week.campaign_id}:week:{week.number}"
    if audience == Audience.PUBLIC:
        return base
    return f"{base}:{audience}" + (f":{name}" if name else "")


@transaction.atomic
def week_stream_open(*, week: Week) -> RollStream:
    """Draw the week's secret seeds, publish their hashes, and freeze the players' contributions.

    The public stream and the GM stream open with the week, so their commitments
    precede every roll; a member's self stream and a party's open on their first roll.
    Returns the public stream.
    """
    contributions = {
        str(c.user_id): c.value
        for c in SeedContribution.objects.filter(campaign_id=week.campaign_id, week_number=week.number)
    }
    owner = {"campaign_id": week.campaign_id, "week": week}
    stream_open(key=week_stream_key(week, Audience.GM), contributions=contributions, audience=Audience.GM, **owner)
    return stream_open(key=week_stream_key(week), contributions=contributions, **owner)


def _hidden_stream(*, week: Week, audience: str, name: str = "", viewers: Sequence[Any] = ()) -> RollStream:
    """The week's stream for a hidden audience, opened once on first use; returned locked.

    The week row is locked first (as a week's resolution and its close lock it), so two
    first rolls open one stream, and none opens after the week closed: a stream opened
    then would never be revealed. Call inside ``transaction.atomic``.
    """
    locked = Week.objects.select_for_update().get(pk=week.pk)
    if locked.status == Week.Status.CLOSED:
        raise Conflict(
            _("Week %(n)d is closed, so its dice are revealed; roll in the open week.") % {"n": locked.number},
            code="week_not_open",
        )
    key = week_stream_key(locked, audience, name)
    stream = RollStream.objects.select_for_update().filter(key=key).first()
    if stream is None:
        contributions = week_public_stream(week=locked).contributions
        stream = stream_open(
            key=key, contributions=contributions, campaign_id=locked.campaign_id, week=locked, audience=audience
        )
        stream.viewers.set(viewers)
    return stream


def week_gm_stream(*, week: Week) -> RollStream:
    """GM-only and blind rolls, and a week's secret moves: the GM alone sees them and, at the close, the seed."""
    return _hidden_stream(week=week, audience=Audience.GM)


def week_self_stream(*, week: Week, user: Any) -> RollStream:
    """A member's self rolls: that member and the GM see them and, at the close, the seed."""
    return _hidden_stream(week=week, audience=Audience.SELF, name=str(user.pk), viewers=[user])


def week_party_stream(*, week: Week, party: str, viewers: Sequence[Any]) -> RollStream:
    """Rolls for ``viewers`` (the parties to a battle, say), the organiser and the GM: they alone see them
    and, at the close, the seed. ``party`` names it within the week (``battle:7``)."""
    return _hidden_stream(week=week, audience=Audience.PARTY, name=party, viewers=viewers)


def week_streams_reveal(*, week: Week) -> None:
    """Reveal every stream of a closing week (locked by the caller); each seed is then shown to its audience."""
    for stream in RollStream.objects.select_for_update().filter(week=week).order_by("id"):
        stream_reveal(stream=stream)


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

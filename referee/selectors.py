"""Reads of the ledger for a viewer: secrecy lives here, once.

The referee knows streams and rolls, not campaigns: the caller (``campaign.selectors.rolls``) says
which campaigns the viewer is a member, GM and staff (organiser or GM) of, and these decide what
follows from that. A viewer sees a roll whole (result, hash, chain) or not at all: nothing shown to
anyone is derived from a roll they may not see (``docs/hidden-rolls.md``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import Q, QuerySet

from referee.engine.chain import face_sides
from referee.engine.dice import DiceError
from referee.engine.stats import chi_square_uniform
from referee.models import Audience, LedgerEntry, RollStream, Visibility


def streams_visible_to(*, viewer: Any, member_of: Any, gm_of: Any, staff_of: Any) -> QuerySet[RollStream]:
    """Every stream whose rolls, commitment and (once revealed) seed the viewer may see.

    A user's own stream: that user. A campaign week's streams: the GM sees them all;
    another member sees the public one, the self stream of which they are the viewer,
    and the party streams that name them (or every party stream, as an organiser).
    ``member_of``, ``gm_of`` and ``staff_of`` are the campaign ids (or subqueries of
    them) where the viewer holds an active role, that role is GM, and it is organiser or GM.
    """
    if not viewer.is_authenticated:
        return RollStream.objects.none()
    named = RollStream.viewers.through.objects.filter(user_id=viewer.pk).values("rollstream_id")
    in_campaign = (
        Q(audience=Audience.PUBLIC)
        | Q(audience__in=(Audience.SELF, Audience.PARTY), pk__in=named)
        | Q(audience=Audience.PARTY, campaign__in=staff_of)
    )
    return RollStream.objects.filter(
        Q(audience=Audience.USER, user=viewer) | Q(campaign__in=gm_of) | Q(campaign__in=member_of) & in_campaign
    )


def rolls_visible_to(*, viewer: Any, member_of: Any, gm_of: Any, staff_of: Any) -> QuerySet[LedgerEntry]:
    """Every ledger entry the viewer may see, result, hash and all: the entries of the streams they may see.

    A week's public stream carries only public rolls, except in weeks opened before
    hidden rolls had streams of their own: there a member other than the GM sees the
    public entries and their own self ones, never a GM-only or blind one (not even its roller).
    """
    if not viewer.is_authenticated:
        return LedgerEntry.objects.none()
    streams = streams_visible_to(viewer=viewer, member_of=member_of, gm_of=gm_of, staff_of=staff_of)
    legacy_ok = (
        ~Q(stream__audience=Audience.PUBLIC)
        | Q(campaign__in=gm_of)
        | Q(visibility=Visibility.PUBLIC)
        | Q(visibility=Visibility.SELF, roller=viewer)
    )
    visible = LedgerEntry.objects.filter(legacy_ok, stream__in=streams.values("pk"))
    return visible.select_related("stream", "roller", "week")


def user_stream_of(*, user: Any) -> RollStream | None:
    """The user's active own stream, or None before their first roll outside campaigns (never created here)."""
    return RollStream.objects.filter(audience=Audience.USER, user=user, revealed_at__isnull=True).first()


def revealed_streams_of(*, user: Any) -> QuerySet[RollStream]:
    """The user's own streams whose seeds are revealed, the last first (their own stream's history)."""
    return RollStream.objects.filter(user=user, revealed_at__isnull=False).order_by("-id")


def mixed_streams() -> QuerySet[LedgerEntry, int]:
    """Public streams that carry hidden rolls (weeks opened before hidden streams): their seed stays the GM's."""
    return (
        LedgerEntry.objects.filter(stream__audience=Audience.PUBLIC)
        .exclude(visibility=Visibility.PUBLIC)
        .values_list("stream_id", flat=True)
    )


def face_counts(entries: Iterable[LedgerEntry]) -> list[dict[str, Any]]:
    """How often each face of each die size came up in ``entries``, with a chi-square test against fair dice."""
    counts: dict[int, Counter[int]] = defaultdict(Counter)
    for entry in entries:
        if entry.notation.lower().startswith("shuffle("):
            continue  # a deck shuffle's draws are dice of every size from N down to 2: not face statistics
        try:
            sides = face_sides(entry.notation, entry.faces)
        except DiceError:
            continue
        for size, face in zip(sides, entry.faces, strict=True):
            counts[size][face] += 1
    dice = []
    for size in sorted(counts):
        observed = [counts[size][face] for face in range(1, size + 1)]
        test = chi_square_uniform(observed)
        dice.append(
            {
                "sides": size,
                "faces": dict(enumerate(observed, start=1)),
                "dice_rolled": sum(observed),
                "chi_square": test.statistic,
                "degrees_of_freedom": test.dof,
                "p_value": test.p_value,
            }
        )
    return dice

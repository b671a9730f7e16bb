"""Reads of the ledger for a viewer: secrecy lives here, once.

The referee knows streams and rolls, not campaigns: the caller (``campaign.selectors.rolls``) says
which campaigns the viewer is a member of and GM of, and these decide what follows from that.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Collection, Iterable
from typing import Any

from django.db.models import Q, QuerySet

from referee.engine.chain import face_sides
from referee.engine.dice import DiceError
from referee.engine.stats import chi_square_uniform
from referee.models import LedgerEntry, Visibility


def rolls_visible_to(*, viewer: Any, member_of: Any, gm_of: Any) -> QuerySet[LedgerEntry]:
    """Every ledger entry the viewer may know exists.

    Campaign rolls: the GM sees all; other members see public ones, and their own
    self and blind ones (a blind roll's result stays hidden from its roller: see
    :func:`roll_is_redacted`). Rolls outside campaigns: only their roller.
    ``member_of`` and ``gm_of`` are the campaign ids (or subqueries of them) where the viewer
    holds an active role, and where that role is GM.
    """
    if not viewer.is_authenticated:
        return LedgerEntry.objects.none()
    own = Q(roller=viewer)
    visible = (
        Q(campaign__isnull=True) & own
        | Q(campaign__in=gm_of)
        | Q(campaign__in=member_of) & (Q(visibility=Visibility.PUBLIC) | own & ~Q(visibility=Visibility.GM))
    )
    return LedgerEntry.objects.filter(visible).select_related("stream", "roller")


def roll_is_redacted(*, entry: LedgerEntry, gm_campaigns: Collection[int]) -> bool:
    """A blind roll is shown to its roller as made, without its result, unless they are its GM."""
    return entry.visibility == Visibility.BLIND and entry.campaign_id not in gm_campaigns


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

"""Reads of the referee app, always for a viewer: secrecy lives here, once."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from django.db.models import Q, QuerySet

from campaign.models import Campaign, Membership
from referee.engine.chain import face_sides
from referee.engine.dice import DiceError
from referee.engine.stats import chi_square_uniform
from referee.models import LedgerEntry, RollStream, Visibility


def _campaign_ids(viewer: Any, *, roles: tuple[str, ...] | None = None) -> QuerySet[Membership, int]:
    memberships = Membership.objects.filter(user=viewer, left_at__isnull=True)
    if roles:
        memberships = memberships.filter(role__in=roles)
    return memberships.values_list("campaign_id", flat=True)


def rolls_visible_to(*, viewer: Any) -> QuerySet[LedgerEntry]:
    """Every ledger entry the viewer may know exists.

    Campaign rolls: the GM sees all; other members see public ones, and their own
    self and blind ones (a blind roll's result stays hidden from its roller: see
    :func:`roll_is_redacted`). Rolls outside campaigns: only their roller.
    """
    if not viewer.is_authenticated:
        return LedgerEntry.objects.none()
    gm_of = _campaign_ids(viewer, roles=(Membership.Role.GM,))
    member_of = _campaign_ids(viewer)
    own = Q(roller=viewer)
    visible = (
        Q(campaign__isnull=True) & own
        | Q(campaign__in=gm_of)
        | Q(campaign__in=member_of) & (Q(visibility=Visibility.PUBLIC) | own & ~Q(visibility=Visibility.GM))
    )
    return LedgerEntry.objects.filter(visible).select_related("stream", "roller")


def roll_is_redacted(*, entry: LedgerEntry, viewer: Any, gm_campaigns: set[int]) -> bool:
    """A blind roll is shown to its roller as made, without its result, unless they are its GM."""
    return entry.visibility == Visibility.BLIND and entry.campaign_id not in gm_campaigns


def gm_campaigns_of(*, viewer: Any) -> set[int]:
    if not viewer.is_authenticated:
        return set()
    return set(_campaign_ids(viewer, roles=(Membership.Role.GM,)))


def campaign_for_member(*, viewer: Any, campaign_id: int) -> Campaign | None:
    """The campaign if the viewer is an active member; None otherwise (existence stays secret)."""
    if not viewer.is_authenticated:
        return None
    return Campaign.objects.filter(
        pk=campaign_id, memberships__user=viewer, memberships__left_at__isnull=True
    ).first()


def fairness_of(*, campaign: Campaign, viewer: Any) -> dict[str, Any]:
    """Each week's commitment (and seed once revealed), and face counts per die size with a chi-square test.

    Counts cover only rolls whose result the viewer may see, so a hidden roll can
    never be read off a change in a count.
    """
    streams = RollStream.objects.filter(campaign=campaign, week__isnull=False).select_related("week")
    weeks = [
        {
            "number": s.week.number,  # type: ignore[union-attr]
            "status": s.week.status,  # type: ignore[union-attr]
            "commitment": s.commitment,
            "seed": s.seed if s.revealed_at else None,
            "salt": s.salt if s.revealed_at else None,
            "contributions": s.contributions if s.revealed_at else None,
            "revealed_at": s.revealed_at,
            "rolls": s.next_seq,
        }
        for s in sorted(streams, key=lambda s: s.week.number)  # type: ignore[union-attr]
    ]
    gm_of = gm_campaigns_of(viewer=viewer)
    counts: dict[int, Counter[int]] = defaultdict(Counter)
    entries = rolls_visible_to(viewer=viewer).filter(campaign=campaign, manual=False)
    for entry in (
        entries.select_related(None).only("notation", "faces", "visibility", "campaign_id").iterator()
    ):
        if roll_is_redacted(entry=entry, viewer=viewer, gm_campaigns=gm_of):
            continue
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
    return {"campaign": campaign.pk, "weeks": weeks, "dice": dice}

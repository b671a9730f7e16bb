"""The ledger as a campaign's member may see it, and the campaign's fairness page."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from campaign.models import Campaign
from campaign.selectors.roles import GM, campaign_ids_of, role_of
from referee.models import LedgerEntry, RollStream
from referee.selectors import face_counts, roll_is_redacted
from referee.selectors import rolls_visible_to as ledger_visible_to


def rolls_visible_to(*, viewer: Any) -> QuerySet[LedgerEntry]:
    """Every ledger entry the viewer may know exists (see ``referee.selectors.rolls_visible_to``)."""
    return ledger_visible_to(
        viewer=viewer, member_of=campaign_ids_of(viewer=viewer), gm_of=campaign_ids_of(viewer=viewer, roles=(GM,))
    )


def gm_campaigns_of(*, viewer: Any) -> set[int]:
    return set(campaign_ids_of(viewer=viewer, roles=(GM,)))


def redacted_of(*, entries: Any, viewer: Any) -> dict[int, bool]:
    """For each entry, whether the viewer sees it without its result (a blind roll shown to its roller)."""
    gm_of = gm_campaigns_of(viewer=viewer)
    return {e.pk: roll_is_redacted(entry=e, gm_campaigns=gm_of) for e in entries}


def campaign_for_member(*, viewer: Any, campaign_id: int) -> Campaign | None:
    """The campaign if the viewer is an active member; None otherwise (existence stays secret)."""
    if role_of(viewer=viewer, campaign_id=campaign_id) is None:
        return None
    return Campaign.objects.filter(pk=campaign_id).first()


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
    entries = rolls_visible_to(viewer=viewer).filter(campaign=campaign, manual=False)
    shown = (
        e
        for e in entries.select_related(None).only("notation", "faces", "visibility", "campaign_id").iterator()
        if not roll_is_redacted(entry=e, gm_campaigns=gm_of)
    )
    return {"campaign": campaign.pk, "weeks": weeks, "dice": face_counts(shown)}

"""A battle's aftermath and the decisions it opens, as the viewer may see them.

The aftermath tells of the two rosters (injuries, deaths, advances, every roll that decided them), so its
audience is the battle sequence's (``roster.selectors.battles.sees_the_sequence``, the timeline's rule for
"party" events): a stranger, and outside that audience a member, is told the battle does not exist. Its
status alone (rolling, applied) is as public as the battle's own. A decision is its answerer's own.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from campaign.lib.errors import NotAllowed, NotFound
from campaign.selectors.roles import STAFF, role_of
from referee.models import LedgerEntry
from roster.models import Aftermath, Battle, Decision
from roster.selectors.battles import battle_for_viewer, sees_the_sequence


def aftermath_state_of(battle: Battle) -> Aftermath | None:
    """The battle's aftermath row for its status (what the battle page shows to everyone who sees the battle)."""
    return Aftermath.objects.filter(battle=battle).first()


def aftermath_for_viewer(*, viewer: Any, battle_id: int) -> tuple[Battle, Aftermath | None]:
    """The battle and its aftermath (None before it starts) for the sequence's audience; 404 for anyone else."""
    battle, access = battle_for_viewer(viewer=viewer, battle_id=battle_id)
    if not sees_the_sequence(battle, viewer, access=access):
        raise NotFound(_("No such battle."), code="battle_not_found")
    return battle, Aftermath.objects.filter(battle=battle).first()


def aftermath_rolls(battle: Battle) -> list[LedgerEntry]:
    """Every roll of the battle's aftermath, in the order each stream made them (after ``aftermath_for_viewer``)."""
    return list(
        LedgerEntry.objects.filter(ref=f"aftermath:{battle.pk}")
        .select_related("stream", "roller")
        .order_by("stream_id", "seq")
    )


def aftermath_decisions(aftermath: Aftermath) -> QuerySet[Decision]:
    """The decisions an aftermath opened, open and answered (after ``aftermath_for_viewer``)."""
    return aftermath.decisions.select_related("answerer", "aftermath")


def failed_aftermaths_of(*, viewer: Any, campaign_id: int) -> QuerySet[Aftermath]:
    """The campaign's aftermaths that failed for a lasting reason: for its organiser and GM (others 403)."""
    role = role_of(viewer=viewer, campaign_id=campaign_id)
    if role is None:
        raise NotFound(_("No such campaign, or you are not one of its members."), code="campaign_not_found")
    if role not in STAFF:
        raise NotAllowed(_("Only the organiser and the GM see failed aftermaths."), code="permission_denied")
    return Aftermath.objects.filter(battle__campaign_id=campaign_id, status=Aftermath.Status.FAILED).order_by(
        "-failed_at", "-id"
    )


def decisions_of(
    *, viewer: Any, state: str = "open", campaign_id: int | None = None, battle_id: int | None = None
) -> QuerySet[Decision]:
    """The viewer's own decisions: ``open`` (oldest first), ``answered`` (newest first) or ``all``."""
    mine = Decision.objects.filter(answerer_id=getattr(viewer, "pk", None) or 0).select_related(
        "answerer", "aftermath", "warband__campaign"
    )
    if campaign_id is not None:
        mine = mine.filter(warband__campaign_id=campaign_id)
    if battle_id is not None:
        mine = mine.filter(aftermath__battle_id=battle_id)
    if state == "answered":
        return mine.filter(~Q(answered_at=None)).order_by("-answered_at")
    if state == "all":
        return mine.order_by("-id")
    return mine.filter(answered_at=None).order_by("id")


def decision_of(*, viewer: Any, decision_id: int) -> Decision | None:
    """One of the viewer's own decisions, or None (someone else's is as good as none)."""
    return decisions_of(viewer=viewer, state="all").filter(pk=decision_id).first()

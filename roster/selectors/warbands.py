"""Reads of rosters for a viewer: who may see which warband is decided here and in roster/rules.py."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, Q, QuerySet
from django.utils.translation import gettext as _

from campaign.lib.errors import NotFound
from campaign.selectors.roles import STAFF, campaign_ids_of, public_rosters_q
from roster.models import Holding, TreasuryEntry, Warband, Warrior


def warbands_visible_to(
    *, viewer: Any, campaign_id: int | None = None, status: str | None = None, own: bool = False
) -> QuerySet[Warband]:
    """Warbands of the viewer's campaigns; in a campaign keeping rosters private, only their own
    (or all of them for its organiser and GM). ``campaign_id``, ``status``, ``own`` (the viewer's) narrow them."""
    if not viewer.is_authenticated:
        return Warband.objects.none()
    member_of = campaign_ids_of(viewer=viewer)
    staff_of = campaign_ids_of(viewer=viewer, roles=STAFF)
    rows = Warband.objects.filter(campaign__in=member_of).filter(
        public_rosters_q() | Q(owner=viewer) | Q(campaign__in=staff_of)
    )
    if campaign_id is not None:
        rows = rows.filter(campaign_id=campaign_id)
    if status is not None:
        rows = rows.filter(status=status)
    if own:
        rows = rows.filter(owner=viewer)
    return rows.select_related("campaign", "owner").order_by("campaign_id", "name", "id")


def warband_in(*, viewer: Any, campaign_id: int, warband_id: int) -> Warband | None:
    """A warband of this campaign the viewer may see, or None: what a command on the campaign's page names."""
    return warbands_visible_to(viewer=viewer, campaign_id=campaign_id).filter(pk=warband_id).first()


def warrior_of(warband: Warband, warrior_id: int) -> Warrior | None:
    """One of the warband's warriors, or None (after the warband was read for the viewer)."""
    return warband.warriors.filter(pk=warrior_id).first()


def holdings_of(warband: Warband) -> QuerySet[Holding]:
    """The warband's kit, each item with its holder (none: the stash), holder by holder."""
    return warband.holdings.select_related("warrior").order_by("warrior_id", "id")


def names_in(campaign: Any) -> tuple[dict[int, str], dict[int, str]]:
    """The campaign's warbands' and warriors' names by id: what sentences and questions the viewer may already
    read name (a lookup of names, not a list to show: each caller shows only what its own selector let through)."""
    warbands = dict(Warband.objects.filter(campaign=campaign).values_list("pk", "name"))
    warriors = dict(Warrior.objects.filter(warband__campaign=campaign).values_list("pk", "name"))
    return warbands, warriors


def roster_of(*, viewer: Any, warband_id: int) -> Warband:
    """The whole roster in a fixed number of queries, whatever its size; 404 if the viewer may not see it."""
    warband = (
        warbands_visible_to(viewer=viewer)
        .select_related("campaign__rules_pack").defer("campaign__rules_pack__content")
        .prefetch_related(
            Prefetch("warriors", queryset=Warrior.objects.order_by("kind", "id")),
            Prefetch("holdings", queryset=Holding.objects.order_by("warrior_id", "item_slug", "id")),
        )
        .filter(pk=warband_id)
        .first()
    )
    if warband is None:
        raise NotFound(_("No such warband."), code="warband_not_found")
    return warband


def ledger_of(*, viewer: Any, warband_id: int) -> QuerySet[TreasuryEntry]:
    warband = warbands_visible_to(viewer=viewer).filter(pk=warband_id).first()
    if warband is None:
        raise NotFound(_("No such warband."), code="warband_not_found")
    return TreasuryEntry.objects.filter(warband=warband).select_related("actor").order_by("-id")


def history_of(*, viewer: Any, warband_id: int, limit: int = 200) -> list[dict[str, Any]]:
    """Every recorded change to the warband, its warriors and its items, newest first, with who made it."""
    warband = warbands_visible_to(viewer=viewer).filter(pk=warband_id).first()
    if warband is None:
        raise NotFound(_("No such warband."), code="warband_not_found")
    records: list[Any] = [
        *Warband.history.filter(id=warband.pk).select_related("history_user")[:limit],
        *Warrior.history.filter(warband_id=warband.pk).select_related("history_user")[:limit],
        *Holding.history.filter(warband_id=warband.pk).select_related("history_user")[:limit],
    ]
    records.sort(key=lambda r: (r.history_date, r.history_id), reverse=True)
    out = []
    for record in records[:limit]:
        changed: list[str] = []
        previous = record.prev_record if record.history_type == "~" else None
        if previous is not None:
            changed = [c.field for c in record.diff_against(previous).changes]
        out.append(
            {
                "at": record.history_date,
                "by": record.history_user.username if record.history_user else None,
                "what": record.instance_type._meta.model_name,
                "id": record.id,
                "change": {"+": "created", "~": "changed", "-": "deleted"}[record.history_type],
                "fields": changed,
                "label": str(record.instance),
            }
        )
    return out

"""Standings of a Mordheim campaign.

Standings count battles once they are final (confirmed or resolved) and byes.
Experience gained and shards found are the sums of the ``xp_gained`` and
``shards_found`` events the viewer may see. Warbands still waiting for approval
are left out; retired ones stay, with their record.

Tie-breakers, in order: more points, more wins, fewer losses, more experience
gained, more shards found, higher rating; warbands equal on all of these share a
rank (listed by name).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import IntegerField, Q, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from campaign.league import league_of
from campaign.selectors import campaign_access, events_visible
from roster.models import Battle, Warband

FINAL = (Battle.Status.CONFIRMED, Battle.Status.RESOLVED)


def _record(warband: Warband) -> dict[str, Any]:
    return {
        "warband": warband.pk,
        "name": warband.name,
        "owner": warband.owner.get_username(),
        "status": warband.status,
        "rating": warband.rating,
        "played": 0,
        "wins": 0,
        "draws": 0,
        "losses": 0,
        "byes": 0,
        "points": 0,
        "xp_gained": 0,
        "shards_found": 0,
    }


def _sort_key(row: dict[str, Any]) -> tuple[int, ...]:
    return (-row["points"], -row["wins"], row["losses"], -row["xp_gained"], -row["shards_found"], -row["rating"])


def standings_of(*, viewer: Any, campaign_id: int) -> list[dict[str, Any]]:
    """One row per warband, best first, with ``rank`` (see the module notes for the tie-breakers)."""
    access = campaign_access(viewer=viewer, campaign_id=campaign_id)
    league = league_of(access.campaign.settings)
    unapproved = [Warband.Status.DRAFT, Warband.Status.PENDING]
    warbands = Warband.objects.filter(campaign=access.campaign).exclude(status__in=unapproved)
    rows = {w.pk: _record(w) for w in warbands.select_related("owner")}
    battles = Battle.objects.filter(campaign=access.campaign).filter(
        Q(status__in=FINAL) & ~Q(result="") | Q(status=Battle.Status.BYE)
    )
    for a, b, status, result in battles.values_list("warband_a_id", "warband_b_id", "status", "result"):
        if status == Battle.Status.BYE:
            if a in rows:
                rows[a]["byes"] += 1
            continue
        outcome = {"a": ("wins", "losses"), "b": ("losses", "wins"), "draw": ("draws", "draws")}[result]
        for wid, column in zip((a, b), outcome, strict=True):
            if wid in rows:
                rows[wid]["played"] += 1
                rows[wid][column] += 1
    totals: dict[int, dict[str, int]] = defaultdict(dict)
    sums = (
        events_visible(access)
        .filter(kind__in=["xp_gained", "shards_found"], warband__isnull=False)
        .values("warband_id", "kind")
        .annotate(total=Sum(Cast(KT("payload__amount"), IntegerField())))
    )
    for row in sums:
        totals[row["warband_id"]][row["kind"]] = row["total"] or 0
    for wid, row in rows.items():
        row["xp_gained"] = totals[wid].get("xp_gained", 0)
        row["shards_found"] = totals[wid].get("shards_found", 0)
        row["points"] = (
            row["wins"] * league.points_win
            + row["draws"] * league.points_draw
            + row["losses"] * league.points_loss
            + row["byes"] * league.points_bye
        )
    ordered = sorted(rows.values(), key=lambda r: (_sort_key(r), r["name"].casefold(), r["warband"]))
    previous: tuple[int, ...] | None = None
    rank = 0
    for position, row in enumerate(ordered, start=1):
        key = _sort_key(row)
        if key != previous:
            rank, previous = position, key
        row["rank"] = rank
    return ordered

"""The ledger as a campaign's member may see it, and the campaign's fairness page.

What a viewer may see is decided once, in ``referee.selectors`` from the viewer's roles
asked here: a roll is shown whole (result, hash, chain) to those who may see it and
not at all to anyone else; counts and per-stream figures cover only what the viewer
may see (``docs/hidden-rolls.md``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Q, QuerySet

from campaign.models import Campaign
from campaign.selectors.roles import GM, STAFF, campaign_ids_of, role_of
from referee.models import HIDDEN_AUDIENCES, Audience, LedgerEntry, RollStream, Visibility
from referee.selectors import face_counts, mixed_streams
from referee.selectors import rolls_visible_to as ledger_visible_to
from referee.selectors import streams_visible_to as ledger_streams_visible_to


def _roles(viewer: Any) -> dict[str, Any]:
    return {
        "member_of": campaign_ids_of(viewer=viewer),
        "gm_of": campaign_ids_of(viewer=viewer, roles=(GM,)),
        "staff_of": campaign_ids_of(viewer=viewer, roles=STAFF),
    }


def rolls_visible_to(*, viewer: Any) -> QuerySet[LedgerEntry]:
    """Every ledger entry the viewer may see (see ``referee.selectors.rolls_visible_to``)."""
    return ledger_visible_to(viewer=viewer, **_roles(viewer))


def roll_of(*, viewer: Any, roll_id: int) -> LedgerEntry | None:
    """One ledger entry if the viewer may see it, else None."""
    return rolls_visible_to(viewer=viewer).filter(pk=roll_id).first()


def rolls_newest_first(*, viewer: Any) -> QuerySet[LedgerEntry]:
    """The rolls the viewer may see, the last made first (the API's list)."""
    return rolls_visible_to(viewer=viewer).order_by("-id")


def recent_rolls(
    *, viewer: Any, campaign_id: int | None = None, visibilities: Iterable[str] | None = None, limit: int = 50
) -> list[LedgerEntry]:
    """The latest rolls the viewer may see, of one campaign and of some visibilities when given (a page's list)."""
    rows = rolls_visible_to(viewer=viewer).select_related("roller", "campaign", "week", "stream")
    if campaign_id is not None:
        rows = rows.filter(campaign_id=campaign_id)
    if visibilities is not None:
        rows = rows.filter(visibility__in=list(visibilities))
    return list(rows.order_by("-created_at", "-id")[:limit])


def streams_visible_to(*, viewer: Any) -> QuerySet[RollStream]:
    """Every stream the viewer may see (see ``referee.selectors.streams_visible_to``)."""
    return ledger_streams_visible_to(viewer=viewer, **_roles(viewer))


def roll_shown_to(*, entry: LedgerEntry, viewer: Any) -> bool:
    """Whether the viewer may see ``entry`` (its roller may not, for a GM-only or blind roll)."""
    return rolls_visible_to(viewer=viewer).filter(pk=entry.pk).exists()


def chained_to_hidden(*, entries: Iterable[LedgerEntry], viewer: Any) -> set[int]:
    """The entries (of ``entries``) whose ``prev_hash`` is the hash of a hidden roll, for a viewer who is not
    their GM: on a public stream from before hidden streams, the roll after a GM-only one chains to it, and
    that hash would let anyone try its few outcomes. Their ``prev_hash`` is withheld."""
    candidates = [e for e in entries if e.stream.audience == Audience.PUBLIC and e.seq > 0]
    if candidates:
        gm_of = set(campaign_ids_of(viewer=viewer, roles=(GM,)))
        candidates = [e for e in candidates if e.campaign_id not in gm_of]
    if not candidates:
        return set()
    before = Q()
    for e in candidates:
        before |= Q(stream_id=e.stream_id, seq=e.seq - 1)
    hidden = set(
        LedgerEntry.objects.filter(before).exclude(visibility=Visibility.PUBLIC).values_list("stream_id", "seq")
    )
    return {e.pk for e in candidates if (e.stream_id, e.seq - 1) in hidden}


def campaign_for_member(*, viewer: Any, campaign_id: int) -> Campaign | None:
    """The campaign if the viewer is an active member; None otherwise (existence stays secret)."""
    if role_of(viewer=viewer, campaign_id=campaign_id) is None:
        return None
    return Campaign.objects.filter(pk=campaign_id).first()


def _stream_info(stream: RollStream, rolls: int, seed_shown: bool) -> dict[str, Any]:
    shown = seed_shown and stream.revealed_at is not None
    return {
        "commitment": stream.commitment,
        "seed": stream.seed if shown else None,
        "salt": stream.salt if shown else None,
        "scheme": stream.scheme,
        "contributions": stream.contributions if shown else None,
        "revealed_at": stream.revealed_at,
        "rolls": rolls,
    }


def fairness_of(*, campaign: Campaign, viewer: Any) -> dict[str, Any]:
    """Each week's public commitment (and seed once revealed), the hidden streams the viewer may see, and
    face counts per die size with a chi-square test.

    Every figure covers only rolls whose result the viewer may see: a week's ``rolls`` counts the
    public stream's entries the viewer sees; a hidden stream (GM, self, party) is listed to its
    audience only, with its seed once the week closed. A public stream from before hidden streams
    existed, which carries hidden rolls, shows its seed to the GM only: with it, the gaps in its
    sequence numbers would give those rolls away.
    """
    is_gm = role_of(viewer=viewer, campaign_id=campaign.pk) == GM
    visible = rolls_visible_to(viewer=viewer).filter(campaign=campaign)
    per_stream = visible.select_related(None).order_by().values("stream_id").annotate(n=Count("id"))
    counts = {row["stream_id"]: row["n"] for row in per_stream}
    streams = streams_visible_to(viewer=viewer).filter(campaign=campaign, week__isnull=False).select_related("week")
    mixed = set(mixed_streams().filter(stream__campaign=campaign).distinct()) if not is_gm else set()
    weeks: dict[int, dict[str, Any]] = {}
    hidden: dict[int, list[dict[str, Any]]] = {}
    for s in sorted(streams, key=lambda s: (s.week.number, s.pk)):  # type: ignore[union-attr]
        week = s.week
        assert week is not None
        if s.audience == Audience.PUBLIC:
            weeks[week.number] = {
                "number": week.number,
                "status": week.status,
                **_stream_info(s, counts.get(s.pk, 0), seed_shown=s.pk not in mixed),
            }
        elif s.audience in HIDDEN_AUDIENCES:
            info = {"audience": s.audience, "key": s.key, **_stream_info(s, counts.get(s.pk, 0), seed_shown=True)}
            hidden.setdefault(week.number, []).append(info)
    for number, week_info in weeks.items():
        week_info["hidden_streams"] = hidden.get(number, [])
    shown = visible.filter(manual=False).select_related(None).only("notation", "faces").iterator()
    return {"campaign": campaign.pk, "weeks": list(weeks.values()), "dice": face_counts(shown)}

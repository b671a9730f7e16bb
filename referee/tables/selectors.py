"""Reads of live tables for a viewer (LIVE-TABLES §4, §8): secrecy lives here, once.

The referee knows seats, not campaigns: ``member_of`` is the caller's answer to "which campaigns
is this viewer a member of" (``campaign.selectors.roles.campaign_ids_of``). A table the viewer
may not see answers exactly like a missing one. Everything beyond a table's public header comes
from the viewer's own seat: the view, the events, the commands, the decisions. The table's own
``seq`` (which counts every seat's hidden events) never leaves; each seat has its own.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, NotAllowed, NotFound
from referee.engine.live import START, allowed, render
from referee.engine.live.events import command_handle
from referee.engine.live.views import handles_in
from referee.models import RollStream
from referee.table_models import TableSeat, TableSession, audience_q
from referee.tables.audit import seat_audit, seat_piles, table_audit
from referee.tables.rolls import entries_by_command, seat_streams, visible_streams
from referee.tables.state import MARKERS, close_asks, in_progress, live_of, state_of


def tables_visible_to(*, viewer: Any, member_of: Any) -> QuerySet[TableSession]:
    """Tables where the viewer has a seat, or that belong to a campaign the viewer is a member of."""
    if not getattr(viewer, "is_authenticated", False):
        return TableSession.objects.none()
    seated = TableSeat.objects.filter(user=viewer).values_list("session_id", flat=True)
    return TableSession.objects.filter(Q(pk__in=seated) | Q(campaign_id__in=member_of)).select_related("stream")


def table_for(*, viewer: Any, pk: int, member_of: Any) -> TableSession:
    found = tables_visible_to(viewer=viewer, member_of=member_of).filter(pk=pk).first()
    if found is None:
        raise NotFound(_("No such table."), code="table_not_found")
    return found


def seat_of(*, session: TableSession, viewer: Any) -> TableSeat | None:
    if not getattr(viewer, "is_authenticated", False):
        return None
    return session.seats.filter(user=viewer).first()


def seat_required(*, session: TableSession, viewer: Any) -> TableSeat:
    seat = seat_of(session=session, viewer=viewer)
    if seat is None:
        raise NotAllowed(_("You have no seat at this table: join it to see the game."), code="not_seated")
    return seat


def detail_of(*, session: TableSession, viewer: Any) -> dict[str, Any]:
    """The public header: seats and presence, the commitment (the seed once closed), my seat and seq."""
    mine = seat_of(session=session, viewer=viewer)
    stream = session.stream
    revealed = stream.revealed_at is not None
    return {
        "id": session.pk, "campaign": session.campaign_id, "system": session.system, "status": session.status,
        "settings": session.settings, "rules_pack": session.rules_pack.slug if session.rules_pack is not None else None,
        "created_at": session.created_at, "started_at": session.started_at, "closed_at": session.closed_at,
        "seats": [
            {"key": s.key, "username": s.user.get_username() if s.user else _("Vacant seat"), "role": s.role,
             "side": s.side, "last_seen_at": s.last_seen_at}
            for s in session.seats.select_related("user").order_by("position")
        ],
        "commitment": stream.commitment,
        "seed": stream.seed if revealed else None,
        "salt": stream.salt if revealed else None,
        "scheme": stream.scheme,
        "contributions": stream.contributions if revealed else None,
        "my_seat": mine.key if mine else None,
        "my_seq": mine.view_seq if mine else None,
        "my_stream": _stream_header(seat_streams(session).get(mine.key)) if mine else None,
        "seat_streams": [_stream_header(s) for k, s in sorted(
            visible_streams(session, mine, sees_hidden=_sees_hidden(session, mine)).items()) if k] if mine else [],
        "close_waiting_for": _close_waiting(session),
    }


def _stream_header(stream: RollStream | None) -> dict[str, Any] | None:
    """A stream's commitment, and once revealed its seed, salt and contributions."""
    if stream is None:
        return None
    revealed = stream.revealed_at is not None
    return {"key": stream.key, "commitment": stream.commitment, "scheme": stream.scheme,
            "seed": stream.seed if revealed else None, "salt": stream.salt if revealed else None,
            "contributions": stream.contributions if revealed else None}


def _close_waiting(session: TableSession) -> list[str]:
    """The players yet to agree to close the game in progress, once one has asked (else none)."""
    asked = close_asks(session) if in_progress(session) else set()
    players = {s.key for s in session.seats.all() if s.role == TableSeat.Role.PLAYER}
    return sorted(players - asked) if asked else []


def _sees_hidden(session: TableSession, seat: TableSeat) -> bool:
    return seat.key in ((session.snapshot or {}).get("sees_hidden") or [])


def view_of(*, session: TableSession, seat: TableSeat) -> dict[str, Any]:
    """The seat's snapshot of the game, as its system renders it for that seat alone."""
    if session.snapshot is None:
        return {"status": session.status, "seq": seat.view_seq, "game": None}
    game = live_of(session).view_for(state_of(session), seat.key)
    return {"status": session.status, "seq": seat.view_seq, "game": game}


def etag_of(*, session: TableSession, seat: TableSeat, body: Any) -> str:
    """A per-seat ETag over exactly what this seat is shown: it moves only when that does."""
    digest = hashlib.sha256(json.dumps([session.pk, seat.key, body], sort_keys=True, default=str).encode())
    return f'"{digest.hexdigest()[:32]}"'


def events_for(*, session: TableSession, seat: TableSeat, after: int) -> dict[str, Any]:
    """The seat's own events after its ``after``-th (numbered 1, 2, ... per seat), rendered for it."""
    rows = list(session.events.filter(audience_q(seat.key)).order_by("seq")
                .values("code", "rule", "data", "compensates_id", "command_id"))
    if after < 0 or after > len(rows):
        return {"resync": True, "seq": len(rows), "events": []}
    key, hidden = session.key, _sees_hidden(session, seat)
    out = [
        {"n": n, "code": r["code"], "rule": r["rule"], "data": render(r["data"], key=key, viewer=seat.key,
                                                                      sees_hidden=hidden),
         "compensates": r["compensates_id"] is not None,
         "command": command_handle(key, seat.key, r["command_id"])}
        for n, r in enumerate(rows, start=1) if n > after
    ]
    resync = any(e["compensates"] for e in out)  # an undo or an amend: fetch the view again
    return {"resync": resync, "seq": len(rows), "events": out}


def commands_for(*, session: TableSession, seat: TableSeat) -> list[dict[str, Any]]:
    if session.status != TableSession.Status.PLAYING:
        return []
    return allowed(live_of(session), state_of(session), seat.key)


def amendable_for(*, session: TableSession, seat: TableSeat, most: int = 10) -> list[dict[str, Any]]:
    """The commands this seat may correct now, newest first: its own, and every seat's for a GM who sees
    hidden state (a payload may hold a hidden part). Each with its fields as its type declares them and
    the payload it stands with now."""
    if session.status != TableSession.Status.PLAYING:
        return []
    types = live_of(session).command_types()
    rows = (session.commands.filter(undone_at__isnull=True, kind__in=list(types))
            .exclude(kind__in=(*MARKERS, START)).select_related("seat").order_by("-id"))
    if not (seat.role == TableSeat.Role.GM and _sees_hidden(session, seat)):
        rows = rows.filter(seat=seat)
    return [{**types[c.kind].describe(), "command": c.pk, "seat": c.seat.key if c.seat else "",
             "payload": dict(c.payload)} for c in rows[:most]]


def decisions_for(*, session: TableSession, seat: TableSeat) -> list[dict[str, Any]]:
    if session.snapshot is None:
        return []
    state = state_of(session)
    return [handles_in(state, seat.key, d.to_dict()) for d in state.decisions.values() if d.player == seat.key]


def counts_private(*, session: TableSession, seat: TableSeat) -> bool:
    """Whether how many rolls each seat made is the seat's own secret (the arena's rerolls, AD-ROLL-05),
    kept from every seat that does not see hidden state, even once the seed is revealed."""
    return live_of(session).counts_private(session.settings) and not _sees_hidden(session, seat)


def rolls_for(*, session: TableSession, seat: TableSeat) -> list[dict[str, Any]]:
    """The table's rolls the seat may see, once the table is closed and the seeds are revealed: every roll
    on the table's stream and on the seat's own (every seat's for a seated GM who sees hidden state), each
    with its stream, its chain fields and the viewer's handle of the command that made it. Nothing of
    another seat's own stream: neither its rolls nor how many there are."""
    if session.stream.revealed_at is None:
        return []
    streams = visible_streams(session, seat, sees_hidden=_sees_hidden(session, seat))
    keys = {s.pk: s.key for s in streams.values()}
    out = []
    for command, _index, entry in entries_by_command(session):
        if entry is None or entry.stream_id not in keys:
            continue
        out.append({**entry.chained_fields(), "roller_id": entry.roller_id, "created_at": entry.created_at,
                    "hash": entry.hash, "prev_hash": entry.prev_hash,
                    "command": command_handle(session.key, seat.key, command.pk)})
    return sorted(out, key=lambda r: (r["stream"], r["seq"]))


def audit_for(*, session: TableSession, seat: TableSeat) -> dict[str, Any]:
    """The close audit. The whole table's verdict for a seated GM who sees hidden state; for every other
    seat the verdict with counts over what that seat may see only (the table's totals would count the
    other seats' own rolls), and the trail of its own piles, by its own names, for tools/verify_table.py."""
    if session.status != TableSession.Status.CLOSED:
        raise Conflict(_("The audit runs once the table is closed and its seed revealed."), code="table_not_closed")
    report = table_audit(session=session).to_dict()
    if _sees_hidden(session, seat):
        return {**report, "trail": seat_audit(session=session, seat=seat, everyone=True),
                "piles": seat_piles(session=session, seat=seat, everyone=True)}
    problems = [_("The audit found a problem; the table's GM sees which.")] if report["problems"] else []
    trail = seat_audit(session=session, seat=seat, everyone=False)
    own = events_for(session=session, seat=seat, after=0)["seq"]
    return {**report, "rolls_recomputed": len(rolls_for(session=session, seat=seat)), "events": own,
            "shuffles": sum(1 for t in trail if t["code"] == "deck.shuffled"),
            "moves": sum(1 for t in trail if t["code"] == "card.moved"), "problems": problems, "trail": trail,
            "piles": seat_piles(session=session, seat=seat, everyone=False)}

"""The close audit of a table (LIVE-TABLES §3): its stream recomputed from the revealed seed, its event
log's chain walked, and every shuffle, draw and deal checked against the deck order at that moment."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from typing import Any

from referee.engine.chain import GENESIS, entry_hash
from referee.engine.live import TrailEvent, audit_trail
from referee.engine.live.events import command_handle
from referee.engine.rolls import Roll
from referee.table_models import TableEvent, TableSeat, TableSession
from referee.tables.rolls import entries_by_command, leftover_entries, seat_streams, visible_streams
from referee.verify import verify_stream

TRAIL = ("deck.built", "card.entered", "card.moved", "deck.shuffled")


@dataclass
class TableAudit:
    table: int
    rolls_recomputed: int = 0
    shuffles: int = 0
    moves: int = 0
    events: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {"table": self.table, "ok": self.ok, "rolls_recomputed": self.rolls_recomputed,
                "shuffles": self.shuffles, "moves": self.moves, "events": self.events, "problems": self.problems}


def _chain(session: TableSession, audit: TableAudit) -> None:
    prev, expected = GENESIS, 1
    for event in session.events.order_by("seq").iterator():
        audit.events += 1
        if event.seq != expected or event.prev_hash != prev or entry_hash(prev, event.chained_fields()) != event.hash:
            audit.problems.append(f"event #{event.seq}: the event log's chain is broken here (altered or missing)")
            return
        prev, expected = event.hash, expected + 1
    if prev != session.head_hash:
        audit.problems.append("the event log ends before its recorded head: events were removed")


def _rolls_by_command(session: TableSession, audit: TableAudit) -> dict[int, list[Roll]]:
    """Each command's rolls as the ledger holds them, stream by stream (its stored copy must agree)."""
    out: dict[int, list[Roll]] = {}
    for command, index, entry in entries_by_command(session):
        stored = command.rolls[index]
        if entry is None:
            audit.problems.append(f"command {command.pk} ({command.kind}): a roll of it is missing from the ledger")
            continue
        if (stored["notation"], list(stored["faces"]), stored["total"]) != (entry.notation, list(entry.faces),
                                                                             entry.total):
            audit.problems.append(f"command {command.pk} ({command.kind}): its rolls are not the ledger's")
        out.setdefault(command.pk, []).append(
            Roll(entry.notation, tuple(entry.faces), tuple(entry.kept), entry.total, entry.label, entry.rule_id))
    if leftover_entries(session):
        audit.problems.append("the ledger holds rolls no command of this table made")
    return out


def _trail(session: TableSession) -> list[TableEvent]:
    """The sealed audit trail of the commands that stand (an undone one's trail went with it)."""
    return list(session.events.filter(code__in=TRAIL, command__undone_at__isnull=True).order_by("seq"))


def table_audit(*, session: TableSession) -> TableAudit:
    audit = TableAudit(table=session.pk)
    for stream in [session.stream, *seat_streams(session).values()]:
        report, problems = verify_stream(stream=stream)
        audit.rolls_recomputed += report.recomputed
        audit.problems += [str(p) for p in problems]
    _chain(session, audit)
    rolls = _rolls_by_command(session, audit)
    trail = [TrailEvent(e.seq, e.command_id, e.code, e.data) for e in _trail(session)]
    checked = audit_trail(trail, lambda group: rolls.get(group, []))
    audit.shuffles, audit.moves = checked.shuffles, checked.moves
    audit.problems += [str(p) for p in checked.problems]
    return audit


def _touches(event: TableEvent) -> set[str]:
    data = event.data
    return {str(data[k]) for k in ("zone", "to", "from") if k in data}


def seat_piles(*, session: TableSession, seat: TableSeat, everyone: bool) -> list[str]:
    """The piles whose trail the seat is given: its own (every pile with ``everyone``)."""
    zones = (session.snapshot or {}).get("zones", {})
    return sorted(key for key, z in zones.items() if everyone or z.get("owner") == seat.key)


def seat_audit(*, session: TableSession, seat: TableSeat, everyone: bool) -> list[dict[str, Any]]:
    """The trail of the seat's own piles (every pile with ``everyone``), in order, for an outside check
    (docs/verifying-tables.md): card ids become the seat's own names for them, a shuffle names its roll by
    stream and seq, each step names the seat's handle of the command that made it. No event numbers."""
    owned = set(seat_piles(session=session, seat=seat, everyone=everyone))
    where = {(c.pk, i): e for c, i, e in entries_by_command(session) if e is not None}
    streams = visible_streams(session, seat, sees_hidden=everyone)
    shown = {s.pk for s in streams.values()}

    def name(card: str) -> str:
        mac = hmac.new(bytes.fromhex(session.key), f"trail|{seat.key}|{card}".encode(), hashlib.sha256)
        return "t" + mac.hexdigest()[:15]

    out = []
    for event in _trail(session):
        if not _touches(event) & owned:
            continue
        data = dict(event.data)
        if "card" in data:
            data["card"] = name(str(data["card"]))
        if "cards" in data:
            data["cards"] = [name(str(c)) for c in data["cards"]]
        if "order" in data:
            data["order"] = [name(str(c)) for c in data["order"]]
        if event.code == "deck.shuffled":
            entry = where.get((event.command_id, int(data["roll"])))
            data["roll"] = ({"stream": entry.stream.key, "seq": entry.seq}
                            if entry is not None and entry.stream_id in shown else None)
        out.append({"code": event.code, "command": command_handle(session.key, seat.key, event.command_id),
                    "data": data})
    return out


def tables_audit() -> list[TableAudit]:
    """Every closed table's audit, for ``manage.py verify_rolls``."""
    return [table_audit(session=s) for s in TableSession.objects.filter(status=TableSession.Status.CLOSED)
            .select_related("stream").order_by("id")]

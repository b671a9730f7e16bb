"""The close audit of a table (LIVE-TABLES §3): its stream recomputed from the revealed seed, its event
log's chain walked, and every shuffle, draw and deal checked against the deck order at that moment."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.engine.chain import GENESIS, entry_hash
from referee.engine.live import TrailEvent, audit_trail
from referee.engine.rolls import Roll
from referee.models import LedgerEntry
from referee.table_models import TableSession
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
    """Each command's rolls as the ledger holds them (its stored copy must agree)."""
    entries = list(LedgerEntry.objects.filter(stream=session.stream).order_by("seq"))
    out: dict[int, list[Roll]] = {}
    at = 0
    for command in session.commands.order_by("id"):
        mine = entries[at: at + len(command.rolls)]
        at += len(command.rolls)
        rolls = [Roll(e.notation, tuple(e.faces), tuple(e.kept), e.total, e.label, e.rule_id) for e in mine]
        stored = [(r["notation"], list(r["faces"]), r["total"]) for r in command.rolls]
        if stored != [(r.notation, list(r.faces), r.total) for r in rolls]:
            audit.problems.append(f"command {command.pk} ({command.kind}): its rolls are not the ledger's")
        out[command.pk] = rolls
    if at != len(entries):
        audit.problems.append("the ledger holds rolls no command of this table made")
    return out


def table_audit(*, session: TableSession) -> TableAudit:
    audit = TableAudit(table=session.pk)
    report, problems = verify_stream(stream=session.stream)
    audit.rolls_recomputed = report.recomputed
    audit.problems += [str(p) for p in problems]
    _chain(session, audit)
    rolls = _rolls_by_command(session, audit)
    trail = [
        TrailEvent(e.seq, e.command_id, e.code, e.data)
        for e in session.events.filter(code__in=TRAIL, command__undone_at__isnull=True).order_by("seq")
    ]
    checked = audit_trail(trail, lambda group: rolls.get(group, []))
    audit.shuffles, audit.moves = checked.shuffles, checked.moves
    audit.problems += [str(p) for p in checked.problems]
    return audit


def tables_audit() -> list[TableAudit]:
    """Every closed table's audit, for ``manage.py verify_rolls``."""
    return [table_audit(session=s) for s in TableSession.objects.filter(status=TableSession.Status.CLOSED)
            .select_related("stream").order_by("id")]

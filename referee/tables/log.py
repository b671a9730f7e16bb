"""The table's event log: append hash-chained events, raise each audience seat's ``view_seq``, and
nudge those seats' phones after commit (the nudge carries only the table and that seat's seq)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone

from referee.engine.chain import entry_hash
from referee.engine.live import EVERYONE, SEALED, Event, audience_sees
from referee.table_models import TableCommand, TableEvent, TableSeat, TableSession

log = logging.getLogger(__name__)


def audience_text(audience: Sequence[str]) -> str:
    if EVERYONE in audience:
        return EVERYONE
    if SEALED in audience:
        return SEALED
    return "|" + "|".join(sorted(audience)) + "|"


def audience_list(text: str) -> list[str]:
    if text in (EVERYONE, SEALED):
        return [text]
    return [s for s in text.split("|") if s]


def events_append(*, session: TableSession, command: TableCommand, events: Sequence[Event],
                  compensates: TableCommand | None = None) -> list[TableEvent]:
    """Chain ``events`` onto the locked ``session``; raise the seq of every seat that sees one."""
    now = timezone.now()
    rows: list[TableEvent] = []
    head = session.head_hash
    seats = list(session.seats.all())
    seen = {seat.pk: 0 for seat in seats}
    for offset, event in enumerate(events):
        row = TableEvent(
            session=session, seq=session.seq + offset + 1, command=command, code=event.code, rule=event.rule,
            audience=audience_text(event.audience), data=dict(event.data), compensates=compensates,
            created_at=now, prev_hash=head,
        )
        row.hash = entry_hash(head, row.chained_fields())
        head = row.hash
        rows.append(row)
        for seat in seats:
            if audience_sees(list(event.audience), seat.key):
                seen[seat.pk] += 1
    if not rows:
        return rows
    TableEvent.objects.bulk_create(rows)
    session.seq += len(rows)
    session.head_hash = head
    command.first_seq, command.last_seq = rows[0].seq, rows[-1].seq
    command.save(update_fields=["first_seq", "last_seq"])
    nudged = []
    for seat in seats:
        if seen[seat.pk]:
            seat.view_seq += seen[seat.pk]
            TableSeat.objects.filter(pk=seat.pk).update(view_seq=seat.view_seq)
            nudged.append((seat.pk, seat.view_seq))
    transaction.on_commit(lambda: nudge(session.pk, nudged))
    return rows


def group_name(table_id: int, seat_id: int) -> str:
    return f"table-{table_id}-seat-{seat_id}"


def nudge(table_id: int, seats: Sequence[tuple[int, int]]) -> None:
    """Tell each seat's open sockets that its seq moved: ``{"table": id, "seq": n}``, never game data."""
    try:
        from asgiref.sync import async_to_sync
        from channels.layers import get_channel_layer
    except ImportError:  # pragma: no cover - channels is in the stack
        return
    layer = get_channel_layer()
    if layer is None:
        return
    for seat_id, seq in seats:
        try:
            async_to_sync(layer.group_send)(group_name(table_id, seat_id),
                                            {"type": "table.nudge", "table": table_id, "seq": seq})
        except Exception:  # a nudge is a courtesy: polling with the ETag still works without it
            log.warning("table %s: nudge to seat %s failed", table_id, seat_id, exc_info=True)

"""A table's dice (LIVE-TABLES §3, §6a): one public stream for the rolls everyone sees, and one sealed
stream per seat for the rolls that are that seat's alone (its deck's shuffles, its hidden rolls).

Each stream is committed when it opens (the table's at open, a seat's when it sits down), takes the
seats' contributions at the start and is revealed at the close; a seat's stream is shown only to that
seat (and to a seated GM who sees hidden state), so no other seat can count or recompute its rolls.
Each command records which stream each of its rolls went on (``"on"``: "" for the table's, else the
seat's key), so the rolls can be paired with their ledger entries stream by stream.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from referee.engine.rolls import Roll, roll_to_dict
from referee.models import LedgerEntry, RollStream, Visibility
from referee.services.ledger import LedgerRoller
from referee.services.table_streams import table_stream_open
from referee.table_models import TableCommand, TableSeat, TableSession


def seat_stream_key(table_id: int, seat_key: str) -> str:
    return f"table:{table_id}:seat:{seat_key}"


def seat_stream_open(*, session: TableSession, seat_key: str) -> RollStream:
    return table_stream_open(key=seat_stream_key(session.pk, seat_key))


def seat_streams(session: TableSession) -> dict[str, RollStream]:
    """Each seat's own stream by seat key (tables opened before seats had streams have none)."""
    keys = {seat_stream_key(session.pk, s.key): s.key for s in session.seats.all()}
    return {keys[s.key]: s for s in RollStream.objects.filter(key__in=list(keys))}


class TableRoller:
    """The roller a table's command gets: ``roll`` goes on the table's stream, ``roll_for(seat)`` on the
    seat's own; ``made`` is every roll in the order made, ``on`` the stream of each."""

    def __init__(self, session: TableSession) -> None:
        self._session = session
        self._main = self._ledger(session.stream)
        self._seats: dict[str, LedgerRoller] = {}
        self._streams = seat_streams(session)
        self.made: list[Roll] = []
        self.on: list[str] = []

    def _ledger(self, stream: RollStream) -> LedgerRoller:
        return LedgerRoller(stream=stream, roller=None, purpose="table", ref=f"table:{self._session.pk}",
                            visibility=Visibility.SEALED)

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        return self._keep("", self._main.roll(notation, rule=rule, label=label))

    def roll_for(self, seat: str, notation: str, *, rule: str = "", label: str = "") -> Roll:
        if seat not in self._streams:
            return self.roll(notation, rule=rule, label=label)
        if seat not in self._seats:
            self._seats[seat] = self._ledger(self._streams[seat])
        return self._keep(seat, self._seats[seat].roll(notation, rule=rule, label=label))

    def _keep(self, on: str, made: Roll) -> Roll:
        self.made.append(made)
        self.on.append(on)
        return made

    def store(self) -> None:
        self._main.store()
        for ledger in self._seats.values():
            ledger.store()

    def stored(self, start: int = 0) -> list[dict[str, Any]]:
        """The rolls from ``start`` as a command records them, each with the stream it went on."""
        return [{**roll_to_dict(r, detail=False), "on": on} for r, on in zip(self.made[start:], self.on[start:],
                                                                          strict=True)]


def entries_by_command(session: TableSession) -> Iterator[tuple[TableCommand, int, LedgerEntry | None]]:
    """Every command's rolls paired with their ledger entries, stream by stream, in the order made:
    ``(command, index among the command's rolls, entry)``; the entry is None where a stream holds fewer."""
    streams = {"": session.stream, **seat_streams(session)}
    queues = {on: list(LedgerEntry.objects.filter(stream=s).select_related("stream").order_by("seq"))
              for on, s in streams.items()}
    at = dict.fromkeys(queues, 0)
    for command in session.commands.order_by("id"):
        for index, roll in enumerate(command.rolls):
            on = str(roll.get("on", ""))
            queue = queues.get(on, [])
            entry = queue[at[on]] if on in at and at[on] < len(queue) else None
            if on in at:
                at[on] += 1
            yield command, index, entry


def leftover_entries(session: TableSession) -> int:
    """How many ledger entries of the table's streams no command claims (0 for an honest table)."""
    claimed = sum(1 for _c, _i, entry in entries_by_command(session) if entry is not None)
    streams = [session.stream, *seat_streams(session).values()]
    return LedgerEntry.objects.filter(stream__in=streams).count() - claimed


def visible_streams(session: TableSession, seat: TableSeat, *, sees_hidden: bool) -> dict[str, RollStream]:
    """The streams whose rolls ``seat`` may see once the table is closed: the table's, its own, and
    every seat's for a seated GM who sees hidden state."""
    seats = seat_streams(session)
    mine = seats if sees_hidden else {k: s for k, s in seats.items() if k == seat.key}
    return {"": session.stream, **mine}

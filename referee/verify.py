"""Recompute the ledger: walk every chain, and recompute every roll whose seed is revealed.

Used by ``manage.py verify_rolls``. Reads only; reports the first bad entry of each stream.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from referee.engine import fairness
from referee.engine.chain import GENESIS, entry_hash
from referee.engine.rolls import Roll
from referee.models import LedgerEntry, RollStream


@dataclass(frozen=True)
class Problem:
    entry_id: int | None
    stream: str
    seq: int | None
    message: str

    def __str__(self) -> str:
        where = (
            f"entry {self.entry_id} ({self.stream} #{self.seq})" if self.entry_id else f"stream {self.stream}"
        )
        return f"{where}: {self.message}"


@dataclass
class Report:
    streams: int = 0
    entries: int = 0
    recomputed: int = 0


def _check_stream(stream: RollStream, report: Report) -> Iterator[Problem]:
    revealed = stream.revealed_at is not None
    if revealed and not fairness.seed_matches(seed=bytes.fromhex(stream.seed), published=stream.commitment):
        yield Problem(None, stream.key, None, "the revealed seed does not match its published commitment")
        return
    seed, salt = bytes.fromhex(stream.seed), bytes.fromhex(stream.salt)
    prev, expected_seq = GENESIS, 0
    entries = LedgerEntry.objects.filter(stream=stream).select_related("stream").order_by("seq")
    for entry in entries.iterator():
        report.entries += 1
        if entry.seq != expected_seq:
            yield Problem(
                entry.pk, stream.key, entry.seq, f"expected roll #{expected_seq}: a roll is missing"
            )
            return
        if entry.prev_hash != prev:
            yield Problem(
                entry.pk, stream.key, entry.seq, "its previous-hash does not match the entry before it"
            )
            return
        if entry_hash(prev, entry.chained_fields()) != entry.hash:
            yield Problem(
                entry.pk, stream.key, entry.seq, "its stored fields do not match its hash (altered)"
            )
            return
        if revealed and not entry.manual:
            stored = Roll(entry.notation, tuple(entry.faces), tuple(entry.kept), entry.total)
            if not fairness.verify_roll(seed=seed, salt=salt, seq=entry.seq, roll=stored, scheme=stream.scheme):
                yield Problem(
                    entry.pk,
                    stream.key,
                    entry.seq,
                    f"{entry.notation} = {entry.faces} (total {entry.total}) is not what the revealed seed gives",
                )
                return
            report.recomputed += 1
        prev, expected_seq = entry.hash, expected_seq + 1
    if prev != stream.head_hash or expected_seq != stream.next_seq:
        yield Problem(None, stream.key, None, "the chain ends before its recorded tip: entries were removed")


def verify_ledger(*, campaign_id: int | None = None) -> tuple[Report, list[Problem]]:
    """Check every stream (of one campaign, or all); returns counts and the problems found."""
    streams = RollStream.objects.order_by("id")
    if campaign_id is not None:
        streams = streams.filter(campaign_id=campaign_id)
    report, problems = Report(), list[Problem]()
    for stream in streams.iterator():
        report.streams += 1
        problems.extend(_check_stream(stream, report))
    return report, problems


def verify_stream(*, stream: RollStream) -> tuple[Report, list[Problem]]:
    """Check one stream (a table's, at its close audit)."""
    report = Report(streams=1)
    return report, list(_check_stream(stream, report))

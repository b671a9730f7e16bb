"""Rolls: made on the server from a stream's seed, appended to the hash-chained ledger.

Every roll that changes state goes through :class:`LedgerRoller`: it locks the
stream row once (so sequence numbers and the chain are allocated one writer at a
time), rolls with the stream's seeded generator under the stream's dice scheme,
and stores the rolls with :meth:`LedgerRoller.store` inside the caller's
transaction, before the caller applies any effect. A retry after a crash finds
the stored rolls and replays them (``referee.engine.dice.ReplayRoller``); it
never rolls again.

A job that makes many rolls on one stream (a week's entries, a battle's
aftermath) keeps one ``LedgerRoller`` for the whole job and calls ``store()``
once, before its effects: one lock, one bulk insert, and the same ``seq`` and
``prev_hash`` as storing each roll on its own would give. Rolls made for
different things (each entry's ``ref``) go through :meth:`LedgerRoller.tagged`
views of the same roller.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, RuleViolation
from referee.engine.chain import entry_hash
from referee.engine.dice import DiceError, SeededRoller
from referee.engine.rolls import Roll
from referee.models import LedgerEntry, RollStream, Visibility

Tag = tuple[str, str, str]  # (purpose, ref, visibility) of a roll


class LedgerRoller:
    """A Roller over a locked stream that stores what it rolled. Use inside ``transaction.atomic``."""

    def __init__(
        self,
        *,
        stream: RollStream,
        roller: Any | None,
        purpose: str,
        ref: str = "",
        visibility: str = Visibility.PUBLIC,
        locked: bool = False,
    ) -> None:
        """``locked``: the caller already holds ``stream`` with ``select_for_update`` in this transaction."""
        if not transaction.get_connection().in_atomic_block:
            raise RuntimeError("LedgerRoller must be used inside transaction.atomic()")
        self.stream = stream if locked else RollStream.objects.select_for_update().get(pk=stream.pk)
        if self.stream.revealed_at is not None:
            # A revealed seed makes every further roll predictable: refuse, whatever the caller thought.
            raise Conflict(_("This roll stream's seed has been revealed; it takes no more rolls."),
                           code="stream_revealed")
        self.roller = roller
        self.purpose = purpose
        self.ref = ref
        self.visibility = visibility
        self._dice = SeededRoller(
            seed=bytes.fromhex(self.stream.seed),
            salt=bytes.fromhex(self.stream.salt),
            start_seq=self.stream.next_seq,
            scheme=self.stream.scheme,
        )
        self._tags: list[Tag] = []
        self._stored = 0

    @property
    def made(self) -> list[Roll]:
        return self._dice.made

    @property
    def pending(self) -> int:
        """How many rolls were made since the last :meth:`store`."""
        return len(self._dice.made) - self._stored

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        return self._roll(notation, rule, label, (self.purpose, self.ref, self.visibility))

    def _roll(self, notation: str, rule: str, label: str, tag: Tag) -> Roll:
        made = self._dice.roll(notation, rule=rule, label=label)  # refused notation: no number, no tag
        self._tags.append(tag)
        return made

    def tagged(self, *, ref: str, purpose: str | None = None, visibility: str | None = None) -> TaggedRoller:
        """A Roller whose rolls go on this stream, in turn with every other roll of this roller, stored
        by this roller's next :meth:`store` with their own ``ref`` (and purpose, visibility)."""
        return TaggedRoller(
            self, (purpose if purpose is not None else self.purpose, ref,
                   visibility if visibility is not None else self.visibility)
        )

    def store(self) -> list[LedgerEntry]:
        """Append every roll made since the last store to the ledger in one insert; returns the new entries."""
        start = self._stored
        entries = _append(
            stream=self.stream,
            rolls=self._dice.made[start:],
            tags=self._tags[start:],
            roller=self.roller,
        )
        self._stored = len(self._dice.made)
        return entries


class TaggedRoller:
    """One thing's rolls on a :class:`LedgerRoller` (see :meth:`LedgerRoller.tagged`); ``made`` is its own."""

    def __init__(self, ledger: LedgerRoller, tag: Tag) -> None:
        self._ledger = ledger
        self._tag = tag
        self.made: list[Roll] = []

    @property
    def ref(self) -> str:
        return self._tag[1]

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        made = self._ledger._roll(notation, rule, label, self._tag)
        self.made.append(made)
        return made


def _append(
    *,
    stream: RollStream,
    rolls: Sequence[Roll],
    tags: Sequence[Tag],
    roller: Any | None,
    manual: bool = False,
) -> list[LedgerEntry]:
    """Chain ``rolls`` onto the locked ``stream`` in order and save them in one insert."""
    now = timezone.now()
    entries: list[LedgerEntry] = []
    head = stream.head_hash
    for offset, (made, (purpose, ref, visibility)) in enumerate(zip(rolls, tags, strict=True)):
        entry = LedgerEntry(
            stream=stream,
            seq=stream.next_seq + offset,
            campaign_id=stream.campaign_id,
            week_id=stream.week_id,
            roller=roller,
            purpose=purpose,
            rule_id=made.rule,
            ref=ref,
            notation=made.notation,
            label=made.label[:120],
            faces=list(made.faces),
            kept=list(made.kept),
            total=made.total,
            visibility=visibility,
            manual=manual,
            created_at=now,
            prev_hash=head,
        )
        entry.hash = entry_hash(head, entry.chained_fields())
        head = entry.hash
        entries.append(entry)
    if entries:
        _insert(entries)
        stream.next_seq += len(entries)
        stream.head_hash = head
        stream.save(update_fields=["next_seq", "head_hash"])
    return entries


def _insert(entries: list[LedgerEntry]) -> None:
    """Insert ``entries`` (of one stream) in one statement and set their ids.

    On PostgreSQL the rows go as one JSON parameter (``jsonb_to_recordset``): building a many-row
    ``VALUES`` list field by field is most of what ``bulk_create`` spends on a job's rolls.
    """
    if connection.vendor != "postgresql" or len(entries) < 2:
        LedgerEntry.objects.bulk_create(entries)
        return
    qn = connection.ops.quote_name
    fields = [f for f in LedgerEntry._meta.concrete_fields if not f.primary_key]
    columns = ", ".join(qn(f.column) for f in fields)
    types = ", ".join(f"{qn(f.column)} {f.db_type(connection)}" for f in fields)  # a foreign key: its target's
    sql = (
        f"INSERT INTO {qn(LedgerEntry._meta.db_table)} ({columns}) "  # noqa: S608 - quoted model identifiers
        f"SELECT {columns} FROM jsonb_to_recordset(%s::jsonb) AS d({types}) RETURNING id, seq"
    )
    rows = [
        {f.column: (v.isoformat() if isinstance(v := getattr(e, f.attname), datetime) else v) for f in fields}
        for e in entries
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, [json.dumps(rows, ensure_ascii=False)])
        ids = {seq: pk for pk, seq in cursor.fetchall()}
    for e in entries:
        e.pk = ids[e.seq]
        e._state.adding, e._state.db = False, connection.alias


@transaction.atomic
def roll_make(
    *,
    stream: RollStream,
    user: Any,
    notation: str,
    purpose: str,
    visibility: str = Visibility.PUBLIC,
    label: str = "",
    rule: str = "",
    ref: str = "",
    locked: bool = False,
) -> LedgerEntry:
    """Roll ``notation`` for ``user`` on ``stream`` and store it before returning it.

    GM-only and blind rolls need a campaign's stream (someone must be the GM). The
    caller chose the stream and checked the user may roll on it.
    """
    if visibility not in Visibility.values:
        raise RuleViolation(
            _("visibility must be one of: %(v)s.") % {"v": ", ".join(Visibility.values)},
            code="invalid_visibility",
            field="visibility",
        )
    if stream.campaign_id is None and visibility in (Visibility.GM, Visibility.BLIND):
        raise RuleViolation(
            _("GM-only and blind rolls need a campaign with a GM; give a campaign or use public or self."),
            code="visibility_needs_campaign",
            field="visibility",
        )
    roller = LedgerRoller(
        stream=stream, roller=user, purpose=purpose, ref=ref, visibility=visibility, locked=locked
    )
    try:
        roller.roll(notation, rule=rule, label=label)
    except DiceError as exc:
        raise RuleViolation(str(exc), code="invalid_notation", fields={"notation": [str(exc)]}) from None
    return roller.store()[0]

"""The rolls of a group of plan entries: replayed where an entry stored them before it paused, otherwise made on
the week's GM stream through one ``LedgerRoller`` for the whole group (one lock, one insert)."""

from __future__ import annotations

from campaign.models import Week
from campaign.services.streams import week_gm_stream
from referee.engine.dice import ReplayRoller
from referee.engine.rolls import Roll
from referee.models import LedgerEntry, Visibility
from referee.services.ledger import LedgerRoller, TaggedRoller


def roll_ref(week: Week, move_id: str) -> str:
    """The ledger ``ref`` of an entry's rolls."""
    return f"week:{week.pk}:move:{move_id}"


def stored_rolls(week: Week, move_id: str) -> list[Roll]:
    # In the order made: by id, which also orders a week begun before it had a GM stream (rolls on two streams).
    entries = LedgerEntry.objects.filter(week=week, ref=roll_ref(week, move_id)).order_by("id")
    return [
        Roll(
            notation=e.notation,
            faces=tuple(e.faces),
            kept=tuple(e.kept),
            total=e.total,
            label=e.label,
            rule=e.rule_id,
        )
        for e in entries
    ]


class GroupRolls:
    """Every new roll of one group of entries, on the week's GM stream: locked at the group's first new roll
    (most entries roll nothing), stored by :meth:`store` in one insert before any effect is written."""

    def __init__(self, week: Week) -> None:
        self._week = week
        self._ledger: LedgerRoller | None = None

    def for_entry(self, ref: str) -> TaggedRoller:
        if self._ledger is None:
            self._ledger = LedgerRoller(
                stream=week_gm_stream(week=self._week),  # the GM's alone, seed and all (docs/hidden-rolls.md)
                roller=None,
                purpose="week",
                ref=ref,
                visibility=Visibility.GM,  # the labels name moves and actors: secret (spec §2)
                locked=True,
            )
        return self._ledger.tagged(ref=ref)

    def store(self) -> list[LedgerEntry]:
        return self._ledger.store() if self._ledger is not None else []


class ResumeRoller:
    """One entry's rolls: first the ones it stored before it paused (replayed), then new ones from the group."""

    def __init__(self, *, group: GroupRolls, ref: str, stored: list[Roll]) -> None:
        self._group = group
        self._ref = ref
        self._new: TaggedRoller | None = None
        self._replay = ReplayRoller(stored)
        self.made: list[Roll] = []

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        if self._replay.remaining:
            made = self._replay.roll(notation, rule=rule, label=label)
        else:
            if self._new is None:
                self._new = self._group.for_entry(self._ref)
            made = self._new.roll(notation, rule=rule, label=label)
        self.made.append(made)
        return made

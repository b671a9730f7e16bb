"""Roll tables: a dice expression and the entry each possible roll gives.

The Mordheim data (and any later pack) writes tables as JSON objects with a
``dice`` field and a list of ``results`` (or ``rows``), each entry holding a
``range`` ``[min, max]``, an explicit ``d66_values`` list, or a single ``roll``.
This module turns such an object into a :class:`RollTable` and refuses one
whose entries overlap, leave a roll uncovered or name a roll the dice cannot
produce, with the entry named so a pack author can fix it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

D66_VALUES: tuple[int, ...] = tuple(10 * t + u for t in range(1, 7) for u in range(1, 7))

#: Every value each table dice expression can produce, in order.
DICE_VALUES: Mapping[str, tuple[int, ...]] = MappingProxyType(
    {
        "D3": (1, 2, 3),
        "D6": (1, 2, 3, 4, 5, 6),
        "2D6": tuple(range(2, 13)),
        "D66": D66_VALUES,
    }
)


class TableError(ValueError):
    """A table that cannot be used as written; ``entry`` names the bad entry."""

    def __init__(self, entry: str, message: str) -> None:
        super().__init__(f"{entry}: {message}" if entry else message)
        self.entry = entry
        self.message = message


class InvalidRoll(ValueError):
    """A roll the table's dice cannot produce (a D66 of 17, a 2D6 of 13)."""

    def __init__(self, dice: str, roll: int, valid: tuple[int, ...]) -> None:
        self.dice = dice
        self.roll = roll
        self.valid = valid
        super().__init__(f"{roll} is not a possible {dice} roll; valid values are {describe_values(valid)}.")


def describe_values(values: tuple[int, ...]) -> str:
    """Compact text for a value list: ``2-12`` or ``11-16, 21-26, ...``."""
    runs: list[tuple[int, int]] = []
    for v in values:
        if runs and v == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


@dataclass(frozen=True, slots=True)
class TableEntry:
    """One row: the rolls that select it, its id, and the raw data for display."""

    id: str
    values: tuple[int, ...]
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class RollTable:
    """A table that maps every possible roll of ``dice`` to exactly one entry."""

    name: str
    dice: str
    entries: tuple[TableEntry, ...]

    @property
    def valid_values(self) -> tuple[int, ...]:
        return DICE_VALUES[self.dice]

    def lookup(self, roll: int) -> TableEntry:
        """The entry for ``roll``; :class:`InvalidRoll` when the dice cannot make it."""
        if roll not in self.valid_values:
            raise InvalidRoll(self.dice, roll, self.valid_values)
        for entry in self.entries:
            if roll in entry.values:
                return entry
        # parse_table guarantees coverage; reaching here means a hand-built table.
        raise TableError(self.name, f"no entry covers roll {roll}")


def _entry_values(raw: Mapping[str, Any], label: str) -> tuple[int, ...]:
    if "d66_values" in raw:
        values = raw["d66_values"]
        if not isinstance(values, list) or not all(isinstance(v, int) for v in values):
            raise TableError(label, "d66_values must be a list of whole numbers")
        return tuple(values)
    if "range" in raw:
        rng = raw["range"]
        if not (isinstance(rng, list) and len(rng) == 2 and all(isinstance(v, int) for v in rng)):
            raise TableError(label, "range must be a [min, max] list of two whole numbers")
        if rng[0] > rng[1]:
            raise TableError(label, f"range {rng} runs backwards")
        return tuple(range(rng[0], rng[1] + 1))
    if "roll" in raw:
        if not isinstance(raw["roll"], int):
            raise TableError(label, "roll must be a whole number")
        return (raw["roll"],)
    raise TableError(label, "an entry needs a range, d66_values or roll")


def is_roll_table(raw: Any) -> bool:
    """Whether a JSON object looks like a roll table (dice plus results or rows)."""
    return (
        isinstance(raw, Mapping)
        and isinstance(raw.get("dice"), str)
        and isinstance(raw.get("results", raw.get("rows")), list)
    )


def parse_table(name: str, raw: Mapping[str, Any], *, dice: str | None = None) -> RollTable:
    """Validate a JSON table and build a :class:`RollTable`.

    ``dice`` overrides the table's own field (for nested tables that inherit it).
    Every possible roll must be covered by exactly one entry.
    """
    dice = dice or raw.get("dice")
    if not isinstance(dice, str) or dice not in DICE_VALUES:
        raise TableError(name, f"unknown dice {dice!r}; expected one of {', '.join(DICE_VALUES)}")
    rows = raw.get("results", raw.get("rows"))
    if not isinstance(rows, list) or not rows:
        raise TableError(name, "a table needs a non-empty results (or rows) list")
    valid = set(DICE_VALUES[dice])
    seen: dict[int, str] = {}
    entries: list[TableEntry] = []
    for i, row in enumerate(rows):
        if not isinstance(row, Mapping):
            raise TableError(f"{name}[{i}]", "an entry must be an object")
        entry_id = str(row.get("id", row.get("result", "")))
        label = f"{name}[{i}]" + (f" ({entry_id})" if entry_id else "")
        if not entry_id:
            raise TableError(label, "an entry needs an id (or result)")
        values = _entry_values(row, label)
        for v in values:
            if v not in valid:
                raise TableError(label, f"{v} is not a possible {dice} roll")
            if v in seen:
                raise TableError(label, f"roll {v} is already covered by {seen[v]}")
            seen[v] = entry_id
        entries.append(TableEntry(id=entry_id, values=values, data=MappingProxyType(dict(row))))
    missing = sorted(valid - set(seen))
    if missing:
        raise TableError(name, f"no entry covers {describe_values(tuple(missing))}")
    return RollTable(name=name, dice=dice, entries=tuple(entries))

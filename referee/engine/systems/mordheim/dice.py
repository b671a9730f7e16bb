"""Dice helpers for the Mordheim rules (section 1): reading rolls, guarded re-rolls, roll-offs.

All randomness still goes through the injected :class:`Roller`; these helpers only
read its rolls the spec's way (MH-GEN-01..05) and make sure no "re-roll until"
can loop forever.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.engine.dice import SequenceFaceSource
from referee.engine.dice import roll as roll_dice
from referee.engine.rolls import Roll, Roller

D3_FROM_D6 = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}  # MH-GEN-02
D66_VALUES: tuple[int, ...] = tuple(10 * t + u for t in range(1, 7) for u in range(1, 7))  # MH-GEN-03
_QTY = re.compile(r"(\d*)D(\d+)(?:x(\d+))?")


class RerollLimitExceeded(RuntimeError):
    """A "re-roll until" did not get an acceptable result within the guard: broken dice."""

    def __init__(self, rule: str, attempts: int) -> None:
        super().__init__(f"{rule}: no acceptable result after {attempts} rolls")
        self.rule = rule
        self.attempts = attempts


class ManualRollError(ValueError):
    """A manually entered roll the dice cannot produce (MH-GEN-07)."""


def d66(roll: Roll) -> int:
    """MH-GEN-03: first die is the tens, second the units."""
    return 10 * roll.faces[0] + roll.faces[1]


def roll_quantity(roller: Roller, expr: str, *, rule: str, label: str = "") -> int:
    """A quantity such as ``1``, ``D3``, ``2D6``, ``D6x5`` (a D6 times 5), ``5D6x5``."""
    expr = expr.strip()
    if expr.isdigit():
        return int(expr)
    m = _QTY.fullmatch(expr)
    if not m or m.group(2) not in ("3", "6"):
        raise ValueError(f"unsupported quantity {expr!r}")
    n = int(m.group(1) or 1)
    notation = f"D{m.group(2)}" if n == 1 else f"{n}D{m.group(2)}"
    total = roller.roll(notation, rule=rule, label=label or expr).total
    return total * int(m.group(3) or 1)


def reroll_until(
    roller: Roller,
    notation: str,
    accept: Callable[[Roll], bool],
    *,
    rule: str,
    guard: int,
    label: str = "",
) -> tuple[Roll, int]:
    """MH-GEN-05: roll until ``accept``; returns the kept roll and how many were made.

    Raises :class:`RerollLimitExceeded` after ``guard`` rolls, so scripted or broken
    dice cannot hang a post-battle task.
    """
    for attempt in range(1, guard + 1):
        r = roller.roll(notation, rule=rule, label=label)
        if accept(r):
            return r, attempt
    raise RerollLimitExceeded(rule, guard)


@dataclass(frozen=True, slots=True)
class RollOff:
    """A D6 roll-off: the winner and each round's scores (ties re-rolled among the tied)."""

    winner: str
    rounds: tuple[tuple[tuple[str, int], ...], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "rounds": [[[c, s] for c, s in r] for r in self.rounds]}


def roll_off(
    roller: Roller,
    contenders: Sequence[str],
    *,
    rule: str,
    guard: int,
    bonus: Mapping[str, int] | None = None,
    label: str = "roll-off",
) -> RollOff:
    """Each contender rolls D6 (+ ``bonus``); the highest wins; the tied re-roll."""
    if not contenders:
        raise ValueError("a roll-off needs contenders")
    alive = list(contenders)
    rounds: list[tuple[tuple[str, int], ...]] = []
    bonus = bonus or {}
    for _ in range(guard):
        if len(alive) == 1:
            return RollOff(alive[0], tuple(rounds))
        scores = tuple(
            (c, roller.roll("D6", rule=rule, label=f"{label}: {c}").total + bonus.get(c, 0)) for c in alive
        )
        rounds.append(scores)
        best = max(s for _, s in scores)
        alive = [c for c, s in scores if s == best]
    if len(alive) == 1:
        return RollOff(alive[0], tuple(rounds))
    raise RerollLimitExceeded(rule, guard)


def validate_manual_faces(notation: str, faces: Sequence[int], *, rule: str = "", label: str = "") -> Roll:
    """MH-GEN-07: turn manually entered faces into a Roll, refusing impossible ones.

    Faces are d6 faces (a D3 is entered as the d6 it was read from, a D66 as tens
    then units), so the ledger stores them exactly like rolled dice.
    """
    m = re.fullmatch(r"(\d*)D(66|6|3)", notation)
    if not m:
        raise ManualRollError(f"{notation} cannot be entered by hand")
    n = int(m.group(1) or 1)
    expected = 2 if m.group(2) == "66" else n
    if m.group(2) == "66" and n != 1:
        raise ManualRollError(f"{notation} cannot be entered by hand")
    if len(faces) != expected:
        raise ManualRollError(f"{notation} needs {expected} die face(s), got {len(faces)}")
    bad = [f for f in faces if not isinstance(f, int) or not 1 <= f <= 6]
    if bad:
        raise ManualRollError(f"{notation}: {bad} not between 1 and 6")
    # The dice engine reads the faces, so a hand-entered D66 or D3 has the same kept dice and total
    # as a rolled one: one place for what a notation means.
    made = roll_dice(notation, SequenceFaceSource(faces), rule=rule, label=label or "manual")
    return made


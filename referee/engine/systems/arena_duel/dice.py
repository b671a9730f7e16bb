"""Savage Worlds dice conventions on the engine's dice grammar (AD-DICE-01..05, AD-BEN-05).

A trait roll is the grammar's ``trait(dN)`` term (trait die and d6 wild die, both acing, the
higher counts), with its modifiers written into the notation, so the stored total is the
result. Damage dice ace too (``d8!+d6!``). Every roll is stored as the mechanism's roll dict.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: AD-DICE-05: the die steps, low to high.
STEPS = (4, 6, 8, 10, 12)


def step_index(die: int) -> int:
    """The die's step (d4 = 0, d12 = 4); dice outside the steps count as the nearest."""
    return max(0, min(len(STEPS) - 1, STEPS.index(die) if die in STEPS else (0 if die < 4 else len(STEPS) - 1)))


def steps_short(have: int, need: int) -> int:
    """How many die steps ``have`` falls short of ``need`` (0 when it does not)."""
    return max(0, step_index(need) - step_index(have)) if need else 0


def with_modifier(text: str, modifier: int) -> str:
    if modifier > 0:
        return f"{text}+{modifier}"
    if modifier < 0:
        return f"{text}-{-modifier}"
    return text


def trait_notation(die: int, modifier: int = 0) -> str:
    """AD-DICE-01/02: the trait die and the wild die, both acing, plus the modifiers."""
    return with_modifier(f"trait(d{die})", modifier)


def total(roll: Mapping[str, Any]) -> int:
    return int(roll["total"])


def critical_failure(roll: Mapping[str, Any]) -> bool:
    """AD-BEN-05: a 1 on both the trait die and the wild die (a trait 1 never aces, so the wild
    die's first face follows it)."""
    faces = roll.get("faces") or []
    return str(roll.get("notation", "")).upper().startswith("TRAIT(") and len(faces) >= 2 \
        and faces[0] == 1 and faces[1] == 1


def successes(value: int, tn: int = 4) -> int:
    """AD-DICE-03: 0 for a failure, 1 for a success, +1 for each full 4 over the target number."""
    if value < tn:
        return 0
    return 1 + (value - tn) // 4


def raises(value: int, tn: int = 4) -> int:
    return max(0, successes(value, tn) - 1)


def opposed(first: int, second: int) -> int:
    """AD-DICE-04: 1 when the first total is higher, -1 when the second is, 0 on a tie."""
    return (first > second) - (first < second)

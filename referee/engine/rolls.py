"""The contract between rules code and dice.

Rules modules (``referee/engine/systems/...``) never roll dice themselves: they
ask a :class:`Roller` for a roll by notation and rule ID. The roller decides
where the faces come from (a seeded HMAC stream, a scripted list in tests, or
stored rolls being replayed after a crash) and keeps the list of rolls made,
in order, so the caller can store them before applying any effect.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll as made: every die's face in order, the kept ones, the total.

    ``faces`` are raw die faces in the order drawn (a D66 is two d6 faces, tens
    first; a D3 is the d6 face it was read from). ``rule`` is the rule ID the
    roll was made for (``MH-INJ-H-01``), empty for ad hoc rolls.
    """

    notation: str
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    total: int
    label: str = ""
    rule: str = ""
    detail: tuple[tuple[str, tuple[int, ...]], ...] = field(default=())


class Roller(Protocol):
    """Anything that can make a roll. Implementations record what they made."""

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        """Roll ``notation`` for ``rule`` and return the roll (recorded)."""
        ...

    @property
    def made(self) -> list[Roll]:
        """Every roll made so far, in order."""
        ...

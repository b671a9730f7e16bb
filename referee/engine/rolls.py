"""The contract between rules code and dice.

Rules modules (``referee/engine/systems/...``) never roll dice themselves: they
ask a :class:`Roller` for a roll by notation and rule ID. The roller decides
where the faces come from (a seeded HMAC stream, a scripted list in tests, or
stored rolls being replayed after a crash) and keeps the list of rolls made,
in order, so the caller can store them before applying any effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol


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


def roll_to_dict(roll: Roll, *, detail: bool = True) -> dict[str, Any]:
    """``roll`` as plain JSON values; the one format every stored or served roll uses.

    ``detail=False`` leaves out the per-term faces: a roll replayed from the ledger has
    none (the ledger stores faces, kept and total), so a record that must read the same
    whether its rolls were made or replayed (a resumed week) stores it without them.
    """
    out: dict[str, Any] = {
        "notation": roll.notation,
        "faces": list(roll.faces),
        "kept": list(roll.kept),
        "total": roll.total,
        "label": roll.label,
        "rule": roll.rule,
    }
    if detail:
        out["detail"] = [[name, list(faces)] for name, faces in roll.detail]
    return out


def roll_from_dict(raw: Mapping[str, Any]) -> Roll:
    """The :class:`Roll` that :func:`roll_to_dict` wrote (``kept`` defaults to the faces, ``detail`` to none)."""
    return Roll(
        notation=str(raw["notation"]),
        faces=tuple(raw["faces"]),
        kept=tuple(raw.get("kept", raw["faces"])),
        total=int(raw["total"]),
        label=str(raw.get("label", "")),
        rule=str(raw.get("rule", "")),
        detail=tuple((str(name), tuple(faces)) for name, faces in raw.get("detail", ())),
    )

"""What the serious-injury step records for each warrior (JSON round-trip)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class InjuryRecord:
    """One table result; ``nested`` holds a Multiple Injuries' extra results."""

    result: str
    roll: int
    sub: str = ""
    nested: tuple[InjuryRecord, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "roll": self.roll,
            "sub": self.sub,
            "nested": [n.to_dict() for n in self.nested],
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> InjuryRecord:
        return cls(
            str(raw["result"]),
            int(raw["roll"]),
            str(raw.get("sub", "")),
            tuple(cls.from_dict(n) for n in raw.get("nested", ())),
        )


@dataclass(frozen=True)
class WarriorInjury:
    """What happened to one warrior who was out of action."""

    warband: str
    warrior: str
    records: tuple[InjuryRecord, ...]
    removed: bool = False
    models_lost: int = 0
    pending: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "warband": self.warband,
            "warrior": self.warrior,
            "records": [r.to_dict() for r in self.records],
            "removed": self.removed,
            "models_lost": self.models_lost,
            "pending": list(self.pending),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> WarriorInjury:
        return cls(
            str(raw["warband"]),
            str(raw["warrior"]),
            tuple(InjuryRecord.from_dict(r) for r in raw["records"]),
            bool(raw["removed"]),
            int(raw["models_lost"]),
            tuple(raw["pending"]),
        )

"""What resolving a sealed-moves week produces: each entry's result, the plan, the outcome."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.engine.rolls import Roll, roll_from_dict, roll_to_dict
from referee.engine.sealed.moves import Decision, Event, Move, MoveError


@dataclass(slots=True)
class MoveResult:
    """The outcome of one plan entry. ``record`` is the system's move record (author + GM)."""

    move_id: str
    player: str
    kind: str
    status: str
    visible_to: frozenset[str]
    events: list[Event] = field(default_factory=list)
    errors: list[MoveError] = field(default_factory=list)
    record: dict[str, Any] = field(default_factory=dict)
    rolls: list[Roll] = field(default_factory=list)
    decision: Decision | None = None

    def events_for(self, viewer: str, *, is_gm: bool = False) -> list[Event]:
        """The events ``viewer`` may see (all of them for the GM)."""
        return [e for e in self.events if e.visible(viewer, is_gm=is_gm)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "move_id": self.move_id,
            "player": self.player,
            "kind": self.kind,
            "status": self.status,
            "visible_to": sorted(self.visible_to),
            "events": [e.to_dict() for e in self.events],
            "errors": [e.to_dict() for e in self.errors],
            "record": self.record,
            "rolls": [roll_to_dict(r, detail=False) for r in self.rolls],
            "decision": self.decision.to_dict() if self.decision else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MoveResult:
        decision = data.get("decision")
        return cls(
            move_id=str(data["move_id"]),
            player=str(data["player"]),
            kind=str(data["kind"]),
            status=str(data["status"]),
            visible_to=frozenset(data.get("visible_to", ())),
            events=[Event.from_dict(e) for e in data.get("events", [])],
            errors=[MoveError.from_dict(e) for e in data.get("errors", [])],
            record=dict(data.get("record", {})),
            rolls=[roll_from_dict(r) for r in data.get("rolls", [])],
            decision=Decision.from_dict(decision) if decision else None,
        )


@dataclass(slots=True)
class WeekPlan:
    """The week's moves in resolution order (defaults for silent players already added)."""

    week: int
    entries: list[Move]

    def to_dict(self) -> dict[str, Any]:
        return {"week": self.week, "entries": [m.to_dict() for m in self.entries]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> WeekPlan:
        return cls(week=int(data["week"]), entries=[Move.from_dict(m) for m in data.get("entries", [])])


@dataclass(slots=True)
class WeekOutcome:
    """All results so far. ``status``: ``complete``, or ``paused`` at ``next_index`` for a decision."""

    week: int
    status: str
    results: list[MoveResult]
    next_index: int
    total: int

    @property
    def pending(self) -> Decision | None:
        if self.status == "paused" and self.results:
            return self.results[-1].decision
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "week": self.week,
            "status": self.status,
            "results": [r.to_dict() for r in self.results],
            "next_index": self.next_index,
            "total": self.total,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> WeekOutcome:
        return cls(
            week=int(data["week"]),
            status=str(data["status"]),
            results=[MoveResult.from_dict(r) for r in data.get("results", [])],
            next_index=int(data["next_index"]),
            total=int(data["total"]),
        )

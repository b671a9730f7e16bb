"""The generic weekly-moves mechanism: secret moves collected for a week, resolved at the deadline.

A game system that plays in weeks (``referee/engine/systems/<slug>/``) registers a
:class:`WeeklySystem` under its slug. The system declares its move types, checks a
submitted move against a *viewer-limited* view of the game (so an error can never
reveal what the submitting player may not know), orders the week's moves into a
:class:`WeekPlan`, and resolves that plan one entry at a time. Everything here is a
plain dataclass with ``to_dict``/``from_dict`` so the Django side can store it as JSON.

Visibility: every :class:`Event` names the player ids allowed to see it in
``visible_to``; the GM sees everything, always, and is never listed. A
:class:`MoveResult` is the author's record of one move (``visible_to`` is who may see the
record as a whole); what anyone else learns from it is in its events.

Resolution is decomposable: :func:`iter_resolution` yields one result per plan entry, in
the plan's order, starting wherever a crashed or paused run stopped. A result whose
``status`` is ``awaiting`` carries a :class:`Decision` somebody has to make (WM-ABL-03);
the state is left exactly as it was before that entry, and the run continues from the
same index once the answer is in ``decisions``. The rolls made before the pause are in the
result so the caller can store them and replay them, never rolling again.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self, runtime_checkable

from referee.engine.rolls import Roll, Roller, roll_from_dict, roll_to_dict

#: Result statuses. ``resolved``: applied. ``invalid``: failed its rules check and was not
#: applied. ``lost``: invalid at resolution and no replacement came (WM-ABL-02). ``void``:
#: nothing to do (help never used, exchange without a partner). ``deferred``: will take
#: effect at a later entry (the second half of an exchange). ``awaiting``: paused for a decision.
RESULT_STATUSES = ("resolved", "invalid", "lost", "void", "deferred", "awaiting")


class _Plain:
    """``to_dict``/``from_dict`` for a dataclass whose fields are JSON values already."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


@dataclass(frozen=True, slots=True)
class MoveError(_Plain):
    """Why a move cannot be accepted: a stable ``code`` for clients, and a message for people."""

    code: str
    message: str
    field: str = ""


class MoveRejected(ValueError):
    """Raised by callers that prefer an exception to an error list."""

    def __init__(self, errors: list[MoveError]) -> None:
        super().__init__("; ".join(e.message for e in errors))
        self.errors = errors


@dataclass(frozen=True, slots=True)
class MoveType:
    """A kind of move a system offers: ``category`` is ``move`` (limited per week) or ``free``."""

    slug: str
    category: str
    names: Mapping[str, str]
    rules: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "slug": self.slug,
            "category": self.category,
            "names": dict(self.names),
            "rules": [*self.rules],
        }


@dataclass(slots=True)
class Move(_Plain):
    """One submission: ``player`` is its author; ``seq`` orders submissions in time."""

    id: str
    player: str
    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    seq: int = 0


@dataclass(slots=True)
class Event:
    """One observable fact from a resolution, with who may see it (plus the GM)."""

    code: str
    rule: str
    visible_to: frozenset[str]
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "rule": self.rule,
            "visible_to": sorted(self.visible_to),
            "data": self.data,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        return cls(
            code=str(data["code"]),
            rule=str(data.get("rule", "")),
            visible_to=frozenset(data.get("visible_to", ())),
            data=dict(data.get("data", {})),
        )

    def visible(self, viewer: str, *, is_gm: bool = False) -> bool:
        return is_gm or viewer in self.visible_to


@dataclass(slots=True)
class Decision(_Plain):
    """A choice the engine cannot make alone. ``player`` empty means the GM decides.

    ``key`` is stable across replays of the same entry: answer it in ``decisions[key]``.
    ``context`` holds what the decider may see to choose (a stash list shown to a spy).
    """

    key: str
    player: str
    kind: str
    options: list[Any]
    rule: str = ""
    context: dict[str, Any] = field(default_factory=dict)


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


#: Called after each entry: (entries done, entries in total, the entry's result).
Progress = Callable[[int, int, MoveResult], None]


@runtime_checkable
class WeeklySystem(Protocol):
    """What a game system provides to be resolved in weeks. State and settings are its own types."""

    slug: str

    def move_types(self) -> Mapping[str, MoveType]:
        """Every move type by slug."""
        ...

    def settings_from_dict(self, data: Mapping[str, Any]) -> Any:
        """Campaign settings (GAP/CONFIG items) from JSON, validated; ``{}`` gives the defaults."""
        ...

    def state_from_dict(self, data: Mapping[str, Any]) -> Any:
        """The game state from JSON (the state type has ``to_dict``)."""
        ...

    def view_for(self, state: Any, viewer: str, moves: list[Move]) -> Any:
        """What ``viewer`` may know: the only input validation gets. ``moves``: the viewer's own."""
        ...

    def validate(self, move: Move, view: Any, settings: Any) -> list[MoveError]:
        """Shape and rules of ``move`` against the viewer-limited ``view``; empty when valid."""
        ...

    def default_moves(self, player_state: Any, settings: Any) -> list[Move]:
        """Moves for a player who sent nothing (the campaign's default)."""
        ...

    def plan_week(self, state: Any, moves: list[Move], settings: Any) -> WeekPlan:
        """Order the week's moves for resolution (adds defaults); deterministic."""
        ...

    def resolve_move(
        self,
        state: Any,
        plan: WeekPlan,
        index: int,
        settings: Any,
        roller: Roller,
        decisions: Mapping[str, Any],
    ) -> MoveResult:
        """Resolve entry ``index`` of ``plan``, mutating ``state``; unchanged when ``awaiting``."""
        ...

    def resolve_week(
        self, state: Any, moves: list[Move], settings: Any, roller: Roller, progress: Progress | None = None
    ) -> WeekOutcome:
        """Plan and resolve the whole week."""
        ...


_SYSTEMS: dict[str, WeeklySystem] = {}


def register_weekly_system(system: WeeklySystem) -> WeeklySystem:
    """Register ``system`` under its slug (called when the system's package is imported)."""
    _SYSTEMS[system.slug] = system
    return system


def get_weekly_system(slug: str) -> WeeklySystem:
    """The system registered as ``slug``, importing ``referee.engine.systems.<slug>`` on first use."""
    if slug not in _SYSTEMS:
        try:
            importlib.import_module(f"referee.engine.systems.{slug}")
        except ModuleNotFoundError as exc:
            raise KeyError(f"no weekly system {slug!r}") from exc
    if slug not in _SYSTEMS:
        raise KeyError(f"no weekly system {slug!r}")
    return _SYSTEMS[slug]


def weekly_system_slugs() -> list[str]:
    return sorted(_SYSTEMS)


def iter_resolution(
    system: WeeklySystem,
    state: Any,
    plan: WeekPlan,
    settings: Any,
    roller: Roller,
    *,
    start: int = 0,
    decisions: Mapping[str, Any] | None = None,
) -> Iterator[MoveResult]:
    """Yield each entry's result from ``start`` on; stops after an ``awaiting`` result."""
    answers = decisions or {}
    for index in range(start, len(plan.entries)):
        result = system.resolve_move(state, plan, index, settings, roller, answers)
        yield result
        if result.status == "awaiting":
            return


def run_week(
    system: WeeklySystem,
    state: Any,
    plan: WeekPlan,
    settings: Any,
    roller: Roller,
    *,
    start: int = 0,
    decisions: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
) -> WeekOutcome:
    """Resolve ``plan`` from ``start``, reporting progress after every entry."""
    results: list[MoveResult] = []
    total = len(plan.entries)
    index = start
    for result in iter_resolution(system, state, plan, settings, roller, start=start, decisions=decisions):
        results.append(result)
        if result.status == "awaiting":
            return WeekOutcome(
                week=plan.week, status="paused", results=results, next_index=index, total=total
            )
        index += 1
        if progress is not None:
            progress(index, total, result)
    return WeekOutcome(week=plan.week, status="complete", results=results, next_index=index, total=total)

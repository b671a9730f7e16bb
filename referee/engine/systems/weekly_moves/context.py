"""The resolution context of one plan entry: dice, decisions, events, and an undo journal.

Every state change made while resolving an entry goes through :class:`Tx`, so when the
entry has to pause for a decision (WM-ABL-03) the state is put back exactly as it was and
the entry can be resolved again from the top once the answer is known, replaying the same
stored rolls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from referee.engine.rolls import Roll, Roller
from referee.engine.sealed import Decision, Event, Move, WeekPlan

from . import info as info_rules
from .settings import WeeklyMovesSettings
from .state import GameState, InfoHolding

T = TypeVar("T")


class NeedDecision(Exception):
    """Raised to pause an entry until ``decision`` is answered."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.key)
        self.decision = decision


class Tx:
    """An undo journal: each change records how to take it back."""

    __slots__ = ("_undo",)

    def __init__(self) -> None:
        self._undo: list[Callable[[], None]] = []

    def set(self, obj: Any, attr: str, value: Any) -> None:
        old = getattr(obj, attr)
        self._undo.append(lambda: setattr(obj, attr, old))
        setattr(obj, attr, value)

    def append(self, items: list[Any], item: Any) -> None:
        items.append(item)
        self._undo.append(items.pop)

    def remove(self, items: list[Any], item: Any) -> None:
        index = items.index(item)
        items.pop(index)
        self._undo.append(lambda: items.insert(index, item))

    def put(self, mapping: dict[Any, Any], key: Any, value: Any) -> None:
        if key in mapping:
            old = mapping[key]
            self._undo.append(lambda: mapping.__setitem__(key, old))
        else:
            self._undo.append(lambda: mapping.pop(key))
        mapping[key] = value

    def rollback(self) -> None:
        while self._undo:
            self._undo.pop()()


@dataclass
class Ctx:
    """Everything one entry's resolution needs; ``events`` and ``record`` become its result."""

    state: GameState
    plan: WeekPlan
    index: int
    move: Move
    settings: WeeklyMovesSettings
    roller: Roller
    decisions: Mapping[str, Any]
    auto: bool
    catalogue: tuple[str, ...]
    tx: Tx = field(default_factory=Tx)
    events: list[Event] = field(default_factory=list)
    record: dict[str, Any] = field(default_factory=dict)
    applied: set[str] = field(default_factory=set)

    # -- output -----------------------------------------------------------------------------
    def emit(self, code: str, rule: str, visible_to: Iterable[str], **data: Any) -> None:
        self.events.append(Event(code=code, rule=rule, visible_to=frozenset(visible_to), data=data))

    # -- chance and choice ------------------------------------------------------------------
    def roll(self, notation: str, rule: str, label: str = "") -> Roll:
        return self.roller.roll(notation, rule=rule, label=label)

    def draw(self, options: list[T], rule: str, label: str) -> T:
        """One of ``options`` uniformly at random (no roll when there is only one)."""
        if len(options) == 1:
            return options[0]
        face = self.roll(f"d{len(options)}", rule, label).total
        return options[face - 1]

    def choose(
        self,
        step: str,
        player: str,
        kind: str,
        options: list[T],
        rule: str,
        *,
        preferred: Any = None,
        context: dict[str, Any] | None = None,
    ) -> T:
        """A choice by ``player`` ("" for the GM): the pre-declared one, the answer, or a pause."""
        if not options:
            raise ValueError(f"no options for {step}")
        if preferred is not None and preferred in options:
            return options[options.index(preferred)]
        key = f"{self.move.id}:{step}"
        answer = self.decisions.get(key)
        if answer is not None and answer in options:
            return options[options.index(answer)]
        if len(options) == 1 or self.auto:
            return options[0]
        raise NeedDecision(
            Decision(
                key=key, player=player, kind=kind, options=list(options), rule=rule, context=context or {}
            )
        )

    # -- state changes ----------------------------------------------------------------------
    def gain_info(self, holder: str, subject: str, source: str, rule: str, tell: Iterable[str] = ()) -> bool:
        """Info(holder -> subject) +1 within its limits; ``tell``: who else learns of it."""
        if not info_rules.can_gain(self.state, holder, subject, self.settings, source):
            return False
        h = self.state.info.get((holder, subject))
        if h is None:
            h = InfoHolding(holder=holder, subject=subject)
            self.tx.put(self.state.info, (holder, subject), h)
        if not h.valid:
            # Re-learning an invalidated holding renews it (the new shelter is found).
            self.tx.set(h, "valid", True)
        else:
            self.tx.set(h, "count", h.count + 1)
            self.tx.append(h.gained, self.state.week)
        owner = holder if holder in self.state.players else getattr(self.state.owner_of(holder), "id", holder)
        visible = {owner, *tell}
        self.emit("info_gained", rule, visible, holder=holder, subject=subject, count=h.count, source=source)
        return True

    def note_applied(self, actor: str, intent: str) -> None:
        """Remember what ``actor`` did this week, for Troubles contradictions (WM-TRB-02)."""
        self.applied.add(f"{actor}:{intent}")
        applied = self.state.ledger.applied
        if actor not in applied:
            self.tx.put(applied, actor, [])
        self.tx.append(applied[actor], intent)

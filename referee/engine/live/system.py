"""What a game system provides to be played at a live table (LIVE-TABLES §2).

A system is one module under ``referee/engine/systems/<slug>/`` that builds a
:class:`LiveSystem` and is registered in the ``live`` slot of its entry in
:mod:`referee.engine.game_systems`. It declares its command types (kind, phases, who may
send it, payload fields, rule IDs); builds the table's state; sets it up when the table
starts; checks a command against the sender's *redacted* view (``validate``); applies it to
the full state (``apply``, returning events with audiences; rolls come from the roller it
is given); and renders a viewer's view and what that viewer may do now.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from referee.engine.live.events import Event
from referee.engine.live.state import TableState
from referee.engine.rolls import Roll, Roller

#: Who may send a command: the seat whose turn it is; the seat holding priority in the open
#: window; any player; a seated GM; the seat a pending decision names; any seat at all.
WHO = ("active", "priority", "player", "gm", "decider", "anyone")
#: Payload field types. ``card``/``cards``: the sender's handles, resolved before validation.
#: ``objs``: a short list of flat objects (text keys; text, whole-number, true/false or empty
#: values), for structured parts of a command such as a declaration's actions.
FIELD_TYPES = ("int", "str", "bool", "card", "cards", "seat", "strs", "objs")


class CommandError(ValueError):
    """A command refused: a stable ``code``, its ``params`` (ids and numbers, never English words), the field
    at fault, and ``message``: the engine's own English, for logs and as the fallback where a catalogue
    misses the code. People read the code in their language from the system's catalogue
    (``campaign.lib.engine_words``)."""

    def __init__(self, code: str, message: str, field: str = "", params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.params = dict(params or {})


@dataclass(frozen=True)
class Field:
    type: str
    required: bool = True
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        if self.type not in FIELD_TYPES:
            raise ValueError(f"no field type {self.type!r}")


@dataclass(frozen=True)
class CommandType:
    kind: str
    who: str
    phases: tuple[str, ...] = ()  # empty: any phase
    fields: Mapping[str, Field] = field(default_factory=dict)
    rules: tuple[str, ...] = ()
    names: Mapping[str, str] = field(default_factory=dict)
    undoable: bool = True  # False: its effects are never taken back alone (a point split)
    #: When the rules call for it beyond the phase and the sender kind: ``when(state, seat, payload)`` is the
    #: refusal (``payload`` None: "could this seat send it at all now"), None when it may be sent. A command
    #: that answers a triggering event (a Nerve test after a roof throw) names its trigger here.
    when: Callable[[TableState, str, Mapping[str, Any] | None], CommandError | None] | None = None

    def __post_init__(self) -> None:
        if self.who not in WHO:
            raise ValueError(f"{self.kind}: no sender kind {self.who!r}")

    def describe(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rules": list(self.rules),
            "fields": {
                name: {"type": f.type, "required": f.required, "choices": list(f.choices),
                       "minimum": f.minimum, "maximum": f.maximum}
                for name, f in self.fields.items()
            },
        }


@dataclass(frozen=True)
class Command:
    kind: str
    seat: str
    payload: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "payload": dict(self.payload)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Command:
        return cls(str(raw["kind"]), str(raw["seat"]), dict(raw.get("payload", {})))


@runtime_checkable
class SeatRoller(Protocol):
    """A roller that keeps some rolls on a seat's own sealed stream (LIVE-TABLES §6a): a seat's deck
    shuffles and hidden rolls, which nobody else may count or recompute, before or after the close."""

    def roll_for(self, seat: str, notation: str, *, rule: str = "", label: str = "") -> Roll: ...


def owned_roll(roller: Roller, seat: str, notation: str, *, rule: str = "", label: str = "") -> Roll:
    """A roll that belongs to ``seat`` alone: on its own stream where the roller keeps one per seat."""
    if seat and isinstance(roller, SeatRoller):
        return roller.roll_for(seat, notation, rule=rule, label=label)
    return roller.roll(notation, rule=rule, label=label)


class LiveSystem(Protocol):
    """What a live system provides. Systems subclass it explicitly, so the optional hooks below come with
    their defaults; the table never probes for a member."""

    slug: str
    #: Whether a seated GM sees hidden cards by default (LIVE-TABLES §7).
    gm_sees_hidden: bool

    def command_types(self) -> Mapping[str, CommandType]: ...

    def settings_from_dict(self, raw: Mapping[str, Any]) -> Any: ...

    def seat_check(self, settings: Any, options: Mapping[str, Any], rules: Any = None) -> dict[str, Any]:
        """A seat's own options when joining (a deck list), checked; raises CommandError."""
        ...

    def new_state(self, *, seats: Mapping[str, str], key: str, settings: Any,
                  options: Mapping[str, Mapping[str, Any]]) -> TableState: ...

    def setup(self, state: TableState, roller: Roller, start: Mapping[str, Any]) -> list[Event]: ...

    def validate(self, view: TableState, command: Command) -> None: ...

    def apply(self, state: TableState, command: Command, roller: Roller) -> list[Event]: ...

    def view_for(self, state: TableState, viewer: str) -> dict[str, Any]: ...

    def affordances(self, view: TableState, viewer: str) -> list[dict[str, Any]]: ...

    # Optional hooks, with what a system that says nothing gets.

    def with_pack(self, rules: Any) -> LiveSystem:
        """This system reading the table's pinned pack (default: the system as it is)."""
        return self

    def keep_seen(self, state: TableState, seen: TableState) -> None:
        """After an undo or an amend, put back the system's own learned facts from ``seen`` (default: none
        beyond the cards' knowledge, which the table keeps itself)."""
        return None

    def outcome_public(self, outcome: Mapping[str, Any] | None) -> Any:
        """What everyone may read of the outcome (default: all of it)."""
        return outcome

    def counts_private(self, settings: Mapping[str, Any]) -> bool:
        """Whether how many rolls a seat made is its own secret (default: no)."""
        return False

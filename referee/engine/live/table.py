"""Running a live table: apply one command, replay stored commands, undo rules (LIVE-TABLES §2, §6).

:func:`run` is the one way a command changes a table: it checks the kind, the sender, the
phase and the payload's shape (resolving the sender's card handles), lets the system
validate against the sender's redacted view, then applies it to the full state. It reports
whether the command drew randomness and whether it showed anyone other than its sender
something new: what undo needs to know.

:func:`replay` rebuilds a table from its state before setup and its stored command groups,
handing each group its stored rolls (never rolling again): undo and amend are a replay
without, or with a corrected, group. :func:`keep_knowledge` then puts back what anyone had
already seen, since knowledge never shrinks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.engine.dice import ReplayMismatch, ReplayRoller
from referee.engine.live.counters import CounterError
from referee.engine.live.events import Event
from referee.engine.live.rerolls import ChainError
from referee.engine.live.state import GM, PLAYER, TableState
from referee.engine.live.system import Command, CommandError, CommandType, LiveSystem
from referee.engine.live.turns import TurnError
from referee.engine.live.views import redact, resolve_handle
from referee.engine.live.zones import ZoneError
from referee.engine.rolls import Roll, Roller

START = "start"


@dataclass
class Applied:
    events: list[Event]
    rolls: list[Roll] = field(default_factory=list)
    revealed: bool = False

    @property
    def random(self) -> bool:
        return bool(self.rolls)


def may_send(ctype: CommandType, state: TableState, seat: str,
             payload: Mapping[str, Any] | None = None) -> CommandError | None:
    """Why ``seat`` may not send ``ctype`` now (None when it may): its phase, its sender, and what the system
    declares of when the rules call for it (``ctype.when``; ``payload`` None: whatever its payload)."""
    role = state.seats.get(seat)
    if role is None:
        return CommandError("not_seated", "you have no seat at this table")
    if state.status != "playing":
        return CommandError("table_ended", "the game is over: no more commands")
    if ctype.phases and state.turn.phase not in ctype.phases:
        return CommandError("wrong_phase", f"{ctype.kind} is not possible in the {state.turn.phase} step")
    who = ctype.who
    if who == "active" and state.turn.active != seat:
        return CommandError("not_your_turn", "it is not your turn")
    if who == "priority" and (state.window is None or state.window.priority != seat):
        return CommandError("not_your_priority", "it is not your turn to play or pass")
    if who == "player" and role != PLAYER:
        return CommandError("players_only", "only a player may do this")
    if who == "gm" and role != GM:
        return CommandError("gm_only", "only the table's GM may do this")
    if who == "decider" and not any(d.player == seat for d in state.decisions.values()):
        return CommandError("no_decision", "there is nothing for you to decide")
    if ctype.when is not None:
        return ctype.when(state, seat, payload)
    return None


def _read(ctype: CommandType, state: TableState, seat: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise CommandError("invalid_payload", "the command's payload must be an object")
    unknown = sorted(set(raw) - set(ctype.fields))
    if unknown:
        raise CommandError("unknown_field", f"{ctype.kind} takes no field {unknown[0]!r}", unknown[0])
    out: dict[str, Any] = {}
    for name, spec in ctype.fields.items():
        if name not in raw or raw[name] is None:
            if spec.required:
                raise CommandError("missing_field", f"{name} is required", name)
            continue
        value = raw[name]
        kind = spec.type
        if kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise CommandError("invalid_field", f"{name} must be a whole number", name)
            if (spec.minimum is not None and value < spec.minimum) or (
                spec.maximum is not None and value > spec.maximum
            ):
                raise CommandError("invalid_field", f"{name} is out of range", name)
        elif kind == "bool" and not isinstance(value, bool):
            raise CommandError("invalid_field", f"{name} must be true or false", name)
        elif kind in ("str", "seat", "card") and (not isinstance(value, str) or len(value) > 200):
            raise CommandError("invalid_field", f"{name} must be a short text", name)
        elif kind in ("cards", "strs") and (
            not isinstance(value, list) or len(value) > 200 or not all(isinstance(v, str) for v in value)
        ):
            raise CommandError("invalid_field", f"{name} must be a list of texts", name)
        elif kind == "objs" and not _flat_objects(value):
            raise CommandError("invalid_field", f"{name} must be a list of flat objects", name)
        if spec.choices and value not in spec.choices:
            raise CommandError("invalid_field", f"{name} must be one of {', '.join(map(str, spec.choices))}", name)
        if kind == "seat" and value not in state.seats:
            raise CommandError("no_such_seat", f"{name}: no such seat at this table", name)
        if kind == "card":
            value = _card(state, seat, value, name)
        if kind == "cards":
            value = [_card(state, seat, v, name) for v in value]
        out[name] = value
    return out


def _flat_objects(value: Any) -> bool:
    if not isinstance(value, list) or len(value) > 50:
        return False
    for item in value:
        if not isinstance(item, Mapping) or len(item) > 20:
            return False
        for key, v in item.items():
            if not isinstance(key, str) or len(key) > 40:
                return False
            if v is not None and not isinstance(v, bool | int | str):
                return False
            if isinstance(v, str) and len(v) > 200:
                return False
    return True


def _card(state: TableState, seat: str, value: str, name: str) -> str:
    found = resolve_handle(state, seat, value)
    if found is None:
        raise CommandError("no_such_card", f"{name}: you see no such card", name)
    return found


def _knowledge(state: TableState) -> dict[str, frozenset[str]]:
    return {cid: frozenset(c.known_to) for cid, c in state.cards.items()}


def run(system: LiveSystem, state: TableState, command: Command, roller: Roller) -> Applied:
    """Check ``command`` and apply it to ``state`` (mutated); raises :class:`CommandError` when refused."""
    ctype = system.command_types().get(command.kind)
    if ctype is None:
        raise CommandError("unknown_command", f"there is no command {command.kind!r} in this game")
    refused = may_send(ctype, state, command.seat)
    if refused is not None:
        raise refused
    checked = Command(command.kind, command.seat, _read(ctype, state, command.seat, command.payload))
    refused = may_send(ctype, state, command.seat, checked.payload)
    if refused is not None:
        raise refused
    system.validate(redact(state, command.seat), checked)
    before = _knowledge(state)
    start = len(roller.made)
    try:
        events = system.apply(state, checked, roller)
    except (CounterError, ZoneError, TurnError, ChainError) as exc:
        raise CommandError(exc.code, exc.message) from None
    after = _knowledge(state)
    revealed = any(after[c] - before.get(c, frozenset()) - {command.seat} for c in after)
    return Applied(events, list(roller.made[start:]), revealed)


def run_setup(system: LiveSystem, state: TableState, start: Mapping[str, Any], roller: Roller) -> Applied:
    start_at = len(roller.made)
    events = system.setup(state, roller, start)
    return Applied(events, list(roller.made[start_at:]), True)


@dataclass(frozen=True)
class Group:
    """One stored command group, for replay: the command (``start`` for the setup) and its rolls."""

    command: Command
    rolls: Sequence[Roll]


def replay(system: LiveSystem, initial: TableState, groups: Sequence[Group]) -> tuple[TableState, list[Applied]]:
    """Rebuild from the state before setup through ``groups``, each with its stored rolls only."""
    state = initial.copy()
    applied = []
    for group in groups:
        roller = ReplayRoller(group.rolls)
        if group.command.kind == START:
            applied.append(run_setup(system, state, group.command.payload, roller))
        else:
            applied.append(run(system, state, group.command, roller))
        if roller.remaining:
            raise ReplayMismatch(len(roller.made), "the command asked for fewer rolls than were stored")
    return state, applied


def keep_knowledge(state: TableState, seen: TableState) -> None:
    """What anyone had seen stays seen: union every card's ``known_to`` from ``seen``."""
    for card_id, card in state.cards.items():
        if card_id in seen.cards:
            card.known_to |= seen.cards[card_id].known_to


def undo_alone(*, last_seat: str, seat: str, random: bool, revealed: bool, undoable: bool) -> bool:
    """Whether ``seat`` may undo the table's last group without anyone's consent (LIVE-TABLES §6)."""
    return last_seat == seat and not random and not revealed and undoable


def allowed(system: LiveSystem, state: TableState, seat: str) -> list[dict[str, Any]]:
    """What ``seat`` may send now: each command type it may send, with the options the system offers."""
    offered = {a["kind"]: a for a in system.affordances(redact(state, seat), seat)}
    out = []
    for kind, ctype in sorted(system.command_types().items()):
        if kind in offered and may_send(ctype, state, seat) is None:
            out.append({**ctype.describe(), "options": offered[kind].get("options", {})})
    return out

"""The skirmish's part of a live table's state (``state.data``), and the lookups every module shares.

``data["sides"]``: one per player seat, plus the GM seat or the house seat that controls
creatures (SC-SUP-09): kind, controller seat, faction, deck colour, the turn's card flags
(SC-DECK-07), starting character count (SC-BNT-01). ``data["chars"]``: every character
(profile, markers, combat state, mount, HtH link). ``data["order"]``: this turn's activation
order (character ids; ``state.turn.index`` is the one up). ``data["act"]``: the activation
in progress. ``data["pending"]``: an action waiting for its response window. Card ids are
the engine's own and never leave it: views name cards by the viewer's handles.
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event, public
from referee.engine.live.state import TableState
from referee.engine.live.system import CommandError

HOUSE = "house"
PHASES = ("setup", "initiative", "activations", "end_of_turn", "ended")


def sides(state: TableState) -> dict[str, dict[str, Any]]:
    return state.data["sides"]


def chars(state: TableState) -> dict[str, dict[str, Any]]:
    return state.data["chars"]


def char(state: TableState, cid: str) -> dict[str, Any]:
    found = state.data["chars"].get(cid)
    if found is None:
        raise CommandError("no_such_character", "there is no such character at this table", "character")
    return found


def controller(state: TableState, side: str) -> str:
    return state.data["sides"][side]["controller"]


def controls(state: TableState, seat: str, cid: str) -> bool:
    found = state.data["chars"].get(cid)
    return found is not None and controller(state, found["side"]) == seat


def own(state: TableState, seat: str, cid: str) -> dict[str, Any]:
    """The character ``cid`` if ``seat`` controls it; refused otherwise."""
    found = char(state, cid)
    if controller(state, found["side"]) != seat:
        raise CommandError("not_your_character", "you do not control that character", "character")
    if found["removed"]:
        raise CommandError("removed", "that character is out of play", "character")
    return found


def settings(state: TableState) -> dict[str, Any]:
    return state.settings


def in_play(state: TableState, side: str | None = None) -> list[dict[str, Any]]:
    return [c for c in state.data["chars"].values() if not c["removed"] and (side is None or c["side"] == side)]


def enemies(state: TableState, a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Characters of different sides are enemies (the GM or house seat is every player's enemy, SC-SUP-09)."""
    return a["side"] != b["side"]


def has(c: dict[str, Any], trait: str) -> bool:
    return trait in c["traits"]


def current(state: TableState) -> dict[str, Any] | None:
    act = state.data.get("act")
    return state.data["chars"][act["char"]] if act else None


def is_current(state: TableState, cid: str) -> bool:
    """Whether ``cid``'s activation is the one in progress."""
    act = state.data.get("act") or {}
    return bool(act.get("char")) and act["char"] == cid


def phase(state: TableState) -> str:
    return state.turn.phase


def say(code: str, rule: str = "", **data: Any) -> Event:
    """A public event (every die, marker, declaration and played card is public, spec §2)."""
    return public(code, rule, **data)


def refuse(code: str, message: str, field: str = "") -> CommandError:
    return CommandError(code, message, field)


def next_id(state: TableState, prefix: str) -> str:
    state.data["counter"] = state.data.get("counter", 0) + 1
    return f"{prefix}{state.data['counter']}"


def sync_turn(state: TableState) -> None:
    """``state.turn`` mirrors the activation order: whose seat is up is the controller of the character up."""
    order = state.data.get("order", [])
    if state.turn.phase != "activations":
        state.turn.order, state.turn.index = [], 0
        return
    state.turn.order = [controller(state, state.data["chars"][c]["side"]) for c in order]
    state.turn.index = min(state.data.get("index", 0), max(len(order) - 1, 0))

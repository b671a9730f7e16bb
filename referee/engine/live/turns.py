"""The turn machine: phases, turn orders, priority windows (LIVE-TABLES §2).

A turn belongs to one seat and walks through the system's phases. The order is the seating
order from a first seat (alternating, for two), or ranked by initiative cards with
tie-breaks (:func:`ranked`). A priority window lets each participant play or pass in turn;
a participant keeps priority while playing, and the window closes when every participant
has passed in a row without anyone playing in between.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from referee.engine.live.state import TableState, Turn, Window


class TurnError(ValueError):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def seating_from(seats: Sequence[str], first: str) -> list[str]:
    """The seating order starting at ``first`` (clockwise: the order seats were taken)."""
    index = list(seats).index(first)
    return [*seats[index:], *seats[:index]]


def ranked(cards: Mapping[str, Any], *, key: Callable[[Any], Any], tie_break: Sequence[str] = ()) -> list[str]:
    """Seats by initiative card, highest first; ties go by ``tie_break`` order, then seat key."""
    rank = {seat: i for i, seat in enumerate(tie_break)}
    return sorted(cards, key=lambda seat: (key(cards[seat]), -rank.get(seat, len(rank)), seat), reverse=True)


def turn_begin(state: TableState, *, order: list[str], phase: str) -> Turn:
    state.turn = Turn(order=list(order), index=0, phase=phase, number=1, taken=dict.fromkeys(order, 0))
    return state.turn


def turn_next(state: TableState, *, phase: str) -> str:
    """End the active seat's turn (it counts as taken) and begin the next seat's; returns that seat."""
    turn = state.turn
    turn.taken[turn.active] = turn.taken.get(turn.active, 0) + 1
    turn.index = (turn.index + 1) % len(turn.order)
    turn.number += 1
    turn.phase = phase
    return turn.active


def phase_set(state: TableState, phase: str) -> None:
    state.turn.phase = phase


def window_open(state: TableState, *, key: str, participants: list[str], data: dict | None = None) -> Window:
    if state.window is not None:
        raise TurnError("window_open", "a priority window is already open")
    seen: list[str] = []
    for seat in participants:
        if seat not in seen:
            seen.append(seat)
    state.window = Window(key, seen, 0, 0, dict(data or {}))
    return state.window


def window_join(state: TableState, seat: str) -> None:
    """A seat that now controls a combatant takes part in the open window (after the others)."""
    window = _open(state)
    if seat not in window.participants:
        window.participants.append(seat)


def _open(state: TableState) -> Window:
    if state.window is None:
        raise TurnError("no_window", "there is no priority window open")
    return state.window


def window_play(state: TableState, seat: str) -> None:
    """``seat`` plays in the window: it must hold priority; the run of passes starts again."""
    window = _open(state)
    if window.priority != seat:
        raise TurnError("not_your_priority", "it is not your turn to play or pass")
    window.passes = 0


def window_pass(state: TableState, seat: str) -> bool:
    """``seat`` passes; priority goes on. True when everyone has passed in a row (the window closes)."""
    window = _open(state)
    if window.priority != seat:
        raise TurnError("not_your_priority", "it is not your turn to play or pass")
    window.passes += 1
    if window.passes >= len(window.participants):
        state.window = None
        return True
    window.current = (window.current + 1) % len(window.participants)
    return False

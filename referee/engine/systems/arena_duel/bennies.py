"""Bennies: three a duel, private, lost at the close; persistent ones live on the character (AD-BEN).

Fight bennies are a private counter of the mechanism (``bennies:<seat>``, 0..3, AD-BEN-01); a
fighter's unspent persistent bennies are a second private counter (``persistent:<seat>``) with
the list of which ones, in the fighter's hidden part, so the duel's outcome can say which were
spent (AD-BEN-03). Only the fighter and the GM ever read either (AD-ROLL-05).
"""

from __future__ import annotations

from referee.engine.live.counters import change, counter_add
from referee.engine.live.events import Event
from referee.engine.live.state import TableState
from referee.engine.live.system import CommandError
from referee.engine.systems.arena_duel.sheets import private

FIGHT, PERSISTENT = "fight", "persistent"
SOURCES = (FIGHT, PERSISTENT)


def fight_key(seat: str) -> str:
    return f"bennies:{seat}"


def persistent_key(seat: str) -> str:
    return f"persistent:{seat}"


def bennies_open(state: TableState, seat: str, *, fight: int, persistent: list[str]) -> None:
    """AD-BEN-01: exactly ``fight`` bennies when the duel opens; the character's unspent persistent ones."""
    counter_add(state, fight_key(seat), value=fight, floor=0, cap=fight, owner=seat, private=True)
    counter_add(state, persistent_key(seat), value=len(persistent), floor=0, owner=seat, private=True)
    private(state, seat)["persistent"] = {"unspent": list(persistent), "spent": []}


def available(view: TableState, seat: str, source: str) -> int:
    """Bennies ``seat`` holds from ``source``, read from its own (redacted) view."""
    key = fight_key(seat) if source == FIGHT else persistent_key(seat)
    counter = view.counters.get(key)
    return counter.value if counter is not None else 0


def check_benny(view: TableState, seat: str, source: str) -> None:
    if available(view, seat, source) < 1:
        what = "fight bennies" if source == FIGHT else "persistent bennies"
        raise CommandError("no_benny", f"you have no {what} left", "source")


def spend_key(state: TableState, seat: str, source: str) -> str:
    """The counter one benny of ``source`` is spent from, marking a persistent one as spent."""
    if source == PERSISTENT:
        held = private(state, seat)["persistent"]
        held["spent"].append(held["unspent"].pop(0))
        return persistent_key(seat)
    return fight_key(seat)


def spend(state: TableState, seat: str, source: str) -> None:
    """Spend one benny (to end Shaken, or to pay for a soak roll, AD-BEN-04, AD-BEN-06)."""
    change(state, spend_key(state, seat, source), -1)


def bennies_lost(state: TableState) -> list[Event]:
    """AD-BEN-02: unspent fight bennies are lost when the duel closes; persistent ones stay on the character."""
    for seat in state.data["fighters"]:
        counter = state.counters[fight_key(seat)]
        counter.value = 0
    return []

"""Counters with floors and sinks: fate banks, victory points, bennies, a common pool (LIVE-TABLES §2)."""

from __future__ import annotations

from referee.engine.live.state import Counter, TableState


class CounterError(ValueError):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def counter_add(state: TableState, key: str, *, value: int = 0, floor: int | None = 0, cap: int | None = None,
                owner: str = "", private: bool = False) -> Counter:
    return state.counters.setdefault(key, Counter(key, value, floor, cap, owner, private))


def counter_value(state: TableState, key: str) -> int:
    return state.counters[key].value


def change(state: TableState, key: str, amount: int, *, clamp: bool = False) -> int:
    """Add ``amount`` (may be negative). Past the floor or cap: refused, or clamped when ``clamp``.

    Returns how much actually changed.
    """
    counter = state.counters[key]
    target = counter.value + amount
    if counter.floor is not None and target < counter.floor:
        if not clamp:
            raise CounterError("below_floor", f"{key} cannot go below {counter.floor}")
        target = counter.floor
    if counter.cap is not None and target > counter.cap:
        if not clamp:
            raise CounterError("above_cap", f"{key} cannot go above {counter.cap}")
        target = counter.cap
    moved = target - counter.value
    counter.value = target
    return moved


def transfer(state: TableState, source: str, sink: str, amount: int) -> None:
    """Move ``amount`` from one counter to another (a payment into the common pool); all or nothing."""
    if amount < 0:
        raise CounterError("negative", "a transfer moves a positive amount")
    if state.counters[source].floor is not None and state.counters[source].value - amount < (
        state.counters[source].floor or 0
    ):
        raise CounterError("short", f"{source} holds {state.counters[source].value}, {amount} needed")
    change(state, source, -amount)
    change(state, sink, amount)

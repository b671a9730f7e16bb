"""Table facts a seat enters (a range band, cover, who is in base contact), which another seat may dispute."""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event, public
from referee.engine.live.state import Fact, TableState


class FactError(ValueError):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def fact_enter(state: TableState, *, key: str, value: Any, seat: str) -> list[Event]:
    state.facts[key] = Fact(key, value, seat)
    return [public("fact.entered", key=key, value=value, by=seat)]


def fact_dispute(state: TableState, *, key: str, seat: str) -> list[Event]:
    fact = state.facts.get(key)
    if fact is None:
        raise FactError("no_such_fact", "there is no such table fact")
    if fact.entered_by == seat:
        raise FactError("own_fact", "you entered this fact: amend it instead of disputing it")
    fact.status, fact.disputed_by = "disputed", seat
    return [public("fact.disputed", key=key, by=seat)]


def fact_settle(state: TableState, *, key: str, value: Any, seat: str) -> list[Event]:
    """The GM (or both sides agreeing) settles a disputed fact."""
    fact = state.facts.get(key)
    if fact is None:
        raise FactError("no_such_fact", "there is no such table fact")
    fact.value, fact.status, fact.disputed_by = value, "agreed", ""
    return [public("fact.settled", key=key, value=value, by=seat)]

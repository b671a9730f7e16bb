"""Counters, hidden reroll chains, table facts and turn orders of the live-table mechanism."""

from __future__ import annotations

import pytest

from referee.engine.dice import SeededRoller
from referee.engine.live.counters import CounterError, change, counter_add, transfer
from referee.engine.live.facts import FactError, fact_dispute, fact_enter, fact_settle
from referee.engine.live.rerolls import ChainError, chain_announce, chain_finalize, chain_reroll, chain_start
from referee.engine.live.state import TableState
from referee.engine.live.turns import ranked, seating_from, turn_begin, turn_next
from referee.engine.live.views import board, redact


def state() -> TableState:
    return TableState(system="t", seats={"a": "player", "b": "player"}, key="00" * 16)


def test_a_counter_keeps_its_floor_or_clamps_to_it() -> None:
    s = state()
    counter_add(s, "vp", value=3)
    with pytest.raises(CounterError):
        change(s, "vp", -4)
    assert change(s, "vp", -4, clamp=True) == -3 and s.counters["vp"].value == 0


def test_a_transfer_into_a_sink_is_all_or_nothing() -> None:
    s = state()
    counter_add(s, "bank", value=2)
    counter_add(s, "pool", floor=None)
    with pytest.raises(CounterError):
        transfer(s, "bank", "pool", 3)
    transfer(s, "bank", "pool", 2)
    assert (s.counters["bank"].value, s.counters["pool"].value) == (0, 2)


def test_a_hidden_roll_is_its_owner_s_until_announced_and_rerolls_spend_the_budget() -> None:
    s = state()
    counter_add(s, "bennies:a", value=1)
    roller = SeededRoller(seed=b"k" * 32, salt=b"x")
    events = chain_start(s, key="r1", owner="a", notation="d20", roller=roller, budget="bennies:a")
    assert events[0].audience == ("a",)
    chain_reroll(s, key="r1", owner="a", roller=roller)
    with pytest.raises(ChainError, match="nothing left"):
        chain_reroll(s, key="r1", owner="a", roller=roller)
    assert redact(s, "b").chains["r1"].rolls == [{}, {}]
    assert "rolls" not in board(s, "b")["chains"][0]
    chain_start(s, key="r2", owner="b", notation="d20", roller=roller)
    chain_finalize(s, key="r1", owner="a", best=True)
    with pytest.raises(ChainError):
        chain_announce(s, keys=["r1", "r2"])  # an opposed pair waits for both
    chain_finalize(s, key="r2", owner="b")
    shown = chain_announce(s, keys=["r1", "r2"])[0]
    assert shown.audience == ("*",) and set(shown.data["rolls"]) == {"r1", "r2"}
    assert "rolls" in board(s, "b")["chains"][0]


def test_a_fact_may_be_disputed_by_another_seat_and_settled() -> None:
    s = state()
    fact_enter(s, key="range", value="short", seat="a")
    with pytest.raises(FactError):
        fact_dispute(s, key="range", seat="a")
    fact_dispute(s, key="range", seat="b")
    assert s.facts["range"].status == "disputed"
    fact_settle(s, key="range", value="long", seat="b")
    assert (s.facts["range"].value, s.facts["range"].status) == ("long", "agreed")


def test_turn_orders_alternate_from_the_first_seat_or_rank_by_initiative() -> None:
    s = state()
    turn_begin(s, order=seating_from(["a", "b", "c"], "b"), phase="draw")
    assert s.turn.order == ["b", "c", "a"]
    assert turn_next(s, phase="draw") == "c" and s.turn.taken["b"] == 1
    cards = {"a": (10, 2), "b": (13, 1), "c": (10, 3)}
    assert ranked(cards, key=lambda c: c[0], tie_break=["c", "a"]) == ["b", "c", "a"]

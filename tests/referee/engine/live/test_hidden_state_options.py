"""The mechanism's options for systems with a GM who sees hidden state and private counts (Savage Worlds)."""

from __future__ import annotations

import pytest

from referee.engine.dice import SeededRoller
from referee.engine.live import CommandError, CommandType, Field
from referee.engine.live.counters import change, counter_add
from referee.engine.live.rerolls import chain_announce, chain_finalize, chain_reroll, chain_start
from referee.engine.live.state import TableState
from referee.engine.live.table import _read
from referee.engine.live.views import board, redact


def state() -> TableState:
    return TableState(system="t", seats={"a": "player", "b": "player", "g": "gm"}, key="00" * 16,
                      sees_hidden=["g"])


def test_a_private_counter_is_read_by_its_owner_and_a_gm_who_sees_hidden_only() -> None:
    s = state()
    counter_add(s, "bennies:a", value=3, owner="a", private=True)
    counter_add(s, "round", value=1)
    assert "bennies:a" not in redact(s, "b").counters and "bennies:a" not in board(s, "b")["counters"]
    assert board(s, "b")["counters"] == {"round": 1}
    assert board(s, "a")["counters"]["bennies:a"] == 3 and redact(s, "g").counters["bennies:a"].value == 3
    change(s, "bennies:a", -1)
    assert s.to_dict() == TableState.from_dict(s.to_dict()).to_dict()


def test_a_gm_who_sees_hidden_keeps_every_seat_s_private_data_and_hidden_rolls() -> None:
    s = state()
    s.data["private"] = {"a": {"sheet": 1}, "b": {"sheet": 2}}
    chain_start(s, key="r", owner="a", notation="d20", roller=SeededRoller(seed=b"k" * 32, salt=b"x"))
    assert redact(s, "g").data["private"] == s.data["private"]
    assert redact(s, "b").data["private"] == {"b": {"sheet": 2}}
    assert redact(s, "g").chains["r"].rolls == s.chains["r"].rolls and "rolls" in board(s, "g")["chains"][0]
    assert redact(s, "b").chains["r"].rolls == [{}]


def test_a_reroll_may_spend_another_pool_and_an_announcement_may_keep_numbers_and_tries() -> None:
    s = state()
    roller = SeededRoller(seed=b"k" * 32, salt=b"x")
    counter_add(s, "fight:a", value=0, owner="a")
    counter_add(s, "kept:a", value=1, owner="a")
    chain_start(s, key="r", owner="a", notation="d20", roller=roller, budget="fight:a")
    chain_reroll(s, key="r", owner="a", roller=roller, spend="kept:a")
    assert s.counters["kept:a"].value == 0 and len(s.chains["r"].rolls) == 2
    chain_finalize(s, key="r", owner="a", best=True)
    shown = chain_announce(s, keys=["r"], numbers=False, tries=False, effect="hit")[0]
    assert shown.data == {"rolls": {"r": {"owner": "a"}}, "effect": "hit"}


def test_an_objs_field_takes_flat_objects_only() -> None:
    ctype = CommandType("declare", "player", (), {"actions": Field("objs")})
    s = state()
    assert _read(ctype, s, "a", {"actions": [{"kind": "attack", "at": 3, "aimed": None}]})["actions"][0]["at"] == 3
    for bad in ([{"kind": {"nested": 1}}], [1], "x", [{"k": [1]}]):
        with pytest.raises(CommandError) as refused:
            _read(ctype, s, "a", {"actions": bad})
        assert refused.value.code == "invalid_field"

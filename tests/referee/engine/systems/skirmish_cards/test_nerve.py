"""Nerve tests and the Big Nerve Test (SC-NRV, SC-BNT)."""

from __future__ import annotations

import pytest

from referee.engine.live import CommandError
from referee.engine.systems.skirmish_cards import nerve
from tests.referee.engine.systems.skirmish_cards.table import BIG, Table, finish_turn, ready, remove


def big(**kw) -> Table:
    t = Table(posses=BIG, **kw)
    t.place(bob="marshal", carol="leader")
    for key, decision in list(t.state.decisions.items()):
        if decision.kind == "swap":
            t.send(decision.player, "decide", key=key, choice="decline")
    return t


def test_sc_nrv_01_d10_at_least_stress_passes_and_a_failure_gives_one_marker() -> None:
    t = ready()
    t.dice(5)
    nerve.owe(t.state, "SC-HTH-13", character="gunman")  # what the game triggered (SC-NRV-03)
    t.send("carol", "nerve_test", character="gunman", trigger="SC-HTH-13")
    assert t.events("nerve.tested")[-1]["passed"] and t.c("gunman")["markers"] == 0
    t.dice(4)
    nerve.owe(t.state, "SC-HTH-13", character="gunman")  # what the game triggered (SC-NRV-03)
    t.send("carol", "nerve_test", character="gunman", trigger="SC-HTH-13")
    assert not t.events("nerve.tested")[-1]["passed"] and t.c("gunman")["markers"] == 1
    t.c("gunman")["traits"].append("auto_nerve")
    nerve.owe(t.state, "SC-HTH-13", character="gunman")  # what the game triggered (SC-NRV-03)
    t.send("carol", "nerve_test", character="gunman", trigger="SC-HTH-13")
    assert "nerve.auto" in t.codes()


def test_sc_nrv_02_minus_one_per_marker_and_plus_one_for_a_friend_within_15_cm() -> None:
    t = ready()
    t.c("gunman")["markers"] = 1
    t.send("carol", "set_fact", character="gunman", name="friend_near", value=True)
    t.dice(5)
    nerve.owe(t.state, "SC-HTH-13", character="gunman")  # what the game triggered (SC-NRV-03)
    t.send("carol", "nerve_test", character="gunman", trigger="SC-HTH-13")
    tested = t.events("nerve.tested")[-1]
    assert (tested["markers"], tested["friend"], tested["total"]) == (-1, 1, 5)
    t.send("bob", "dispute_fact", key="gunman.friend_near")
    assert t.state.facts["gunman.friend_near"].status == "disputed"


def test_sc_nrv_03_the_triggers_all_take_the_one_nerve_test() -> None:
    t = ready()
    t.dice(9)
    nerve.owe(t.state, "SC-FALL-06", character="deputy")  # what the game triggered (SC-NRV-03)
    t.send("bob", "nerve_test", character="deputy", trigger="SC-FALL-06")
    t.dice(9)
    nerve.owe(t.state, "SC-HTH-13", character="deputy")  # what the game triggered (SC-NRV-03)
    t.send("bob", "nerve_test", character="deputy", trigger="SC-HTH-13")
    assert [e["trigger"] for e in t.events("nerve.tested")] == ["SC-FALL-06", "SC-HTH-13"]
    assert {r.rule for r in t.rolls if r.notation == "D10"} == {"SC-NRV-01"}


def test_sc_bnt_01_more_than_half_out_takes_the_test_at_end_of_turn_and_again_each_turn() -> None:
    t = big()
    remove(t, "d1", "d2")
    finish_turn(t)
    assert t.events("bnt.tested") == []
    remove(t, "d3")
    t.place(bob="marshal", carol="leader")
    for key, d in list(t.state.decisions.items()):
        t.send(d.player, "decide", key=key, choice="decline")
    finish_turn(t)
    assert [e["side"] for e in t.events("bnt.tested")] == ["bob"]
    assert t.state.turn.number == 3


def test_sc_bnt_02_the_target_is_the_highest_stress_in_play_without_nerve_modifiers() -> None:
    t = big()
    remove(t, "marshal", "d1", "d2")
    t.c("d3")["markers"] = 1
    finish_turn(t)
    tested = t.events("bnt.tested")[0]
    assert tested["stress"] == 5 and tested["modifier"] == 0


def test_sc_bnt_03_minus_one_per_character_out_beyond_half() -> None:
    t = big()
    remove(t, "d1", "d2", "d3")
    finish_turn(t)
    assert t.events("bnt.tested")[0]["penalty"] == -1  # 5 characters, 3 out


def test_sc_bnt_04_markers_twice_the_remaining_characters_fail_a_due_test_and_are_warned_of() -> None:
    t = big()
    remove(t, "d1", "d2", "d3")
    t.c("marshal")["markers"], t.c("d4")["markers"] = 2, 1
    assert t.view("carol")["skirmish"]["sides"]["bob"]["warning"]
    t.c("d4")["markers"] = 2
    finish_turn(t)
    assert "bnt.auto_failed" in t.codes() and (t.state.outcome or {})["winner"] == "carol"
    calm = ready()
    calm.c("gunman")["markers"] = 1
    calm.c("leader")["markers"] = 2
    finish_turn(calm)
    assert "bnt.auto_failed" not in calm.codes(), "it never triggers a test that is not due"


def test_sc_bnt_05_a_failure_means_the_faction_leaves_and_loses() -> None:
    t = big()
    remove(t, "d1", "d2", "d3")
    finish_turn(t, draws=False)
    t.send("bob", "eot_draw", draw=False)
    t.dice(2)
    t.send("carol", "eot_draw", draw=False)
    assert t.data["sides"]["bob"]["out"] and t.state.outcome == {"result": "win", "winner": "carol",
                                                                 "rule": "SC-BNT-05"}
    assert t.state.status == "ended" and t.refused("carol", "concede").code == "table_ended"


def test_sc_bnt_06_both_sides_failing_in_the_same_step_is_a_draw() -> None:
    t = ready()
    t.c("leader")["markers"] = 9
    t.c("marshal")["markers"] = 9
    finish_turn(t)
    assert t.state.outcome is None  # with two of two left nobody is due
    both = big()
    remove(both, "d1", "d2", "d3")
    both.data["sides"]["carol"]["start_count"] = 5
    finish_turn(both, draws=False)
    both.send("bob", "eot_draw", draw=False)
    both.dice(1, 1)
    both.send("carol", "eot_draw", draw=False)
    assert both.state.outcome == {"result": "draw", "winner": "", "rule": "SC-BNT-06"}


def test_sc_nrv_03_a_nerve_test_exists_only_when_something_triggered_it() -> None:
    """Issue 22 finding 3: any seat could send ``nerve_test`` for any character with nothing calling for it."""
    t = ready()
    markers = t.c("gunman")["markers"]
    for who, character in (("bob", "gunman"), ("carol", "gunman")):
        with pytest.raises(CommandError) as refused:
            t.send(who, "nerve_test", character=character, trigger="SC-HTH-13")
        assert refused.value.code == "no_nerve_test_due"
    assert "nerve_test" not in {a["kind"] for a in t.allowed("carol")}
    nerve.owe(t.state, "SC-HTH-13", faller="marshal")  # a roof throw: whoever the faller is thrown toward
    with pytest.raises(CommandError) as refused:
        t.send("bob", "nerve_test", character="gunman", trigger="SC-HTH-13")  # the opponent's character
    assert refused.value.code == "not_your_character"
    t.dice(9)
    t.send("carol", "nerve_test", character="gunman", trigger="SC-HTH-13")
    with pytest.raises(CommandError):  # once per trigger
        t.send("carol", "nerve_test", character="gunman", trigger="SC-HTH-13")
    assert t.c("gunman")["markers"] == markers

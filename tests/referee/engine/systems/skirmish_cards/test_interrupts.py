"""Interrupts in the response window (SC-INT): Duck Back and Quick Shot."""

from __future__ import annotations

from tests.referee.engine.systems.skirmish_cards.table import ready


def test_sc_int_01_an_unactivated_character_interrupts_at_once_and_spends_its_activation() -> None:
    t = ready()
    t.declare("marshal", "move", "move")
    t.send("bob", "move", character="marshal")
    assert t.state.window is not None and t.state.window.participants == ["carol"]
    t.dice(9)
    t.send("carol", "quick_shot", character="gunman")
    assert t.events("shot.rolled")[-1]["quick"] is True and t.c("gunman")["state"] == "done"
    assert t.zone("discard:carol") == ["3-red"]
    t.result("miss")
    t.pass_all()
    assert t.c("marshal")["used"] == 1 and "gunman" not in [t.up()]


def test_sc_int_02_one_interrupt_per_player_per_enemy_activation_and_never_against_their_own() -> None:
    t = ready()
    t.declare("marshal", "move", "move")
    t.send("bob", "move", character="marshal")
    t.dice(9)
    t.send("carol", "quick_shot", character="gunman")
    t.result("miss")
    assert t.refused("carol", "quick_shot", character="leader").code == "cannot_interrupt"
    t.pass_all()
    t.send("bob", "move", character="marshal")
    assert t.state.window is None, "Carol already interrupted this activation"
    assert "quick_shot" not in t.kinds("bob")


def test_sc_int_03_duck_back_moves_with_a_marker_and_the_one_shot_still_resolves_ignoring_range() -> None:
    t = ready()
    t.declare("marshal", "shoot", "shoot")
    t.send("bob", "shoot", character="marshal", target="gunman", range="long", cover="none")
    t.send("carol", "duck_back", character="gunman", cover="solid", visible=False)
    t.dice(14)
    t.pass_all()
    rolled = t.events("shot.rolled")[-1]
    assert rolled["ducked"] and ["solid_cover", -1, "SC-SHT-02"] in rolled["modifiers"]
    assert not any(m[0].startswith("range") for m in rolled["modifiers"])
    assert t.c("gunman")["movement"] == 1
    t.result("miss")
    assert t.refused("bob", "shoot", character="marshal", target="gunman").code == "target_ducked_back"


def test_sc_int_04_duck_back_before_a_charge_and_a_charge_that_misses_loses_its_fight() -> None:
    t = ready()
    t.declare("marshal", "move", "fight")
    t.send("bob", "move", character="marshal", mode="charge", target="gunman")
    assert "duck_back" in t.kinds("carol")
    t.send("carol", "duck_back", character="gunman")
    t.pass_all()
    key = next(iter(t.state.decisions))
    t.send("bob", "decide", key=key, choice="no")
    assert t.c("marshal")["declared"] == ["move"] and "charge.missed" in t.codes()
    assert t.c("marshal")["state"] == "done"


def test_sc_int_05_quick_shot_counts_every_declared_move_of_the_target_not_its_markers() -> None:
    t = ready()
    t.declare("marshal", "move", "move", "move")
    t.send("bob", "move", character="marshal")
    t.dice(15)
    t.send("carol", "quick_shot", character="gunman")
    rolled = t.events("shot.rolled")[-1]
    assert ["target_movement", -3, "SC-INT-05"] in rolled["modifiers"]


def test_sc_int_05_against_a_long_shot_the_quick_shot_resolves_first() -> None:
    t = ready()
    t.c("marshal")["markers"] = 2
    t.declare("marshal", "shoot")
    t.send("bob", "shoot", character="marshal", target="leader", range="long")
    t.dice(12)
    t.send("carol", "quick_shot", character="gunman")
    t.result("wound")  # the marshal (HP 3) goes: its long shot is never fired
    t.pass_all()
    assert t.c("marshal")["removed"] and "action.cancelled" in t.codes()
    assert [e["shooter"] for e in t.events("shot.rolled")] == ["gunman"]


def test_sc_int_06_a_joker_that_interrupts_takes_two_actions() -> None:
    t = ready(carol=["7-red", "8-red", "9-red", "joker"])
    t.declare("marshal", "shoot")
    t.send("bob", "shoot", character="marshal", target="gunman", range="long")
    t.send("carol", "duck_back", character="gunman")
    t.dice(10)
    t.send("carol", "quick_shot", character="gunman")
    assert t.events("interrupted")[0]["joker"] is True and len(t.events("ducked_back")) == 1
    assert t.events("shot.rolled")[-1]["quick"] is True and t.events("shot.rolled")[-1]["die"] == 10


def test_sc_int_07_simultaneous_close_shots_both_resolve_even_if_one_removes_the_other() -> None:
    t = ready()
    t.c("marshal")["markers"] = 2
    t.declare("marshal", "shoot")
    t.send("bob", "shoot", character="marshal", target="leader", range="close")
    t.dice(12)
    t.send("carol", "quick_shot", character="gunman")
    t.result("wound")
    assert t.c("marshal")["removed"]
    t.dice(13)
    t.pass_all()
    assert [e["shooter"] for e in t.events("shot.rolled")] == ["gunman", "marshal"]

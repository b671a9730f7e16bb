"""Activations, actions and movement (SC-ACT, SC-MOV): declared and locked, then done in order."""

from __future__ import annotations

from tests.referee.engine.systems.skirmish_cards.table import ready


def test_sc_act_01_up_to_three_actions_are_declared_first_and_fewer_are_allowed() -> None:
    t = ready()
    assert t.refused("bob", "declare", character="marshal", actions=["move"] * 4).code == "too_many_actions"
    assert t.refused("bob", "declare", character="deputy", actions=["move"]).code == "not_up"
    t.declare("marshal", "aim")
    assert t.c("marshal")["declared"] == ["aim"] and t.events("actions.declared")[0]["actions"] == ["aim"]
    strict = ready(settings={"fewer_actions_allowed": False})
    assert strict.refused("bob", "declare", character="marshal", actions=["aim"]).code == "declare_all_actions"


def test_sc_act_02_the_declaration_is_locked_and_its_order_kept() -> None:
    t = ready()
    t.declare("marshal", "aim", "recover")
    assert t.refused("bob", "recover", character="marshal").code == "not_declared_next"
    assert t.refused("bob", "declare", character="marshal", actions=["recover"]).code == "not_up"
    t.send("bob", "aim", character="marshal")
    t.send("bob", "recover", character="marshal")
    assert t.c("marshal")["state"] == "done" and t.up() == "leader"


def test_sc_act_03_acting_before_declaring_is_refused_and_the_dirty_rat_button_loses_the_activation() -> None:
    t = ready()
    assert t.refused("bob", "aim", character="marshal").code == "not_declared"
    assert t.refused("bob", "dirty_rat", character="marshal").code == "own_character"
    t.send("carol", "dirty_rat", character="marshal")
    assert t.c("marshal")["state"] == "done" and t.zone("discard:bob") == ["10-black"]
    assert t.up() == "leader" and "activation.lost" in t.codes()


def test_sc_act_04_the_actions_and_mounting_counts_as_a_move() -> None:
    t = ready()
    assert t.refused("bob", "declare", character="marshal", actions=["fly"]).code == "unknown_action"
    t.c("marshal")["horse"] = "tethered"
    t.declare("marshal", "move", "move")
    t.send("bob", "move", character="marshal", mode="mount")
    t.pass_all()
    assert t.c("marshal")["mounted"] and t.c("marshal")["used"] == 1
    t.send("bob", "move", character="marshal")
    t.pass_all()
    assert t.c("marshal")["movement"] == 2


def test_sc_act_05_aim_gives_plus_one_to_the_next_shot_never_more_and_expires_at_end_of_turn() -> None:
    t = ready()
    t.declare("marshal", "aim", "aim", "shoot")
    t.send("bob", "aim", character="marshal")
    t.send("bob", "aim", character="marshal")
    assert t.c("marshal")["aim"] == 1
    t.dice(12)
    t.send("bob", "shoot", character="marshal", target="gunman")
    t.pass_all()
    rolled = t.events("shot.rolled")[0]
    assert ["aim", 1, "SC-ACT-05"] in rolled["modifiers"] and rolled["total"] == 12 + 1 - 0
    assert t.c("marshal")["aim"] == 0
    later = ready()
    later.declare("marshal", "aim")
    later.send("bob", "aim", character="marshal")
    for cid in ("leader", "deputy", "gunman"):
        later.declare(cid, "recover")
        later.send(later.seat_of(cid), "recover", character=cid)
    assert later.c("marshal")["aim"] == 0


def test_sc_act_06_reload_removes_the_out_of_ammo_marker_or_switches_weapon() -> None:
    t = ready()
    t.c("marshal")["out_of_ammo"] = True
    assert t.refused("bob", "declare", character="marshal", actions=["shoot"]).code == "out_of_ammo"
    t.declare("marshal", "reload", "reload")
    assert t.refused("bob", "reload", character="marshal", switch=True).code == "one_weapon"
    t.send("bob", "reload", character="marshal")
    assert t.c("marshal")["out_of_ammo"] is False
    t.c("marshal")["weapons"] = ["pistol", "rifle"]
    t.send("bob", "reload", character="marshal", switch=True)
    assert t.c("marshal")["weapon"] == 1


def test_sc_act_07_recover_removes_one_marker_from_the_acting_character_only() -> None:
    t = ready()
    t.c("marshal")["markers"], t.c("deputy")["markers"] = 2, 1
    t.declare("marshal", "recover")
    t.send("bob", "recover", character="marshal")
    assert (t.c("marshal")["markers"], t.c("deputy")["markers"]) == (1, 1)


def test_sc_mov_01_each_move_places_a_movement_marker_even_in_place() -> None:
    t = ready()
    t.declare("marshal", "move", "move")
    t.send("bob", "move", character="marshal")
    t.pass_all()
    t.send("bob", "move", character="marshal")
    t.pass_all()
    assert t.c("marshal")["movement"] == 2
    assert "10 cm (20 cm mounted)" in t.events("moved")[0]["reminder"]


def _move_reminder() -> str:
    t = ready()
    t.declare("marshal", "move")
    return next(a for a in t.allowed("bob") if a["kind"] == "move")["options"]["reminder"]


def test_sc_mov_02_friends_do_not_block_and_turning_is_free_is_a_reminder() -> None:
    assert "friends do not block and turning is free" in _move_reminder()


def test_sc_mov_03_the_2_cm_rule_is_a_reminder() -> None:
    assert "never within 2 cm of an enemy unless entering hand-to-hand" in _move_reminder()


def test_sc_mov_04_obstacles_cost_nothing_extra_is_a_reminder() -> None:
    assert "ladders and climbs up to 10 cm cost nothing extra" in _move_reminder()


def test_sc_mov_05_a_climb_needs_its_moves_in_the_same_declaration() -> None:
    short = ready()
    short.declare("marshal", "move")
    short.send("bob", "move", character="marshal", mode="climb", climb_moves=2)
    assert "climb.stopped" in short.codes()
    t = ready()
    t.declare("marshal", "move", "move")
    t.send("bob", "move", character="marshal", mode="climb", climb_moves=2)
    assert "climb.made" in t.codes() and t.c("marshal")["used"] == 2 and t.c("marshal")["movement"] == 2


def test_sc_mov_06_a_move_into_contact_must_be_followed_at_once_by_fight() -> None:
    t = ready()
    t.declare("marshal", "move", "aim")
    assert t.refused("bob", "move", character="marshal", mode="charge", target="leader").code == "fight_must_follow"
    ok = ready()
    ok.declare("marshal", "move", "fight")
    ok.send("bob", "move", character="marshal", mode="charge", target="leader")
    ok.pass_all()
    assert ok.c("marshal")["contact"] == "leader" and ok.kinds("bob") >= {"fight"}


def test_sc_mov_07_a_character_starting_in_base_contact_may_only_fight_or_break_off() -> None:
    t = ready()
    t.declare("marshal", "move", "fight")
    t.send("bob", "move", character="marshal", mode="charge", target="leader")
    t.pass_all()
    t.dice(5, 7)  # marshal 5 + 1 (started the fight) = 6, leader 7: the charged leader wins and keeps its card
    t.send("bob", "fight", character="marshal")
    t.pass_all()
    assert t.up() == "leader" and t.c("leader")["fight"]
    assert t.refused("carol", "declare", character="leader", actions=["shoot"]).code == "only_fight_or_break_off"
    t.declare("leader", "break_off")
    t.send("carol", "break_off", character="leader")
    assert not t.c("leader")["fight"] and not t.c("marshal")["fight"]

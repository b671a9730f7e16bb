"""Hand-to-hand (SC-HTH): entering, rounds, modifiers, markers, the card rules of round one, later turns."""

from __future__ import annotations

from tests.referee.engine.systems.skirmish_cards.table import charge, next_turn, ready

LATER = ["5-black", "6-black", "10-black", "4-black", "8-black", "7-black"]


def rolled(t, cid: str) -> dict:
    return [e for e in t.events("fight.rolled") if e["character"] == cid][-1]


def test_sc_hth_01_entering_costs_a_move_into_contact_and_a_fight() -> None:
    t = ready()
    t.declare("marshal", "fight")
    assert t.refused("bob", "fight", character="marshal").code == "not_in_contact"
    ok = ready()
    charge(ok, dice=(6, 2))
    ok.pass_all()
    assert "fight.started" in ok.codes() and ok.events("fight.round")[0]["round"] == 1


def test_sc_hth_02_one_character_per_side_nobody_joins_and_nobody_shoots_in() -> None:
    t = ready()
    charge(t, dice=(5, 6))
    t.pass_all()  # 5 + 1 = 6 against 6: a tie, the fight goes on
    t.declare("deputy", "move", "fight")
    assert t.refused("bob", "move", character="deputy", mode="charge", target="leader").code == "invalid_charge"
    shooter = ready()
    charge(shooter, dice=(5, 6))
    shooter.pass_all()
    shooter.declare("deputy", "shoot")
    assert shooter.refused("bob", "shoot", character="deputy", target="leader").code == "target_in_hand_to_hand"


def test_sc_hth_03_the_modifiers_and_no_higher_card_bonus_in_the_first_round() -> None:
    t = ready()
    t.c("leader")["markers"] = 1
    t.c("marshal")["traits"].append("hand_weapon")
    t.c("marshal")["hp"] = t.c("leader")["hp"] = 20
    charge(t, dice=(4, 4))
    t.pass_all()
    mods = {m[0]: m[1] for m in rolled(t, "marshal")["modifiers"]}
    assert mods == {"enemy_markers": 1, "started_fight": 1, "hand_weapon": 1}
    assert "higher_card" not in {m[0] for m in rolled(t, "leader")["modifiers"]}


def test_sc_hth_04_the_lower_total_takes_a_marker_per_point_and_a_tie_gives_none() -> None:
    t = ready()
    t.c("leader")["hp"] = 9
    charge(t, dice=(7, 4))
    t.pass_all()
    assert t.c("leader")["markers"] == 4  # 8 against 4
    tie = ready()
    charge(tie, dice=(5, 6))
    tie.pass_all()
    assert tie.c("leader")["markers"] == tie.c("marshal")["markers"] == 0 and tie.c("leader")["fight"]


def test_sc_hth_05_a_mounted_loser_falls_from_the_horse_and_the_horse_is_removed() -> None:
    t = ready()
    t.c("leader")["mounted"] = True
    t.c("leader")["hp"] = 9
    charge(t, dice=(9, 1))
    t.dice(3, 11)
    t.pass_all()
    assert "rider.dragged_off" in t.codes() and t.c("leader")["horse"] == "removed"
    assert t.events("fall.damage_rolled")[0]["rolls"] == [11] and t.events("fall.damage_rolled")[0]["from_horse"]


def test_sc_hth_06_defensive_fighting_takes_one_marker_less_and_a_defensive_win_gives_nothing() -> None:
    t = ready()
    t.c("leader")["hp"] = 9
    charge(t, dice=(7, 4))
    t.send("carol", "hth_declare", character="leader", defensive=True)
    t.pass_all()
    assert t.c("leader")["markers"] == 3
    win = ready()
    charge(win, dice=(1, 9))
    win.send("carol", "hth_declare", character="leader", defensive=True)
    win.pass_all()
    assert win.c("marshal")["markers"] == 0 and "fight.defended" in win.codes()


def test_sc_hth_07_a_charged_unactivated_character_loses_its_card_unless_it_wins() -> None:
    t = ready()
    t.c("leader")["hp"] = 9
    charge(t, dice=(7, 4))
    t.pass_all()
    assert t.c("leader")["state"] == "done" and "9-red" in t.zone("discard:carol")
    won = ready()
    charge(won, dice=(2, 7))
    won.pass_all()
    assert won.c("leader")["state"] == "waiting" and won.c("leader")["budget"] == 2 and won.up() == "leader"


def test_sc_hth_08_nobody_removed_in_round_one_discards_both_cards() -> None:
    t = ready()
    charge(t, dice=(5, 6), actions=("move", "fight", "aim"))
    t.pass_all()
    assert t.zone("discard:bob") == ["10-black"] and t.zone("discard:carol") == ["9-red"]
    assert t.c("marshal")["state"] == "done" and t.up() == "deputy"


def test_sc_hth_09_in_later_turns_the_higher_card_gets_plus_one_with_one_roll_when_it_comes_up() -> None:
    t = ready(bob=LATER)
    charge(t, dice=(5, 6))
    t.pass_all()
    next_turn(t, bob="marshal", carol="leader")
    assert t.card("marshal") == "8-black" and t.card("leader") == "2-red" and t.up() == "marshal"
    t.declare("marshal", "fight")
    t.dice(5, 5)
    t.send("bob", "fight", character="marshal")
    t.pass_all()
    assert {m[0] for m in rolled(t, "marshal")["modifiers"]} == {"higher_card"}
    assert t.c("leader")["markers"] == 1


def test_sc_hth_10_break_off_is_two_moves_the_first_disengaging_in_place() -> None:
    t = ready(bob=LATER)
    charge(t, dice=(5, 6))
    t.pass_all()
    next_turn(t, bob="marshal", carol="leader")
    twice = t.refused("bob", "declare", character="marshal", actions=["break_off", "break_off"])
    assert twice.code == "too_many_actions"
    t.declare("marshal", "break_off")
    t.send("bob", "break_off", character="marshal")
    assert t.c("marshal")["movement"] == 2 and not t.c("leader")["fight"]
    assert "first Move disengages" in t.events("fight.broken_off")[0]["reminder"]


def test_sc_hth_11_the_survivor_takes_its_two_remaining_actions_never_more_than_remain() -> None:
    t = ready()
    charge(t, dice=(9, 1), actions=("move", "fight", "aim"))
    t.pass_all()
    assert t.c("leader")["removed"]
    marshal = t.c("marshal")
    assert marshal["declared"] == ["move", "fight"] and marshal["budget"] == 3 and marshal["redeclare"]
    t.declare("marshal", "recover")
    t.send("bob", "recover", character="marshal")
    assert t.c("marshal")["state"] == "done"
    defender = ready()
    defender.c("marshal")["markers"] = 2
    charge(defender, dice=(1, 9))
    defender.pass_all()
    assert defender.c("marshal")["removed"] and defender.c("leader")["budget"] == 2


def test_sc_hth_12_a_lasso_makes_the_target_test_and_a_failure_is_the_one_marker() -> None:
    t = ready()
    t.c("marshal")["mounted"] = True
    t.c("leader")["hp"] = 9
    t.c("marshal")["hp"] = 9
    charge(t, dice=(1, 5, 5), lasso=True)  # nerve 1 fails: caught, one marker; then 5+1+1+1 against 5
    t.pass_all()
    assert t.events("lasso.caught") and t.events("nerve.tested")[0]["trigger"] == "SC-HTH-12"
    assert t.c("leader")["markers"] == 1 + 3
    missed = ready()
    missed.c("marshal")["mounted"] = True
    charge(missed, dice=(9, 5, 7), lasso=True)
    missed.pass_all()
    assert missed.events("lasso.missed")


def test_sc_hth_13_a_winning_roof_throw_makes_the_loser_fall_instead_of_taking_markers() -> None:
    t = ready()
    charge(t, dice=(9, 2, 4, 10), throw=True)
    t.pass_all()
    assert "fight.thrown" in t.codes() and t.c("leader")["markers"] == 0
    assert "Nerve test" in t.events("fight.thrown")[0]["reminder"] and t.events("fall.rolled")


def test_sc_hth_14_later_rounds_drop_the_start_bonus_and_the_lower_card_may_only_break_off() -> None:
    t = ready(bob=LATER)
    charge(t, dice=(5, 6))
    t.pass_all()
    next_turn(t, bob="marshal", carol="leader")
    t.declare("marshal", "fight")
    t.dice(5, 6)
    t.send("bob", "fight", character="marshal")
    t.pass_all()
    assert "started_fight" not in {m[0] for m in rolled(t, "marshal")["modifiers"]}
    for cid in ("deputy", "gunman"):
        t.declare(cid, "aim")
        t.send(t.seat_of(cid), "aim", character=cid)
    assert t.up() == "leader"
    assert t.refused("carol", "declare", character="leader", actions=["fight"]).code == "no_second_roll"
    t.declare("leader", "break_off")

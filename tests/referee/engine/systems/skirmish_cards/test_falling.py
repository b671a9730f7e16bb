"""Falling and mounted figures (SC-FALL, SC-MNT)."""

from __future__ import annotations

from referee.engine.systems.skirmish_cards import nerve
from tests.referee.engine.systems.skirmish_cards.table import ready
from tests.referee.engine.systems.skirmish_cards.test_shooting import shoot


def test_sc_fall_01_the_d10_is_the_distance_and_the_direction_is_entered() -> None:
    t = ready()
    t.c("leader")["hp"] = 9
    t.send("bob", "set_fact", character="leader", name="high_ground", value=True)
    shoot(t, target="leader")
    t.dice(1, 7, 5)
    t.result("wound_nerve")
    fall = t.events("fall.rolled")[0]
    assert fall["distance_cm"] == 7 and fall["bearing"] == "" and "referee enters" in fall["reminder"]
    compass = ready(settings={"fall_random_bearing": True})
    compass.c("leader")["hp"] = 9
    compass.send("bob", "set_fact", character="leader", name="high_ground", value=True)
    shoot(compass, target="leader")
    compass.dice(1, 7, 3, 5)
    compass.result("wound_nerve")
    assert compass.events("fall.rolled")[0]["bearing"] == "E"


def test_sc_fall_02_next_to_a_window_the_direction_decides_inside_or_outside() -> None:
    t = ready()
    t.c("leader")["hp"] = 9
    for name in ("high_ground", "near_window"):
        t.send("bob", "set_fact", character="leader", name=name, value=True)
    shoot(t, target="leader")
    t.dice(1, 4, 5)
    t.result("wound_nerve")
    assert "outside or inside" in t.events("fall.window")[0]["reminder"]


def test_sc_fall_03_a_character_hit_mid_jump_falls_without_a_nerve_test() -> None:
    t = ready()
    t.c("leader")["hp"] = 9
    t.send("carol", "set_fact", character="leader", name="mid_jump", value=True)
    shoot(t, target="leader")
    t.dice(4, 6)
    t.result("wound")
    assert "jump.hit" in t.codes() and not t.events("nerve.tested") and t.events("fall.rolled")


def test_sc_fall_03_after_the_fall_he_is_no_longer_mid_jump_and_a_later_hit_does_not_drop_him_again() -> None:
    t = ready()
    t.c("leader")["hp"] = 9
    t.send("carol", "set_fact", character="leader", name="mid_jump", value=True)
    shoot(t, target="leader")
    t.dice(4, 6)
    t.result("wound")
    assert len(t.events("fall.rolled")) == 1
    assert not t.state.facts["leader.mid_jump"].value  # he has landed: the next hit is an ordinary one


def test_sc_fall_04_fall_damage_is_an_unmodified_d20_with_no_out_of_ammo_on_a_1() -> None:
    t = ready()
    t.c("leader")["hp"] = 9
    t.send("carol", "set_fact", character="leader", name="mid_jump", value=True)
    shoot(t, target="leader")
    t.dice(4, 1)
    t.result("wound")
    item = next(iter(t.state.decisions.values())).context
    assert (item["source"], item["d20"], item["total"], item["modifiers"]) == ("fall", 1, 1, [])
    assert not t.c("leader")["out_of_ammo"]
    t.result("wound")
    assert t.c("leader")["markers"] == 2


def test_sc_fall_05_two_rolls_from_over_20_cm_or_a_moving_cart_and_one_from_a_horse() -> None:
    t = ready()
    t.c("leader")["hp"] = 9
    for name in ("high_ground", "fall_over_20"):
        t.send("bob", "set_fact", character="leader", name=name, value=True)
    shoot(t, target="leader")
    t.dice(1, 4, 6, 7)
    t.result("wound_nerve")
    assert t.events("fall.damage_rolled")[0]["rolls"] == [6, 7] and len(t.state.decisions) == 2


def test_sc_fall_06_jumping_onto_a_moving_object_fails_into_one_d20_with_no_extra_marker() -> None:
    t = ready()
    t.dice(2, 9)
    nerve.owe(t.state, "SC-FALL-06", character="gunman")  # what the game triggered (SC-NRV-03)
    t.send("carol", "nerve_test", character="gunman", trigger="SC-FALL-06")
    assert t.c("gunman")["markers"] == 0
    item = next(iter(t.state.decisions.values())).context
    assert (item["source"], item["d20"]) == ("jump", 9)


def test_sc_mnt_01_riders_declare_act_and_fight_normally() -> None:
    t = ready()
    t.c("marshal")["mounted"] = True
    t.declare("marshal", "move", "fight")
    t.send("bob", "move", character="marshal", mode="charge", target="leader")
    t.pass_all()
    t.dice(5, 5)
    t.send("bob", "fight", character="marshal")
    t.pass_all()
    assert t.events("fight.rolled")[0]["modifiers"][0][0] == "higher"


def test_sc_mnt_02_mounting_costs_an_action_except_for_factions_that_do_it_free() -> None:
    t = ready()
    t.c("marshal")["horse"] = "tethered"
    t.declare("marshal", "aim")
    assert t.refused("bob", "mount_free", character="marshal").code == "not_free"
    t.c("marshal")["traits"].append("free_mount")
    t.send("bob", "mount_free", character="marshal")
    assert t.c("marshal")["mounted"] and t.c("marshal")["used"] == 0 and t.c("marshal")["movement"] == 0


def test_sc_mnt_03_riders_shoot_at_minus_one_and_move_20_cm_as_a_reminder() -> None:
    t = ready()
    t.c("marshal")["mounted"] = True
    assert ["mounted_shooter", -1, "SC-MNT-03"] in shoot(t)["modifiers"]
    mover = ready()
    mover.declare("marshal", "move")
    assert "20 cm mounted" in next(a for a in mover.allowed("bob") if a["kind"] == "move")["options"]["reminder"]


def test_sc_mnt_04_a_friend_boards_a_horse_with_one_action_and_never_fights() -> None:
    t = ready()
    t.c("deputy")["mounted"] = True
    t.declare("marshal", "move")
    t.send("bob", "move", character="marshal", mode="board", target="deputy")
    t.pass_all()
    assert t.c("marshal")["riding"] == "deputy"
    full = ready(settings={"horse_passengers": 0})
    full.c("deputy")["mounted"] = True
    full.declare("marshal", "move")
    assert full.refused("bob", "move", character="marshal", mode="board", target="deputy").code == "horse_full"
    rider = ready()
    rider.c("marshal")["riding"] = "deputy"
    assert rider.refused("bob", "declare", character="marshal", actions=["move", "fight"]).code == \
        "passenger_cannot_fight"


def test_sc_mnt_05_no_riding_into_buildings_unless_agreed_and_riders_never_climb() -> None:
    t = ready()
    t.c("marshal")["mounted"] = True
    t.declare("marshal", "move")
    assert t.refused("bob", "move", character="marshal", into_building=True).code == "riders_stay_out"
    assert t.refused("bob", "move", character="marshal", mode="climb").code == "riders_stay_out"
    agreed = ready(settings={"riders_in_buildings": True})
    agreed.c("marshal")["mounted"] = True
    agreed.declare("marshal", "move")
    agreed.send("bob", "move", character="marshal", into_building=True)


def test_sc_mnt_06_a_rider_failing_its_test_falls_and_a_hit_horse_throws_its_rider() -> None:
    t = ready()
    t.c("leader")["mounted"], t.c("leader")["hp"] = True, 9
    shoot(t, target="leader")
    t.dice(1, 5, 8)
    t.result("wound_nerve")
    assert t.c("leader")["markers"] == 2 and t.events("fall.damage_rolled")[0]["rolls"] == [8]
    horse = ready()
    horse.c("leader")["mounted"] = True
    shoot(horse, target="leader", part="horse")
    horse.dice(2)
    horse.result("wound_nerve")
    assert "rider.thrown" in horse.codes() and horse.c("leader")["markers"] == 1
    assert not horse.events("fall.rolled")
    other = ready()
    other.c("leader")["mounted"] = True
    shoot(other, target="leader", part="horse")
    other.result("wound")
    assert "horse.unhurt" in other.codes() and other.c("leader")["mounted"]


def test_sc_mnt_07_leaving_the_saddle_removes_the_horse_unless_it_is_tied() -> None:
    t = ready()
    t.c("marshal")["mounted"] = True
    t.declare("marshal", "move", "move")
    t.send("bob", "move", character="marshal", mode="dismount")
    t.pass_all()
    assert t.c("marshal")["horse"] == "removed"
    tied = ready()
    tied.c("marshal")["mounted"] = True
    tied.send("bob", "set_fact", character="marshal", name="tether_point", value=True)
    tied.declare("marshal", "move", "move")
    tied.send("bob", "move", character="marshal", mode="dismount", tether=True)
    tied.pass_all()
    tied.send("bob", "move", character="marshal", mode="mount")
    assert tied.c("marshal")["mounted"]


def test_sc_mnt_08_dismounting_as_a_duck_back_claims_the_horse_as_solid_cover_for_that_shot() -> None:
    t = ready()
    t.c("gunman")["mounted"] = True
    t.declare("marshal", "shoot")
    t.send("bob", "shoot", character="marshal", target="gunman")
    t.send("carol", "duck_back", character="gunman", mode="dismount")
    t.dice(12)
    t.pass_all()
    assert ["solid_cover", -1, "SC-SHT-02"] in t.events("shot.rolled")[-1]["modifiers"]
    assert t.c("gunman")["horse"] == "removed" and "horse.cover" in t.codes()

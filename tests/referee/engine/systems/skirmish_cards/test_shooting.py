"""Shooting, cover and Under Fire markers (SC-SHT, SC-COV, SC-WND), with results entered or read."""

from __future__ import annotations

from typing import Any

from referee.engine.systems.skirmish_cards.pack import default_pack
from referee.engine.systems.skirmish_cards.system import SkirmishLive
from tests.referee.engine.systems.skirmish_cards.table import Table, ready


def shoot(t: Table, shooter: str = "marshal", target: str = "gunman", *, d20: int = 10, actions: tuple = ("shoot",),
          **facts: Any) -> dict[str, Any]:
    if not t.c(shooter)["declared"]:
        t.declare(shooter, *actions)
    t.dice(d20)
    t.send(t.seat_of(shooter), "shoot", character=shooter, target=target, **facts)
    t.pass_all()
    return t.events("shot.rolled")[-1]


def league(**tables: Any) -> SkirmishLive:
    base = default_pack()
    return SkirmishLive(type(base)(base.factions, base.profiles, base.scenarios, **tables))


BANDS = ((None, 9, "miss"), (10, 14, "wound"), (15, None, "wound_nerve"))


def test_sc_sht_01_a_d20_plus_modifiers_and_the_result_entered_by_hand_without_a_table() -> None:
    t = ready()
    rolled = shoot(t, d20=13)
    assert (rolled["die"], rolled["total"]) == (13, 13)
    decision = next(iter(t.state.decisions.values()))
    assert decision.player == "bob" and decision.kind == "result" and decision.context["total"] == 13
    t.result("wound")
    assert t.c("gunman")["markers"] == 1


def test_sc_sht_02_the_modifiers_the_seed_states() -> None:
    t = ready()
    t.c("deputy")["mounted"] = True
    t.c("leader")["movement"] = 2
    for cid in ("marshal", "leader"):
        t.declare(cid, "recover")
        t.send(t.seat_of(cid), "recover", character=cid)
    t.c("leader")["movement"] = 2
    rolled = shoot(t, "deputy", "leader", d20=12, cover="solid")
    names = {m[0]: m[1] for m in rolled["modifiers"]}
    assert names == {"mounted_shooter": -1, "boss_target": -1, "target_movement": -2, "solid_cover": -1}
    assert rolled["total"] == 12 - 5


def test_sc_sht_03_range_bands_come_from_the_league_weapon_table_and_ship_empty() -> None:
    t = ready(system=league(results=BANDS))
    t.send("bob", "declare", character="marshal", actions=["shoot"])
    t.state.settings["shooting_result_entry"] = "league_table"
    shoot(t, d20=12, range="long")
    assert t.state.decisions, "a band with no figure is entered by hand"
    armed = ready(system=league(results=BANDS, weapons={"rifle": {"ranges": {"long": -2}}}),
                  settings={"shooting_result_entry": "league_table"})
    armed.c("marshal")["weapons"] = ["rifle"]
    rolled = shoot(armed, d20=12, range="long")
    assert ["range_long", -2, "SC-SHT-03"] in rolled["modifiers"] and not armed.state.decisions
    assert armed.events("result.read")[-1]["result"] == "wound"


def test_sc_sht_04_a_natural_1_runs_out_of_ammo_cancels_the_shots_and_ends_shooting_this_turn() -> None:
    t = ready()
    shoot(t, d20=1, actions=("shoot", "reload", "shoot"))
    marshal = t.c("marshal")
    assert marshal["out_of_ammo"] and marshal["declared"] == ["shoot", "reload"]
    assert not t.state.decisions and "shot.out_of_ammo" in t.codes()
    t.send("bob", "reload", character="marshal")
    assert marshal["out_of_ammo"] is False and marshal["no_shoot"] is True
    assert t.c("marshal")["state"] == "done"


def test_sc_sht_05_the_marker_makes_shoot_invalid_until_a_reload_in_a_later_turn() -> None:
    t = ready()
    t.c("marshal")["out_of_ammo"] = True
    assert t.refused("bob", "declare", character="marshal", actions=["shoot"]).code == "out_of_ammo"
    assert t.refused("bob", "declare", character="marshal", actions=["shoot", "reload"]).code == "out_of_ammo"
    t.declare("marshal", "reload", "shoot")
    t.send("bob", "reload", character="marshal")
    shoot(t, d20=11)
    assert t.events("shot.rolled")[-1]["die"] == 11


def test_sc_sht_06_at_close_range_a_failed_nerve_test_means_the_nearest_target_and_no_marker() -> None:
    t = ready()
    t.declare("marshal", "shoot")
    t.dice(2)  # nerve: 2 < stress 4
    t.send("bob", "shoot", character="marshal", target="leader", range="close", nearest=False)
    assert t.c("marshal")["markers"] == 0 and t.c("marshal")["must_nearest"]
    assert t.c("marshal")["used"] == 0
    assert t.refused("bob", "shoot", character="marshal", target="leader", nearest=False).code == "must_target_nearest"
    shoot(t, target="gunman", d20=9, range="close", nearest=True)
    passed = ready()
    passed.declare("marshal", "shoot")
    passed.dice(8, 10)
    passed.send("bob", "shoot", character="marshal", target="leader", range="close", nearest=False)
    passed.pass_all()
    assert passed.events("shot.rolled")[-1]["target"] == "leader"


def test_sc_sht_07_obscured_comes_from_bases_never_terrain_as_a_reminder() -> None:
    t = ready()
    t.declare("marshal", "shoot")
    reminder = next(a for a in t.allowed("bob") if a["kind"] == "shoot")["options"]["reminder"]
    assert "only another character's base makes a target obscured, never terrain" in reminder


def test_sc_sht_08_the_copyrighted_tables_ship_empty_and_results_default_to_manual() -> None:
    pack = default_pack()
    assert pack.results == () and pack.weapons == {} and pack.cards == {}
    assert all(v is None for v in pack.modifiers.values())
    t = ready(settings={"shooting_result_entry": "league_table"})
    shoot(t, d20=15)
    assert t.state.decisions, "no league table: the result is entered by hand"
    gm = ready(seats={"bob": "player", "carol": "player", "gina": "gm"})
    shoot(gm, d20=15)
    assert next(iter(gm.state.decisions.values())).player == "gina"


def test_sc_cov_01_cover_is_entered_as_solid_or_soft_for_the_shot() -> None:
    t = ready()
    t.declare("marshal", "shoot")
    assert t.refused("bob", "shoot", character="marshal", target="gunman", cover="hard").code == "invalid_field"


def test_sc_cov_02_soft_cover_gives_nothing() -> None:
    t = ready()
    rolled = shoot(t, d20=10, cover="soft")
    assert rolled["modifiers"] == [] and "in doubt it counts" in t.events("shot.announced")[0]["reminder"]


def test_sc_cov_03_obscured_and_solid_cover_never_both_apply() -> None:
    t = ready()
    rolled = shoot(t, d20=10, cover="solid", obscured=True)
    assert [m[0] for m in rolled["modifiers"]] == ["solid_cover"]
    worse = ready(settings={"obscured_modifier": -2})
    rolled = shoot(worse, d20=10, cover="solid", obscured=True)
    assert [m[:2] for m in rolled["modifiers"]] == [["obscured", -2]]


def test_sc_cov_04_a_shooter_6_cm_above_ignores_solid_cover() -> None:
    t = ready()
    rolled = shoot(t, d20=10, cover="solid", above=True)
    assert rolled["total"] == 10 and ["above_ignores_cover", 0, "SC-COV-04"] in rolled["modifiers"]


def test_sc_wnd_01_wound_places_one_marker() -> None:
    t = ready()
    shoot(t)
    t.result("wound")
    assert t.c("gunman")["markers"] == 1 and t.events("marker.placed")[0]["markers"] == 1


def test_sc_wnd_02_wound_and_nerve_test_places_a_marker_then_tests_with_it_counting() -> None:
    t = ready()
    t.c("leader")["hp"] = 9
    shoot(t, target="leader")
    t.dice(5)  # 5 - 1 marker = 4 >= stress 4: passes
    t.result("wound_nerve")
    assert t.c("leader")["markers"] == 1 and t.events("nerve.tested")[-1]["total"] == 4
    again = ready()
    again.c("leader")["hp"] = 9
    shoot(again, target="leader")
    again.dice(4)  # 4 - 1 = 3 < 4: one more marker
    again.result("wound_nerve")
    assert again.c("leader")["markers"] == 2


def test_sc_wnd_03_markers_stay_until_recover_or_a_card_that_says_so() -> None:
    t = ready(system=league(cards={"5-black": {"removes_markers": 1}}))
    t.c("deputy")["markers"] = 1
    for cid in ("marshal", "leader"):
        t.declare(cid, "aim")
        t.send(t.seat_of(cid), "aim", character=cid)
    assert t.c("deputy")["markers"] == 1
    t.send("bob", "play_card", card=t.handle_in("bob", "hand:bob", "5-black"), target="deputy")
    assert t.c("deputy")["markers"] == 0


def test_sc_wnd_04_markers_reaching_hp_remove_the_character() -> None:
    t = ready()
    t.c("gunman")["markers"] = 1
    shoot(t)
    t.result("wound")
    assert t.c("gunman")["removed"] and t.events("character.removed")[0]["character"] == "gunman"


def test_sc_wnd_05_a_target_on_high_ground_that_fails_the_test_falls() -> None:
    t = ready()
    t.c("leader")["hp"] = 9
    t.send("bob", "set_fact", character="leader", name="high_ground", value=True)
    shoot(t, target="leader")
    t.dice(1, 6, 8)  # nerve fails; the fall: d10 distance 6, d20 damage 8
    t.result("wound_nerve")
    assert "target.falls" in t.codes() and t.events("fall.rolled")[0]["distance_cm"] == 6
    assert t.c("leader")["markers"] == 2
    assert next(iter(t.state.decisions.values())).context["source"] == "fall"

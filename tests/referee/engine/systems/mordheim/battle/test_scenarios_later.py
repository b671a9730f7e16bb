"""The nine scenarios (spec 9.3), scenarios 6 to 9: setup rolls, in-game rules, extra XP and wyrdstone."""

from __future__ import annotations

import pytest

from referee.engine.systems.mordheim.battle.report import (
    BattleReportError,
    BattleResult,
    Objectives,
    OutOfAction,
)
from referee.engine.systems.mordheim.battle.scenarios import SETUP, chest_goes_to
from referee.engine.systems.mordheim.effects import AddGold, AddItem, AddShards
from referee.engine.systems.mordheim.state import MordheimSettings

from ..helpers import leader, rules_of, tables, warband
from .scenario_helpers import awards, extra, rewards, setup


def test_mh_scn6_01_roll_off_winner_chooses_the_quarter_order():
    facts, roller = setup("chance_encounter", [3, 5, 1, 2, 4, 4, 6, 1])
    assert facts["chooses_deployment"] == "B" and rules_of(roller.made)[:2] == ["MH-SCN6-01"] * 2


def test_mh_scn6_02_d6_plus_the_leaders_initiative_ties_roll_again():
    # leaders' Initiative 4 (A) and 4 (B): 3+4 vs 3+4 tie, then 6+4 vs 1+4
    facts, roller = setup("chance_encounter", [3, 5, 1, 2, 3, 3, 6, 1])
    assert facts["first_turn"] == "A" and rules_of(roller.made)[-4:] == ["MH-SCN6-02"] * 4
    fast = (
        warband("A", leader("a", profile=leader("x").profile.with_delta("I", 2))),
        warband("B", leader("b")),
    )
    facts, _ = setup("chance_encounter", [3, 5, 1, 2, 2, 3], wbs=fast)  # 2+6 beats 3+4
    assert facts["first_turn"] == "A"


def test_mh_scn6_03_each_warband_carries_d3_shards():
    facts, roller = setup("chance_encounter", [3, 5, 1, 6, 4, 2])
    assert facts["carried_shards:A"] == 1 and facts["carried_shards:B"] == 3
    assert [r.notation for r in roller.made if r.rule == "MH-SCN6-03"] == ["D3", "D3"]


def test_mh_scn6_04_carried_minus_heroes_lost_plus_enemy_heroes_taken_capped():
    # GIVEN A carried 1 and lost two Heroes; B carried 2 and lost one Hero to A
    battle = BattleResult(
        "chance_encounter",
        out_of_action=(
            OutOfAction("a-champ", "b-boss"),
            OutOfAction("a-kid", "b-men"),
            OutOfAction("b-champ", "a-boss"),
        ),
        objectives=Objectives(carried_shards={"A": 1, "B": 2}),
    )
    _, shards = rewards(battle)
    # A: max(0, 1 - 2) + min(1, 2) = 1 ; B: max(0, 2 - 1) + min(2, 1) = 2
    assert shards == {"A": 1, "B": 2}


# 7 Hidden Treasure ----------------------------------------------------------------------


def test_mh_scn7_01_roll_off_for_set_up_and_first_turn():
    facts, roller = setup("hidden_treasure", [4, 2, 1, 3])
    assert (
        facts == {"chooses_deployment": "A", "first_turn": "B"}
        and rules_of(roller.made) == ["MH-SCN7-01"] * 4
    )






def test_mh_scn7_04_the_chest_goes_to_who_carried_it_off_or_the_winner_of_a_rout():
    assert (
        chest_goes_to(BattleResult("hidden_treasure", winner="B", objectives=Objectives(chest_holder="A")))
        == "A"
    )
    assert chest_goes_to(BattleResult("hidden_treasure", winner="B")) == "B"
    assert chest_goes_to(BattleResult("hidden_treasure")) is None


def test_mh_scn7_05_chest_contents_rolled_item_by_item():
    # 3D6 gc = 9; shards 5+ (5: D3 face 6 = 3); armour 4+ (3: no); sword 4+ (4: yes);
    # gems 5+ (6: D3 face 1 = 1)
    battle = BattleResult("hidden_treasure", winner="A")
    effects, shards = rewards(battle, faces=[3, 3, 3, 5, 6, 3, 4, 6, 1])
    assert [e for e in effects if e.kind != "note"] == [
        AddGold("A", 9, "hidden_treasure_chest", "MH-SCN7-05"),
        AddShards("A", 3, "hidden_treasure_chest", "MH-SCN7-05"),
        AddItem("A", "sword", 1, "Sword", 0, None, "MH-SCN7-05"),
        AddItem("A", "gem_10gc", 1, "D3 gems worth 10 gc each", 10, None, "MH-SCN7-05"),
    ]
    assert shards == {"A": 3}
    # [DISC] the English 3+ for the Sword, by league ruling
    effects, _ = rewards(
        battle, faces=[1, 1, 1, 1, 1, 3, 1], settings=MordheimSettings(hidden_treasure_sword_need=3)
    )
    assert [getattr(e, "item", "") for e in effects] == ["", "", "sword"]


def test_mh_scn7_06_the_hero_who_finds_the_chest_gains_two_a_henchman_nothing():
    assert extra(BattleResult("hidden_treasure", objectives=Objectives(chest_found_by="a-kid"))) == {
        "a-kid": {"XP_FINDING_CHEST": 2}
    }
    assert extra(BattleResult("hidden_treasure", objectives=Objectives(chest_found_by="a-men"))) == {}


# 8 Occupy -------------------------------------------------------------------------------


def test_mh_scn8_01_roll_off_for_set_up_higher_d6_first():
    facts, roller = setup("occupy", [4, 2, 1, 1, 6])
    assert facts["chooses_deployment"] == "A" and facts["first_turn"] == "B"
    assert rules_of(roller.made) == ["MH-SCN8-01", "MH-SCN8-01", "MH-SCN8-02", "MH-SCN8-01", "MH-SCN8-01"]


def test_mh_scn8_02_d3_plus_two_objective_buildings():
    assert setup("occupy", [4, 2, 1, 1, 6])[0]["objectives"] == 3
    assert setup("occupy", [4, 2, 6, 1, 6])[0]["objectives"] == 5




def test_mh_scn8_04_eight_turns_each_no_rout_tests_voluntary_rout_gives_everything():
    assert setup("occupy", [4, 2, 1, 1, 6])[0]["max_turns_each"] == 8


def test_mh_scn8_05_more_buildings_win_the_leader_bonus_equal_is_a_draw():
    won = BattleResult("occupy", winner="B", objectives=Objectives(buildings_held={"A": 1, "B": 3}))
    assert awards(won)["b-boss"]["XP_WINNING_LEADER"] == 1
    draw = BattleResult("occupy", objectives=Objectives(buildings_held={"A": 2, "B": 2}))
    assert all("XP_WINNING_LEADER" not in a for a in awards(draw).values())
    with pytest.raises(BattleReportError):
        awards(BattleResult("occupy", winner="A", objectives=Objectives(buildings_held={"A": 1, "B": 3})))


# 9 Surprise Attack ----------------------------------------------------------------------


def test_mh_scn9_01_terrain_alternately_attacker_first():
    assert SETUP["surprise_attack"].terrain == "alternate_attacker_first"


def test_mh_scn9_02_defender_rolls_for_each_hero_and_group_at_least_one_present():
    # B defends: b-boss 5 (present), b-champ 2, b-men 4 (present); then the attacker's edge
    facts, roller = setup("surprise_attack", [5, 2, 4, 1], attacker="A")
    assert facts["present"] == ("b-boss", "b-men") and facts["reserves"] == ("b-champ",)
    assert rules_of(roller.made)[:3] == ["MH-SCN9-02"] * 3
    # all 1-3: the last one rolled deploys anyway; a Hero sitting out is not rolled for
    facts, _ = setup("surprise_attack", [1, 3, 6], attacker="A", absent=("b-champ",))
    assert facts["present"] == ("b-men",) and facts["reserves"] == ("b-boss",)




@pytest.mark.parametrize(
    ("face", "edge"),
    [
        (1, "nominated_edge"),
        (2, "side_edge_a"),
        (3, "side_edge_a"),
        (4, "side_edge_b"),
        (5, "side_edge_b"),
        (6, "opposite_edge"),
    ],
)
def test_mh_scn9_04_the_attackers_edge_is_rolled_on_the_diagram(face, edge):
    facts, roller = setup("surprise_attack", [5, 5, 5, face], attacker="A")
    assert facts["attacker_edge"] == edge and roller.made[-1].rule == "MH-SCN9-04"


def test_mh_scn9_05_the_attacker_goes_first():
    assert setup("surprise_attack", [5, 5, 5, 1], attacker="A")[0]["first_turn"] == "A"




def test_mh_scn9_07_rout_ends_it_no_extra_xp_no_wyrdstone():
    battle = BattleResult("surprise_attack", winner="A")
    assert extra(battle) == {} and rewards(battle) == ([], {})
    assert {a.id for a in tables().scenarios["surprise_attack"].xp_awards} == {
        "XP_SURVIVES",
        "XP_WINNING_LEADER",
        "XP_PER_ENEMY_OOA",
    }

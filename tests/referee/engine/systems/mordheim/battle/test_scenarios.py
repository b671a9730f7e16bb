"""The nine scenarios (spec 9.3), scenarios 1 to 5: setup rolls, in-game rules, extra XP and wyrdstone."""

from __future__ import annotations

import pytest

from referee.engine.systems.mordheim.battle.prebattle import (
    run_pre_battle,
)
from referee.engine.systems.mordheim.battle.report import (
    BattleReportError,
    BattleResult,
    Objectives,
    OutOfAction,
    validate_battle,
)
from referee.engine.systems.mordheim.battle.scenarios import SETUP, breakthrough_achieved
from referee.engine.systems.mordheim.effects import AddShards, ScenarioFact
from referee.engine.systems.mordheim.state import MordheimSettings
from tests.support.dice import ScriptedRoller

from ..helpers import SETTINGS, group, hero, leader, rules_of, tables, warband
from .scenario_helpers import awards, extra, rewards, setup, sides


def test_mh_scn1_01_the_smaller_warband_defends_equal_sizes_roll():
    # GIVEN A with 5 models and B with 6: A defends, nobody rolls
    wbs = (sides()[0], warband("B", leader("b-boss"), hero("b-champ"), group("b-men", 4), rating=150))
    roller = ScriptedRoller([])
    out = run_pre_battle(
        warbands=wbs, tables=tables(), settings=SETTINGS, roller=roller, agreed_scenario="defend_the_find"
    )
    facts = {e.fact: e.value for e in out.effects if isinstance(e, ScenarioFact)}
    assert facts["defender"] == "A" and facts["attacker"] == "B" and roller.made == []
    # AND with 5 models each a roll-off decides who chooses (A 2, B 5: B chooses)
    wbs = (sides()[0], warband("B", leader("b-boss"), hero("b-champ"), group("b-men", 3), rating=150))
    roller = ScriptedRoller([2, 5])
    out = run_pre_battle(
        warbands=wbs, tables=tables(), settings=SETTINGS, roller=roller, agreed_scenario="defend_the_find"
    )
    (role,) = out.decisions
    assert role.warband == "B" and role.rule == "MH-SCN1-01" and rules_of(roller.made) == ["MH-SCN1-01"] * 2


def test_mh_scn1_02_defender_deploys_first_attacker_takes_the_first_turn():
    facts, _ = setup("defend_the_find", [], attacker="B")
    assert facts["first_turn"] == "B" and SETUP["defend_the_find"].deploy_first == "defender"


def test_mh_scn1_04_one_shard_per_own_hero_inside_at_most_three():
    wbs = (warband("A", leader("a0"), *(hero(f"a{i}") for i in range(1, 5))), sides()[1])
    battle = BattleResult(
        "defend_the_find", objectives=Objectives(heroes_in_building=("a0", "a1", "a2", "a3", "b-champ"))
    )
    effects, shards = rewards(battle, wbs)
    assert shards == {"A": 3, "B": 1}
    assert AddShards("A", 3, "defend_the_find", "MH-SCN1-04") in effects
    with pytest.raises(BattleReportError):
        validate_battle(
            BattleResult("defend_the_find", objectives=Objectives(heroes_in_building=("b-men",))),
            wbs,
            tables(),
        )


# 2 Skirmish -----------------------------------------------------------------------------


def test_mh_scn2_01_roll_off_winner_chooses_who_sets_up_first():
    facts, roller = setup("skirmish", [2, 5, 6, 1])
    assert facts["chooses_deployment"] == "B" and roller.made[0].rule == "MH-SCN2-01"


def test_mh_scn2_02_higher_d6_goes_first_rout_ends_it_no_wyrdstone():
    facts, roller = setup("skirmish", [2, 5, 6, 1])
    assert facts["first_turn"] == "A" and rules_of(roller.made)[2:] == ["MH-SCN2-02"] * 2
    assert rewards(BattleResult("skirmish", winner="A")) == ([], {})


# 3 Wyrdstone Hunt -----------------------------------------------------------------------


def test_mh_scn3_01_d3_plus_one_counters_placed_by_roll_off_rules():
    facts, roller = setup("wyrdstone_hunt", [5, 1, 2, 3, 4, 6, 5])
    assert facts["counters"] == 4 and facts["places_first_counter"] == "B"
    assert rules_of(roller.made)[:3] == ["MH-SCN3-01"] * 3


def test_mh_scn3_02_a_carrier_taken_out_drops_his_counters():
    battle = BattleResult(
        "wyrdstone_hunt",
        out_of_action=(OutOfAction("a-champ"),),
        objectives=Objectives(wyrdstone_counters={"a-champ": 1}),
    )
    with pytest.raises(BattleReportError):
        rewards(battle)


def test_mh_scn3_03_roll_off_winner_deploys_first():
    facts, roller = setup("wyrdstone_hunt", [5, 1, 2, 3, 4, 6, 5])
    assert facts["deploys_first"] == "B" and roller.made[4].rule == "MH-SCN3-03"


def test_mh_scn3_04_higher_d6_takes_the_first_turn():
    facts, roller = setup("wyrdstone_hunt", [5, 1, 2, 3, 4, 6, 5])
    assert facts["first_turn"] == "A" and rules_of(roller.made)[-2:] == ["MH-SCN3-04"] * 2


def test_mh_scn3_05_plus_one_per_counter_carried_henchmen_to_their_group():
    battle = BattleResult(
        "wyrdstone_hunt", objectives=Objectives(wyrdstone_counters={"a-champ": 2, "b-men": 1})
    )
    assert extra(battle) == {"a-champ": {"XP_WYRDSTONE_COUNTER": 2}, "b-men": {"XP_WYRDSTONE_COUNTER": 1}}
    per_carrier = MordheimSettings(wyrdstone_hunt_xp_per_counter=False)
    assert extra(battle, per_carrier)["a-champ"] == {"XP_WYRDSTONE_COUNTER": 1}


def test_mh_scn3_06_one_shard_per_counter_carried_at_the_end():
    battle = BattleResult(
        "wyrdstone_hunt", objectives=Objectives(wyrdstone_counters={"a-champ": 2, "a-men": 1})
    )
    effects, shards = rewards(battle)
    assert shards == {"A": 3} and effects == [AddShards("A", 3, "wyrdstone_hunt", "MH-SCN3-06")]


# 4 Breakthrough -------------------------------------------------------------------------


def test_mh_scn4_01_roll_off_picks_the_attackers_edge_attacker_deploys_and_goes_first():
    facts, roller = setup("breakthrough", [1, 4], attacker="A")
    assert facts == {"attacker": "A", "defender": "B", "picks_attacker_edge": "B", "first_turn": "A"}
    assert rules_of(roller.made) == ["MH-SCN4-01"] * 2 and SETUP["breakthrough"].deploy_first == "attacker"


def test_mh_scn4_02_two_standing_attackers_within_two_inches_break_through():
    assert breakthrough_achieved(2) and not breakthrough_achieved(1)


def test_mh_scn4_03_plus_one_per_warrior_breaking_through_no_wyrdstone():
    battle = BattleResult(
        "breakthrough", winner="A", objectives=Objectives(broke_through=("a-champ", "a-men"))
    )
    assert extra(battle) == {"a-champ": {"XP_BREAKTHROUGH": 1}, "a-men": {"XP_BREAKTHROUGH": 1}}
    assert rewards(battle) == ([], {})


# 5 Street Fight -------------------------------------------------------------------------


def test_mh_scn5_01_one_street_of_buildings():
    assert SETUP["street_fight"].terrain == "single_street"
    assert "street" in tables().scenarios["street_fight"].data["deploy"]["both"]


def test_mh_scn5_02_roll_off_for_set_up_and_d6_for_the_first_turn():
    facts, roller = setup("street_fight", [6, 2, 3, 4])
    assert facts == {"chooses_deployment": "A", "first_turn": "B"}
    assert rules_of(roller.made) == ["MH-SCN5-02"] * 4


def test_mh_scn5_05_only_the_first_hero_to_escape_gains_one():
    battle = BattleResult("street_fight", objectives=Objectives(first_to_escape="b-champ"))
    assert extra(battle) == {"b-champ": {"XP_ESCAPING": 1}}
    with pytest.raises(BattleReportError):
        awards(BattleResult("street_fight", objectives=Objectives(first_to_escape="b-men")))


# 6 Chance Encounter ---------------------------------------------------------------------

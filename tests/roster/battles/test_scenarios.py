"""Each scenario through the API (spec 9.3): its setup rolls as facts, stored in the ledger under the
scenario's rule IDs, and the scenario sheet the players use at the table, with the league's rulings.
Tests named ``test_the_..._sheet_...`` check what the sheet shows; the rules it states are tested where
the product applies them (tests/roster/battles/test_scenario_outcomes.py).

The organiser records the scenario the players agreed on (MH-PRE-05), so each test picks its scenario;
the faces after it are scripted where the rule's case matters.
"""

from __future__ import annotations

from typing import Any

import pytest

from campaign.services.campaigns import campaign_update
from referee.models import LedgerEntry
from roster.models import Battle
from tests.support.dice import DiceScript
from tests.support.league import League, hero, make_warband, pair

pytestmark = pytest.mark.django_db

SCENARIOS = [
    "defend_the_find",
    "skirmish",
    "wyrdstone_hunt",
    "breakthrough",
    "street_fight",
    "chance_encounter",
    "hidden_treasure",
    "occupy",
    "surprise_attack",
]
STANDARD_AWARDS = ["XP_SURVIVES", "XP_WINNING_LEADER", "XP_PER_ENEMY_OOA"]


@pytest.fixture
def battle(league: League) -> Battle:
    return pair(league.week, league.bobs, league.carols, league.world.alice)


def agreed(league: League, battle: Battle, scenario: str) -> dict[str, Any]:
    response = league.world.client(league.world.alice).post(
        f"/api/v1/battles/{battle.pk}/prebattle/", {"scenario": scenario}, format="json"
    )
    assert response.status_code == 200, response.json()
    return dict(response.json())


def choose_role(league: League, battle: Battle, user: Any, role: str) -> dict[str, Any]:
    pending = Battle.objects.get(pk=battle.pk).prebattle["pending"]
    [decision] = [d for d in pending if d["kind"] == "scenario_role"]
    response = league.world.client(user).post(
        f"/api/v1/battles/{battle.pk}/prebattle/answer/", {"decision": decision["id"], "answer": role}, format="json"
    )
    assert response.status_code == 200, response.json()
    return dict(response.json())


def facts(body: dict[str, Any]) -> dict[str, Any]:
    return {f["fact"]: f["value"] for f in body["prebattle"]["facts"]}


def fact_rules(body: dict[str, Any]) -> dict[str, str]:
    return {f["fact"]: f["rule"] for f in body["prebattle"]["facts"]}


def ledger_rules(battle: Battle) -> list[str]:
    return list(LedgerEntry.objects.filter(ref=f"battle:{battle.pk}").order_by("seq").values_list("rule_id", flat=True))


def sheet(league: League, battle: Battle) -> dict[str, Any]:
    return dict(league.world.client(league.world.carol).get(f"/api/v1/battles/{battle.pk}/").json()["scenario_sheet"])


def rule(league: League, **settings: Any) -> None:
    campaign_update(campaign=league.world.campaign, actor=league.world.alice, settings=settings)


# 9.2 Standard experience awards ------------------------------------------------------------


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_sheet_lists_the_standard_awards(
    league: League, scenario: str
) -> None:
    battle = pair(
        league.week,
        make_warband(league.world.campaign, league.world.bob, f"A {scenario}"),
        make_warband(league.world.campaign, league.world.carol, f"B {scenario}"),
        league.world.alice,
    )
    agreed(league, battle, scenario)
    awards = [a["id"] for a in sheet(league, battle)["xp_awards"]]
    assert awards[:3] == STANDARD_AWARDS
    per_ooa = sheet(league, battle)["xp_awards"][2]
    assert per_ooa["to"] == "Heroes only"  # MH-SCN-XP-03: Henchmen never get it


# Scenario 1: Defend the Find -------------------------------------------------------------


def test_mh_scn1_01_the_warband_with_fewer_warriors_defends(league: League, battle: Battle) -> None:
    body = agreed(league, battle, "defend_the_find")  # Bob: 2 Heroes + 3; Carol: 2 Heroes + 5
    assert facts(body)["defender"] == str(league.bobs.pk)
    assert facts(body)["attacker"] == str(league.carols.pk)
    assert body["prebattle"]["pending"] == []


def test_mh_scn1_01_equal_numbers_roll_to_decide_who_chooses(league: League, battle: Battle, dice: DiceScript) -> None:
    hero(league.bobs, "Extra 1")
    hero(league.bobs, "Extra 2")  # now 7 models each
    dice.then(2, 6)  # roll-off: Bob 2, Carol 6
    body = agreed(league, battle, "defend_the_find")
    [ask] = body["prebattle"]["pending"]
    assert (ask["kind"], ask["warband"], ask["rule"]) == ("scenario_role", league.carols.pk, "MH-SCN1-01")
    assert ledger_rules(battle)[:2] == ["MH-SCN1-01", "MH-SCN1-01"]
    body = choose_role(league, battle, league.world.carol, "defender")
    assert facts(body)["defender"] == str(league.carols.pk)


def test_mh_scn1_02_the_defender_deploys_first_and_the_attacker_moves_first(league: League, battle: Battle) -> None:
    body = agreed(league, battle, "defend_the_find")
    assert facts(body)["first_turn"] == str(league.carols.pk)
    assert fact_rules(body)["first_turn"] == "MH-SCN1-02"
    setup = sheet(league, battle)["setup"]
    assert (setup["deploy_first"], setup["first_turn"]) == ("defender", "attacker")


def test_the_defend_the_find_sheet_gives_the_win_condition_and_the_shard_cap(
    league: League, battle: Battle
) -> None:
    agreed(league, battle, "defend_the_find")
    details = sheet(league, battle)["details"]
    assert "attacker wins" in details["end"][0]
    assert details["end"][1] == "rout"
    assert details["wyrdstone"]["max_per_warband"] == 3


# Scenario 2: Skirmish ----------------------------------------------------------------------


def test_mh_scn2_01_mh_scn2_02_roll_offs_decide_deployment_and_the_first_turn(
    league: League, battle: Battle, dice: DiceScript
) -> None:
    dice.then(5, 2, 1, 4)  # deployment: Bob 5, Carol 2; first turn: Bob 1, Carol 4
    body = agreed(league, battle, "skirmish")
    got = facts(body)
    assert got["chooses_deployment"] == str(league.bobs.pk)
    assert got["first_turn"] == str(league.carols.pk)
    assert ledger_rules(battle) == ["MH-SCN2-01", "MH-SCN2-01", "MH-SCN2-02", "MH-SCN2-02"]
    details = sheet(league, battle)["details"]
    assert details["end"] == ["rout"]
    assert "wyrdstone" not in details  # MH-SCN2-02: no wyrdstone award


# Scenario 3: Wyrdstone Hunt ----------------------------------------------------------------


def test_mh_scn3_01_d3_plus_1_counters_placed_alternately(league: League, battle: Battle, dice: DiceScript) -> None:
    dice.then(5, 3, 6)  # D3 from a 5 is 3: four counters; counter roll-off Bob 3, Carol 6
    body = agreed(league, battle, "wyrdstone_hunt")
    got = facts(body)
    assert got["counters"] == 4
    assert got["places_first_counter"] == str(league.carols.pk)
    placement = sheet(league, battle)["details"]["counter_placement"]
    assert (placement["min_from_edge_in"], placement["min_between_in"]) == (10, 6)
    assert placement["edge_distance"] == "at_least"


def test_mh_scn3_01_the_league_may_rule_more_than_10_inches(league: League, battle: Battle) -> None:
    rule(league, wyrdstone_counter_edge_strict=True)
    agreed(league, battle, "wyrdstone_hunt")
    result = sheet(league, battle)
    assert result["details"]["counter_placement"]["edge_distance"] == "more_than"
    assert result["rulings"]["wyrdstone_counter_edge_strict"] is True


def test_the_wyrdstone_hunt_sheet_states_the_shard_rule(league: League, battle: Battle) -> None:
    agreed(league, battle, "wyrdstone_hunt")
    assert (
        sheet(league, battle)["details"]["wyrdstone"]["rule"]
        == "1 shard per counter carried by own warriors at game end"
    )


def test_mh_scn3_03_mh_scn3_04_deployment_and_first_turn_by_roll_off(
    league: League, battle: Battle, dice: DiceScript
) -> None:
    # Two counters (D3 from a 1); placement: Bob 1, Carol 2; deployment: Bob 6, Carol 1; first turn: Bob 4, Carol 2.
    dice.then(1, 1, 2, 6, 1, 4, 2)
    body = agreed(league, battle, "wyrdstone_hunt")
    got, rules = facts(body), fact_rules(body)
    assert got["deploys_first"] == str(league.bobs.pk)
    assert got["first_turn"] == str(league.bobs.pk)
    assert (rules["deploys_first"], rules["first_turn"]) == ("MH-SCN3-03", "MH-SCN3-04")
    assert sheet(league, battle)["details"]["end"] == ["rout"]


def test_the_wyrdstone_hunt_sheet_shows_the_counter_award_and_its_ruling(league: League, battle: Battle) -> None:
    agreed(league, battle, "wyrdstone_hunt")
    result = sheet(league, battle)
    assert "XP_WYRDSTONE_COUNTER" in [a["id"] for a in result["xp_awards"]]
    assert result["rulings"]["wyrdstone_hunt_xp_per_counter"] is True
    rule(league, wyrdstone_hunt_xp_per_counter=False)
    assert sheet(league, battle)["rulings"]["wyrdstone_hunt_xp_per_counter"] is False


# Scenario 4: Breakthrough ------------------------------------------------------------------


def test_mh_scn4_01_the_attacker_deploys_first_and_moves_first(
    league: League, battle: Battle, dice: DiceScript
) -> None:
    agreed(league, battle, "breakthrough")
    dice.then(2, 5)  # edge roll-off: Bob 2, Carol 5
    body = choose_role(league, battle, league.world.bob, "attacker")  # Bob has the lower rating: he chooses
    got = facts(body)
    assert got["attacker"] == str(league.bobs.pk)
    assert got["first_turn"] == str(league.bobs.pk)
    assert got["picks_attacker_edge"] == str(league.carols.pk)
    assert sheet(league, battle)["setup"]["deploy_first"] == "attacker"


def test_the_breakthrough_sheet_states_the_win_and_the_award(league: League, battle: Battle) -> None:
    agreed(league, battle, "breakthrough")
    choose_role(league, battle, league.world.bob, "defender")
    result = sheet(league, battle)
    assert "2+ standing attacker models within 2in" in result["details"]["end"][0]
    assert "XP_BREAKTHROUGH" in [a["id"] for a in result["xp_awards"]]
    assert "wyrdstone" not in result["details"]


# Scenario 5: Street Fight ------------------------------------------------------------------


def test_mh_scn5_01_one_street_lined_with_buildings(league: League, battle: Battle) -> None:
    agreed(league, battle, "street_fight")
    assert sheet(league, battle)["setup"]["terrain"] == "single_street"


def test_mh_scn5_02_roll_offs_for_deployment_and_first_turn(league: League, battle: Battle) -> None:
    body = agreed(league, battle, "street_fight")
    assert set(ledger_rules(battle)) == {"MH-SCN5-02"}
    assert fact_rules(body)["chooses_deployment"] == fact_rules(body)["first_turn"] == "MH-SCN5-02"


def test_the_street_fight_sheet_states_leaving_by_the_far_end(league: League, battle: Battle) -> None:
    agreed(league, battle, "street_fight")
    result = sheet(league, battle)
    assert result["details"]["special"] == "may not leave via own edge"
    assert "opposing end" in result["details"]["end"][0]
    assert "XP_ESCAPING" in [a["id"] for a in result["xp_awards"]]


# Scenario 6: Chance Encounter --------------------------------------------------------------


def test_mh_scn6_01_mh_scn6_02_mh_scn6_03_deployment_shards_and_initiative(
    league: League, battle: Battle, dice: DiceScript
) -> None:
    bob_leader = league.bobs.warriors.get(is_leader=True)
    bob_leader.profile = {**bob_leader.profile, "I": 6}
    bob_leader.save()
    # Deployment: Bob 6, Carol 1. Shards: Bob's D3 from a 1 (1), Carol's from a 6 (3).
    # First turn: Bob 4 + I 6 = 10 beats Carol 5 + I 4 = 9.
    dice.then(6, 1, 1, 6, 4, 5)
    body = agreed(league, battle, "chance_encounter")
    got = facts(body)
    assert got["chooses_deployment"] == str(league.bobs.pk)
    assert got[f"carried_shards:{league.bobs.pk}"] == 1
    assert got[f"carried_shards:{league.carols.pk}"] == 3
    assert got["first_turn"] == str(league.bobs.pk)
    assert ledger_rules(battle) == ["MH-SCN6-01"] * 2 + ["MH-SCN6-03"] * 2 + ["MH-SCN6-02"] * 2


def test_the_chance_encounter_sheet_gives_the_shard_sum_and_its_ruling(league: League, battle: Battle) -> None:
    agreed(league, battle, "chance_encounter")
    result = sheet(league, battle)
    assert result["details"]["wyrdstone"]["bonus_cap"] == "shards the enemy carried at start"
    assert result["rulings"] == {"unattributed_ooa_counts": True}


# Scenario 7: Hidden Treasure ---------------------------------------------------------------


def test_mh_scn7_01_roll_offs_for_deployment_and_first_turn(league: League, battle: Battle) -> None:
    body = agreed(league, battle, "hidden_treasure")
    assert fact_rules(body)["chooses_deployment"] == fact_rules(body)["first_turn"] == "MH-SCN7-01"


def test_the_hidden_treasure_sheet_states_searching_carrying_and_ending(league: League, battle: Battle) -> None:
    agreed(league, battle, "hidden_treasure")
    details = sheet(league, battle)["details"]
    assert (details["search"]["dice"], details["search"]["success_on"]) == ("2D6", 12)
    assert details["search"]["auto_find"] == "last unsearched building"
    assert details["chest_carry"] == {"single_carrier_move": "half", "two_or_more_carriers": "no penalty"}
    assert details["end"] == ["chest carried off via own edge", "rout (winner gets the chest)"]


def test_mh_scn7_05_the_swords_need_follows_the_leagues_ruling(league: League, battle: Battle) -> None:
    agreed(league, battle, "hidden_treasure")

    def sword() -> dict[str, Any]:
        return next(i for i in sheet(league, battle)["details"]["chest"]["items"] if i["item"] == "sword")

    assert sword()["need"] == 4  # the SEED's value by default
    rule(league, hidden_treasure_sword_need=3)
    assert sword()["need"] == 3


def test_the_hidden_treasure_sheet_shows_the_finder_award(league: League, battle: Battle) -> None:
    agreed(league, battle, "hidden_treasure")
    award = next(a for a in sheet(league, battle)["xp_awards"] if a["id"] == "XP_FINDING_CHEST")
    assert award["value"] == 2


# Scenario 8: Occupy ------------------------------------------------------------------------


def test_mh_scn8_01_mh_scn8_02_deployment_objectives_and_first_turn(
    league: League, battle: Battle, dice: DiceScript
) -> None:
    dice.then(3, 4, 2)  # deployment: Bob 3, Carol 4; objectives: D3 from a 2 is 1, so 3 buildings
    body = agreed(league, battle, "occupy")
    got, rules = facts(body), fact_rules(body)
    assert got["chooses_deployment"] == str(league.carols.pk)
    assert got["objectives"] == 3
    assert (rules["objectives"], rules["first_turn"]) == ("MH-SCN8-02", "MH-SCN8-01")


def test_mh_scn8_04_the_leagues_turn_count_is_a_fact_of_the_sequence(league: League, battle: Battle) -> None:
    rule(league, occupy_max_turns=6)
    body = agreed(league, battle, "occupy")
    assert facts(body)["max_turns_each"] == 6
    details = sheet(league, battle)["details"]
    assert details["max_turns"] == 6
    assert details["rout_tests"] is False
    assert details["occupied_if"] == "at least 1 own standing model inside and no enemy model inside"


def test_the_occupy_sheet_states_the_winner(league: League, battle: Battle) -> None:
    agreed(league, battle, "occupy")
    assert sheet(league, battle)["details"]["winner"] == "more buildings occupied; equal = draw"


# Scenario 9: Surprise Attack ---------------------------------------------------------------


def test_mh_scn9_01_mh_scn9_05_terrain_and_first_turn_go_to_the_attacker(
    league: League, battle: Battle, dice: DiceScript
) -> None:
    agreed(league, battle, "surprise_attack")
    body = choose_role(league, battle, league.world.bob, "attacker")
    assert facts(body)["first_turn"] == str(league.bobs.pk)
    assert fact_rules(body)["first_turn"] == "MH-SCN9-05"
    assert sheet(league, battle)["setup"]["terrain"] == "alternate_attacker_first"


def test_mh_scn9_02_defenders_arrive_on_4_plus_and_at_least_one_is_there(
    league: League, battle: Battle, dice: DiceScript
) -> None:
    agreed(league, battle, "surprise_attack")
    carol_units = list(league.carols.warriors.order_by("pk").values_list("pk", flat=True))  # 2 Heroes, 1 group
    dice.then(4, 2, 6, 3)  # Carol's units: 4 present, 2 late, 6 present; edge D6 3
    body = choose_role(league, battle, league.world.bob, "attacker")
    got = facts(body)
    assert got["present"] == [str(carol_units[0]), str(carol_units[2])]
    assert got["reserves"] == [str(carol_units[1])]
    assert got["attacker_edge"] == "side_edge_a"  # MH-SCN9-04: 2-3 is one side edge


def test_mh_scn9_02_when_all_are_late_the_last_rolled_deploys(league: League, battle: Battle, dice: DiceScript) -> None:
    agreed(league, battle, "surprise_attack")
    carol_units = list(league.carols.warriors.order_by("pk").values_list("pk", flat=True))
    dice.then(1, 2, 3, 6)  # every unit late; edge 6: the edge opposite "1"
    got = facts(choose_role(league, battle, league.world.bob, "attacker"))
    assert got["present"] == [str(carol_units[2])]
    assert got["reserves"] == [str(carol_units[0]), str(carol_units[1])]
    assert got["attacker_edge"] == "opposite_edge"


def test_mh_scn9_04_a_1_is_the_nominated_edge_and_the_sheet_gives_the_rest(
    league: League, battle: Battle, dice: DiceScript
) -> None:
    agreed(league, battle, "surprise_attack")
    dice.then(5, 5, 5, 1)  # every unit present; edge 1: the nominated edge
    got = facts(choose_role(league, battle, league.world.bob, "defender"))
    assert got["attacker_edge"] == "nominated_edge"
    assert "MH-SCN9-04" in ledger_rules(battle)
    details = sheet(league, battle)["details"]
    assert details["defender_deploy"] == {"min_between_models_in": 8, "min_from_edge_in": 8}
    assert details["reinforcements"]["from_turn"] == 2
    assert details["reinforcements"]["arrive_on"] == [4, 5, 6]
    assert details["end"] == ["rout"]
    assert "wyrdstone" not in details
    assert [a["id"] for a in sheet(league, battle)["xp_awards"]] == STANDARD_AWARDS

"""The pre-battle sequence (spec 8) and the scenario table (MH-SCN-01)."""

from __future__ import annotations

import pytest

from referee.engine.systems.mordheim.answers import resolve_decision
from referee.engine.systems.mordheim.battle.prebattle import PreBattleOutcome, run_pre_battle
from referee.engine.systems.mordheim.effects import ScenarioFact, ServeMissedGame
from referee.engine.systems.mordheim.state import MordheimSettings
from tests.support.dice import ScriptedRoller

from ..helpers import SETTINGS, flags, group, hero, leader, rules_of, tables, warband


def sides(a_rating=100, b_rating=150, a_extra=(), b_extra=()):
    return (
        warband("A", leader("a-boss"), hero("a-champ"), group("a-men", 2), *a_extra, rating=a_rating),
        warband("B", leader("b-boss"), hero("b-champ"), group("b-men", 4), *b_extra, rating=b_rating),
    )


def pre(wbs, faces, settings=SETTINGS, **kw):
    roller = ScriptedRoller(faces)
    out = run_pre_battle(warbands=wbs, tables=tables(), settings=settings, roller=roller, **kw)
    return out, roller


def facts(effects):
    return {e.fact: e.value for e in effects if isinstance(e, ScenarioFact)}


def answer(d, value, wbs, faces=()):
    return resolve_decision(
        request=d,
        answer=value,
        warbands=wbs,
        tables=tables(),
        settings=SETTINGS,
        roller=ScriptedRoller(faces),
    )


def test_mh_pre_01_the_lower_rated_warband_rolls_on_the_scenario_table():
    # GIVEN A rated 100 and B 150: A rolls 2D6 = 3+4 = 7 (Skirmish), then two roll-offs (A 5 B 2, A 1 B 6)
    out, roller = pre(sides(), [3, 4, 5, 2, 1, 6])
    assert out.rolled_by == "A" and out.table_roll == 7 and out.scenario == "skirmish"
    assert rules_of(roller.made)[0] == "MH-SCN-01"
    assert facts(out.effects) == {"scenario": "skirmish", "chooses_deployment": "A", "first_turn": "B"}


def test_mh_pre_01_equal_ratings_roll_off_to_decide_who_rolls():
    out, roller = pre(sides(120, 120), [2, 2, 3, 6, 3, 4, 5, 2, 1, 6])  # tie 2-2, then B wins 6-3
    assert out.rolled_by == "B" and rules_of(roller.made)[:4] == ["MH-PRE-01"] * 4


def test_mh_pre_02_the_player_who_rolled_chooses_attack_or_defence():
    wbs = sides()
    out, _ = pre(wbs, [4, 4])  # 8: Breakthrough
    (role,) = out.decisions
    assert role.kind == "scenario_role" and role.warband == "A" and role.rule == "MH-PRE-02"
    res = answer(role, "defender", wbs, faces=[6, 1])  # roll-off for the attacker's edge
    assert facts(res.effects) == {
        "attacker": "B",
        "defender": "A",
        "picks_attacker_edge": "A",
        "first_turn": "B",
    }
    # AND roles given up front (agreed) need no decision
    out, _ = pre(wbs, [6, 1], agreed_scenario="breakthrough", attacker="A")
    assert out.decisions == () and facts(out.effects)["attacker"] == "A"


def test_mh_pre_03_old_battle_wounds_and_missed_games_keep_heroes_out():
    wbs = sides(
        a_extra=(
            hero("scarred", flags=flags(old_battle_wounds=2)),
            hero("limping", flags=flags(missed_games=2)),
        ),
        b_extra=(hero("held", flags=flags(captive_of="A")), hero("lucky", flags=flags(old_battle_wounds=1))),
    )
    # 7: Skirmish; scarred rolls 4 then 1 (out), lucky rolls 2 (plays); then the two roll-offs
    out, roller = pre(wbs, [3, 4, 4, 1, 2, 5, 2, 1, 6])
    assert [(s.warrior, s.reason, s.rolls) for s in out.sit_out] == [
        ("scarred", "old_battle_wound", (4, 1)),
        ("limping", "missing_games", ()),
        ("held", "captive", ()),
    ]
    assert ServeMissedGame("limping", "MH-INJ-H-28") in out.effects
    assert rules_of(roller.made)[1:4] == ["MH-INJ-H-12"] * 3


def test_mh_inj_h_12_old_battle_wound_rolls_once_per_wound_unless_the_league_rolls_once():
    wbs = sides(a_extra=(hero("scarred", flags=flags(old_battle_wounds=2)),))
    out, roller = pre(wbs, [3, 4, 2, 5, 2, 1, 6, 4])
    assert out.sit_out == () and rules_of(roller.made).count("MH-INJ-H-12") == 2
    once = MordheimSettings(old_battle_wound_roll_each=False)
    out, roller = pre(wbs, [3, 4, 1, 5, 2, 1, 6], settings=once)
    assert [s.warrior for s in out.sit_out] == ["scarred"] and rules_of(roller.made).count("MH-INJ-H-12") == 1


def test_mh_pre_04_setup_follows_the_scenario():
    out, _ = pre(
        sides(), [5, 2, 4, 1, 6], agreed_scenario="occupy"
    )  # deploy roll-off, D3 = 2 (+2), first turn
    assert facts(out.effects) == {
        "scenario": "occupy",
        "chooses_deployment": "A",
        "objectives": 4,
        "max_turns_each": 8,
        "first_turn": "B",
    }
    assert all(e.rule for e in out.effects)


def test_mh_pre_05_players_may_agree_on_a_scenario_instead_of_rolling():
    out, roller = pre(sides(), [5, 2, 1, 6], agreed_scenario="skirmish")
    assert out.table_roll is None and out.scenario == "skirmish" and "MH-SCN-01" not in rules_of(roller.made)
    with pytest.raises(ValueError):
        pre(sides(), [], agreed_scenario="tea_party")


@pytest.mark.parametrize(
    ("roll", "scenario"),
    [
        (2, None),
        (3, "street_fight"),
        (4, "hidden_treasure"),
        (5, "wyrdstone_hunt"),
        (6, "occupy"),
        (7, "skirmish"),
        (8, "breakthrough"),
        (9, "surprise_attack"),
        (10, "chance_encounter"),
        (11, "defend_the_find"),
        (12, None),
    ],
)
def test_mh_scn_01_scenario_table(roll, scenario):
    entry = tables().scenario_table.lookup(roll)
    assert (None if entry.id == "LOWER_RATING_CHOOSES" else entry.id) == scenario
    if scenario:
        assert tables().scenarios[scenario].table_roll == roll


def test_mh_scn_01_two_or_twelve_the_lower_rated_player_chooses():
    wbs = sides()
    out, _ = pre(wbs, [6, 6])
    (choose,) = out.decisions
    assert out.scenario is None and choose.kind == "choose_scenario" and choose.warband == "A"
    assert len(choose.options) == 9
    res = answer(choose, "street_fight", wbs, faces=[5, 2, 1, 6])
    assert facts(res.effects)["scenario"] == "street_fight" and facts(res.effects)["first_turn"] == "B"


def test_pre_battle_outcome_round_trips_through_json():
    import json

    out, _ = pre(sides(), [4, 4])
    again = PreBattleOutcome.from_dict(json.loads(json.dumps(out.to_dict())))
    assert again == out

"""Hero serious injuries (spec 3.3), part one: the D66 table and the results up to Full Recovery."""

from __future__ import annotations

import pytest

from referee.engine.systems.mordheim.apply import apply_effects
from referee.engine.systems.mordheim.effects import (
    AddOldBattleWound,
    AddXp,
    LoseEquipment,
    MissGames,
    RemoveWarrior,
    SetFlag,
    StatChange,
)
from referee.engine.systems.mordheim.state import MordheimSettings, find_warrior

from ..helpers import d66, flags, rules_of, tables
from .hero_injury_helpers import injure

SPEC_RANGES = {
    "INJ_DEAD": [11, 12, 13, 14, 15],
    "INJ_MULTIPLE": [16, 21],
    "INJ_LEG_WOUND": [22],
    "INJ_ARM_WOUND": [23],
    "INJ_MADNESS": [24],
    "INJ_SMASHED_LEG": [25],
    "INJ_CHEST_WOUND": [26],
    "INJ_BLINDED_ONE_EYE": [31],
    "INJ_OLD_BATTLE_WOUND": [32],
    "INJ_NERVOUS_CONDITION": [33],
    "INJ_HAND_INJURY": [34],
    "INJ_DEEP_WOUND": [35],
    "INJ_ROBBED": [36],
    "INJ_FULL_RECOVERY": [41, 42, 43, 44, 45, 46, 51, 52, 53, 54, 55],
    "INJ_BITTER_ENMITY": [56],
    "INJ_CAPTURED": [61],
    "INJ_HARDENED": [62, 63],
    "INJ_HORRIBLE_SCARS": [64],
    "INJ_SOLD_TO_PITS": [65],
    "INJ_SURVIVES_ODDS": [66],
}


def test_mh_inj_h_01_d66_value_lists_cover_all_36_outcomes_exactly_once():
    # GIVEN the hero table as loaded from tables.json
    table = tables().hero_injury
    # THEN the value lists are the spec's, and together cover the 36 D66 values once each
    assert {e.id: list(e.values) for e in table.entries} == SPEC_RANGES
    every = [v for e in table.entries for v in e.values]
    assert sorted(every) == [10 * t + u for t in range(1, 7) for u in range(1, 7)]
    assert len(every) == len(set(every)) == 36


def test_mh_inj_h_01_one_d66_per_hero_read_tens_then_units():
    rec, _effects, _, roller, _ = injure(d66(22))
    assert [(r.notation, r.rule) for r in roller.made] == [("D66", "MH-INJ-H-01")]
    assert rec.records[0].roll == 22 and rec.records[0].result == "INJ_LEG_WOUND"


def test_mh_inj_h_02_dead_removes_the_hero_and_loses_his_equipment():
    rec, effects, decisions, _, _ = injure(d66(13))
    assert effects == [RemoveWarrior("h1", "dead", "lost", None, "MH-INJ-H-02")]
    assert rec.removed and decisions == []


def test_mh_inj_h_03_multiple_injuries_rolls_d6_for_the_number_of_further_results():
    # GIVEN Multiple Injuries (16), a D6 of 2, then Leg Wound (22) and Chest Wound (26)
    rec, effects, _, roller, _ = injure([*d66(16), 2, *d66(22), *d66(26)])
    # THEN two further results are applied and the original has no effect of its own
    assert rec.records[0].sub == "2"
    assert [n.result for n in rec.records[0].nested] == ["INJ_LEG_WOUND", "INJ_CHEST_WOUND"]
    assert effects == [StatChange("h1", "M", -1, "MH-INJ-H-06"), StatChange("h1", "T", -1, "MH-INJ-H-10")]
    assert rules_of(roller.made) == ["MH-INJ-H-01", "MH-INJ-H-03", "MH-INJ-H-04", "MH-INJ-H-04"]


def test_mh_inj_h_04_multiple_injuries_rerolls_dead_captured_multiple():
    # GIVEN one further roll that comes up Dead, Captured, Multiple, then Hand Injury
    faces = [*d66(21), 1, *d66(11), *d66(61), *d66(16), *d66(34)]
    rec, effects, decisions, roller, _ = injure(faces)
    # THEN the three are re-rolled until Hand Injury, which applies
    assert [n.result for n in rec.records[0].nested] == ["INJ_HAND_INJURY"]
    assert effects == [StatChange("h1", "WS", -1, "MH-INJ-H-14")]
    assert not rec.removed and decisions == []
    assert rules_of(roller.made).count("MH-INJ-H-04") == 4


def test_mh_inj_h_05_multiple_injuries_stack_repeats_and_allow_pits_robbed_and_odds():
    # GIVEN four further results: Leg Wound twice, Robbed, Survives Against the Odds
    faces = [*d66(16), 4, *d66(22), *d66(22), *d66(36), *d66(66)]
    rec, effects, _, _, _ = injure(faces)
    assert effects == [
        StatChange("h1", "M", -1, "MH-INJ-H-06"),
        StatChange("h1", "M", -1, "MH-INJ-H-06"),
        LoseEquipment("h1", "all", "MH-INJ-H-16"),
        AddXp("h1", 1, "INJ_SURVIVES_ODDS", "MH-INJ-H-26"),
    ]
    # AND Sold to the Pits is not excluded either
    rec, _, decisions, _, _ = injure([*d66(16), 1, *d66(65), 4, 2])
    assert rec.records[0].nested[0].result == "INJ_SOLD_TO_PITS" and decisions[0].kind == "pit_fight"


def test_mh_inj_h_06_leg_wound_movement_minus_one():
    _, effects, _, _, _ = injure(d66(22))
    assert effects == [StatChange("h1", "M", -1, "MH-INJ-H-06")]


@pytest.mark.parametrize(
    ("face", "setting", "expected"),
    [
        (
            1,
            "single_one_handed_weapon",
            SetFlag("h1", "arm_restriction", "single_one_handed_weapon", "MH-INJ-H-07"),
        ),
        (
            1,
            "one_handed_weapons_only",
            SetFlag("h1", "arm_restriction", "one_handed_weapons_only", "MH-INJ-H-07"),
        ),
        (2, "single_one_handed_weapon", MissGames("h1", 1, False, "MH-INJ-H-28")),
        (6, "single_one_handed_weapon", MissGames("h1", 1, False, "MH-INJ-H-28")),
    ],
)
def test_mh_inj_h_07_arm_wound_amputation_or_missed_game(face, setting, expected):
    rec, effects, _, roller, _ = injure(
        [*d66(23), face], settings=MordheimSettings(arm_wound_restriction=setting)
    )
    assert effects == [expected]
    assert roller.made[1].rule == "MH-INJ-H-07"
    assert rec.records[0].sub == ("ARM_SEVERE_AMPUTATED" if face == 1 else "ARM_LIGHT")


@pytest.mark.parametrize(("face", "flag"), [(1, "stupidity"), (3, "stupidity"), (4, "frenzy"), (6, "frenzy")])
def test_mh_inj_h_08_madness_stupidity_or_frenzy(face, flag):
    _, effects, _, _, _ = injure([*d66(24), face])
    assert effects == [SetFlag("h1", flag, True, "MH-INJ-H-08")]


@pytest.mark.parametrize(
    ("face", "expected"),
    [(1, SetFlag("h1", "cannot_run", True, "MH-INJ-H-09")), (2, MissGames("h1", 1, False, "MH-INJ-H-28"))],
)
def test_mh_inj_h_09_smashed_leg_never_runs_or_misses_a_game(face, expected):
    _, effects, _, _, _ = injure([*d66(25), face])
    assert effects == [expected]


def test_mh_inj_h_10_chest_wound_toughness_minus_one():
    _, effects, _, _, _ = injure(d66(26))
    assert effects == [StatChange("h1", "T", -1, "MH-INJ-H-10")]


def test_mh_inj_h_11_blinded_in_one_eye_bs_minus_one_and_random_eye():
    _, effects, _, roller, _ = injure([*d66(31), 5])
    assert effects == [
        SetFlag("h1", "blinded_eye", "right", "MH-INJ-H-11"),
        StatChange("h1", "BS", -1, "MH-INJ-H-11"),
    ]
    assert roller.made[1].rule == "MH-INJ-H-11"
    _, effects, _, _, _ = injure([*d66(31), 3])
    assert effects[0].value == "left"


def test_mh_inj_h_11_losing_the_remaining_eye_retires_the_hero():
    # GIVEN a Hero already blind in his left eye
    rec, effects, _, roller, _ = injure(d66(31), flags=flags(blinded_eye="left"))
    # THEN a second Blinded result retires him; his equipment goes as on death by default
    assert effects == [RemoveWarrior("h1", "retired", "lost", None, "MH-INJ-H-11")]
    assert rec.removed and len(roller.made) == 1
    # AND a league that rolls for the eye only retires him when the other eye is hit
    settings = MordheimSettings(second_blinding_retires=False, retired_hero_equipment="stash")
    _, effects, _, _, _ = injure([*d66(31), 6], settings=settings, flags=flags(blinded_eye="left"))
    assert effects == [RemoveWarrior("h1", "retired", "stash", None, "MH-INJ-H-11")]


def test_mh_inj_h_12_old_battle_wound_sets_a_lasting_flag():
    _, effects, _, _, wbs = injure(d66(32))
    assert effects == [AddOldBattleWound("h1", "MH-INJ-H-12")]
    after = apply_effects(wbs, [*effects, AddOldBattleWound("h1")])
    assert find_warrior(after, "h1")[1].flags.old_battle_wounds == 2


def test_mh_inj_h_13_nervous_condition_initiative_minus_one():
    _, effects, _, _, _ = injure(d66(33))
    assert effects == [StatChange("h1", "I", -1, "MH-INJ-H-13")]


def test_mh_inj_h_14_hand_injury_ws_minus_one():
    _, effects, _, _, _ = injure(d66(34))
    assert effects == [StatChange("h1", "WS", -1, "MH-INJ-H-14")]


@pytest.mark.parametrize(("face", "games"), [(1, 1), (3, 2), (6, 3)])
def test_mh_inj_h_15_deep_wound_misses_d3_games(face, games):
    _rec, effects, _, roller, _ = injure([*d66(35), face])
    assert effects == [MissGames("h1", games, False, "MH-INJ-H-15")]
    assert roller.made[1].notation == "D3" and roller.made[1].rule == "MH-INJ-H-15"


def test_mh_inj_h_16_robbed_loses_everything():
    _, effects, _, _, _ = injure(d66(36))
    assert effects == [LoseEquipment("h1", "all", "MH-INJ-H-16")]


@pytest.mark.parametrize("value", [41, 46, 51, 55])
def test_mh_inj_h_17_full_recovery_has_no_effect(value):
    rec, effects, decisions, _, _ = injure(d66(value))
    assert effects == [] and decisions == [] and rec.records[0].result == "INJ_FULL_RECOVERY"

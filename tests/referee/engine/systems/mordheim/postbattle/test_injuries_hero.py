"""Hero serious injuries (spec 3.3): the D66 table, every result, its sub-rolls and decisions."""

from __future__ import annotations

import pytest

from referee.engine.systems.mordheim.answers import resolve_decision
from referee.engine.systems.mordheim.apply import apply_effects
from referee.engine.systems.mordheim.decisions import DecisionError
from referee.engine.systems.mordheim.effects import (
    AddGold,
    AddHatred,
    AddOldBattleWound,
    AddRecruit,
    AddXp,
    LoseEquipment,
    MissGames,
    Note,
    ReleaseCaptive,
    RemoveWarrior,
    SetCaptive,
    SetFlag,
    StatChange,
)
from referee.engine.systems.mordheim.postbattle.injuries import roll_hero_injury
from referee.engine.systems.mordheim.state import MordheimSettings, find_warrior
from tests.support.dice import ScriptedRoller

from ..helpers import SETTINGS, d66, flags, group, hero, kinds, leader, rules_of, tables, warband


def injure(faces, *, by="b-champ", settings=SETTINGS, b=None, extra=(), **hero_kw):
    """Roll one Hero injury for h1 of warband A against warband B."""
    h1 = hero("h1", **hero_kw)
    wbs = (
        warband("A", leader("a-boss"), h1),
        b or warband("B", leader("b-boss"), hero("b-champ"), group("b-men")),
        *extra,
    )
    roller = ScriptedRoller(faces)
    rec, effects, decisions = roll_hero_injury(
        warbands=wbs,
        warband=wbs[0],
        hero=h1,
        by=by,
        tables=tables(),
        settings=settings,
        roller=roller,
        prefix="t",
    )
    return rec, effects, decisions, roller, wbs


def answer(decision, value, wbs, faces=(), settings=SETTINGS):
    roller = ScriptedRoller(faces)
    res = resolve_decision(
        request=decision, answer=value, warbands=wbs, tables=tables(), settings=settings, roller=roller
    )
    return res, roller


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


@pytest.mark.parametrize(
    ("face", "by", "kind", "target"),
    [
        (2, "b-champ", "HATE_INDIVIDUAL", "b-champ"),
        (3, "b-men", "HATE_INDIVIDUAL", "b-boss"),  # a Henchman's victim hates the enemy leader
        (4, "b-men", "HATE_LEADER", "B"),
        (5, "b-champ", "HATE_WARBAND", "B"),
        (6, "b-champ", "HATE_WARBAND_TYPE", "skaven_eshin"),
    ],
)
def test_mh_inj_h_18_bitter_enmity_target_by_d6(face, by, kind, target):
    b = warband("B", leader("b-boss"), hero("b-champ"), group("b-men"), list_slug="skaven_eshin")
    _, effects, decisions, roller, _ = injure([*d66(56), face], by=by, b=b)
    assert effects == [AddHatred("h1", kind, target, "MH-INJ-H-18")] and decisions == []
    assert roller.made[1].rule == "MH-INJ-H-18"


def test_mh_inj_h_18_unknown_attacker_makes_the_player_pick_the_target():
    # GIVEN nobody recorded who took him out, and the D6 says "the individual"
    _, effects, decisions, _, wbs = injure([*d66(56), 1], by=None)
    assert effects == []
    (d,) = decisions
    assert d.kind == "hatred_target" and d.chooser == "player" and d.warband == "A"
    assert [o.value for o in d.options] == ["b-boss", "b-champ", "b-men"]
    # WHEN the player names the Henchman group, THEN the hatred goes to their leader
    res, _ = answer(d, "b-men", wbs)
    assert res.effects == (AddHatred("h1", "HATE_INDIVIDUAL", "b-boss", "MH-INJ-H-18"),)
    with pytest.raises(DecisionError):
        answer(d, "a-boss", wbs)


def test_mh_inj_h_19_captured_hero_becomes_captive_of_the_opponent():
    rec, effects, decisions, _, _ = injure(d66(61))
    assert effects == [SetCaptive("h1", "B", "MH-INJ-H-19")]
    (fate,) = decisions
    assert fate.kind == "captive_fate" and fate.chooser == "captor" and fate.warband == "B"
    assert not rec.removed


def test_mh_inj_h_19_multiplayer_captor_is_chosen_then_the_captor_decides():
    c = warband("C", leader("c-boss"))
    _, effects, decisions, _, wbs = injure(d66(61), extra=(c,))
    assert effects == []
    (who,) = decisions
    assert (
        who.kind == "captor" and who.chooser == "organiser" and [o.value for o in who.options] == ["B", "C"]
    )
    res, _ = answer(who, "C", wbs)
    assert res.effects == (SetCaptive("h1", "C", "MH-INJ-H-19"),)
    assert res.decisions[0].kind == "captive_fate" and res.decisions[0].warband == "C"


def test_mh_inj_h_20_captor_options_depend_on_the_captor():
    # GIVEN an Undead captor whose Hero b-champ is held captive by A
    b = warband("B", leader("b-boss"), hero("b-champ", flags=flags(captive_of="A")), faction="undead")
    _, _, (fate,), _, wbs = injure(d66(61), b=b)
    values = [o.value for o in fate.options]
    assert values == ["CAP_RANSOM", "CAP_EXCHANGE:b-champ", "CAP_SOLD_SLAVERS", "CAP_UNDEAD_ZOMBIE"]
    # WHEN exchanged, both return with their equipment
    res, _ = answer(fate, "CAP_EXCHANGE:b-champ", wbs)
    assert res.effects == (
        ReleaseCaptive("h1", "exchange", "MH-INJ-H-20"),
        ReleaseCaptive("b-champ", "exchange", "MH-INJ-H-20"),
    )
    # WHEN raised as a Zombie, the captor keeps his equipment and gains a Zombie
    res, _ = answer(fate, "CAP_UNDEAD_ZOMBIE", wbs)
    assert res.effects == (
        RemoveWarrior("h1", "cap_undead_zombie", "captor", "B", "MH-INJ-H-20"),
        AddRecruit("B", "zombie", 1, "MH-INJ-H-20"),
    )
    # WHEN sold to slavers, the captor rolls D6 x 5 gc
    res, _roller = answer(fate, "CAP_SOLD_SLAVERS", wbs, faces=[4])
    assert res.effects == (
        AddGold("B", 20, "CAP_SOLD_SLAVERS", "MH-INJ-H-20"),
        RemoveWarrior("h1", "sold_to_slavers", "captor", "B", "MH-INJ-H-20"),
    )
    assert rules_of(res.rolls) == ["MH-INJ-H-20"]


def test_mh_inj_h_20_possessed_sacrifice_gives_the_captor_leader_xp_and_his_advance():
    # GIVEN a Possessed captor whose leader has 1 XP (his next threshold is 2)
    b = warband("B", leader("b-boss", xp=1), faction="possessed")
    _, _, (fate,), _, wbs = injure(d66(61), b=b)
    assert [o.value for o in fate.options] == ["CAP_RANSOM", "CAP_SOLD_SLAVERS", "CAP_POSSESSED_SACRIFICE"]
    # WHEN he sacrifices the captive (advance 2D6 = 3+4 = 7: WS or BS, a player's choice)
    res, _roller = answer(fate, "CAP_POSSESSED_SACRIFICE", wbs, faces=[3, 4])
    assert res.effects[:2] == (
        RemoveWarrior("h1", "cap_possessed_sacrifice", "captor", "B", "MH-INJ-H-20"),
        AddXp("b-boss", 1, "CAP_POSSESSED_SACRIFICE", "MH-INJ-H-20"),
    )
    assert rules_of(res.rolls) == ["MH-ADV-H-01"]
    assert res.decisions[0].kind == "ws_or_bs" and res.decisions[0].warrior == "b-boss"


def test_mh_inj_h_21_hardened_immune_to_fear():
    _, effects, _, _, _ = injure(d66(63))
    assert effects == [SetFlag("h1", "immune_to_fear", True, "MH-INJ-H-21")]


def test_mh_inj_h_22_horrible_scars_cause_fear():
    _, effects, _, _, _ = injure(d66(64))
    assert effects == [SetFlag("h1", "causes_fear", True, "MH-INJ-H-22")]


def test_mh_inj_h_23_sold_to_the_pits_rolls_off_for_the_charge_and_asks_the_organiser():
    # GIVEN a tied roll-off (3-3), then the Hero 5 against the Pit Fighter 2
    rec, _effects, decisions, roller, _ = injure([*d66(65), 3, 3, 5, 2])
    (fight,) = decisions
    assert fight.kind == "pit_fight" and fight.chooser == "organiser"
    assert [o.value for o in fight.options] == ["won", "lost"]
    assert fight.context["charges"] == "hero" and rec.records[0].sub == "charge:hero"
    assert rules_of(roller.made) == ["MH-INJ-H-01"] + ["MH-INJ-H-23"] * 4


def test_mh_inj_h_24_pit_fight_lost_rolls_11_to_35_and_loses_weapons_and_armour():
    _, _, (fight,), _, wbs = injure([*d66(65), 6, 1])
    # WHEN lost: 41 is above 35 and re-rolled, then Leg Wound
    res, _roller = answer(fight, "lost", wbs, faces=[*d66(41), *d66(22)])
    assert rules_of(res.rolls) == ["MH-INJ-H-24", "MH-INJ-H-24"]
    assert [e for e in res.effects if not isinstance(e, Note)] == [
        StatChange("h1", "M", -1, "MH-INJ-H-06"),
        LoseEquipment("h1", "weapons_and_armour", "MH-INJ-H-24"),
    ]
    # AND a loser who dies keeps nothing to lose
    res, _ = answer(fight, "lost", wbs, faces=d66(12))
    assert [e for e in res.effects if not isinstance(e, Note)] == [
        RemoveWarrior("h1", "dead", "lost", None, "MH-INJ-H-02")
    ]
    # AND Multiple Injuries rolled here use the full table (Robbed, 36)
    res, _ = answer(fight, "lost", wbs, faces=[*d66(16), 1, *d66(36)])
    assert LoseEquipment("h1", "all", "MH-INJ-H-16") in res.effects
    with pytest.raises(DecisionError):
        answer(fight, "draw", wbs)


def test_mh_inj_h_25_pit_fight_won_gives_50_gc_to_the_treasury_and_2_xp():
    _, _, (fight,), _, wbs = injure([*d66(65), 6, 1])
    # WHEN won (h1 goes from 0 to 2 XP: a Hero threshold; his advance is 2D6 = 6 then D6 = 2 -> +1 S)
    res, _ = answer(fight, "won", wbs, faces=[3, 3, 2])
    assert res.effects[:2] == (
        AddGold("A", 50, "pit_fight", "MH-INJ-H-25"),
        AddXp("h1", 2, "pit_fight_won", "MH-INJ-H-25"),
    )
    assert res.effects[2] == StatChange("h1", "S", 1, "MH-ADV-H-01")


def test_mh_inj_h_26_survives_against_the_odds_plus_one_xp():
    _, effects, _, _, _ = injure(d66(66))
    assert effects == [AddXp("h1", 1, "INJ_SURVIVES_ODDS", "MH-INJ-H-26")]


def test_mh_inj_h_27_characteristics_never_below_zero_and_warn_at_zero():
    # GIVEN a Hero with M 1
    _, effects, _, _, wbs = injure(d66(22), profile=hero("x").profile.with_delta("M", -3))
    assert effects == [
        StatChange("h1", "M", -1, "MH-INJ-H-06"),
        Note("h1", "stat_reached_zero", "M", "MH-INJ-H-27"),
    ]
    # AND with M already 0 nothing goes lower
    _, effects, _, _, _ = injure(d66(22), profile=hero("x").profile.with_delta("M", -4))
    assert kinds(effects) == ["note"] and effects[0].code == "stat_at_zero"
    # AND the racial maximum is untouched, so an advance may raise it again
    after = apply_effects(wbs, [StatChange("h1", "WS", -1)])
    assert find_warrior(after, "h1")[1].max_profile == find_warrior(wbs, "h1")[1].max_profile


def test_mh_inj_h_28_missed_games_do_not_add_up_and_deep_wound_runs_alongside():
    wbs = (warband("A", hero("h1")),)
    # GIVEN two miss-next-game results and a Deep Wound of 3
    after = apply_effects(wbs, [MissGames("h1", 1), MissGames("h1", 1)])
    assert find_warrior(after, "h1")[1].flags.missed_games == 1
    after = apply_effects(wbs, [MissGames("h1", 3), MissGames("h1", 1)])
    assert find_warrior(after, "h1")[1].flags.missed_games == 3
    # AND a league that stacks them adds them
    after = apply_effects(wbs, [MissGames("h1", 1, True), MissGames("h1", 1, True)])
    assert find_warrior(after, "h1")[1].flags.missed_games == 2
    # AND the injury step emits non-stacking misses by default
    _, effects, _, _, _ = injure([*d66(16), 2, *d66(23), 4, *d66(25), 3])
    assert effects == [MissGames("h1", 1, False, "MH-INJ-H-28")] * 2


def test_mh_inj_h_05_a_hero_retired_later_in_multiple_injuries_leaves_no_open_choice():
    # GIVEN a Hero blind in one eye: Multiple Injuries (2) gives Sold to the Pits, then Blinded (retires)
    rec, effects, decisions, _, _ = injure(
        [*d66(16), 2, *d66(65), 5, 1, *d66(31)], flags=flags(blinded_eye="left")
    )
    assert rec.removed and decisions == [] and rec.pending == ()
    assert effects[-1] == Note("h1", "decisions_dropped", "pit_fight", "MH-INJ-H-05")

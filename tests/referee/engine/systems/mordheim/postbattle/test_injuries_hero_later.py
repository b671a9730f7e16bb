"""Hero serious injuries (spec 3.3), part two: enmity, capture, the pits, surviving the odds, the limits."""

from __future__ import annotations

import pytest

from referee.engine.systems.mordheim.apply import apply_effects
from referee.engine.systems.mordheim.decisions import DecisionError
from referee.engine.systems.mordheim.effects import (
    AddGold,
    AddHatred,
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
from referee.engine.systems.mordheim.state import find_warrior

from ..helpers import d66, flags, group, hero, kinds, leader, rules_of, warband
from .hero_injury_helpers import answer, injure


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

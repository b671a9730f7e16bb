"""Experience (spec 4), underdogs (spec 5) and the standard awards (spec 9.2)."""

from __future__ import annotations

import pytest

from referee.engine.systems.mordheim.apply import apply_effects
from referee.engine.systems.mordheim.battle.report import BattleResult, OutOfAction
from referee.engine.systems.mordheim.effects import (
    AddXp,
    RemoveModels,
    RemoveWarrior,
    SetCaptive,
    StatChange,
)
from referee.engine.systems.mordheim.postbattle.advances import AdvanceSession, thresholds_crossed
from referee.engine.systems.mordheim.postbattle.experience import (
    battle_experience,
    underdog_bonus,
    warband_rating,
)
from referee.engine.systems.mordheim.state import HENCHMAN, HERO, MordheimSettings, find_warrior
from tests.support.dice import ScriptedRoller

from ..helpers import SETTINGS, group, hero, leader, rules_of, tables, warband


def xp(battle, before, after_effects=(), settings=SETTINGS):
    after = apply_effects(before, after_effects)
    effects, records = battle_experience(
        battle=battle, before=before, after=after, tables=tables(), settings=settings
    )
    return effects, {r.warrior: dict(r.awards) for r in records}


def sides(a_rating=100, b_rating=100):
    return (
        warband("A", leader("a-boss"), hero("a-champ"), group("a-men", 3), rating=a_rating),
        warband("B", leader("b-boss"), hero("b-champ"), group("b-men", 2), rating=b_rating),
    )


def test_mh_xp_01_xp_is_added_after_the_battle_from_the_ooa_record():
    # GIVEN a-champ took out b-champ and two b-men models
    battle = BattleResult(
        "skirmish",
        winner="A",
        out_of_action=(
            OutOfAction("b-champ", "a-champ"),
            OutOfAction("b-men", "a-champ"),
            OutOfAction("b-men", None),
        ),
    )
    effects, awards = xp(battle, sides())
    assert awards["a-champ"] == {"XP_SURVIVES": 1, "XP_PER_ENEMY_OOA": 2}
    assert AddXp("a-champ", 2, "XP_PER_ENEMY_OOA", "MH-SCN-XP-03") in effects


def test_mh_xp_02_thresholds_at_or_below_starting_xp_give_no_advance():
    # GIVEN a recruit who started with 4 XP, now going from 0-counted roster XP 3 to 6
    crossed, _ = thresholds_crossed(HERO, 3, 6, 4, tables())
    assert crossed == (6,)
    crossed, _ = thresholds_crossed(HERO, 0, 8, 8, tables())
    assert crossed == ()
    # AND a sequence does not roll for them
    wbs = (warband("A", hero("h1", xp=0, starting_xp=8)),)
    session = AdvanceSession(wbs, tables(), SETTINGS, ScriptedRoller([]), "t")
    session.advance("h1", 0, 8)
    assert session.records == []


def test_mh_xp_03_survivors_gain_one_even_if_injured_the_dead_nothing():
    battle = BattleResult(
        "skirmish",
        winner=None,
        out_of_action=(OutOfAction("a-champ"), OutOfAction("a-men"), OutOfAction("a-men")),
    )
    # GIVEN a-champ died, two a-men fell but one remains; b-men lost everyone
    dead = [RemoveWarrior("a-champ", "dead"), RemoveModels("a-men", 2, "x"), RemoveModels("b-men", 2, "x")]
    _effects, awards = xp(battle, sides(), dead)
    assert "a-champ" not in awards and "b-men" not in awards
    assert awards["a-men"] == {"XP_SURVIVES": 1} and awards["a-boss"] == {"XP_SURVIVES": 1}
    # AND a captive still earned this battle's XP unless the league rules otherwise
    captive = [SetCaptive("a-champ", "B")]
    assert "a-champ" in xp(battle, sides(), captive)[1]
    assert "a-champ" not in xp(battle, sides(), captive, MordheimSettings(captive_gains_battle_xp=False))[1]


def test_mh_xp_03_absent_or_non_xp_warriors_earn_nothing():
    wbs = (warband("A", leader("a-boss"), hero("a-champ"), group("dogs", 2, gains_xp=False)), sides()[1])
    _, awards = xp(BattleResult("skirmish", absent=("a-champ",)), wbs)
    assert set(awards) == {"a-boss", "b-boss", "b-champ", "b-men"}


def test_mh_xp_04_a_henchman_group_shares_one_total_and_one_advance():
    effects, _ = xp(BattleResult("skirmish"), sides())
    assert [e for e in effects if e.warrior == "a-men"] == [AddXp("a-men", 1, "XP_SURVIVES", "MH-SCN-XP-01")]
    # AND its advance raises the whole group's profile (one +1 on the group)
    wbs = (warband("A", group("a-men", 3, xp=1)),)
    session = AdvanceSession(wbs, tables(), SETTINGS, ScriptedRoller([4, 4]), "t")
    session.advance("a-men", 1, 2)
    assert session.effects == [StatChange("a-men", "A", 1, "MH-ADV-K-01")]


def test_mh_xp_05_thresholds_match_the_spec():
    assert tables().hero_thresholds == (
        2,
        4,
        6,
        8,
        11,
        14,
        17,
        20,
        24,
        28,
        32,
        36,
        41,
        46,
        51,
        57,
        63,
        69,
        76,
        83,
        90,
    )
    assert tables().henchman_thresholds == (2, 5, 9, 14)


def test_mh_xp_06_several_thresholds_in_one_battle_give_that_many_rolls():
    # GIVEN a Hero going from 1 to 6 XP (thresholds 2, 4 and 6)
    wbs = (warband("A", hero("h1", xp=1)),)
    roller = ScriptedRoller([4, 5, 1, 4, 5, 1, 4, 5, 4])  # 9: W or T three times (D6 1, 1, 4)
    session = AdvanceSession(wbs, tables(), SETTINGS, roller, "t")
    session.advance("h1", 1, 6)
    assert [r.threshold for r in session.records] == [2, 4, 6]
    assert rules_of(roller.made) == ["MH-ADV-H-01"] * 6
    assert [e.stat for e in session.effects] == ["W", "W", "T"]


def test_mh_xp_07_no_advances_beyond_the_last_threshold_but_xp_still_counts():
    wbs = (warband("A", hero("h1", xp=89), group("g", 2, xp=13)),)
    session = AdvanceSession(wbs, tables(), SETTINGS, ScriptedRoller([3, 3, 2, 4, 4]), "t")
    session.advance("h1", 89, 92)
    session.advance("g", 13, 16)
    assert [(r.warrior, r.threshold) for r in session.records] == [("h1", 90), ("g", 14)]
    notes = [e for e in session.effects if e.kind == "note"]
    assert [(n.subject, n.code, n.rule) for n in notes] == [
        ("h1", "xp_beyond_last_threshold", "MH-XP-07"),
        ("g", "xp_beyond_last_threshold", "MH-XP-07"),
    ]


def test_mh_xp_08_rating_is_five_per_warrior_plus_xp_and_twenty_for_large():
    wb = warband(
        "A",
        leader("boss", xp=20),
        group("men", 3, xp=2),
        group("rat_ogre", 1, xp=1, large=True),
        hero("ogre_bodyguard", hired_sword=True, xp=5),
    )
    # 5+20 ; 3*(5+2) ; 20+1 ; hired sword with his own rating 25
    assert (
        warband_rating(wb, tables(), SETTINGS, hired_sword_ratings={"ogre_bodyguard": 25})
        == 25 + 21 + 21 + 25
    )
    once = MordheimSettings(rating_henchman_xp_per_model=False)
    assert warband_rating(wb, tables(), once, hired_sword_ratings={"ogre_bodyguard": 25}) == 25 + 17 + 21 + 25


@pytest.mark.parametrize(
    ("diff", "bonus"),
    [
        (0, 0),
        (50, 0),
        (51, 1),
        (75, 1),
        (76, 2),
        (100, 2),
        (101, 3),
        (150, 3),
        (151, 4),
        (300, 4),
        (301, 5),
        (999, 5),
    ],
)
def test_mh_und_01_bonus_by_rating_difference(diff, bonus):
    assert underdog_bonus(diff, tables()) == bonus


def test_mh_und_01_every_hero_and_group_of_the_lower_rated_warband_gains_it():
    effects, awards = xp(BattleResult("skirmish"), sides(a_rating=100, b_rating=180))
    assert {w: a.get("XP_UNDERDOG") for w, a in awards.items()} == {
        "a-boss": 2,
        "a-champ": 2,
        "a-men": 2,
        "b-boss": None,
        "b-champ": None,
        "b-men": None,
    }
    assert AddXp("a-men", 2, "XP_UNDERDOG", "MH-UND-01") in effects


def test_mh_und_02_equal_ratings_and_the_stronger_side_get_nothing():
    _, awards = xp(BattleResult("skirmish"), sides(150, 150))
    assert all("XP_UNDERDOG" not in a for a in awards.values())
    assert underdog_bonus(-200, tables()) == 0


def test_mh_und_03_ratings_at_the_start_and_only_for_survivors():
    # GIVEN A rated 100 against 201 at the start (bonus 3); a-champ dies in the battle
    battle = BattleResult("skirmish", out_of_action=(OutOfAction("a-champ"),))
    _, awards = xp(battle, sides(100, 201), [RemoveWarrior("a-champ", "dead")])
    assert "a-champ" not in awards and awards["a-boss"]["XP_UNDERDOG"] == 3


def test_mh_scn_xp_01_survives_plus_one_for_heroes_and_groups():
    effects, _ = xp(BattleResult("skirmish"), sides())
    survivors = [e.warrior for e in effects if e.award == "XP_SURVIVES"]
    assert survivors == ["a-boss", "a-champ", "a-men", "b-boss", "b-champ", "b-men"]
    assert all(e.rule == "MH-SCN-XP-01" and e.amount == 1 for e in effects)


def test_mh_scn_xp_02_winning_leader_plus_one_not_on_a_draw_nor_if_dead():
    effects, awards = xp(BattleResult("skirmish", winner="B"), sides())
    assert awards["b-boss"] == {"XP_SURVIVES": 1, "XP_WINNING_LEADER": 1}
    assert AddXp("b-boss", 1, "XP_WINNING_LEADER", "MH-SCN-XP-02") in effects
    _, awards = xp(BattleResult("skirmish"), sides())
    assert all("XP_WINNING_LEADER" not in a for a in awards.values())
    battle = BattleResult("skirmish", winner="B", out_of_action=(OutOfAction("b-boss"),))
    _, awards = xp(battle, sides(), [RemoveWarrior("b-boss", "dead")])
    assert all("XP_WINNING_LEADER" not in a for a in awards.values())


def test_mh_scn_xp_03_heroes_only_plus_one_per_enemy_taken_out():
    battle = BattleResult(
        "skirmish",
        out_of_action=(
            OutOfAction("b-champ", "a-men"),
            OutOfAction("a-champ", "b-boss"),
            OutOfAction("b-men", "b-boss"),
        ),
    )
    _, awards = xp(battle, sides())
    assert awards["a-men"] == {"XP_SURVIVES": 1}  # Henchmen never get it
    assert awards["b-boss"] == {"XP_SURVIVES": 1, "XP_PER_ENEMY_OOA": 1}  # his own man does not count
    assert find_warrior(sides(), "a-men")[1].kind == HENCHMAN

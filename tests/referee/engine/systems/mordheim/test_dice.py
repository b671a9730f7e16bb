"""Dice and general conventions (spec 1)."""

from __future__ import annotations

import pytest

from referee.engine.rolls import Roll
from referee.engine.systems.mordheim.battle.report import BattleResult, OutOfAction
from referee.engine.systems.mordheim.dice import (
    D3_FROM_D6,
    D66_VALUES,
    ManualRollError,
    RerollLimitExceeded,
    d66,
    reroll_until,
    roll_off,
    roll_quantity,
    validate_manual_faces,
)
from referee.engine.systems.mordheim.postbattle.injuries import roll_hero_injury
from referee.engine.systems.mordheim.postbattle.injury_records import WarriorInjury
from referee.engine.systems.mordheim.state import MordheimSettings
from referee.engine.tables import InvalidRoll
from tests.support.dice import ReplayRoller, ScriptedRoller, endless

from .helpers import d66 as faces_of
from .helpers import group, hero, leader, post_battle, raw_tables, tables, warband


def injure(roller, settings) -> WarriorInjury:
    wbs = (warband("A", hero("h1")), warband("B", leader("b")))
    rec, _, _ = roll_hero_injury(
        warbands=wbs,
        warband=wbs[0],
        hero=wbs[0].warriors[0],
        by=None,
        tables=tables(),
        settings=settings,
        roller=roller,
        prefix="t",
    )
    return rec


def test_mh_gen_01_d6_is_one_to_six_and_2d6_the_sum_of_two():
    for f in range(1, 7):
        assert validate_manual_faces("D6", [f]).total == f
    assert validate_manual_faces("2D6", [6, 5]).total == 11
    for bad in (0, 7):
        with pytest.raises(ManualRollError):
            validate_manual_faces("D6", [bad])
    assert raw_tables()["dice"]["2D6"] == {"min": 2, "max": 12}


def test_mh_gen_02_d3_is_a_d6_read_one_two_three():
    assert D3_FROM_D6 == {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
    assert {int(k): v for k, v in raw_tables()["dice"]["D3"]["map"].items()} == D3_FROM_D6
    assert [validate_manual_faces("D3", [f]).total for f in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert roll_quantity(ScriptedRoller([5]), "D3", rule="t") == 3


def test_mh_gen_03_d66_first_die_tens_second_units_36_values():
    assert d66(Roll("D66", (1, 5), (1, 5), 15)) == 15 and d66(Roll("D66", (3, 6), (3, 6), 36)) == 36
    assert list(D66_VALUES) == raw_tables()["dice"]["D66"]["valid_values"] and len(D66_VALUES) == 36
    assert validate_manual_faces("D66", [3, 6]).total == 36


def test_mh_gen_04_d66_ranges_are_explicit_value_lists():
    table = tables().hero_injury
    assert table.lookup(16).id == table.lookup(21).id == "INJ_MULTIPLE"
    for impossible in (17, 20, 47, 60, 67):
        with pytest.raises(InvalidRoll):
            table.lookup(impossible)
    assert [v for v in D66_VALUES if table.lookup(v).id == "INJ_FULL_RECOVERY"] == [
        41,
        42,
        43,
        44,
        45,
        46,
        51,
        52,
        53,
        54,
        55,
    ]


def test_mh_gen_05_roll_again_is_one_sub_roll_or_a_new_advance_and_reroll_repeats():
    # (a) Arm Wound's "roll again" is exactly one D6 on its sub-table
    roller = ScriptedRoller([*faces_of(23), 4])
    injure(roller, MordheimSettings())
    assert [r.notation for r in roller.made] == ["D66", "D6"]
    # (b) a Henchman result that cannot apply discards the 2D6 and rolls 2D6 again
    from referee.engine.systems.mordheim.postbattle.advances import AdvanceSession

    session = AdvanceSession(
        (warband("A", group("g", raised=("A",))),),
        tables(),
        MordheimSettings(),
        ScriptedRoller([4, 4, 1, 1]),
        "t",
    )
    session.henchman_advance("g", 2)
    assert session.records[0].rolls == (8, 2)
    # "re-roll X" repeats until the result is not X
    roller = ScriptedRoller([1, 1, 2])
    kept, attempts = reroll_until(roller, "D6", lambda r: r.total != 1, rule="t", guard=10)
    assert kept.total == 2 and attempts == 3


def test_mh_gen_05_every_reroll_until_has_a_guard():
    with pytest.raises(RerollLimitExceeded):
        reroll_until(endless([1]), "D6", lambda r: r.total != 1, rule="MH-INJ-H-04", guard=25)
    with pytest.raises(RerollLimitExceeded):
        roll_off(endless([3]), ["A", "B"], rule="MH-PRE-01", guard=25)
    # a Multiple Injuries (16) whose further roll only ever comes up Captured (61) stops too
    with pytest.raises(RerollLimitExceeded):
        injure(endless([1, 6]), MordheimSettings(reroll_guard=30))


def test_mh_gen_06_every_post_battle_roll_is_logged_with_its_rule():
    wbs = (warband("A", leader("a", xp=41), hero("h1")), warband("B", leader("b", xp=41)))
    battle = BattleResult("skirmish", winner="B", out_of_action=(OutOfAction("h1", "b"),))
    outcome, roller = post_battle(battle, wbs, [*faces_of(56), 2, 4, 3, 5])
    assert list(outcome.rolls) == roller.made
    assert all(r.rule.startswith("MH-") and r.faces for r in outcome.rolls)
    assert [r.rule for r in outcome.rolls] == ["MH-INJ-H-01", "MH-INJ-H-18", "MH-INC-02", "MH-INC-02"]


def test_mh_gen_07_manual_entries_are_checked_then_used_like_rolled_dice():
    with pytest.raises(ManualRollError):
        validate_manual_faces("D66", [3])
    with pytest.raises(ManualRollError):
        validate_manual_faces("2D6", [3, 9])
    with pytest.raises(ManualRollError):
        validate_manual_faces("D20", [3])
    # manual faces entered for an injury replay exactly like automatic ones
    manual = [validate_manual_faces("D66", [2, 2], rule="MH-INJ-H-01")]
    rec = injure(ReplayRoller(manual), MordheimSettings())
    assert rec.records[0].result == "INJ_LEG_WOUND" and manual[0].label == "manual"

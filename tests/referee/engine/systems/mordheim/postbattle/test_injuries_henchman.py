"""Henchman serious injuries (spec 3.2) and which warriors roll at all (spec 3.1)."""

from __future__ import annotations

import pytest

from referee.engine.systems.mordheim.apply import apply_effects
from referee.engine.systems.mordheim.battle.report import BattleResult, OutOfAction
from referee.engine.systems.mordheim.effects import RemoveModels
from referee.engine.systems.mordheim.postbattle.injuries import roll_henchman_injuries
from referee.engine.systems.mordheim.state import find_warband
from tests.support.dice import ScriptedRoller

from ..helpers import d66, group, hero, leader, post_battle, rules_of, tables, warband


def hench(faces, ooa, count=3):
    g = group("a-men", count)
    wb = warband("A", leader("a-boss"), g)
    roller = ScriptedRoller(faces)
    rec, effects = roll_henchman_injuries(warband=wb, group=g, models_ooa=ooa, roller=roller, tables=tables())
    return rec, effects, roller, wb


def test_mh_inj_k_01_one_d6_for_each_henchman_model_out_of_action():
    rec, _, roller, _ = hench([3, 5], ooa=2)
    assert [(r.notation, r.rule) for r in roller.made] == [("D6", "MH-INJ-K-01")] * 2
    assert [r.roll for r in rec.records] == [3, 5]


@pytest.mark.parametrize(("faces", "lost"), [([1, 2], 2), ([2, 6], 1), ([1], 1)])
def test_mh_inj_k_02_one_or_two_removes_the_model_for_good(faces, lost):
    rec, effects, _, wb = hench(faces, ooa=len(faces))
    assert effects == [RemoveModels("a-men", lost, "serious_injury", "MH-INJ-K-02")]
    assert rec.models_lost == lost
    after = find_warband(apply_effects((wb,), effects), "A")
    assert after.warrior("a-men").count == 3 - lost


def test_mh_inj_k_02_a_group_that_loses_every_model_is_gone():
    rec, effects, _, wb = hench([1, 2], ooa=2, count=2)
    assert rec.removed
    assert not find_warband(apply_effects((wb,), effects), "A").has("a-men")


@pytest.mark.parametrize("face", [3, 4, 5, 6])
def test_mh_inj_k_03_three_to_six_fights_next_battle_as_normal(face):
    rec, effects, _, _ = hench([face], ooa=1)
    assert effects == [] and rec.records[0].result == "HINJ_OK"


def _battle(*ooa):
    return BattleResult("skirmish", winner="B", out_of_action=tuple(OutOfAction(v, b) for v, b in ooa))


def test_mh_inj_01_only_warriors_out_of_action_roll():
    # GIVEN A's champion knocked down but not out, and one model of a-men out of action
    wbs = (
        warband("A", leader("a-boss", xp=8), hero("a-champ", xp=8), group("a-men", 3, xp=2)),
        warband("B", leader("b-boss", xp=41)),
    )
    # WHEN the sequence runs (a-men injury 5; A explores with 2 dice, B with 2)
    outcome, roller = post_battle(_battle(("a-men", "b-boss")), wbs, [5, 1, 2, 3, 4])
    # THEN the only injury roll is the group's one model
    assert [i.warrior for i in outcome.injuries] == ["a-men"]
    assert rules_of(roller.made).count("MH-INJ-K-01") == 1
    assert "MH-INJ-H-01" not in rules_of(roller.made)


def test_mh_inj_02_henchmen_on_d6_heroes_on_d66():
    wbs = (
        warband("A", leader("a-boss", xp=8), hero("a-champ", xp=8), group("a-men", 3, xp=2)),
        warband("B", leader("b-boss", xp=41)),
    )
    battle = _battle(("a-champ", "b-boss"), ("a-men", "b-boss"))
    outcome, roller = post_battle(battle, wbs, [*d66(45), 6, 1, 3, 4])
    assert [(r.notation, r.rule) for r in roller.made[:2]] == [("D66", "MH-INJ-H-01"), ("D6", "MH-INJ-K-01")]
    assert [i.records[0].result for i in outcome.injuries] == ["INJ_FULL_RECOVERY", "HINJ_OK"]


def test_mh_inj_03_injuries_come_first_then_experience_then_exploration():
    # GIVEN a Hero out of action and a Hero who will cross an XP threshold
    wbs = (warband("A", leader("a-boss", xp=1), hero("a-champ", xp=8)), warband("B", leader("b-boss", xp=41)))
    battle = BattleResult("skirmish", winner="A", out_of_action=(OutOfAction("a-champ", "b-boss"),))
    # injury 45; a-boss 1 -> 3 XP crosses 2: advance 2D6 = 3+4 (WS or BS); exploration A 2 dice, B 1 die
    outcome, roller = post_battle(battle, wbs, [*d66(45), 3, 4, 2, 3, 5])
    assert rules_of(roller.made) == ["MH-INJ-H-01", "MH-ADV-H-01", "MH-INC-02", "MH-INC-02"]
    first_xp = next(i for i, e in enumerate(outcome.effects) if e.kind == "add_xp")
    assert all(e.kind != "add_xp" for e in outcome.effects[:first_xp])

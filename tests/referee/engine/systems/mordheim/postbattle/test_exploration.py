"""Exploration (spec 10): dice pool, dice kept, re-rolls and modifiers, shards, multiples."""

from __future__ import annotations

import pytest

from referee.engine.systems.mordheim.answers import resolve_decision
from referee.engine.systems.mordheim.battle.report import BattleResult, OutOfAction
from referee.engine.systems.mordheim.decisions import DecisionError
from referee.engine.systems.mordheim.effects import AddShards, SellShards, SetWarbandFlag
from referee.engine.systems.mordheim.postbattle.exploration import (
    explore,
    multiple_found,
    searching_heroes,
    shards_for_total,
)
from referee.engine.systems.mordheim.postbattle.skills import wyrdstone_hunter_rerolls
from referee.engine.systems.mordheim.state import MordheimSettings
from tests.support.dice import ScriptedRoller

from ..helpers import SETTINGS, flags, group, hero, leader, post_battle, rules_of, tables, warband


def six_heroes(**kw):
    return warband("A", leader("h0"), *(hero(f"h{i}") for i in range(1, 6)), group("men", 4), **kw)


def run(wb, searchers, faces, *, won=False, settings=SETTINGS):
    roller = ScriptedRoller(faces)
    heroes = [wb.warrior(i) for i in searchers]
    rec, effects, decisions, finished = explore(
        warband=wb, searchers=heroes, won=won, tables=tables(), settings=settings, roller=roller, prefix="x"
    )
    return rec, effects, decisions, finished, roller


def answer(d, value, wb, faces=(), settings=SETTINGS):
    return resolve_decision(
        request=d,
        answer=value,
        warbands=(wb,),
        tables=tables(),
        settings=settings,
        roller=ScriptedRoller(faces),
    )


def shards(effects):
    return sum(e.amount for e in effects if isinstance(e, AddShards))


def test_mh_inc_01_exploration_is_rolled_straight_after_the_game_in_the_open_log():
    wbs = (warband("A", leader("a-boss", xp=41)), warband("B", leader("b-boss", xp=41)))
    outcome, _ = post_battle(BattleResult("skirmish", winner="A"), wbs, [1, 2, 4])
    assert [(r.notation, r.rule, r.label) for r in outcome.rolls] == [
        ("2D6", "MH-INC-02", "A exploration"),
        ("D6", "MH-INC-02", "B exploration"),
    ]


def test_mh_inc_02_one_die_per_hero_not_out_of_action_plus_one_for_the_win():
    before = warband(
        "A",
        leader("a-boss"),
        hero("ooa"),
        hero("absent"),
        hero("held", flags=flags(captive_of="B")),
        hero("sword", hired_sword=True),
        group("men", 5),
    )
    battle = BattleResult(
        "skirmish", winner="A", out_of_action=(OutOfAction("ooa"),), absent=("absent", "held")
    )
    ids = [h.id for h in searching_heroes(battle=battle, before=before, after=before, settings=SETTINGS)]
    assert ids == ["a-boss"]  # Henchmen never add dice; neither do OOA, absent, captive or hired Heroes
    lenient = MordheimSettings(exploration_absent_heroes_roll=True)
    assert [h.id for h in searching_heroes(battle=battle, before=before, after=before, settings=lenient)] == [
        "a-boss",
        "absent",
    ]
    rec, _, _, _, roller = run(before, ["a-boss"], [3, 5], won=True)
    assert roller.made[0].notation == "2D6" and rec.rolled == (3, 5)


def test_mh_inc_03_at_most_six_dice_are_kept_and_the_player_chooses_before_rerolls():
    wb = six_heroes()
    # GIVEN six searching Heroes and a win: seven dice
    rec, effects, (keep,), finished, _ = run(wb, [f"h{i}" for i in range(6)], [1, 1, 2, 6, 6, 6, 5], won=True)
    assert keep.kind == "exploration_keep" and keep.questions[0].pick == 6 and not finished
    assert rec.pending == keep.id and effects == []
    with pytest.raises(DecisionError):
        answer(keep, ["0", "1", "2"], wb)
    # WHEN the player drops the 2: 1 1 6 6 6 5 = 25 -> 5 shards, three sixes (Returning a Favour)
    res = answer(keep, ["0", "1", "3", "4", "5", "6"], wb)
    assert shards(res.effects) == 5
    assert SetWarbandFlag("A", "free_hired_sword_next_battle", True, "MH-INC-08") in res.effects
    assert res.decisions[-1].kind == "sell_wyrdstone"


def test_mh_inc_03_straggler_extra_die_is_rolled_and_one_discarded():
    wb = warband("A", leader("h0"), hero("h1"), straggler_extra_die=True)
    _, effects, (keep,), _, roller = run(wb, ["h0", "h1"], [2, 4, 6])
    assert roller.made[0].notation == "3D6" and keep.questions[0].pick == 2
    assert SetWarbandFlag("A", "straggler_extra_die", False, "MH-INC-08") in effects


def test_mh_inc_04_rerolls_and_modifiers_come_before_evaluation_and_use_the_final_dice():
    # GIVEN a Wyrdstone Hunter searching, an Entrance to the Catacombs and an Elf Ranger's +/-1
    wb = warband(
        "A",
        leader("h0", skills=("wyrdstone_hunter",)),
        hero("h1"),
        catacomb_entrance=True,
        exploration_adjusts=("elf_ranger",),
    )
    _, _, (first,), finished, _ = run(wb, ["h0", "h1"], [1, 5])
    assert first.kind == "exploration_reroll" and first.rule == "MH-SKL-06" and not finished
    # WHEN the hunter re-rolls the 1 (a 4: kept whatever it is)
    res = answer(first, "0", wb, faces=[4])
    assert rules_of(res.rolls) == ["MH-SKL-06"]
    (second,) = res.decisions
    assert second.rule == "MH-INC-04" and [o.value for o in second.options] == [
        "1",
        "none",
    ]  # never the same die
    res = answer(second, "none", wb)
    (adjust,) = res.decisions
    assert "1:+1" in [o.value for o in adjust.options]
    # WHEN the ranger turns the 5 into a 4: the final dice 4 4 give 8 (2 shards) and a double 4 (Straggler)
    res = answer(adjust, "1:-1", wb)
    assert shards(res.effects) == 2
    assert SetWarbandFlag("A", "straggler_extra_die", True, "MH-INC-08") in res.effects


@pytest.mark.parametrize(
    ("total", "found"),
    [
        (0, 0),
        (1, 1),
        (5, 1),
        (6, 2),
        (11, 2),
        (12, 3),
        (17, 3),
        (18, 4),
        (24, 4),
        (25, 5),
        (30, 5),
        (31, 6),
        (35, 6),
        (36, 7),
    ],
)
def test_mh_inc_05_shards_by_total(total, found):
    assert shards_for_total(total, tables()) == found


def test_mh_inc_05_no_dice_no_shards():
    wb = warband("A", group("men", 3))
    rec, effects, _decisions, finished, roller = run(wb, [], [])
    assert roller.made == [] and shards(effects) == 0 and finished and rec.rolled == ()


@pytest.mark.parametrize(
    ("dice", "location"),
    [
        ((1, 2, 3), None),
        ((2, 2, 5), "EXP_SHOP"),
        ((6, 6, 1, 1, 1), "EXP_TAVERN"),  # three of a kind beats a higher pair
        ((2, 2, 5, 5), "EXP_OVERTURNED_CART"),  # equal sizes: the higher face
        ((4, 4, 4, 4, 6, 6), "EXP_ARMOURER"),
        ((3, 3, 3, 3, 3, 3), "EXP_DWARF_SMITHY"),
    ],
)
def test_mh_inc_06_the_largest_set_decides_then_the_higher_face(dice, location):
    loc = multiple_found(dice, tables())
    assert (loc.id if loc else None) == location


def test_mh_inc_06_exactly_one_location_is_found():
    wb = warband("A", leader("h0"), hero("h1"), hero("h2"), hero("h3"))
    # 2 2 5 5: one location only (the Cart, D6 = 3 -> 2D6 gc = 7)
    rec, effects, _, _, _ = run(wb, ["h0", "h1", "h2", "h3"], [2, 2, 5, 5, 3, 3, 4])
    assert rec.location == "EXP_OVERTURNED_CART"
    assert [e.kind for e in effects if e.kind in ("add_gold", "add_item")] == ["add_gold"]


def test_mh_skl_06_wyrdstone_hunter_rerolls_only_when_searching_and_stacking_is_a_ruling():
    hunters = [hero("h1", skills=("wyrdstone_hunter",)), hero("h2", skills=("wyrdstone_hunter",))]
    assert wyrdstone_hunter_rerolls(hunters, SETTINGS) == ["wyrdstone_hunter:h1", "wyrdstone_hunter:h2"]
    one = MordheimSettings(wyrdstone_hunter_rerolls_stack=False)
    assert wyrdstone_hunter_rerolls(hunters, one) == ["wyrdstone_hunter:h1"]
    # AND a hunter taken out of action does not search, so gives no re-roll
    wb = warband("A", leader("h0"), hero("h1", skills=("wyrdstone_hunter",)))
    _, _, decisions, finished, _ = run(wb, ["h0"], [3])
    assert decisions == [] and finished
    # AND the second result must be kept even if worse
    _, _, (d,), _, _ = run(wb, ["h0", "h1"], [6, 5])
    res = answer(d, "0", wb, faces=[1])
    assert shards(res.effects) == 2  # 1 + 5 = 6


def test_exploration_end_opens_the_sale_with_every_shard_held():
    wb = warband("A", leader("h0"), hero("h1"), shards=2)
    outcome, _ = post_battle(BattleResult("skirmish"), (wb, warband("B", leader("b0", xp=41))), [6, 5, 1])
    sale = next(x for x in outcome.decisions if x.kind == "sell_wyrdstone" and x.warband == "A")
    assert [o.value for o in sale.options] == ["0", "1", "2", "3", "4"]  # 2 held + 2 found
    assert sale.options[4].effects == (SellShards("A", 4, 90, "MH-WYR-03"),)

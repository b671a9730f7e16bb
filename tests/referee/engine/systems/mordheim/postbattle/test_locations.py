"""Special exploration locations (MH-INC-07/08)."""

from __future__ import annotations

import pytest

from referee.engine.systems.mordheim.answers import resolve_decision
from referee.engine.systems.mordheim.effects import (
    AddGold,
    AddItem,
    AddRecruit,
    AddShards,
    AddXp,
    GainSkill,
    GainSkillList,
    MaxChange,
    MissGames,
    Note,
    RemoveWarrior,
    SetWarbandFlag,
)
from referee.engine.systems.mordheim.postbattle.locations import resolve_location
from tests.support.dice import ScriptedRoller, endless

from ..helpers import SETTINGS, group, hero, leader, tables, warband

KNOWN_DECISIONS = {"well_hero", "the_pit", "share_xp", "academic_hero", "haggle_hero", "fighting_arena"}


def loc(count, face):
    return tables().locations[(count, face)]


def visit(count, face, faces, **wb_kw):
    wb = warband("A", leader("boss"), hero("h1"), group("men", 3), **wb_kw)
    roller = ScriptedRoller(faces) if isinstance(faces, list) else faces
    effects, decisions, finished = resolve_location(
        location=loc(count, face), warband=wb, tables=tables(), settings=SETTINGS, roller=roller, prefix="x"
    )
    return [e for e in effects if not isinstance(e, Note)], decisions, finished, wb


def answer(d, value, wb, faces=()):
    return resolve_decision(
        request=d,
        answer=value,
        warbands=(wb,),
        tables=tables(),
        settings=SETTINGS,
        roller=ScriptedRoller(faces),
    )


@pytest.mark.parametrize("pattern", sorted(tables().locations))
def test_mh_inc_08_every_location_resolves_with_data_effects(pattern):
    effects, decisions, finished, _ = visit(*pattern, endless([3]))
    assert {d.kind for d in decisions} <= KNOWN_DECISIONS
    assert all(e.rule == "MH-INC-08" for e in effects)
    assert finished == (not any(d.kind in ("well_hero", "the_pit") for d in decisions))


def test_mh_inc_08_well_a_hero_tests_toughness_for_a_shard_or_misses_a_game():
    _effects, (d,), finished, wb = visit(2, 1, [])
    assert d.kind == "well_hero" and [o.value for o in d.options] == ["boss", "h1"] and not finished
    res = answer(d, "h1", wb, faces=[3])  # T 3: pass
    assert (
        res.effects == (AddShards("A", 1, "EXP_WELL", "MH-INC-08"),)
        and res.decisions[0].kind == "sell_wyrdstone"
    )
    res = answer(d, "h1", wb, faces=[4])
    assert res.effects == (MissGames("h1", 1, False, "MH-INC-08"),) and res.decisions == ()


def test_mh_inc_08_shop_gold_and_a_lucky_charm_on_a_one():
    effects, _, _, _ = visit(2, 2, [1])
    assert effects == [
        AddGold("A", 1, "EXP_SHOP", "MH-INC-08"),
        AddItem("A", "lucky_charm", 1, "Lucky Charm", 0, None, "MH-INC-08"),
    ]


@pytest.mark.parametrize(
    ("faces", "expected"),
    [
        ([2, 5], AddGold("A", 5, "EXP_CORPSE", "MH-INC-08")),
        ([4], AddItem("A", "axe", 1, "Axe", 0, None, "MH-INC-08")),
        ([6], AddItem("A", "light_armour", 1, "Light armour", 0, None, "MH-INC-08")),
    ],
)
def test_mh_inc_08_corpse_sub_table(faces, expected):
    assert visit(2, 3, faces)[0] == [expected]


@pytest.mark.parametrize(
    ("faction", "faces", "expected"),
    [
        ("skaven", [3, 4], AddGold("A", 7, "EXP_STRAGGLER", "MH-INC-08")),
        ("possessed", [], AddXp("boss", 1, "EXP_STRAGGLER", "MH-INC-08")),
        ("undead", [], AddRecruit("A", "zombie", 1, "MH-INC-08")),
        ("", [], SetWarbandFlag("A", "straggler_extra_die", True, "MH-INC-08")),
    ],
)
def test_mh_inc_08_straggler_depends_on_the_warband(faction, faces, expected):
    assert visit(2, 4, faces, faction=faction)[0] == [expected]


def test_mh_inc_08_tavern_leadership_test_with_automatic_passes():
    # Undead pass without a test: 4D6 straight away
    assert visit(3, 1, [1, 2, 3, 4], faction="undead")[0] == [AddGold("A", 10, "EXP_TAVERN", "MH-INC-08")]
    # others: 2D6 against Ld 8; 6+5 fails -> D6 gc
    assert visit(3, 1, [6, 5, 2])[0] == [AddGold("A", 2, "EXP_TAVERN", "MH-INC-08")]
    assert visit(3, 1, [2, 2, 1, 1, 1, 1])[0] == [AddGold("A", 4, "EXP_TAVERN", "MH-INC-08")]


def test_mh_inc_08_prisoners_xp_shared_among_heroes_for_the_possessed():
    effects, (d,), _, wb = visit(3, 3, [4], faction="possessed")  # D3 = 2 points
    assert d.kind == "share_xp" and d.questions[0].pick == 2 and not d.questions[0].distinct
    res = answer(d, ["h1", "h1"], wb, faces=[4, 4, 1])  # 0 -> 2 XP: his advance (8, D6 1: +1 I)
    assert res.effects[:2] == (AddXp("h1", 1, "EXP_PRISONERS", "MH-INC-08"),) * 2
    assert res.effects[2].kind == "stat_change" and res.effects[2].stat == "I"
    effects, _, _, _ = visit(3, 3, [1, 2])
    assert effects == [
        AddGold("A", 3, "EXP_PRISONERS", "MH-INC-08"),
        AddRecruit("A", "human_henchman", 1, "MH-INC-08"),
    ]


def test_mh_inc_08_merchants_house_double_gives_haggle_instead():
    assert visit(5, 4, [2, 5])[0] == [AddGold("A", 35, "EXP_MERCHANT_HOUSE", "MH-INC-08")]
    effects, (d,), _, wb = visit(5, 4, [3, 3])
    assert effects == [] and d.kind == "haggle_hero"
    assert answer(d, "boss", wb).effects == (GainSkill("boss", "haggle", "MH-INC-08"),)


def test_mh_inc_08_the_pit_is_optional_and_dangerous():
    _, (d,), finished, wb = visit(6, 1, [])
    assert [o.value for o in d.options] == ["boss", "h1", "none"] and not finished
    assert answer(d, "none", wb).effects == ()
    assert answer(d, "h1", wb, faces=[1]).effects == (
        RemoveWarrior("h1", "lost_in_the_pit", "lost", None, "MH-INC-08"),
    )
    res = answer(d, "h1", wb, faces=[2, 5])
    assert (
        res.effects == (AddShards("A", 6, "EXP_THE_PIT", "MH-INC-08"),)
        and res.decisions[0].kind == "sell_wyrdstone"
    )


def test_mh_inc_08_fighting_arena_sell_or_read():
    _, (d,), _, wb = visit(6, 5, [])
    assert answer(d, "sell", wb).effects == (AddGold("A", 100, "EXP_FIGHTING_ARENA", "MH-INC-08"),)
    assert answer(d, "h1", wb).effects == (
        GainSkillList("h1", "combat", "MH-INC-08"),
        MaxChange("h1", "WS", 1, "MH-INC-08"),
    )


def test_mh_inc_08_entrance_to_the_catacombs_does_not_stack():
    assert visit(5, 6, [])[0] == [SetWarbandFlag("A", "catacomb_entrance", True, "MH-INC-08")]
    assert visit(5, 6, [], catacomb_entrance=True)[0] == []


def test_mh_inc_08_hidden_treasure_rolls_each_item_separately():
    # 5D6x5 gc automatic (all 2s = 50), then D3 shards 4+ (4: D3 = 1), relic 5+ (3: no), heavy armour 5+ (5),
    # gems 4+ (1: no), cloak 5+ (6), tome 5+ (2: no), artefact 5+ (4: no)
    faces = [2, 2, 2, 2, 2, 4, 1, 3, 5, 1, 6, 2, 4]
    effects, _, _, _ = visit(6, 2, faces)
    assert [
        (e.kind, getattr(e, "item", ""), getattr(e, "amount", getattr(e, "quantity", 0))) for e in effects
    ] == [
        ("add_gold", "", 50),
        ("add_shards", "", 1),
        ("add_item", "heavy_armour", 1),
        ("add_item", "elven_cloak", 1),
    ]


def test_mh_inc_08_jewelsmith_gem_value_is_rolled():
    assert visit(5, 3, [6, 4])[0] == [AddItem("A", "ruby", 1, "ruby D6x15 gc", 60, None, "MH-INC-08")]


def test_mh_inc_07_gold_to_treasury_items_to_stash_shards_to_wyrdstone():
    effects, _, _, _ = visit(5, 5, [5, 2, 2])  # Shattered Building: D3 = 3 shards; Ld 4 passes: a wardog
    assert effects == [
        AddShards("A", 3, "EXP_SHATTERED_BUILDING", "MH-INC-08"),
        AddRecruit("A", "wardog", 1, "MH-INC-08"),
    ]
    effects, _, _, _ = visit(4, 1, [4, 2])  # Gunsmith: D3 handguns to the stash, not to a warrior
    assert effects == [AddItem("A", "handgun", 1, "D3 Handguns", 0, None, "MH-INC-08")]

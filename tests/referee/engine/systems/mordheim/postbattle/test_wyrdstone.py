"""Selling wyrdstone (spec 11)."""

from __future__ import annotations

import pytest

from referee.engine.systems.mordheim.answers import resolve_decision
from referee.engine.systems.mordheim.apply import apply_effects
from referee.engine.systems.mordheim.battle.report import BattleResult
from referee.engine.systems.mordheim.effects import SellShards
from referee.engine.systems.mordheim.postbattle.wyrdstone import sale_price, sale_request, sale_warriors
from referee.engine.systems.mordheim.state import MordheimSettings, find_warband
from tests.support.dice import ScriptedRoller

from ..helpers import SETTINGS, flags, group, hero, leader, post_battle, tables, warband

SPEC = {
    1: (45, 40, 35, 30, 30, 25),
    2: (60, 55, 50, 45, 40, 35),
    3: (75, 70, 65, 60, 55, 50),
    4: (90, 80, 70, 65, 60, 55),
    5: (110, 100, 90, 80, 70, 65),
    6: (120, 110, 100, 90, 80, 70),
    7: (145, 130, 120, 110, 100, 90),
    8: (155, 140, 130, 120, 110, 100),
}
BAND_SIZES = (2, 5, 8, 11, 14, 20)


def test_mh_wyr_01_shards_may_be_kept():
    wb = warband("A", leader("a"), shards=3)
    req = sale_request(warband=wb, tables=tables(), settings=SETTINGS, id="s")
    keep = req.options[0]
    assert keep.value == "0" and keep.effects == ()
    res = resolve_decision(
        request=req, answer="0", warbands=(wb,), tables=tables(), settings=SETTINGS, roller=ScriptedRoller([])
    )
    assert res.effects == () and find_warband(apply_effects((wb,), res.effects), "A").shards == 3


def test_mh_wyr_02_one_batch_per_post_battle_sequence():
    wbs = (warband("A", leader("a", xp=41), shards=1), warband("B", leader("b", xp=41), shards=2))
    outcome, _ = post_battle(BattleResult("skirmish"), wbs, [3, 3])
    sales = [d for d in outcome.decisions if d.kind == "sell_wyrdstone"]
    assert [(d.warband, d.rule, d.questions[0].pick) for d in sales] == [
        ("A", "MH-WYR-02", 1),
        ("B", "MH-WYR-02", 1),
    ]
    # the whole batch is one effect, priced as a batch
    assert sales[1].options[-1].effects == (SellShards("B", 3, 75, "MH-WYR-03"),)


@pytest.mark.parametrize("shards", sorted(SPEC))
def test_mh_wyr_03_total_price_by_batch_and_warband_size(shards):
    assert tuple(sale_price(shards, n, tables()) for n in BAND_SIZES) == SPEC[shards]
    assert (
        sale_price(shards, 3, tables()) == SPEC[shards][0]
        and sale_price(shards, 4, tables()) == SPEC[shards][1]
    )


def test_mh_wyr_04_nine_or_more_pay_as_eight_with_a_warning():
    assert sale_price(9, 5, tables()) == sale_price(8, 5, tables()) == sale_price(30, 5, tables()) == 140
    wb = warband("A", leader("a"), group("g", 4), shards=9)
    req = sale_request(warband=wb, tables=tables(), settings=SETTINGS, id="s")
    labels = {o.value: o.label for o in req.options}
    assert "pays the same as 8 shards" in labels["9"] and "pays" not in labels["8"]


def test_mh_wyr_05_hired_swords_do_not_count_heroes_missing_games_do():
    wb = warband(
        "A",
        leader("a"),
        hero("hurt", flags=flags(missed_games=2)),
        group("g", 2),
        hero("ogre", hired_sword=True),
    )
    assert sale_warriors(wb, SETTINGS) == 4
    assert sale_warriors(wb, MordheimSettings(wyrdstone_sale_hired_swords_count=True)) == 5
    assert sale_warriors(wb, MordheimSettings(wyrdstone_sale_count_missing=False)) == 3


@pytest.mark.parametrize("faction", ["sisters_of_sigmar", "skaven", "undead", ""])
def test_mh_wyr_06_favour_or_tokens_follow_the_same_mechanics(faction):
    wb = warband("A", leader("a"), group("g", 3), shards=2, faction=faction)
    req = sale_request(warband=wb, tables=tables(), settings=SETTINGS, id="s")
    assert req.options[2].effects == (SellShards("A", 2, 55, "MH-WYR-03"),)

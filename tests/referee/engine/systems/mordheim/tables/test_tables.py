"""Loading tables.json into typed objects, and refusing malformed data by name."""

from __future__ import annotations

import copy

import pytest

from referee.engine.packfiles import PackError
from referee.engine.systems.mordheim.tables.book import MordheimTables
from referee.engine.systems.mordheim.tables.types import Reward, parse_reward

from ..helpers import raw_tables, tables


def broken(edit):
    raw = copy.deepcopy(raw_tables())
    edit(raw)
    with pytest.raises(PackError) as info:
        MordheimTables.from_json(raw, file="tables.json")
    return info.value


def test_shipped_tables_load_with_their_result_ids():
    t = tables()
    assert len(t.scenarios) == 9 and len(t.locations) == 30 and len(t.capture_options) == 5
    assert t.pits_lose_values == (11, 12, 13, 14, 15, 16, 21, 22, 23, 24, 25, 26, 31, 32, 33, 34, 35)
    assert (t.pits_win_gold, t.pits_win_xp) == (50, 2)
    assert t.hero_advance_pairs["ADV_H_S_OR_A"] == ("S", "A")


def test_a_missing_injury_result_is_refused_by_name():
    err = broken(lambda raw: raw["serious_injury_hero"]["results"].pop(2))
    assert err.file == "tables.json" and err.entry == "serious_injury_hero" and "22" in err.message


def test_overlapping_d66_values_name_the_entry():
    def edit(raw):
        raw["serious_injury_hero"]["results"][0]["d66_values"].append(16)

    err = broken(edit)
    assert "INJ_MULTIPLE" in err.entry and "16" in err.message


def test_a_bad_race_profile_names_the_race():
    err = broken(lambda raw: raw["race_maximums"]["races"][0]["max"].pop("Ld"))
    assert err.entry == "race_maximums.human"


def test_a_sale_row_without_every_band_names_the_row():
    err = broken(lambda raw: raw["wyrdstone_sale"]["rows"][2]["gc_by_band"].pop("16+"))
    assert err.entry == "wyrdstone_sale.rows[3]"


def test_a_missing_section_names_it():
    err = broken(lambda raw: raw.pop("underdog"))
    assert err.entry == "underdog"


def test_duplicate_exploration_patterns_are_refused():
    err = broken(lambda raw: raw["exploration"]["multiples"][1].update(face=1))
    assert "EXP_SHOP" in err.entry


def test_unknown_scenario_in_the_table_is_refused():
    err = broken(lambda raw: raw["scenario_table"]["rows"][1].update(result="tea_party"))
    assert "tea_party" in err.entry


def test_unknown_skill_in_a_list_is_refused():
    err = broken(lambda raw: raw["skill_lists"][0]["skills"].append("flying_kick"))
    assert err.entry == "skill_lists.combat"


@pytest.mark.parametrize(
    ("text", "reward"),
    [
        ("3D6 gc", Reward("gold", "3D6", en="3D6 gc")),
        ("D6x10 gc", Reward("gold", "D6x10", en="D6x10 gc")),
        ("D3 shards", Reward("shards", "D3", en="D3 shards")),
        ("D3 Halberds", Reward("item", "D3", "halberd", "D3 Halberds")),
        ("Brace of pistols", Reward("item", "1", "brace_of_pistols", "Brace of pistols")),
        ("quartz D6x5 gc", Reward("item", "1", "quartz", "quartz D6x5 gc", "D6x5")),
        ("D3 gems 10 gc", Reward("item", "D3", "gem", "D3 gems 10 gc", "10")),
    ],
)
def test_rewards_are_read_from_the_tables_text(text, reward):
    assert parse_reward(text) == reward

"""The shipped warband lists and equipment catalogue load, and carry the figures of their sources."""

from __future__ import annotations

import re

import pytest

from referee.engine.systems.mordheim.lists.loading import load_roster_data
from referee.engine.systems.mordheim.lists.types import STATS, VariableCost
from tests.referee.engine.systems.mordheim.roster_helpers import (
    PACK,
    WARBANDS,
    catalogue,
    roster_data,
    warband,
)

CORE_LISTS = {
    "reikland",
    "middenheim",
    "marienburg",
    "cult_of_the_possessed",
    "witch_hunters",
    "sisters_of_sigmar",
    "undead",
    "skaven_eshin",
}
CYRILLIC = re.compile(r"[А-Яа-яЁё]")

# Typed from the sources (PROVENANCE.md), independently of the JSON: slug, type, cost, min-max,
# starting XP, M WS BS S T W I A Ld.
FIGURES = [
    ("reikland", "mercenary_captain", 60, "1-1", 20, "4 4 4 3 3 1 4 1 8"),
    ("reikland", "champion", 35, "0-2", 8, "4 4 3 3 3 1 3 1 7"),
    ("reikland", "youngblood", 15, "0-2", 0, "4 2 2 3 3 1 3 1 6"),
    ("reikland", "warrior", 25, "0-", 0, "4 3 3 3 3 1 3 1 7"),
    ("reikland", "marksman", 25, "0-7", 0, "4 3 4 3 3 1 3 1 7"),
    ("reikland", "swordsman", 35, "0-5", 0, "4 4 3 3 3 1 3 1 7"),
    ("middenheim", "mercenary_captain", 60, "1-1", 20, "4 4 4 4 3 1 4 1 8"),
    ("middenheim", "champion", 35, "0-2", 8, "4 4 3 4 3 1 3 1 7"),
    ("middenheim", "marksman", 25, "0-7", 0, "4 3 3 3 3 1 3 1 7"),
    ("marienburg", "mercenary_captain", 60, "1-1", 20, "4 4 4 3 3 1 4 1 8"),
    ("cult_of_the_possessed", "magister", 70, "1-1", 20, "4 4 4 3 3 1 3 1 8"),
    ("cult_of_the_possessed", "possessed", 90, "0-2", 8, "5 4 0 4 4 2 4 2 7"),
    ("cult_of_the_possessed", "mutant", 25, "0-2", 0, "4 3 3 3 3 1 3 1 7"),
    ("cult_of_the_possessed", "darksoul", 35, "0-5", 0, "4 2 2 4 3 1 3 1 6"),
    ("cult_of_the_possessed", "brethren", 25, "0-", 0, "4 3 3 3 3 1 3 1 7"),
    ("cult_of_the_possessed", "beastman", 45, "0-3", 0, "4 4 3 3 4 2 3 1 7"),
    ("witch_hunters", "witch_hunter_captain", 60, "1-1", 20, "4 4 4 3 3 1 4 1 8"),
    ("witch_hunters", "warrior_priest", 40, "0-1", 12, "4 3 3 3 3 1 3 1 8"),
    ("witch_hunters", "witch_hunter", 25, "0-3", 8, "4 3 3 3 3 1 3 1 7"),
    ("witch_hunters", "zealot", 20, "0-", 0, "4 2 2 3 3 1 3 1 7"),
    ("witch_hunters", "flagellant", 40, "0-5", 0, "4 3 3 4 4 1 3 1 10"),
    ("witch_hunters", "warhound", 15, "0-5", 0, "6 4 0 4 3 1 4 1 5"),
    ("sisters_of_sigmar", "sigmarite_matriarch", 70, "1-1", 20, "4 4 4 3 3 1 4 1 8"),
    ("sisters_of_sigmar", "sister_superior", 35, "0-3", 8, "4 4 3 3 3 1 3 1 7"),
    ("sisters_of_sigmar", "augur", 25, "0-1", 0, "4 2 2 3 3 1 3 1 7"),
    ("sisters_of_sigmar", "sigmarite_sister", 25, "0-", 0, "4 3 3 3 3 1 3 1 7"),
    ("sisters_of_sigmar", "novice", 15, "0-10", 0, "4 2 2 3 3 1 3 1 6"),
    ("undead", "vampire", 110, "1-1", 20, "6 4 4 4 4 2 5 2 8"),
    ("undead", "necromancer", 35, "0-1", 8, "4 3 3 3 3 1 3 1 7"),
    ("undead", "dreg", 20, "0-3", 0, "4 2 2 3 3 1 3 1 7"),
    ("undead", "zombie", 15, "0-", 0, "4 2 0 3 3 1 1 1 5"),
    ("undead", "ghoul", 40, "0-", 0, "4 2 2 3 4 1 3 2 5"),
    ("undead", "dire_wolf", 50, "0-5", 0, "9 3 0 4 3 1 2 1 4"),
    ("skaven_eshin", "assassin_adept", 60, "1-1", 20, "6 4 4 4 3 1 5 1 7"),
    ("skaven_eshin", "eshin_sorcerer", 45, "0-1", 8, "5 3 3 3 3 1 4 1 6"),
    ("skaven_eshin", "black_skaven", 40, "0-2", 8, "6 4 3 4 3 1 5 1 6"),
    ("skaven_eshin", "night_runner", 20, "0-2", 0, "6 2 3 3 3 1 4 1 4"),
    ("skaven_eshin", "verminkin", 20, "0-", 0, "5 3 3 3 3 1 4 1 5"),
    ("skaven_eshin", "giant_rat", 15, "0-", 0, "6 2 0 3 3 1 4 1 4"),
    ("skaven_eshin", "rat_ogre", 210, "0-1", 0, "6 3 3 5 5 3 4 3 4"),
]


def test_it_loads_every_shipped_warband_list() -> None:
    data = load_roster_data(PACK)
    assert set(data.lists) >= CORE_LISTS
    assert {p.stem for p in WARBANDS.glob("*.json")} == set(data.lists)


@pytest.mark.parametrize(("slug", "type_id", "cost", "limits", "xp", "profile"), FIGURES)
def test_it_carries_the_sources_figures(slug: str, type_id: str, cost: int, limits: str, xp: int, profile: str) -> None:
    t = warband(slug).warrior_type(type_id)
    low, high = limits.split("-")
    assert (t.cost, t.min, t.max, t.starting_xp) == (cost, int(low), int(high) if high else None, xp)
    assert [t.profile[s] for s in STATS] == [int(v) for v in profile.split()]


def test_it_covers_every_type_of_the_core_lists_in_the_figures_table() -> None:
    covered = {(slug, type_id) for slug, type_id, *_ in FIGURES}
    for slug in CORE_LISTS - {"middenheim", "marienburg"}:  # their types repeat Reikland's
        assert {(slug, t.type) for t in warband(slug).warrior_types} <= covered


@pytest.mark.parametrize("slug", sorted(CORE_LISTS))
def test_it_gives_every_list_one_leader_and_its_size_rules(slug: str) -> None:
    w = warband(slug)
    leaders = [t for t in w.warrior_types if t.leader]
    assert len(leaders) == 1 and leaders[0].is_hero and (leaders[0].min, leaders[0].max) == (1, 1)
    assert w.max_heroes == 6 and w.min_warriors == 3
    assert w.max_warriors == {"witch_hunters": 12, "skaven_eshin": 20}.get(slug, 15)
    assert w.starting_gold == (600 if slug == "marienburg" else 500)


@pytest.mark.parametrize("slug", sorted(CORE_LISTS))
def test_it_names_every_list_and_type_in_english_and_russian(slug: str) -> None:
    w = warband(slug)
    for name in (w.name, *(t.name for t in w.warrior_types)):
        assert name.en.strip() and CYRILLIC.search(name.ru), name


def test_it_names_every_item_in_english_and_russian() -> None:
    for item in catalogue().items.values():
        assert item.name.en.strip() and CYRILLIC.search(item.name.ru), item.id


def test_it_gives_types_without_a_racial_row_no_experience() -> None:
    for w in roster_data().lists.values():
        for t in w.warrior_types:
            if t.race is None:
                assert not t.gains_xp and t.race_note, (w.slug, t.type)


def test_it_marks_the_rat_ogre_as_a_large_creature() -> None:
    rat_ogre = warband("skaven_eshin").warrior_type("rat_ogre")
    assert rat_ogre.large and not rat_ogre.gains_xp and not rat_ogre.uses_equipment
    assert [t.type for w in roster_data().lists.values() for t in w.warrior_types if t.large] == ["rat_ogre"]


def test_it_gives_marienburg_its_trading_bonus() -> None:
    assert warband("marienburg").rare_search_bonus == 1
    assert {warband(s).rare_search_bonus for s in CORE_LISTS - {"marienburg"}} == {0}


def test_it_keeps_the_lists_own_prices_apart_from_the_chart() -> None:
    reikland, cult = warband("reikland"), warband("cult_of_the_possessed")
    captain, magister = reikland.warrior_type("mercenary_captain"), cult.warrior_type("magister")
    duelling = reikland.equipment_option(captain, "duelling_pistol")
    assert duelling is not None and duelling.cost == 25 and catalogue().item("duelling_pistol").cost == 30
    bow = cult.equipment_option(magister, "bow")
    assert bow is not None and bow.cost == 15 and catalogue().item("bow").cost == 10
    dagger = reikland.equipment_option(captain, "dagger")
    assert dagger is not None and dagger.first_free


def test_it_gives_the_list_specific_skill_lists_to_heroes() -> None:
    sisters, skaven = warband("sisters_of_sigmar"), warband("skaven_eshin")
    assert [s.id for s in sisters.skill_lists] == ["sisters_of_sigmar"]
    assert "sisters_of_sigmar" in sisters.warrior_type("augur").skill_lists
    assert "skaven_eshin" in skaven.warrior_type("night_runner").skill_lists
    assert len(skaven.skill_lists[0].skills) == 5


def test_it_reads_variable_prices_and_rarities() -> None:
    items = catalogue().items
    assert items["blessed_water"].variable_cost == VariableCost(base=10, dice="3D6", multiplier=1, text="10+3D6")
    assert items["tome_of_magic"].variable_cost == VariableCost(200, "D6", 25, "200+D6x25")
    assert items["hunting_arrows"].variable_cost == VariableCost(25, "D6", 1, "25+D6")
    assert (items["sword"].rarity, items["pistol"].rarity, items["hochland_long_rifle"].rarity) == (
        None,
        8,
        11,
    )
    assert items["halberd"].hands == 2 and items["sword"].hands == 1


def test_it_documents_every_shipped_file_in_provenance() -> None:
    provenance = (PACK / "PROVENANCE.md").read_text(encoding="utf-8")
    for path in [PACK / "equipment.json", *WARBANDS.glob("*.json")]:
        assert path.name in provenance, path.name


def test_mh_inc_07_every_item_a_location_or_chest_hands_out_is_an_item_of_the_chart() -> None:
    from referee.engine.packfiles import read_pack_source
    from referee.engine.systems.mordheim.tables.pack_parser import parse_mordheim_pack

    pack = parse_mordheim_pack(read_pack_source(PACK))
    rewards = [r for loc in pack.tables.locations.values() for r in (*loc.items, *loc.sub_rewards.values())]
    rewards += [r for s in pack.tables.scenarios.values() for r in s.chest]
    found = {(r.item, r.quantity) for r in rewards if r.kind == "item"}
    assert {item for item, _q in found} <= set(pack.catalogue.items)
    assert ("pistol", "2") in found and ("double_handed", "1") in found and ("gem", "D3") in found  # a brace: two

"""Trading (MH-TRD-01..07): common and rare items, the rarity roll, who may search, selling, Haggle."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.engine.systems.mordheim.lists.types import Item
from referee.engine.systems.mordheim.warband.equipment import check_buy, check_transfer, effective_rarity
from referee.engine.systems.mordheim.warband.errors import SearchRefused, TradeRefused
from referee.engine.systems.mordheim.warband.trading import (
    SearchingHero,
    apply_haggle,
    needs_search,
    rare_search,
    sell_price,
)
from tests.referee.engine.systems.mordheim.roster_helpers import catalogue, warband
from tests.support.dice import ScriptedRoller

REIKLAND = warband("reikland")
CAPTAIN = REIKLAND.warrior_type("mercenary_captain")
HERO = SearchingHero(id="hero:1")


def item(item_id: str) -> Item:
    return catalogue().item(item_id)


def test_mh_trd_01_common_items_need_no_search_and_rare_ones_do() -> None:
    assert not needs_search(REIKLAND, CAPTAIN, item("sword"))
    assert needs_search(REIKLAND, CAPTAIN, item("pistol"))
    with pytest.raises(SearchRefused) as refused:
        rare_search(roller=ScriptedRoller([6, 6]), hero=HERO, item=item("sword"))
    assert refused.value.code == "item_not_rare"


def test_mh_trd_01_a_list_may_make_an_item_common_or_less_rare() -> None:
    sisters = warband("sisters_of_sigmar")
    matriarch = sisters.warrior_type("sigmarite_matriarch")
    assert item("blessed_water").rarity == 6 and effective_rarity(sisters, matriarch, item("blessed_water")) is None
    assert effective_rarity(sisters, matriarch, item("holy_relic")) == 6 and item("holy_relic").rarity == 8
    assert effective_rarity(sisters, None, item("holy_relic")) == 8


@pytest.mark.parametrize(("faces", "found"), [((4, 4), True), ((3, 4), False), ((6, 6), True), ((1, 1), False)])
def test_mh_trd_02_a_2d6_total_at_least_the_rarity_finds_the_item(faces: tuple[int, int], found: bool) -> None:
    roller = ScriptedRoller(faces)
    result = rare_search(roller=roller, hero=HERO, item=item("pistol"))  # Rare 8
    assert (result.rarity, result.total, result.found) == (8, sum(faces), found)
    assert [(r.notation, r.rule) for r in roller.made] == [("2D6", "MH-TRD-02")]
    assert result.roll is roller.made[0]


def test_mh_trd_02_one_search_per_hero_per_post_battle_sequence() -> None:
    roller = ScriptedRoller([6, 6])
    with pytest.raises(SearchRefused) as refused:
        rare_search(roller=roller, hero=SearchingHero(id="hero:1", searched_this_sequence=True), item=item("pistol"))
    assert refused.value.code == "already_searched" and roller.made == []


def test_mh_trd_03_streetwise_and_kept_gems_add_to_the_roll() -> None:
    hero = SearchingHero(id="hero:1", skills=frozenset({"streetwise"}), kept_gems=True)
    result = rare_search(roller=ScriptedRoller([3, 2]), hero=hero, item=item("pistol"))
    assert result.modifiers == (("streetwise", 2), ("kept_gems", 1))
    assert (result.total, result.found) == (8, True)


def test_mh_trd_03_marienburg_traders_add_one_and_extra_modifiers_apply() -> None:
    result = rare_search(
        roller=ScriptedRoller([3, 3]),
        hero=HERO,
        item=item("blunderbuss"),  # Rare 9
        warband_list=warband("marienburg"),
        modifiers=[("opulent_coach", 3)],
    )
    assert result.modifiers == (("warband_list", 1), ("opulent_coach", 3))
    assert (result.total, result.found) == (10, True)


@pytest.mark.parametrize(
    ("hero", "code"),
    [
        (SearchingHero(id="g", is_hero=False), "henchman_cannot_search"),
        (SearchingHero(id="h", out_of_action_last_battle=True), "out_of_action_last_battle"),
        (SearchingHero(id="h", captive=True), "captive"),
        (SearchingHero(id="h", games_to_miss=2), "missing_games"),
        (SearchingHero(id="h", seeking_dramatis_personae=True), "seeking_dramatis_personae"),
    ],
)
def test_mh_trd_04_who_may_not_search(hero: SearchingHero, code: str) -> None:
    roller = ScriptedRoller([6, 6])
    with pytest.raises(SearchRefused) as refused:
        rare_search(roller=roller, hero=hero, item=item("pistol"))
    assert refused.value.code == code
    assert roller.made == []  # a refused search rolls nothing


def test_mh_trd_05_new_recruits_may_not_buy_rare_items() -> None:
    with pytest.raises(TradeRefused) as refused:
        check_buy(REIKLAND, CAPTAIN, item("pistol"), recruited_this_sequence=True)
    assert refused.value.code == "new_recruit_rare_item"
    with pytest.raises(SearchRefused) as search:
        rare_search(
            roller=ScriptedRoller([6, 6]),
            hero=SearchingHero(id="h", recruited_this_sequence=True),
            item=item("pistol"),
        )
    assert search.value.code == "new_recruit_rare_item"
    assert check_buy(REIKLAND, CAPTAIN, item("sword"), recruited_this_sequence=True) is not None
    assert check_buy(REIKLAND, CAPTAIN, item("pistol"), recruited_this_sequence=False) is not None


def test_mh_trd_05_but_may_be_given_rare_items_from_the_stash() -> None:
    change = check_transfer(REIKLAND, item=item("pistol"), source="stash", destination="new", destination_type=CAPTAIN)
    assert change.item == "pistol"


def test_mh_trd_06_sell_at_half_price_rounded_down() -> None:
    assert sell_price(item("sword")) == 5
    assert sell_price(item("mace")) == 1  # 3 gc -> 1
    assert sell_price(item("dagger"), 3) == 3
    assert sell_price(item("duelling_pistol"), listed_price=25) == 12


def test_mh_trd_06_a_variable_price_item_sells_for_half_its_base_cost() -> None:
    assert sell_price(item("tome_of_magic")) == 100  # 200+D6x25
    assert sell_price(item("holy_relic"), listed_price=30) == 7  # 15+3D6, whatever was paid


@given(item_id=st.sampled_from(sorted(catalogue().items)), count=st.integers(min_value=1, max_value=5))
def test_mh_trd_06_never_returns_more_than_half(item_id: str, count: int) -> None:
    it = item(item_id)
    assert 0 <= sell_price(it, count) * 2 <= it.cost * count * it.resale


def test_mh_trd_06_a_found_gem_sells_for_its_worth_the_jewelled_sword_for_double_resale() -> None:
    assert sell_price(item("amethyst")) == 20  # "amethyst 20 gc": what it is worth
    assert sell_price(item("quartz"), listed_price=15) == 15  # its D6x5 value, rolled when found
    assert sell_price(item("jewelled_sword_and_dagger")) == 12  # double the normal resale (MH-INC-08)


def test_mh_trd_07_haggle_comes_off_the_price_after_a_successful_search() -> None:
    roller = ScriptedRoller([4, 4, 3, 2])
    found = rare_search(roller=roller, hero=HERO, item=item("pistol"))
    haggled = apply_haggle(roller=roller, price=15, skills={"haggle"}, after_search=found)
    assert (haggled.price, haggled.discount) == (10, 5)
    assert [r.rule for r in roller.made] == ["MH-TRD-02", "MH-SKL-05"]
    assert found.total == 8  # the roll itself is untouched


def test_mh_trd_07_haggle_never_takes_a_price_below_one() -> None:
    assert apply_haggle(roller=ScriptedRoller([6, 6]), price=10, skills={"haggle"}).price == 1


def test_mh_trd_07_no_haggle_after_a_failed_search_or_without_the_skill() -> None:
    failed = rare_search(roller=ScriptedRoller([1, 2]), hero=HERO, item=item("pistol"))
    with pytest.raises(TradeRefused) as refused:
        apply_haggle(roller=ScriptedRoller([3, 3]), price=15, skills={"haggle"}, after_search=failed)
    assert refused.value.code == "search_failed"
    for skills, used in (({"streetwise"}, False), ({"haggle"}, True)):
        with pytest.raises(TradeRefused) as no_skill:
            apply_haggle(roller=ScriptedRoller([3, 3]), price=15, skills=skills, haggle_used=used)
        assert no_skill.value.code == "no_haggle"

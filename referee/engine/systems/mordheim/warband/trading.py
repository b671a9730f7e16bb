"""Selling, rare-item searches and Haggle (MH-TRD-01..07)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from referee.engine.rolls import Roll, Roller
from referee.engine.systems.mordheim.lists.types import Item, WarbandList, WarriorType
from referee.engine.systems.mordheim.warband.equipment import effective_rarity
from referee.engine.systems.mordheim.warband.errors import SearchRefused, TradeRefused

#: MH-TRD-03 modifiers: Streetwise (SEED) and a Jewelsmith gem kept by the searcher (S1).
STREETWISE = ("streetwise", 2)
KEPT_GEMS = ("kept_gems", 1)
LIST_BONUS = "warband_list"
#: Items that are gems (Jewelsmith's quartz, amethyst, necklace and ruby; a chest's or a location's gems).
GEM_MARKERS = ("gem", "quartz", "amethyst", "necklace", "ruby")


def holds_gems(item_ids: Iterable[str]) -> bool:
    """MH-TRD-03: a Hero who keeps a gem (rather than selling it) adds +1 to his rare-item rolls."""
    return any(marker in item_id.lower() for item_id in item_ids for marker in GEM_MARKERS)


def needs_search(warband_list: WarbandList, warrior_type: WarriorType | None, item: Item) -> bool:
    """MH-TRD-01: common items are always for sale at fixed prices; rare ones need a search first."""
    return effective_rarity(warband_list, warrior_type, item) is not None


def check_for_sale(item: Item) -> None:
    """MH-TRD-01: the trading post sells the price chart's items; what is only ever found is not for sale."""
    if item.found_only:
        raise TradeRefused("not_for_sale", item=item.name.en)


def sell_price(item: Item, count: int = 1, *, listed_price: int | None = None) -> int:
    """MH-TRD-06: half the listed price, rounded down, for each item sold.

    ``listed_price`` is the price the list gave (e.g. a Mercenary's 25 gc duelling
    pistol); without it the chart price is used. A variable-price item sells for
    half its base cost, whatever was paid for it.
    """
    if count < 1:
        raise TradeRefused("invalid_quantity", item=item.name.en, count=count)
    if item.variable_cost is not None:
        base = item.variable_cost.base
    else:
        base = item.cost if listed_price is None else listed_price
    if base < 0:
        raise TradeRefused("invalid_price", price=base)
    return (base * item.resale // 2) * count


@dataclass(frozen=True, slots=True)
class SearchingHero:
    """What the rare-item rules need to know about the warrior who searches."""

    id: str
    is_hero: bool = True
    out_of_action_last_battle: bool = False
    captive: bool = False
    games_to_miss: int = 0
    recruited_this_sequence: bool = False
    searched_this_sequence: bool = False
    seeking_dramatis_personae: bool = False
    skills: frozenset[str] = frozenset()
    kept_gems: bool = False


@dataclass(frozen=True, slots=True)
class RareSearchResult:
    """One rarity roll: the 2D6, the modifiers applied, the number needed and whether it was found."""

    hero: str
    item: str
    rarity: int
    roll: Roll
    modifiers: tuple[tuple[str, int], ...]
    total: int
    found: bool


def check_can_search(hero: SearchingHero, item: Item | None = None) -> None:
    """MH-TRD-02/04/05 eligibility; raises :class:`SearchRefused` with the first reason that applies."""
    if not hero.is_hero:
        raise SearchRefused("henchman_cannot_search")
    if hero.recruited_this_sequence:
        raise SearchRefused("new_recruit_rare_item", item=item.name.en if item else "this one")
    if hero.captive:
        raise SearchRefused("captive")
    if hero.out_of_action_last_battle:
        raise SearchRefused("out_of_action_last_battle")
    if hero.games_to_miss > 0:
        raise SearchRefused("missing_games")
    if hero.seeking_dramatis_personae:
        raise SearchRefused("seeking_dramatis_personae")
    if hero.searched_this_sequence:
        raise SearchRefused("already_searched")


def search_modifiers(
    hero: SearchingHero, warband_list: WarbandList | None, extra: Sequence[tuple[str, int]] = ()
) -> tuple[tuple[str, int], ...]:
    """MH-TRD-03: Streetwise +2, kept gems +1, the list's own bonus (Marienburg +1), then ``extra``."""
    modifiers: list[tuple[str, int]] = []
    if STREETWISE[0] in hero.skills:
        modifiers.append(STREETWISE)
    if hero.kept_gems:
        modifiers.append(KEPT_GEMS)
    if warband_list is not None and warband_list.rare_search_bonus:
        modifiers.append((LIST_BONUS, warband_list.rare_search_bonus))
    modifiers.extend(extra)
    return tuple(modifiers)


def rare_search(
    *,
    roller: Roller,
    hero: SearchingHero,
    item: Item,
    warband_list: WarbandList | None = None,
    warrior_type: WarriorType | None = None,
    modifiers: Sequence[tuple[str, int]] = (),
) -> RareSearchResult:
    """MH-TRD-02: roll 2D6 + modifiers; the item is found on a total ≥ its rarity.

    The roll goes through ``roller`` with rule ``MH-TRD-02``. Eligibility is
    checked first (:func:`check_can_search`), so a refused search rolls nothing.
    The caller marks the Hero as having searched; one success gives one item.
    """
    check_can_search(hero, item)
    rarity = item.rarity if warband_list is None else effective_rarity(warband_list, warrior_type, item)
    if rarity is None:
        raise SearchRefused("item_not_rare", item=item.name.en)
    applied = search_modifiers(hero, warband_list, modifiers)
    roll = roller.roll("2D6", rule="MH-TRD-02", label=f"rarity roll for {item.id} by {hero.id}")
    total = roll.total + sum(value for _, value in applied)
    return RareSearchResult(
        hero=hero.id,
        item=item.id,
        rarity=rarity,
        roll=roll,
        modifiers=applied,
        total=total,
        found=total >= rarity,
    )


@dataclass(frozen=True, slots=True)
class HaggleResult:
    price: int
    discount: int
    roll: Roll


def apply_haggle(
    *,
    roller: Roller,
    price: int,
    skills: Collection[str],
    haggle_used: bool = False,
    after_search: RareSearchResult | None = None,
) -> HaggleResult:
    """MH-SKL-05 / MH-TRD-07: take 2D6 gc off one item's price, never below 1 gc.

    Once per Hero per post-battle sequence; on a rare item only after its rarity
    roll succeeded, and only on the item's price (never on the roll).
    """
    if "haggle" not in skills or haggle_used:
        raise TradeRefused("no_haggle")
    if after_search is not None and not after_search.found:
        raise TradeRefused("search_failed")
    if price < 0:
        raise TradeRefused("invalid_price", price=price)
    roll = roller.roll("2D6", rule="MH-SKL-05", label="haggle")
    new_price = max(1, price - roll.total) if price > 0 else 0
    return HaggleResult(price=new_price, discount=price - new_price, roll=roll)

"""Which warrior may carry which item, and what it costs him (MH-EQP-01..06, MH-TRD-01, MH-TRD-05)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from referee.engine.rolls import Roll, Roller
from referee.engine.systems.mordheim.lists.types import (
    Catalogue,
    EquipmentOption,
    Item,
    WarbandList,
    WarriorType,
)
from referee.engine.systems.mordheim.warband.errors import EquipmentRefused, HireRefused, TradeRefused

#: MH-EQP-06: a Hero with these skills may take items of this category off his list.
SKILL_EXCEPTIONS: dict[str, str] = {"weapons_training": "close_combat", "weapons_expert": "missile"}
STASH = "stash"


def _check_member(warband_list: WarbandList, warrior_type: WarriorType) -> None:
    if not warband_list.has_type(warrior_type.type):
        raise HireRefused("unknown_warrior_type", list=warband_list.name.en, type=warrior_type.type)


def check_equip(
    warband_list: WarbandList,
    warrior_type: WarriorType,
    item: Item,
    *,
    skills: Collection[str] = (),
    amputated: bool = False,
) -> EquipmentOption | None:
    """Check that ``warrior_type`` may be given ``item`` (bought, swapped or from the stash).

    Returns the list's option for the item, or ``None`` when only a skill allows it
    (MH-EQP-06: Weapons Training for close-combat weapons, Weapons Expert for
    missile weapons, Heroes only). Raises :class:`EquipmentRefused`:
    ``not_allowed_for_warrior`` (MH-EQP-03), ``no_equipment`` (types that never use
    any), ``category_excluded`` (an Augur's armour) or ``arm_amputated`` (MH-INJ-H-07).
    """
    _check_member(warband_list, warrior_type)
    context = {"item": item.name.en, "type": warrior_type.name.en}
    if not warrior_type.uses_equipment:
        raise EquipmentRefused("no_equipment", **context)
    if item.category in warrior_type.excluded_categories:
        raise EquipmentRefused("category_excluded", category=item.category.replace("_", " "), **context)
    if amputated and item.hands == 2:
        raise EquipmentRefused("arm_amputated", item=item.name.en)
    option = warband_list.equipment_option(warrior_type, item.id)
    if option is not None:
        return option
    if warrior_type.is_hero and any(SKILL_EXCEPTIONS.get(s) == item.category for s in skills):
        return None
    if warrior_type.is_hero and item.category == "misc" and not item.restriction:
        return None  # miscellaneous kit is not bound by the list: any Hero may carry it (a Lucky charm, a gem)
    raise EquipmentRefused("not_allowed_for_warrior", **context)


def effective_rarity(warband_list: WarbandList, warrior_type: WarriorType | None, item: Item) -> int | None:
    """Rare N for this warrior, or ``None`` if common: the list's own rarity wins over the chart's."""
    if warrior_type is not None:
        option = warband_list.equipment_option(warrior_type, item.id)
        if option is not None and option.overrides_rarity:
            return option.rarity
    return item.rarity


@dataclass(frozen=True, slots=True)
class PriceQuote:
    """What ``count`` models pay for one ``item`` each; ``roll`` is the variable-price roll, if any."""

    item: str
    unit_price: int
    count: int
    total: int
    list_price: bool
    roll: Roll | None = None


def listed_price(option: EquipmentOption | None, item: Item) -> int:
    """The fixed part of the price: the list's own price where it gives one, else the chart's."""
    return option.cost if option is not None and option.cost is not None else item.cost


def variable_price(item: Item, roller: Roller) -> tuple[int, Roll]:
    """MH-TRD-01: the price of an item with a variable cost (``25+2D6``), rolled once for a purchase."""
    if item.variable_cost is None:
        raise ValueError(f"{item.id} has a fixed price")
    roll = roller.roll(item.variable_cost.dice, rule="MH-TRD-01", label=f"price of {item.id}")
    return item.variable_cost.base + roll.total * item.variable_cost.multiplier, roll


def purchase_price(
    warband_list: WarbandList,
    warrior_type: WarriorType,
    item: Item,
    catalogue: Catalogue,
    count: int = 1,
    *,
    skills: Collection[str] = (),
    amputated: bool = False,
    roller: Roller | None = None,
) -> PriceQuote:
    """Price of one ``item`` for each of ``count`` models (a Henchman group pays for every member).

    The allowance is checked first (:func:`check_equip`). A list price replaces the
    chart price; a variable price (``25+2D6``) is rolled once through ``roller``
    (rule MH-TRD-01) and applies to every unit bought in this purchase.
    """
    if item.id not in catalogue:
        raise KeyError(f"{item.id!r} is not in the catalogue")
    if count < 1:
        raise TradeRefused("invalid_quantity", item=item.name.en, count=count)
    option = check_equip(warband_list, warrior_type, item, skills=skills, amputated=amputated)
    unit = listed_price(option, item)
    roll = None
    fixed_by_list = option is not None and option.cost is not None
    if item.variable_cost is not None and not fixed_by_list:
        if roller is None:
            raise TradeRefused("price_roll_required", item=item.name.en, text=item.variable_cost.text)
        unit, roll = variable_price(item, roller)
    return PriceQuote(
        item=item.id, unit_price=unit, count=count, total=unit * count, list_price=fixed_by_list, roll=roll
    )


def check_buy(
    warband_list: WarbandList,
    warrior_type: WarriorType,
    item: Item,
    *,
    recruited_this_sequence: bool,
    skills: Collection[str] = (),
    amputated: bool = False,
) -> EquipmentOption | None:
    """MH-TRD-05: a warrior hired in this post-battle sequence may not *buy* a rare item.

    He may still be given one from the stash (:func:`check_transfer` has no such check).
    """
    option = check_equip(warband_list, warrior_type, item, skills=skills, amputated=amputated)
    if recruited_this_sequence and effective_rarity(warband_list, warrior_type, item) is not None:
        raise TradeRefused("new_recruit_rare_item", item=item.name.en)
    return option


def check_affordable(*, treasury: int, price: int) -> int:
    """MH-EQP-01: purchases come out of the treasury, which never goes negative. Returns what is left."""
    if price < 0:
        raise TradeRefused("invalid_price", price=price)
    if price > treasury:
        raise TradeRefused("insufficient_funds", cost=price, treasury=treasury)
    return treasury - price


@dataclass(frozen=True, slots=True)
class EquipmentChange:
    """One line of the roster's equipment record (MH-EQP-04): what moved from whom to whom."""

    action: str  # "move", "lost"
    item: str
    source: str
    destination: str | None


def check_transfer(
    warband_list: WarbandList,
    *,
    item: Item,
    source: str,
    destination: str,
    destination_type: WarriorType | None,
    source_dead: bool = False,
    skills: Collection[str] = (),
    amputated: bool = False,
) -> EquipmentChange:
    """MH-EQP-02: swap an item between warriors or to and from the stash; returns the change to record.

    ``destination_type`` ``None`` means the stash, which takes anything. Items of a
    dead warrior cannot be passed on (MH-EQP-05).
    """
    if source_dead:
        raise EquipmentRefused("equipment_lost_on_death", item=item.name.en)
    if destination_type is not None:
        check_equip(warband_list, destination_type, item, skills=skills, amputated=amputated)
    return EquipmentChange(action="move", item=item.id, source=source, destination=destination)


def equipment_lost_on_death(holder: str, equipment: Sequence[str]) -> tuple[EquipmentChange, ...]:
    """MH-EQP-05: everything a dead warrior carried is lost; nothing goes to the stash."""
    return tuple(EquipmentChange(action="lost", item=i, source=holder, destination=None) for i in equipment)

"""Hiring: who a warband may add, and what it costs (the warband list's limits, one leader, funds)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from referee.engine.systems.mordheim.lists.types import Catalogue, WarbandList, WarriorType
from referee.engine.systems.mordheim.warband.equipment import check_equip, listed_price
from referee.engine.systems.mordheim.warband.errors import HireRefused, TradeRefused


@dataclass(frozen=True, slots=True)
class HenchmanGroup:
    """A Henchman group on the roster: its type and how many models it has."""

    type: str
    size: int


@dataclass(frozen=True, slots=True)
class RosterSummary:
    """What hiring needs to know about a warband as it stands.

    ``heroes`` counts Heroes by type. ``has_leader`` defaults to "a Hero of the
    leader type is on the roster"; pass it explicitly when a promoted Hero leads
    (after the leader's death). Hired Swords count towards the warband's size.
    """

    treasury: int
    heroes: Mapping[str, int] = field(default_factory=dict)
    groups: tuple[HenchmanGroup, ...] = ()
    hired_swords: int = 0
    has_leader: bool | None = None

    @property
    def hero_count(self) -> int:
        return sum(self.heroes.values())

    @property
    def henchman_count(self) -> int:
        return sum(g.size for g in self.groups)

    @property
    def warrior_count(self) -> int:
        return self.hero_count + self.henchman_count + self.hired_swords

    def models_of(self, type_id: str) -> int:
        return self.heroes.get(type_id, 0) + sum(g.size for g in self.groups if g.type == type_id)

    def leads(self, warband_list: WarbandList) -> bool:
        if self.has_leader is not None:
            return self.has_leader
        leader = warband_list.leader_type
        return leader is not None and self.heroes.get(leader.type, 0) > 0


@dataclass(frozen=True, slots=True)
class HireQuote:
    """The price of a hire: per model (hire cost plus equipment) and in total.

    ``item_prices`` is each item's listed price, in the order given: what ``purchase_price`` charges
    for it later, and what its resale is half of (MH-TRD-06), even when the first one came free.
    """

    type: str
    count: int
    hire_cost: int
    equipment_cost: int
    total: int
    treasury_after: int
    group: int | None = None
    item_prices: tuple[int, ...] = ()


def check_hire(
    warband_list: WarbandList,
    current: RosterSummary,
    warrior_type: WarriorType,
    count: int = 1,
    *,
    group: int | None = None,
    equipment: Sequence[str] = (),
    catalogue: Catalogue | None = None,
) -> HireQuote:
    """Check that ``count`` warriors of ``warrior_type`` may join the warband, and price them.

    ``group`` is the index in ``current.groups`` of the Henchman group they join
    (``None``: a new group, or Heroes). ``equipment`` is what each new model is
    bought with, priced from the list; the first item marked ``first_free`` (the
    dagger) is free for each model. Refusals, in the order they are checked:
    ``unknown_warrior_type``, ``invalid_count``, ``leader_exists``,
    ``leader_required``, ``type_limit``, ``hero_limit``, ``unknown_group``,
    ``wrong_group``, ``group_full``, ``warband_full``, ``not_allowed_for_warrior``
    (equipment), ``price_roll_required`` (a variable-price item) and
    ``insufficient_funds``.
    """
    if not warband_list.has_type(warrior_type.type):
        raise HireRefused("unknown_warrior_type", list=warband_list.name.en, type=warrior_type.type)
    if count < 1:
        raise HireRefused("invalid_count", count=count)
    _check_leader(warband_list, current, warrior_type)
    _check_limits(warband_list, current, warrior_type, count)
    if not warrior_type.is_hero:
        _check_group(current, warrior_type, count, group)
    if current.warrior_count + count > warband_list.max_warriors:
        raise HireRefused("warband_full", max=warband_list.max_warriors, current=current.warrior_count)
    prices, free = _equipment_prices(warband_list, warrior_type, equipment, catalogue)
    per_model = sum(prices) - free
    total = (warrior_type.cost + per_model) * count
    if total > current.treasury:
        raise HireRefused("insufficient_funds", cost=total, treasury=current.treasury)
    return HireQuote(
        type=warrior_type.type,
        count=count,
        hire_cost=warrior_type.cost,
        equipment_cost=per_model,
        total=total,
        treasury_after=current.treasury - total,
        group=group,
        item_prices=tuple(prices),
    )


def _check_leader(warband_list: WarbandList, current: RosterSummary, warrior_type: WarriorType) -> None:
    leader = warband_list.leader_type
    has_leader = current.leads(warband_list)
    if warrior_type.leader:
        # An Undead warband led by its Necromancer may buy a new Vampire (may_replace_leader).
        replacing = warrior_type.may_replace_leader and current.heroes.get(warrior_type.type, 0) == 0
        if has_leader and not replacing:
            raise HireRefused("leader_exists", type=warrior_type.name.en)
    elif leader is not None and not has_leader:
        raise HireRefused("leader_required", leader=leader.name.en)


def _check_limits(
    warband_list: WarbandList, current: RosterSummary, warrior_type: WarriorType, count: int
) -> None:
    existing = current.models_of(warrior_type.type)
    if warrior_type.max is not None and existing + count > warrior_type.max:
        raise HireRefused("type_limit", max=warrior_type.max, type=warrior_type.name.en, current=existing)
    if warrior_type.is_hero and current.hero_count + count > warband_list.max_heroes:
        raise HireRefused("hero_limit", max=warband_list.max_heroes, current=current.hero_count)


def _check_group(current: RosterSummary, warrior_type: WarriorType, count: int, group: int | None) -> None:
    size = count
    if group is not None:
        if not 0 <= group < len(current.groups):
            raise HireRefused("unknown_group", group=group)
        joined = current.groups[group]
        if joined.type != warrior_type.type:
            raise HireRefused("wrong_group", type=warrior_type.name.en, group_type=joined.type)
        size += joined.size
    if warrior_type.group_size_max is not None and size > warrior_type.group_size_max:
        raise HireRefused("group_full", type=warrior_type.name.en, max=warrior_type.group_size_max, size=size)


def _equipment_prices(
    warband_list: WarbandList,
    warrior_type: WarriorType,
    equipment: Sequence[str],
    catalogue: Catalogue | None,
) -> tuple[list[int], int]:
    """Each item's listed price (the list's where it gives one, else the chart's), and how much of that
    is free (the first of an item marked ``first_free``, once per model)."""
    if not equipment:
        return [], 0
    if catalogue is None:
        raise ValueError("pricing equipment at hire needs the catalogue")
    seen: Counter[str] = Counter()
    prices: list[int] = []
    free = 0
    for item_id in equipment:
        item = catalogue.item(item_id)
        option = check_equip(warband_list, warrior_type, item)
        if item.variable_cost is not None and (option is None or option.cost is None):
            raise TradeRefused("price_roll_required", item=item.name.en, text=item.variable_cost.text)
        seen[item_id] += 1
        price = listed_price(option, item)
        prices.append(price)
        if option is not None and option.first_free and seen[item_id] == 1:
            free += price
    return prices, free

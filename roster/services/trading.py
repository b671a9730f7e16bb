"""Buy, sell, search for rare items and move equipment (MH-EQP, MH-TRD).

A Henchman group equips every member: it buys one item per model and pays for
each. Rare items are bought only after a Hero's successful search in this
post-battle sequence; the search's 2D6 and any variable price are rolled on
the server through the ledger (stored before the purchase uses them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.lib.errors import NotFound, RuleViolation
from referee.engine.systems.mordheim.lists.loading import Item
from referee.engine.systems.mordheim.warband.equipment import (
    check_buy,
    check_transfer,
    effective_rarity,
    purchase_price,
    variable_price,
)
from referee.engine.systems.mordheim.warband.trading import (
    SearchingHero,
    apply_haggle,
    check_for_sale,
    holds_gems,
    rare_search,
    sell_price,
)
from referee.models import LedgerEntry
from referee.services.ledger import LedgerRoller
from roster.bridge.packs import list_of, pack_of, settings_of
from roster.models import Holding, RareSearch, Warband, Warrior
from roster.services.context import engine_rules, locked, require
from roster.services.streams import warband_rolls_stream
from roster.services.treasury import treasury_apply


def catalogue_item(warband: Warband, item_slug: str, *, field: str = "item") -> Item:
    """The item of the campaign's price chart, or a 400 naming ``field``."""
    catalogue = pack_of(warband.campaign).catalogue
    if item_slug not in catalogue:
        raise RuleViolation(
            _("There is no item %(item)s in the price chart.") % {"item": item_slug},
            code="unknown_item",
            field=field,
        )
    return catalogue.item(item_slug)


def _item(warband: Warband, item_slug: str) -> Item:
    return catalogue_item(warband, item_slug)


def _warrior(warband: Warband, warrior_id: int | None) -> Warrior | None:
    if warrior_id is None:
        return None
    warrior = warband.warriors.filter(pk=warrior_id).first()
    if warrior is None or not warrior.on_roster:
        raise NotFound(_("No such warrior on this roster."), code="warrior_not_found")
    return warrior


def _week_roller(warband: Warband, actor: Any, purpose: str, ref: str) -> LedgerRoller:
    stream, visibility = warband_rolls_stream(warband)  # public, or the warband's own with private rosters
    return LedgerRoller(stream=stream, roller=actor, purpose=purpose, ref=ref, visibility=visibility)


def _unused_find(warband: Warband, item_slug: str) -> RareSearch | None:
    return (
        RareSearch.objects.select_for_update()
        .filter(warband=warband, sequence=warband.trading_sequence, item_slug=item_slug, success=True, bought=False)
        .first()
    )


def _founding_from_list(warband: Warband, warband_list: Any, warrior_type: Any, item_id: str) -> bool:
    """While a warband is being founded (before its first post-battle sequence) its warriors buy from
    their own equipment list without a rarity search, as the rulebook's starting warbands do. The spec
    is silent on this; a league can turn it off (campaign setting ``founding_list_rare_items``)."""
    if warband.trading_sequence != 0 or warrior_type is None:
        return False
    if not (warband.campaign.settings or {}).get("founding_list_rare_items", True):
        return False
    return warband_list.equipment_option(warrior_type, item_id) is not None


@dataclass(frozen=True)
class Purchase:
    """What a purchase bought, at what listed price per item, what it cost in all, and a haggle's discount."""

    holdings: list[Holding]
    unit_price: int
    total: int
    discount: int = 0
    rolls: list[LedgerEntry] = field(default_factory=list)


def warband_buy(*, warband: Warband, actor: Any, item_slug: str, warrior: int | None = None) -> list[Holding]:
    """Buy ``item_slug`` for a warrior (every model of a group) or, with no warrior, into the stash."""
    return warband_purchase(warband=warband, actor=actor, item_slug=item_slug, warrior=warrior).holdings


def _haggler(warband: Warband, haggler: int | None) -> Warrior | None:
    hero = _warrior(warband, haggler)
    if hero is not None and hero.kind != Warrior.Kind.HERO:
        raise RuleViolation(_("Only a Hero haggles."), code="no_haggle", fields={"haggler": [str(haggler)]})
    return hero


def _haggles_used(hero: Warrior, sequence: int) -> int:
    used = hero.flags.get("haggle") or {}
    return int(used.get("used", 0)) if used.get("sequence") == sequence else 0


@transaction.atomic
def warband_purchase(
    *, warband: Warband, actor: Any, item_slug: str, warrior: int | None = None, haggler: int | None = None
) -> Purchase:
    """Buy ``item_slug`` for a warrior (every model of a group) or, with no warrior, into the stash.

    ``haggler``: a Hero of the warband with Haggle takes 2D6 gc off the price of one item, never below
    1 gc, once per post-battle sequence (MH-SKL-05; uses per Hero: the league's ``haggle_uses_per_hero``);
    on a rare item after its search succeeded, and only on the price (MH-TRD-07). Every roll (a
    variable price, the haggle) is stored before the gold moves.
    """
    warband = locked(warband)
    require(actor, "roster.change_warband", warband)
    warband_list, item = list_of(warband), _item(warband, item_slug)
    with engine_rules():
        check_for_sale(item)
    target = _warrior(warband, warrior)
    hero = _haggler(warband, haggler)
    warrior_type = warband_list.warrior_type(target.type_slug) if target else None
    rarity = effective_rarity(warband_list, warrior_type, item)
    founding = _founding_from_list(warband, warband_list, warrior_type, item.id)
    find = None
    if rarity is not None and not founding:
        find = _unused_find(warband, item.id)
        if find is None:
            raise RuleViolation(
                _("%(item)s is rare (%(n)d): a Hero must find it with a successful search first.")
                % {"item": item.name.en, "n": rarity},
                code="rare_item_not_found",
            )
    needs_roll = item.variable_cost is not None or hero is not None
    roller = _week_roller(warband, actor, "trading", f"warband:{warband.pk}") if needs_roll else None
    discount = 0
    with engine_rules():
        if target is not None and warrior_type is not None:
            check_buy(
                warband_list,
                warrior_type,
                item,
                skills=target.skills,
                recruited_this_sequence=target.hired_in_sequence == warband.trading_sequence and not founding,
                amputated=bool(target.flags.get("arm_amputated")),
            )
            quote = purchase_price(
                warband_list,
                warrior_type,
                item,
                pack_of(warband.campaign).catalogue,
                target.count,
                skills=target.skills,
                amputated=bool(target.flags.get("arm_amputated")),
                roller=roller if item.variable_cost is not None else None,
            )
            unit, total = quote.unit_price, quote.total
        else:
            unit = variable_price(item, roller)[0] if roller is not None and item.variable_cost else item.cost
            total = unit
        if hero is not None:
            assert roller is not None
            used = _haggles_used(hero, warband.trading_sequence)
            haggled = apply_haggle(
                roller=roller,
                price=unit,
                skills=hero.skills,
                haggle_used=used >= settings_of(warband.campaign).haggle_uses_per_hero,
            )
            discount = haggled.discount
            total -= discount
            hero.flags = {**hero.flags, "haggle": {"sequence": warband.trading_sequence, "used": used + 1}}
            hero.save(update_fields=["flags"])
    rolls = roller.store() if roller is not None else []  # the rolls are stored before the gold moves
    detail = item.name.en if not discount else f"{item.name.en} (haggled {discount} gc off)"
    treasury_apply(warband=warband, amount=-total, reason="buy", detail=detail, actor=actor)
    if find is not None:
        find.bought = True
        find.save(update_fields=["bought"])
    holding = Holding.objects.create(warband=warband, warrior=target, item_slug=item.id, price_paid=unit)
    return Purchase(holdings=[holding], unit_price=unit, total=total, discount=discount, rolls=list(rolls))


@transaction.atomic
def warband_sell(*, warband: Warband, actor: Any, holding: int) -> int:
    """Sell an item (a group's: every model's) for half its price; returns the gold received (MH-TRD-06)."""
    warband = locked(warband)
    require(actor, "roster.change_warband", warband)
    found = warband.holdings.select_related("warrior").filter(pk=holding).first()
    if found is None:
        raise NotFound(_("No such item in this warband."), code="item_not_found")
    item = _item(warband, found.item_slug)
    count = found.warrior.count if found.warrior else 1
    listed = None if item.variable_cost is not None else found.price_paid
    gold = sell_price(item, count, listed_price=listed)
    found.delete()
    treasury_apply(warband=warband, amount=gold, reason="sell", detail=item.name.en, actor=actor)
    return gold


@transaction.atomic
def warband_search_rare(*, warband: Warband, actor: Any, warrior: int, item_slug: str) -> RareSearch:
    """A Hero looks for a rare item: 2D6 plus modifiers against its rarity, rolled and stored on the server."""
    warband = locked(warband)
    require(actor, "roster.change_warband", warband)
    hero = _warrior(warband, warrior)
    assert hero is not None
    warband_list, item = list_of(warband), _item(warband, item_slug)
    searching = SearchingHero(
        id=str(hero.pk),
        is_hero=hero.kind == Warrior.Kind.HERO,
        out_of_action_last_battle=bool(hero.flags.get("out_of_action_last_battle")),
        captive=hero.status == Warrior.Status.CAPTIVE,
        games_to_miss=hero.missed_games,
        recruited_this_sequence=hero.hired_in_sequence == warband.trading_sequence,
        searched_this_sequence=hero.rare_searches.filter(sequence=warband.trading_sequence).exists(),
        skills=frozenset(hero.skills),
        kept_gems=holds_gems(hero.holdings.values_list("item_slug", flat=True)),
    )
    roller = _week_roller(warband, actor, "rare_search", f"warband:{warband.pk}")
    with engine_rules():
        check_for_sale(item)
        result = rare_search(
            roller=roller,
            hero=searching,
            item=item,
            warband_list=warband_list,
            warrior_type=warband_list.warrior_type(hero.type_slug),
        )
    (entry,) = roller.store()
    return RareSearch.objects.create(
        warband=warband,
        warrior=hero,
        sequence=warband.trading_sequence,
        item_slug=item.id,
        roll=entry,
        target=result.rarity,
        total=result.total,
        success=result.found,
    )


@transaction.atomic
def warband_move_item(*, warband: Warband, actor: Any, holding: int, to_warrior: int | None) -> list[Holding]:
    """Move equipment between warriors and the stash, only where the receiving warrior's list allows it.

    A group carries one item per model: equipping a group of N from the stash takes
    N identical stash items, and unequipping a group puts N items in the stash.
    """
    warband = locked(warband)
    require(actor, "roster.change_warband", warband)
    found = warband.holdings.select_related("warrior").filter(pk=holding).first()
    if found is None:
        raise NotFound(_("No such item in this warband."), code="item_not_found")
    destination = _warrior(warband, to_warrior)
    if destination is not None and found.warrior_id == destination.pk:
        return [found]
    warband_list, item = list_of(warband), _item(warband, found.item_slug)
    with engine_rules():
        check_transfer(
            warband_list,
            item=item,
            source=str(found.warrior_id or "stash"),
            destination=str(destination.pk if destination else "stash"),
            destination_type=warband_list.warrior_type(destination.type_slug) if destination else None,
            skills=destination.skills if destination else (),
            amputated=bool(destination.flags.get("arm_amputated")) if destination else False,
        )
    units_out = found.warrior.count if found.warrior else 1
    units_in = destination.count if destination else 1
    if destination is None:
        copies = [
            Holding.objects.create(warband=warband, warrior=None, item_slug=item.id, price_paid=found.price_paid)
            for _unit in range(units_out - 1)
        ]
        found.warrior = None
        found.save(update_fields=["warrior"])
        return [found, *copies]
    pool = [found]
    if units_in > units_out:
        extra = list(warband.holdings.filter(warrior=None, item_slug=item.id).exclude(pk=found.pk)[: units_in - 1])
        pool += extra
        if found.warrior_id is not None or len(pool) < units_in:
            raise RuleViolation(
                _("Every model of the group needs one: put %(n)d × %(item)s in the stash first.")
                % {"n": units_in, "item": item.name.en},
                code="group_needs_one_each",
            )
    elif units_in < units_out:
        raise RuleViolation(
            _("Take a group's items back to the stash first, then hand them out."), code="group_needs_one_each"
        )
    for extra_holding in pool[1:]:
        extra_holding.delete()
    found.warrior = destination
    found.save(update_fields=["warrior"])
    return [found]

"""Hire and dismiss warriors, within the warband list's rules (MH-CAP, the list's limits)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.lib.errors import NotFound, RuleViolation
from campaign.lib.names import checked_name
from referee.engine.systems.mordheim.warband.hiring import HireQuote, check_hire
from roster.bridge.packs import list_of, pack_of
from roster.bridge.warriors import warrior_new
from roster.models import Holding, Warband, Warrior
from roster.services.context import engine_rules, locked, require, summary
from roster.services.trading import catalogue_item
from roster.services.treasury import treasury_apply
from roster.services.warbands import rating_refresh


def _quote(
    warband: Warband, type_slug: str, count: int, group: Warrior | int | None, equipment: Sequence[str]
) -> tuple[Any, HireQuote, Warrior | None, list[str]]:
    """Every check of a hire and its price, changing nothing: the type, the group, the kit, the list's limits."""
    warband_list = list_of(warband)
    if not warband_list.has_type(type_slug):
        raise RuleViolation(
            _("%(list)s has no warrior type %(type)s.") % {"list": warband_list.name.en, "type": type_slug},
            code="unknown_warrior_type",
            field="type",
        )
    warrior_type = warband_list.warrior_type(type_slug)
    current, groups = summary(warband)
    joining = None
    if group is not None:
        group_id = group.pk if isinstance(group, Warrior) else group
        joining = next((g for g in groups if g.pk == group_id), None)
        if joining is None:
            raise NotFound(_("No such Henchman group in this warband."), code="group_not_found")
        equipment = list(joining.holdings.values_list("item_slug", flat=True))
    for item_slug in equipment:
        catalogue_item(warband, item_slug, field="equipment")
    with engine_rules():
        quote = check_hire(
            warband_list,
            current,
            warrior_type,
            count,
            group=groups.index(joining) if joining is not None else None,
            equipment=equipment,
            catalogue=pack_of(warband.campaign).catalogue,
        )
    return warrior_type, quote, joining, list(equipment)


def hire_quote(*, warband: Warband, type_slug: str, count: int = 1, equipment: Sequence[str] = ()) -> HireQuote:
    """What a hire would cost, refused exactly as ``warband_hire`` would refuse it: the page shows it before
    the player confirms."""
    return _quote(warband, type_slug, count, None, equipment)[1]


@transaction.atomic
def warband_hire(
    *,
    warband: Warband,
    actor: Any,
    type_slug: str,
    name: str,
    count: int = 1,
    group: Warrior | int | None = None,
    equipment: Sequence[str] = (),
) -> Warrior:
    """Hire a Hero, a new Henchman group of ``count``, or ``count`` more models into ``group``.

    Models joining a group get the group's equipment and pay for it, so a group
    always shares type, experience and equipment. New Heroes and groups may be
    bought with ``equipment`` (item ids from their list), one of each per model.
    """
    name = checked_name(name)  # before anything is paid
    warband = locked(warband)
    require(actor, "roster.change_warband", warband)
    warrior_type, quote, joining, equipment = _quote(warband, type_slug, count, group, equipment)
    treasury_apply(
        warband=warband,
        amount=-quote.total,
        reason="hire",
        detail=f"{count} × {warrior_type.name.en}",
        actor=actor,
    )
    if joining is not None:
        joining.count += count
        joining.save(update_fields=["count"])
        warrior = joining
    else:
        warrior = warrior_new(warband=warband, warrior_type=warrior_type, name=name, count=count)
        # Each item at its own listed price, as /buy/ prices it: a later sale refunds half of that (MH-TRD-06).
        for item, price in zip(equipment, quote.item_prices, strict=True):
            Holding.objects.create(warband=warband, warrior=warrior, item_slug=item, price_paid=price)
    rating_refresh(warband=warband)
    return warrior


@transaction.atomic
def warband_dismiss(*, warband: Warband, actor: Any, warrior: Warrior | int, count: int | None = None) -> Warrior:
    """Let a Hero go, or ``count`` models of a group (all of it when ``count`` is None).

    A dismissed warrior's equipment goes to the stash; no gold comes back.
    """
    warband = locked(warband)
    require(actor, "roster.change_warband", warband)
    warrior_id = warrior.pk if isinstance(warrior, Warrior) else warrior
    found = warband.warriors.filter(pk=warrior_id).first()
    if found is None or not found.on_roster:
        raise NotFound(_("No such warrior on this roster."), code="warrior_not_found")
    leaving = found.count if count is None else count
    if not 1 <= leaving <= found.count:
        raise RuleViolation(
            _("Dismiss between 1 and %(n)d models of this group.") % {"n": found.count}, code="invalid_count"
        )
    for holding in found.holdings.all():
        for _unit in range(leaving):
            Holding.objects.create(
                warband=warband, warrior=None, item_slug=holding.item_slug, price_paid=holding.price_paid
            )
    if found.kind == Warrior.Kind.HERO or leaving == found.count:
        found.status = Warrior.Status.DISMISSED
        if found.kind == Warrior.Kind.HENCHMAN:
            found.count = 0
        found.holdings.all().delete()
    else:
        found.count -= leaving
    found.save()
    rating_refresh(warband=warband)
    return found

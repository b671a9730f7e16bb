"""A player hires on the web: a warrior type, how many, and the starting equipment from the list, with the
price, the treasury after and the list's limits shown before confirming (priced by the service the API uses),
and lets warriors go (a Hero, or models of a group)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.lib.errors import DomainError
from campaign.lib.web.common import as_int, done, not_found_is_404, refusals_as_messages
from referee.engine.systems.mordheim.warband.equipment import listed_price
from roster.bridge.packs import list_of, pack_of
from roster.models import Warband
from roster.names import item_name, named, roster_order
from roster.selectors import roster_of
from roster.services import hiring

MAX_EACH = 3  # of one item per model at hire: a second dagger is common, a fourth never


def _mine(request: HttpRequest, pk: int) -> Warband:
    return roster_of(viewer=request.user, warband_id=pk)


def hire_options(warband: Warband) -> list[dict[str, Any]]:
    """Each warrior type of the list with its cost, how many the list allows and how many the warband has."""
    wl = list_of(warband)
    have: dict[str, int] = {}
    for w in warband.warriors.all():
        if w.on_roster:
            have[w.type_slug] = have.get(w.type_slug, 0) + w.count
    return [
        {
            "t": t,
            "name": named({"en": t.name.en, "ru": t.name.ru}),
            "hero": t.is_hero,
            "have": have.get(t.type, 0),
            "max": t.max,
            "full": t.max is not None and have.get(t.type, 0) >= t.max,
        }
        for t in wl.warrior_types
    ]


def kit_options(warband: Warband, warrior_type: Any, chosen: dict[str, int]) -> list[dict[str, Any]]:
    """The list's equipment this type may start with, at the price the hire charges; variable prices are rolled
    in the shop, after hiring."""
    wl, catalogue = list_of(warband), pack_of(warband.campaign).catalogue
    if warrior_type.equipment_list is None:
        return []
    rows = []
    for option in wl.equipment_lists.get(warrior_type.equipment_list, ()):
        if (option.only and warrior_type.type not in option.only) or option.item not in catalogue:
            continue
        item = catalogue.item(option.item)
        if item.variable_cost is not None and option.cost is None:
            continue
        rarity = option.rarity if option.overrides_rarity else item.rarity
        rows.append(
            {
                "slug": option.item,
                "name": item_name(pack_of(warband.campaign), option.item),
                "price": listed_price(option, item),
                "first_free": option.first_free,
                "rarity": rarity,
                "n": chosen.get(option.item, 0),
            }
        )
    return rows


def chosen_kit(data: QueryDict) -> dict[str, int]:
    """``eq_<item>=<n>`` per model, as the form sends it."""
    return {
        key[3:]: max(0, min(MAX_EACH, as_int(value)))
        for key, value in data.items()
        if key.startswith("eq_") and as_int(value) > 0
    }


def _as_list(kit: dict[str, int]) -> list[str]:
    return [slug for slug, n in kit.items() for _i in range(n)]


@login_required
@not_found_is_404
def hire_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Pick a type; the confirmation shows its cost with the chosen kit, the treasury after, and the list's limits
    (or why the service would refuse it)."""
    warband = _mine(request, pk)
    wl = list_of(warband)
    options = hire_options(warband)
    chosen = next((o for o in options if o["t"].type == request.GET.get("type")), None)
    on_roster = [w for w in warband.warriors.all() if w.on_roster]
    count = 1 if chosen and chosen["hero"] else max(1, min(20, as_int(request.GET.get("count"), 1)))
    context: dict[str, Any] = {
        "warband": warband,
        "options": options,
        "chosen": chosen,
        "heroes": sum(1 for w in on_roster if w.kind == "hero"),
        "models": sum(w.count for w in on_roster),
        "list": wl,
        "count": count,
        "max_each": MAX_EACH,
        "name": request.GET.get("name", "")[:120],
    }
    if chosen:
        kit = chosen_kit(request.GET)
        context["kit"] = kit_options(warband, chosen["t"], kit)
        try:
            quote = hiring.hire_quote(warband=warband, type_slug=chosen["t"].type, count=count, equipment=_as_list(kit))
        except DomainError as exc:
            context["refusal"] = exc.detail
        else:
            context["quote"] = quote
            context["each"] = quote.hire_cost + quote.equipment_cost
    template = (
        "campaign/mordheim/hire_confirm.html" if getattr(request, "htmx", False) else "campaign/mordheim/hire.html"
    )
    return render(request, template, context)


@login_required
@require_POST
@not_found_is_404
def hire_view(request: HttpRequest, pk: int) -> HttpResponse:
    warband = _mine(request, pk)
    kit = chosen_kit(request.POST)
    with refusals_as_messages(request) as refused:
        warrior = hiring.warband_hire(
            warband=warband,
            actor=request.user,
            type_slug=request.POST.get("type", ""),
            name=request.POST.get("name", ""),
            count=max(1, min(20, as_int(request.POST.get("count"), 1))),
            equipment=_as_list(kit),
        )
    if not refused:
        return done(request, _("%(name)s hired.") % {"name": warrior.name}, reverse("warband-page", args=[pk]))
    query = {"type": request.POST.get("type", ""), "count": request.POST.get("count", 1)}
    query |= {f"eq_{slug}": n for slug, n in kit.items()}
    return redirect(reverse("warband-hire-page", args=[pk]) + "?" + urlencode(query))


@login_required
@not_found_is_404
def dismiss_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Every warrior on the roster with what letting him go means: his kit goes to the stash, no gold back."""
    warband = _mine(request, pk)
    pack = pack_of(warband.campaign)
    warriors = sorted((w for w in warband.warriors.all() if w.on_roster), key=roster_order)
    rows = [
        {"w": w, "items": [item_name(pack, h.item_slug) for h in w.holdings.all()], "counts": range(1, w.count + 1)}
        for w in warriors
    ]
    return render(request, "campaign/mordheim/dismiss.html", {"warband": warband, "rows": rows})


@login_required
@require_POST
@not_found_is_404
def dismiss_view(request: HttpRequest, pk: int) -> HttpResponse:
    warband = _mine(request, pk)
    with refusals_as_messages(request) as refused:
        warrior = hiring.warband_dismiss(
            warband=warband,
            actor=request.user,
            warrior=as_int(request.POST.get("warrior")),
            count=as_int(request.POST.get("count")) or None,
        )
    if not refused:
        text = (
            _("%(name)s dismissed; the equipment is in the stash.") % {"name": warrior.name}
            if not warrior.on_roster
            else _("%(n)s of %(name)s dismissed; the equipment is in the stash.")
            % {"n": request.POST.get("count"), "name": warrior.name}
        )
        return done(request, text, reverse("warband-page", args=[pk]))
    return redirect("warband-dismiss-page", pk)

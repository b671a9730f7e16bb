"""A player's warband jobs on the web: found one from the catalogue, buy, sell, search for a rare item, move kit,
submit it (hiring and dismissing: ``hiring``). Each posts to the roster services, as the API does."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.lib.web.common import as_id, as_int, done, not_found_is_404, refusals_as_messages
from campaign.selectors import campaign_access
from roster.bridge.packs import pack_of
from roster.models import Warband
from roster.names import item_name, named
from roster.selectors import holdings_of, roster_of
from roster.services import trading
from roster.services.warbands import warband_create, warband_submit


@login_required
@not_found_is_404
def warband_new(request: HttpRequest, pk: int) -> HttpResponse:
    """The campaign's warband lists with their starting gold and size; found one under a name."""
    access = campaign_access(viewer=request.user, campaign_id=pk)
    pack = pack_of(access.campaign)
    lists = [
        {"slug": slug, "name": named({"en": wl.name.en, "ru": wl.name.ru}), "l": wl}
        for slug, wl in sorted(pack.lists.items(), key=lambda kv: kv[1].name.en)
    ]
    if request.method == "POST":
        with refusals_as_messages(request) as refused:
            warband = warband_create(
                campaign=access.campaign,
                owner=request.user,
                list_slug=request.POST.get("list", ""),
                name=request.POST.get("name", ""),
            )
        if not refused:
            return done(
                request,
                _("%(name)s founded: hire your warriors, then submit it for the organiser's approval.")
                % {"name": warband.name},
                reverse("warband-page", args=[warband.pk]),
            )
    return render(request, "campaign/mordheim/warband_new.html", {"campaign": access.campaign, "lists": lists})


def _mine(request: HttpRequest, pk: int) -> Warband:
    return roster_of(viewer=request.user, warband_id=pk)


def shop_items(warband: Warband) -> list[dict[str, Any]]:
    """The catalogue by name, with price and rarity, cheapest first within common then rare."""
    pack = pack_of(warband.campaign)
    rows = [
        {
            "slug": slug,
            "name": item_name(pack, slug),
            "cost": item.cost,
            "rarity": item.rarity,
            "variable": item.variable_cost.text if item.variable_cost else "",
        }
        for slug, item in pack.catalogue.items.items()
    ]
    return sorted(rows, key=lambda r: (r["rarity"] is not None, r["name"]))


@login_required
@not_found_is_404
def shop_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Buy, sell, search for a rare item and move kit between warriors and the stash."""
    warband = _mine(request, pk)
    pack = pack_of(warband.campaign)
    warriors = [w for w in warband.warriors.all() if w.on_roster]
    holdings = [
        {"h": h, "name": item_name(pack, h.item_slug), "holder": h.warrior.name if h.warrior else _("Stash")}
        for h in holdings_of(warband)
    ]
    context = {
        "warband": warband,
        "items": shop_items(warband),
        "warriors": warriors,
        "heroes": [w for w in warriors if w.kind == "hero"],
        "holdings": holdings,
    }
    return render(request, "campaign/mordheim/shop.html", context)


@login_required
@require_POST
@not_found_is_404
def shop_view(request: HttpRequest, pk: int) -> HttpResponse:
    """``action`` is buy, sell, search or move; the service decides whether it may be done."""
    warband = _mine(request, pk)
    action, post = request.POST.get("action"), request.POST
    with refusals_as_messages(request) as refused:
        if action == "buy":
            purchase = trading.warband_purchase(
                warband=warband, actor=request.user, item_slug=post.get("item", ""), warrior=as_id(post.get("warrior"))
            )
            text = _("Bought for %(price)s gc.") % {"price": purchase.total}  # a group's: every model's
        elif action == "sell":
            gold = trading.warband_sell(warband=warband, actor=request.user, holding=as_int(post.get("holding")))
            text = _("Sold for %(gold)s gc.") % {"gold": gold}
        elif action == "search":
            search = trading.warband_search_rare(
                warband=warband,
                actor=request.user,
                warrior=as_int(post.get("warrior")),
                item_slug=post.get("item", ""),
            )
            text = (
                _("Found! %(total)s against rarity %(rarity)s: you may now buy it.")
                if search.success
                else _("Not found: %(total)s against rarity %(rarity)s.")
            ) % {"total": search.total, "rarity": search.target}
        else:
            trading.warband_move_item(
                warband=warband,
                actor=request.user,
                holding=as_int(post.get("holding")),
                to_warrior=as_id(post.get("to")),
            )
            text = _("Moved.")
    if not refused:
        return done(request, text, reverse("warband-shop-page", args=[pk]))
    return redirect("warband-shop-page", pk)


@login_required
@require_POST
@not_found_is_404
def submit_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The player submits the warband for approval; a roster its list forbids comes back with every problem."""
    warband = _mine(request, pk)
    with refusals_as_messages(request) as refused:
        warband_submit(warband=warband, actor=request.user)
    if not refused:
        return done(request, _("%(name)s submitted for approval.") % {"name": warband.name},
                    reverse("warband-page", args=[pk]))
    return redirect("warband-page", pk)

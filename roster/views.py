"""The web roster page: the same roster the API serves, for a person at a desk."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from campaign.errors import NotFound
from referee.api.rulesets import localized
from roster.selectors import roster_of
from roster.services.context import list_of, pack_of

STATS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")


@login_required
def warband_page(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        warband = roster_of(viewer=request.user, warband_id=pk)
    except NotFound:
        raise Http404 from None
    pack, warband_list = pack_of(warband), list_of(warband)
    items: dict[int | None, list[str]] = defaultdict(list)
    for holding in warband.holdings.all():
        item = pack.catalogue.items.get(holding.item_slug)
        items[holding.warrior_id].append(
            localized({"en": item.name.en, "ru": item.name.ru}) if item else holding.item_slug
        )
    warriors: list[dict[str, Any]] = []
    for w in warband.warriors.all():
        if not w.on_roster:
            continue
        kind = warband_list.warrior_type(w.type_slug) if warband_list.has_type(w.type_slug) else None
        warriors.append(
            {
                "w": w,
                "type_name": localized({"en": kind.name.en, "ru": kind.name.ru}) if kind else w.type_slug,
                "stats": [w.profile.get(s, "") for s in STATS],
                "items": items.get(w.pk, []),
            }
        )
    return render(
        request,
        "roster/warband.html",
        {
            "warband": warband,
            "list_name": localized({"en": warband_list.name.en, "ru": warband_list.name.ru}),
            "warriors": warriors,
            "stash": items.get(None, []),
            "stats": STATS,
            "can_change": request.user.has_perm("roster.change_warband", warband),
        },
    )

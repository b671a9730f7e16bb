"""The web roster page and the printable roster sheet: the same roster the API serves."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from campaign.lib.errors import NotFound
from roster.bridge.packs import list_of, pack_of, tables_of
from roster.injuries import injuries_text
from roster.models import Warband, Warrior
from roster.names import item_name, named, roster_order, skill_name
from roster.rules import may
from roster.selectors import roster_of
from roster.selectors.ratings import rating_over_weeks
from roster.services.warbands import warband_problems

STATS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")


def _xp_track(xp: int, thresholds: tuple[int, ...]) -> list[dict[str, Any]]:
    """The sheet's experience boxes: one per point up to the last advance, advances marked, earned ones ticked."""
    top = max([*thresholds, xp]) if thresholds else xp
    marks = set(thresholds)
    return [{"n": n, "advance": n in marks, "earned": n <= xp} for n in range(1, top + 1)]


def roster_context(warband: Warband) -> dict[str, Any]:
    """What the roster page and the printable sheet show: heroes before henchmen, names, never ids."""
    pack, warband_list, tables = pack_of(warband.campaign), list_of(warband), tables_of(warband.campaign)
    items: dict[int | None, list[str]] = defaultdict(list)
    for holding in warband.holdings.all():
        items[holding.warrior_id].append(item_name(pack, holding.item_slug))
    warriors: list[dict[str, Any]] = []
    for w in sorted(warband.warriors.all(), key=roster_order):
        if not w.on_roster:
            continue
        kind = warband_list.warrior_type(w.type_slug) if warband_list.has_type(w.type_slug) else None
        hero = w.kind == "hero"
        warriors.append(
            {
                "w": w,
                "hero": hero,
                "type_name": named({"en": kind.name.en, "ru": kind.name.ru}) if kind else w.type_slug,
                "stats": [w.profile.get(s, "") for s in STATS],
                "items": items.get(w.pk, []),
                "skills": [skill_name(tables, s) for s in w.skills],
                "injuries": injuries_text(w.injuries, tables),
                "xp_track": _xp_track(w.xp, tables.hero_thresholds if hero else tables.henchman_thresholds),
                "cost": w.cost * w.count,
            }
        )
    fallen = [
        {"w": w, "injuries": injuries_text(w.injuries, tables)}
        for w in warband.warriors.all()
        if w.status in (Warrior.Status.DEAD, Warrior.Status.RETIRED)
    ]
    return {
        "fallen": fallen,
        "warband": warband,
        "campaign": warband.campaign,
        "list_name": named({"en": warband_list.name.en, "ru": warband_list.name.ru}),
        "warriors": warriors,
        "heroes": [r for r in warriors if r["hero"]],
        "henchmen": [r for r in warriors if not r["hero"]],
        "stash": items.get(None, []),
        "stats": STATS,
        "today": timezone.localdate(),
    }


def _visible(request: HttpRequest, pk: int) -> Warband:
    try:
        return roster_of(viewer=request.user, warband_id=pk)
    except NotFound:
        raise Http404 from None


@login_required
def warband_page(request: HttpRequest, pk: int) -> HttpResponse:
    warband = _visible(request, pk)
    ratings = rating_over_weeks(warband=warband)
    can_change = may(request.user, "roster.change_warband", warband)
    drafting = can_change and warband.status == Warband.Status.DRAFT
    context = roster_context(warband) | {
        "can_change": can_change,
        "problems": [p.message for p in warband_problems(warband)] if drafting else [],
        "ratings": ratings,
        "rating_chart": {
            "type": "line",
            "label": str(_("Rating")),
            "labels": [str(p["week"]) for p in ratings],
            "values": [p["rating"] for p in ratings],
        },
    }
    return render(request, "roster/warband.html", context)


def sheet_pdf(warband: Warband) -> bytes:
    """The roster sheet as a PDF (WeasyPrint; needs Debian's Pango)."""
    from weasyprint import HTML

    html = render_to_string("roster/sheet.html", roster_context(warband))
    pdf: bytes = HTML(string=html).write_pdf()
    return pdf


@login_required
def warband_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """A printable roster sheet for the table: download as PDF."""
    warband = _visible(request, pk)
    response = HttpResponse(sheet_pdf(warband), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{slugify(warband.name) or "roster"}.pdf"'
    return response

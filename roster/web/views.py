"""The web roster page and the printable roster sheet: the same roster the API serves."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from campaign.lib.errors import NotFound
from roster.bridge.packs import tables_of
from roster.documents.cache import RosterDocument, roster_document
from roster.injuries import injury_lines
from roster.models import Warband, Warrior
from roster.names import skill_name
from roster.rules import may
from roster.selectors.ratings import rating_over_weeks

STATS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")


def _xp_track(xp: int, thresholds: tuple[int, ...]) -> list[dict[str, Any]]:
    """The sheet's experience boxes: one per point up to the last advance, advances marked, earned ones ticked."""
    top = max([*thresholds, xp]) if thresholds else xp
    marks = set(thresholds)
    return [{"n": n, "advance": n in marks, "earned": n <= xp} for n in range(1, top + 1)]


def _order(w: dict[str, Any]) -> tuple[bool, bool, int]:
    """``roster_order`` on the representation: heroes before henchmen, the leader first, in the order hired."""
    return (w["kind"] != "hero", not w["is_leader"], w["id"])


def roster_context(document: RosterDocument) -> dict[str, Any]:
    """What the roster page and the printable sheet show, read from the roster's one representation (the
    API's, cached per change): heroes before henchmen, names, never ids."""
    warband, data = document.warband, document.data
    tables = tables_of(warband.campaign)
    statuses = dict(Warrior.Status.choices)
    warriors: list[dict[str, Any]] = []
    for w in sorted(data["warriors"], key=_order):
        hero = w["kind"] == "hero"
        warriors.append(
            {
                "w": w,
                "hero": hero,
                "type_name": w["type_name"],
                "stats": [w["profile"].get(s, "") for s in STATS],
                "items": [h["name"] for h in w["equipment"]],
                "skills": [skill_name(tables, s) for s in w["skills"]],
                "injuries": injury_lines(w["injuries"]),
                "xp_track": _xp_track(w["xp"], tables.hero_thresholds if hero else tables.henchman_thresholds),
                "cost": w["cost"] * w["count"],
            }
        )
    fallen = [
        {"w": w, "status": statuses.get(w["status"], w["status"]), "injuries": injury_lines(w["injuries"])}
        for w in data["fallen"]
    ]
    return {
        "fallen": fallen,
        "warband": warband,
        "campaign": warband.campaign,
        "list_name": data["list_name"],
        "warriors": warriors,
        "heroes": [r for r in warriors if r["hero"]],
        "henchmen": [r for r in warriors if not r["hero"]],
        "stash": [h["name"] for h in data["stash"]],
        "stats": STATS,
        "today": timezone.localdate(),
    }


def _visible(request: HttpRequest, pk: int) -> RosterDocument:
    try:
        return roster_document(viewer=request.user, warband_id=pk)
    except NotFound:
        raise Http404 from None


@login_required
def warband_page(request: HttpRequest, pk: int) -> HttpResponse:
    document = _visible(request, pk)
    warband = document.warband
    ratings = rating_over_weeks(warband=warband)
    can_change = may(request.user, "roster.change_warband", warband)
    drafting = can_change and warband.status == Warband.Status.DRAFT
    context = roster_context(document) | {
        "can_change": can_change,
        "problems": document.data["problems"] if drafting else [],
        "ratings": ratings,
        "rating_chart": {
            "type": "line",
            "label": str(_("Rating")),
            "labels": [str(p["week"]) for p in ratings],
            "values": [p["rating"] for p in ratings],
        },
    }
    return render(request, "roster/warband.html", context)


def sheet_pdf(document: RosterDocument) -> bytes:
    """The roster sheet as a PDF (WeasyPrint; needs Debian's Pango)."""
    from weasyprint import HTML

    html = render_to_string("roster/sheet.html", roster_context(document))
    pdf: bytes = HTML(string=html).write_pdf()
    return pdf


@login_required
def warband_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """A printable roster sheet for the table: download as PDF."""
    document = _visible(request, pk)
    response = HttpResponse(sheet_pdf(document), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{slugify(document.warband.name) or "roster"}.pdf"'
    return response

"""One week of a weekly-moves campaign on the web: send, change and withdraw my move, answer my decisions
(the GM answers any), see the results once the week has closed. Every write goes to campaign.weekly.services."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from campaign.models import Week
from campaign.web.common import done, not_found_is_404, refusals_as_messages
from campaign.weekly.access import week_viewer
from campaign.weekly.models import Character
from campaign.weekly.selectors import decisions_for, moves_visible_to, result_for, results_visible_to
from campaign.weekly.services import decision_answer, move_submit, move_update

#: The moves a person sends from this page, and what each asks for.
MOVES: dict[str, dict[str, Any]] = {
    "ingredient_search": {"label": gettext_lazy("Ingredient search"), "target": False},
    "spying": {"label": gettext_lazy("Spying"), "target": True},
    "deadly_combat": {"label": gettext_lazy("Deadly combat"), "target": True},
    "call_of_duty": {"label": gettext_lazy("Call of duty"), "target": False},
}
MODES = {"push": gettext_lazy("Push on a strong hit"), "hold": gettext_lazy("Hold back on a strong hit")}


def _label(kind: str) -> str:
    return str(MOVES[kind]["label"]) if kind in MOVES else kind.replace("_", " ").capitalize()


def _option_text(option: Any) -> str:
    if isinstance(option, dict):
        return str(option.get("label") or option.get("kind") or json.dumps(option, ensure_ascii=False))
    return str(option).replace("_", " ")


@login_required
@not_found_is_404
def week_moves_page(request: HttpRequest, pk: int) -> HttpResponse:
    who, moves = moves_visible_to(viewer=request.user, week_id=pk)
    week = who.week
    names = dict(Character.objects.filter(campaign_id=week.campaign_id).values_list("pk", "name"))
    others = [
        (c.key, c.name)
        for c in Character.objects.filter(campaign_id=week.campaign_id, status=Character.Status.ALIVE).order_by("name")
        if who.character is None or c.pk != who.character.pk
    ]
    decisions = [
        {
            "d": d,
            "options": [(i, _option_text(o)) for i, o in enumerate(d.options)],
            "by": names.get(d.character_id or 0),
        }
        for d in decisions_for(viewer=request.user, week_id=pk, open_only=True)
    ]
    results: list[dict[str, Any]] = []
    if week.status == Week.Status.CLOSED:
        _who, rows = results_visible_to(viewer=request.user, week_id=pk)
        results = [
            {
                "kind": _label(r.kind),
                "by": names.get(r.character_id, ""),
                "shown": result_for(r, key=who.key, is_gm=who.is_gm),
            }
            for r in rows[:100]
        ]
    context = {
        "week": week,
        "campaign": week.campaign,
        "who": who,
        "moves": [{"m": m, "kind": _label(m.kind), "by": m.character.name} for m in moves],
        "kinds": [(k, v["label"], v["target"]) for k, v in MOVES.items()],
        "modes": MODES.items(),
        "targets": others,
        "decisions": decisions,
        "results": results,
        "can_send": week.status == Week.Status.OPEN and who.character is not None and who.active,
    }
    return render(request, "campaign/weekly/week.html", context)


def _payload(request: HttpRequest) -> dict[str, Any]:
    payload: dict[str, Any] = {}
    kind = request.POST.get("kind", "")
    if MOVES.get(kind, {}).get("target") and request.POST.get("target"):
        payload["target"] = request.POST["target"]
    if request.POST.get("mode") in MODES:
        payload["mode"] = request.POST["mode"]
    return payload


@login_required
@require_POST
@not_found_is_404
def move_send_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Send a new move, or change one (``move`` names it); the service checks it against what I know."""
    who = week_viewer(viewer=request.user, week_id=pk)
    kind = request.POST.get("kind", "")
    with refusals_as_messages(request) as refused:
        if request.POST.get("move"):
            move_update(
                week=who.week,
                actor=request.user,
                move_id=int(request.POST["move"]),
                kind=kind,
                payload=_payload(request),
            )
            text = _("Move changed.")
        else:
            move_submit(week=who.week, actor=request.user, kind=kind, payload=_payload(request))
            text = _("Move sent: it stays secret until the week is resolved.")
    if not refused:
        return done(request, text, reverse("week-moves-page", args=[pk]))
    return redirect("week-moves-page", pk)


@login_required
@require_POST
@not_found_is_404
def weekly_decision_view(request: HttpRequest, pk: int, decision_id: int) -> HttpResponse:
    who = week_viewer(viewer=request.user, week_id=pk)
    decision = decisions_for(viewer=request.user, week_id=pk, open_only=True).filter(pk=decision_id).first()
    try:
        answer = decision.options[int(request.POST.get("option", ""))] if decision else None
    except (ValueError, IndexError):
        answer = None
    with refusals_as_messages(request) as refused:
        decision_answer(week=who.week, actor=request.user, decision_id=decision_id, answer=answer)
    if not refused:
        return done(request, _("Decision made."), reverse("week-moves-page", args=[pk]))
    return redirect("week-moves-page", pk)

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
from django.views.decorators.http import require_POST

from campaign.lib.web.common import done, not_found_is_404, refusals_as_messages
from campaign.models import Week
from campaign.selectors.rolls import recent_rolls
from campaign.weekly.access import week_viewer
from campaign.weekly.selectors import (
    character_names,
    decision_for,
    decisions_for,
    moves_visible_to,
    result_for,
    results_visible_to,
    sheet_for,
)
from campaign.weekly.services import decision_answer, move_submit, move_update
from campaign.weekly.web.weekly_forms import DECISIONS, form_context, label, option_names, payload_of
from campaign.weekly.web.weekly_results import resolution_state, result_rows, waiting_on
from referee.models import Visibility


def _option_text(option: Any, names: dict[str, str]) -> str:
    """A decision's option in words: a character, a pack choice by name, a Debt shift spelled out."""
    if isinstance(option, dict):
        if "target" in option and "direction" in option:
            who = names.get(str(option["target"]), "")
            return f"{who}: {int(option['direction']):+d} " + _("Debt")
        return str(option.get("label") or option.get("kind") or json.dumps(option, ensure_ascii=False))
    return names.get(str(option)) or str(option).replace("_", " ")


def _hidden_rolls(request: HttpRequest, campaign_id: int) -> list[Any]:
    """The campaign's GM-only and blind rolls, for its GM (the selector lists them to nobody else)."""
    hidden = (Visibility.GM, Visibility.BLIND)
    return recent_rolls(viewer=request.user, campaign_id=campaign_id, visibilities=hidden, limit=20)


@login_required
@not_found_is_404
def week_moves_page(request: HttpRequest, pk: int) -> HttpResponse:
    """My moves this week (the GM: everyone's, with the resolution's state), the forms to send or change one,
    the decisions waiting, and the results once the rules allow them (the GM's at any time)."""
    who, moves = moves_visible_to(viewer=request.user, week_id=pk)
    week = who.week
    keys = character_names(week.campaign_id)
    names = {f"p{k}": v for k, v in keys.items()}
    choices = {**option_names(), **names}
    decisions = [
        {
            "d": d,
            "options": [(i, _option_text(o, choices)) for i, o in enumerate(d.options)],
            "kind": DECISIONS.get(d.kind, d.kind.replace("_", " ").capitalize()),
            "by": keys.get(d.character_id or 0),
        }
        for d in decisions_for(viewer=request.user, week_id=pk, open_only=True)
    ]
    results: list[dict[str, Any]] = []
    if week.status == Week.Status.CLOSED or who.is_gm:
        _who, rows = results_visible_to(viewer=request.user, week_id=pk)
        results = result_rows([result_for(r, key=who.key, is_gm=who.is_gm) for r in rows[:200]], names)
    sheet = sheet_for(who.character, whole=True, known={}) if who.character else None
    context = {
        "week": week,
        "campaign": week.campaign,
        "who": who,
        "sheet": sheet,
        "info": [(names.get(i["subject_key"], ""), i["count"]) for i in (sheet or {}).get("info", []) if i["valid"]],
        "names": names,
        "moves": [
            {"m": m, "kind": label(m.kind), "by": m.character.name, "target": names.get(str(m.payload.get("target")))}
            for m in moves
        ],
        "decisions": decisions,
        "results": results,
        "resolution": resolution_state(request.user, pk) if who.is_gm else None,
        "waiting_on": waiting_on(request.user, pk, names) if who.is_gm and week.status == Week.Status.RESOLVING else [],
        "hidden_rolls": _hidden_rolls(request, week.campaign_id) if who.is_gm else [],
        "can_send": week.status == Week.Status.OPEN and who.character is not None and who.active,
        **form_context(who),
    }
    return render(request, "campaign/weekly/week.html", context)


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
                payload=payload_of(request, kind, who),
            )
            text = _("Move changed.")
        else:
            move_submit(week=who.week, actor=request.user, kind=kind, payload=payload_of(request, kind, who))
            text = _("Move sent: it stays secret until the week is resolved.")
    if not refused:
        return done(request, text, reverse("week-moves-page", args=[pk]))
    return redirect("week-moves-page", pk)


@login_required
@require_POST
@not_found_is_404
def weekly_decision_view(request: HttpRequest, pk: int, decision_id: int) -> HttpResponse:
    who = week_viewer(viewer=request.user, week_id=pk)
    decision = decision_for(viewer=request.user, week_id=pk, decision_id=decision_id, open_only=True)
    try:
        answer = decision.options[int(request.POST.get("option", ""))] if decision else None
    except (ValueError, IndexError):
        answer = None
    with refusals_as_messages(request) as refused:
        decision_answer(week=who.week, actor=request.user, decision_id=decision_id, answer=answer)
    if not refused:
        return done(request, _("Decision made."), reverse("week-moves-page", args=[pk]))
    return redirect("week-moves-page", pk)

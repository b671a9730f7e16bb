"""A weekly-moves (intrigue) campaign on its page: the week's moves and their state (the GM sees all of them,
a player their own), the results once the week allows them, and the GM's resolve button. No Mordheim here."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.lib.web.common import done, not_found_is_404, refusals_as_messages
from campaign.models import Campaign, CampaignEvent, Week
from campaign.selectors import CampaignAccess, week_for_viewer, week_in
from campaign.selectors.event_html import sentences
from campaign.weekly.access import SYSTEM
from campaign.weekly.selectors import character_names, moves_visible_to, result_for, results_visible_to
from campaign.weekly.services import move_withdraw
from campaign.weekly.services.weeks import week_resolve_now
from campaign.weekly.web.weekly_forms import label
from campaign.weekly.web.weekly_results import resolution_state, result_rows, waiting_on

__all__ = ["SYSTEM", "campaign_context"]


def campaign_context(
    request: HttpRequest, campaign: Campaign, access: CampaignAccess, week: Week | None, events: list[CampaignEvent]
) -> dict[str, Any]:
    context: dict[str, Any] = {
        "events": sentences(events),
        "moves": [],
        "results": [],
        "resolution": None,
        "is_weekly": True,
        "is_gm": access.is_gm,
    }
    last = week_in(campaign, Week.Status.CLOSED, last=True)
    if week is not None:
        who, moves = moves_visible_to(viewer=request.user, week_id=week.pk)
        context["moves"] = [{"m": m, "kind": label(m.kind), "by": m.character.name} for m in moves]
        context["is_gm"] = who.is_gm
        context["resolution"] = resolution_state(request.user, week.pk) if who.is_gm else None
    resolving = week_in(campaign, Week.Status.RESOLVING)
    if resolving is not None:
        context |= _resolving_context(request, resolving)
    if last is not None:
        _who, results = results_visible_to(viewer=request.user, week_id=last.pk)
        context["results"] = [{"kind": label(r.kind), "by": r.character.name} for r in results[:50]]
        context["results_week"] = last
    return context


def _resolving_context(request: HttpRequest, week: Week) -> dict[str, Any]:
    """A week being resolved: everyone sees that it is; the GM also sees what is resolved so far and the decisions
    the rest waits on. The selector gives a player no result before the week closes, not even a count."""
    who, results = results_visible_to(viewer=request.user, week_id=week.pk)
    context: dict[str, Any] = {"resolving_week": week, "partial": [], "waiting_on": [], "resolving": None}
    if who.is_gm:
        names = {f"p{pk}": name for pk, name in character_names(week.campaign_id).items()}
        shown = [result_for(r, key=who.key, is_gm=True) for r in results[:50]]
        context.update(
            partial=result_rows(shown, names),
            waiting_on=waiting_on(request.user, week.pk, names),
            resolving=resolution_state(request.user, week.pk),
        )
    return context


@login_required
@require_POST
@not_found_is_404
def week_resolve_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The GM resolves the open week now (the deadline sweep would do the same)."""
    week, _access = week_for_viewer(viewer=request.user, week_id=pk)
    with refusals_as_messages(request) as refused:
        week = week_resolve_now(week=week, actor=request.user)
    if not refused:
        return done(request, _("Week %(n)s resolved.") % {"n": week.number}, f"/campaigns/{week.campaign_id}/")
    return redirect("campaign-page", week.campaign_id)


@login_required
@require_POST
@not_found_is_404
def move_withdraw_view(request: HttpRequest, pk: int, move_id: int) -> HttpResponse:
    week, _access = week_for_viewer(viewer=request.user, week_id=pk)
    with refusals_as_messages(request) as refused:
        move_withdraw(week=week, actor=request.user, move_id=move_id)
    if not refused:
        return done(request, _("Move withdrawn."), reverse("week-moves-page", args=[pk]))
    return redirect("week-moves-page", pk)

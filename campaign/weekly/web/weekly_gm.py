"""The GM's rulings in a weekly-moves campaign on the web: give each player a character, edit a sheet (a death
ruling, a Debt or Preparedness the story changed), set what a character knows (WM-INFO-01), mark a promised
service kept or broken (WM-EXCH-02). A player sees the public face of the others. Writes go to
campaign.weekly.services; the sheets are read through campaign.weekly.selectors."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.lib.errors import RuleViolation
from campaign.lib.web.common import done, not_found_is_404, refusals_as_messages
from campaign.models import Membership
from campaign.selectors import active_member, campaign_access, members_of
from campaign.weekly.models import Character
from campaign.weekly.selectors import character_in, characters_visible_to, promise_in, promises_for
from campaign.weekly.services import character_create, character_update, info_set, promise_set

STATS = ("magic", "shadow", "might", "influence", "preparedness", "debt", "xp")


def _number(request: HttpRequest, name: str) -> int:
    raw = str(request.POST.get(name, "")).strip()
    try:
        return int(raw)
    except ValueError:
        raise RuleViolation(
            _("%(field)s must be a whole number.") % {"field": name.capitalize()}, code="invalid_number"
        ) from None


def _sheet_changes(request: HttpRequest) -> dict[str, Any]:
    changes: dict[str, Any] = {f: _number(request, f) for f in STATS if f in request.POST}
    if request.POST.get("name", "").strip():
        changes["name"] = request.POST["name"].strip()
    if request.POST.get("status") in Character.Status.values:
        changes["status"] = request.POST["status"]
    if "ingredients" in request.POST:
        changes["ingredients"] = [i.strip() for i in request.POST["ingredients"].split(",") if i.strip()]
    return changes


@login_required
@not_found_is_404
def characters_page(request: HttpRequest, pk: int) -> HttpResponse:
    access = campaign_access(viewer=request.user, campaign_id=pk)
    sheets = characters_visible_to(viewer=request.user, campaign_id=pk)
    names = {s["id"]: s["name"] for s in sheets}
    with_character = {s.get("user") for s in sheets}
    players = sorted(
        members_of(viewer=request.user, campaign_id=pk, active=True, role=Membership.Role.PLAYER),
        key=lambda m: m.user.username,
    )
    promises = promises_for(viewer=request.user, campaign_id=pk)
    context = {
        "campaign": access.campaign,
        "access": access,
        "sheets": sheets,
        "stats": STATS,
        "statuses": Character.Status.choices,
        "without": [m.user for m in players if m.user_id not in with_character] if access.is_gm else [],
        "promises": [
            {"p": p, "by": names.get(p.promiser_id, ""), "to": names.get(p.beneficiary_id, "")} for p in promises
        ],
    }
    return render(request, "campaign/weekly/characters.html", context)


def _back(pk: int) -> str:
    return reverse("characters-page", args=[pk])


@login_required
@require_POST
@not_found_is_404
def character_new_view(request: HttpRequest, pk: int) -> HttpResponse:
    access = campaign_access(viewer=request.user, campaign_id=pk)
    player = active_member(viewer=request.user, campaign_id=pk, user_id=request.POST.get("user") or 0)
    with refusals_as_messages(request) as refused:
        if player is None:
            raise RuleViolation(_("Choose one of the campaign's players."), code="not_a_player")
        made = character_create(
            campaign=access.campaign, actor=request.user, user=player.user, sheet=_sheet_changes(request)
        )
    if not refused:
        return done(request, _("%(name)s is in the game.") % {"name": made.name}, _back(pk))
    return redirect(_back(pk))


@login_required
@require_POST
@not_found_is_404
def character_edit_view(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    access = campaign_access(viewer=request.user, campaign_id=pk)
    character = character_in(access.campaign, character_id)
    if character is None:
        raise Http404
    with refusals_as_messages(request) as refused:
        changed = character_update(character=character, actor=request.user, changes=_sheet_changes(request))
    if not refused:
        return done(request, _("The sheet of %(name)s is saved.") % {"name": changed.name}, _back(pk))
    return redirect(_back(pk))


@login_required
@require_POST
@not_found_is_404
def info_set_view(request: HttpRequest, pk: int) -> HttpResponse:
    access = campaign_access(viewer=request.user, campaign_id=pk)
    holder = character_in(access.campaign, request.POST.get("holder"))
    with refusals_as_messages(request) as refused:
        if holder is None:
            raise RuleViolation(_("Choose who knows."), code="invalid_holder")
        info_set(
            holder=holder,
            subject=int(request.POST.get("subject") or 0),
            actor=request.user,
            count=_number(request, "count"),
            valid=request.POST.get("valid", "1") == "1",
        )
    if not refused:
        return done(request, _("What %(name)s knows is saved.") % {"name": holder.name if holder else ""}, _back(pk))
    return redirect(_back(pk))


@login_required
@require_POST
@not_found_is_404
def promise_view(request: HttpRequest, pk: int, promise_id: int) -> HttpResponse:
    access = campaign_access(viewer=request.user, campaign_id=pk)
    promise = promise_in(access.campaign, promise_id)
    if promise is None:
        raise Http404
    with refusals_as_messages(request) as refused:
        promise_set(promise=promise, actor=request.user, fulfilled=request.POST.get("fulfilled") == "1")
    if not refused:
        return done(request, _("The promise is marked."), _back(pk))
    return redirect(_back(pk))

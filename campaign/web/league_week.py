"""The organiser's week on the web (Mordheim): approve warbands, pair them (automatically or by hand), close the week,
correct a warband or a battle with a reason."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaign.lib.errors import RuleViolation
from campaign.lib.web.common import as_id, as_int, attempt, done, form_post, not_found_is_404, refusals_as_messages
from campaign.models import Campaign, Week
from campaign.selectors import campaign_access, week_in
from campaign.services.weeks import week_close_early
from roster.battles.corrections import battle_correct
from roster.battles.pairings import pairings_auto, pairings_set
from roster.models import Battle, Warband
from roster.selectors import battle_in, battles_of, warband_in, warbands_visible_to
from roster.services.warbands import warband_approve, warband_correct, warband_send_back


def _organised(request: HttpRequest, pk: int) -> Campaign:
    access = campaign_access(viewer=request.user, campaign_id=pk)
    if not access.is_organiser:
        raise PermissionDenied
    return access.campaign


def _open_week(campaign: Campaign) -> Week | None:
    return week_in(campaign, Week.Status.OPEN)


@login_required
@not_found_is_404
def week_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Everything the organiser does in a week, on one page."""
    campaign = _organised(request, pk)
    week = _open_week(campaign)
    warbands = list(warbands_visible_to(viewer=request.user, campaign_id=campaign.pk))  # the organiser: all
    battles = list(battles_of(viewer=request.user, campaign_id=pk, week=week.number)) if week else []
    paired = {w for b in battles for w in (b.warband_a_id, b.warband_b_id) if w}
    context = {
        "campaign": campaign,
        "week": week,
        "pending": [w for w in warbands if w.status == Warband.Status.PENDING],
        "unpaired": [w for w in warbands if w.status == Warband.Status.APPROVED and w.pk not in paired],
        "approved": [w for w in warbands if w.status == Warband.Status.APPROVED],
        "battles": battles,
        "results": Battle.Result.choices,
    }
    return render(request, "campaign/organiser/week.html", context)


def _warband(request: HttpRequest, campaign: Campaign, warband_id: int) -> Warband:
    warband = warband_in(viewer=request.user, campaign_id=campaign.pk, warband_id=warband_id)
    if warband is None:
        raise PermissionDenied
    return warband


@form_post
def warband_approve_view(request: HttpRequest, pk: int, warband_id: int) -> HttpResponse:
    warband = _warband(request, _organised(request, pk), warband_id)
    return attempt(
        request,
        lambda: warband_approve(warband=warband, actor=request.user),
        _("%(name)s approved.") % {"name": warband.name},
        reverse("week-page", args=[pk]),
    )


@form_post
def warband_send_back_view(request: HttpRequest, pk: int, warband_id: int) -> HttpResponse:
    """The organiser returns a submitted warband to its player with the reason he gives."""
    warband = _warband(request, _organised(request, pk), warband_id)
    return attempt(
        request,
        lambda: warband_send_back(warband=warband, actor=request.user, reason=request.POST.get("reason", "")),
        _("%(name)s sent back.") % {"name": warband.name},
        reverse("week-page", args=[pk]),
    )


def _pairings(request: HttpRequest, week: Week) -> list[Battle]:
    if request.POST.get("auto"):
        return pairings_auto(week=week, actor=request.user)
    a, b = as_int(request.POST.get("a")), as_id(request.POST.get("b"))
    return pairings_set(week=week, actor=request.user, pairs=[(a, b)] if a else [])


@form_post
def pairings_view(request: HttpRequest, pk: int) -> HttpResponse:
    """``auto`` pairs everyone the service can; otherwise the one pair chosen by hand (empty second side: a bye)."""
    week = _open_week(_organised(request, pk))
    if week is None:
        return redirect("week-page", pk)
    return attempt(
        request,
        lambda: _pairings(request, week),
        lambda battles: _("%(n)s pairings made.") % {"n": len(battles)},
        reverse("week-page", args=[pk]),
    )


def _closed_text(closed: Week) -> str:
    if closed.status == Week.Status.CLOSED:
        return _("Week %(n)s closed.") % {"n": closed.number}
    return _("Week %(n)s is resolving.") % {"n": closed.number}


@form_post
def week_close_view(request: HttpRequest, pk: int) -> HttpResponse:
    week = _open_week(_organised(request, pk))
    if week is None:
        return redirect("week-page", pk)
    return attempt(
        request,
        lambda: week_close_early(week=week, actor=request.user),
        _closed_text,
        reverse("campaign-page", args=[pk]),
        back=reverse("week-page", args=[pk]),
    )


@form_post
def correction_view(request: HttpRequest, pk: int) -> HttpResponse:
    """A correction with its reason: gold or shards of a warband, or the result of a battle."""
    campaign = _organised(request, pk)
    reason = request.POST.get("reason", "").strip()
    with refusals_as_messages(request) as refused:
        if request.POST.get("battle"):
            battle = battle_in(viewer=request.user, campaign_id=campaign.pk, battle_id=as_int(request.POST["battle"]))
            if battle is None:
                raise PermissionDenied
            battle_correct(battle=battle, actor=request.user, reason=reason, result=request.POST.get("result") or None)
        else:
            warband_id = as_int(request.POST.get("warband"))
            warband = warband_in(viewer=request.user, campaign_id=campaign.pk, warband_id=warband_id)
            if warband is None:
                raise PermissionDenied
            warband_correct(
                warband=warband,
                actor=request.user,
                reason=reason,
                treasury=_amount(request.POST.get("treasury"), "treasury"),
                shards=_amount(request.POST.get("shards"), "shards"),
            )
    if not refused:
        return done(request, _("Correction recorded."), reverse("week-page", args=[pk]))
    return redirect("week-page", pk)


def _amount(value: str | None, field: str) -> int:
    """Gold or shards to add: empty is none; anything but a whole number is refused, and nothing changes."""
    text = (value or "").strip()
    if not text:
        return 0
    try:
        return int(text)
    except ValueError:
        raise RuleViolation(
            _("Gold and shards are whole numbers (negative to take away)."),
            code="invalid_amount",
            fields={field: [text]},
        ) from None

"""Everyone's dice on the web: the roller with its visibility modes, the roll ledger as the viewer may see it,
and a campaign's fairness page (commitments, revealed seeds, face counts as charts)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.lib.errors import RuleViolation
from campaign.lib.web.common import done, not_found_is_404, refusals_as_messages
from campaign.selectors import campaign_access, memberships_of
from campaign.selectors.rolls import campaign_for_member, fairness_of, recent_rolls, roll_shown_to
from campaign.services.rolls import roll_ad_hoc
from referee.models import Visibility
from roster.web.roll_texts import RollNames, roll_label, seen_by


def _ledger(request: HttpRequest, campaign_id: int | None = None, limit: int = 50) -> list[dict[str, Any]]:
    entries = recent_rolls(viewer=request.user, campaign_id=campaign_id, limit=limit)
    # Every roll listed is one whose result the viewer may see (a GM-only or blind roll is not listed to
    # a roller who may not: campaign.selectors.rolls).
    names = RollNames()
    return [{"e": e, "label": roll_label(e, names), "seen_by": seen_by(e)} for e in entries]


def _next(request: HttpRequest) -> str:
    """Back where the roll was asked from (a page of this site), else the roller."""
    wanted = request.POST.get("next", "")
    if wanted and url_has_allowed_host_and_scheme(wanted, allowed_hosts={request.get_host()}):
        return wanted
    return reverse("dice")


@login_required
def dice_page(request: HttpRequest) -> HttpResponse:
    """Roll on the server: in a campaign (its open week's stream, members only) or on your own stream."""
    context = {
        "campaigns": [m.campaign for m in memberships_of(user=request.user)],
        "visibilities": Visibility.choices,
        "rows": _ledger(request),
    }
    return render(request, "campaign/dice/roller.html", context)


@login_required
@require_POST
def dice_roll(request: HttpRequest) -> HttpResponse:
    campaign = None
    if request.POST.get("campaign"):
        try:
            campaign = campaign_for_member(viewer=request.user, campaign_id=int(request.POST["campaign"]))
        except ValueError:
            campaign = None
        if campaign is None:
            raise Http404
    visibility = request.POST.get("visibility") or Visibility.PUBLIC
    with refusals_as_messages(request) as refused:
        if visibility not in Visibility.values:
            raise RuleViolation(_("Choose who may see the roll."), code="invalid_visibility")
        entry = roll_ad_hoc(
            user=request.user,
            notation=request.POST.get("notation", "").strip(),
            purpose="adhoc",
            visibility=visibility,
            campaign=campaign,
            label=request.POST.get("label", "").strip()[:120],
        )
    if not refused:
        hidden = not roll_shown_to(entry=entry, viewer=request.user)
        text = (
            _("Rolled %(notation)s: the result is hidden from you.") % {"notation": entry.notation}
            if hidden
            else _("Rolled %(notation)s: %(total)s %(faces)s")
            % {
                "notation": entry.notation,
                "total": entry.total,
                "faces": entry.faces,
            }
        )
        return done(request, text, _next(request))
    return redirect(_next(request))


@login_required
@not_found_is_404
def fairness_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A campaign's weeks (commitment, seed once revealed) and its face counts, as tables and bar charts."""
    access = campaign_access(viewer=request.user, campaign_id=pk)
    fairness = fairness_of(campaign=access.campaign, viewer=request.user)
    charts = [
        {
            "id": f"faces-d{d['sides']}-data",
            "type": "bar",
            "label": f"d{d['sides']}",
            "labels": [str(face) for face in d["faces"]],
            "values": list(d["faces"].values()),
        }
        for d in fairness["dice"]
    ]
    context = {"campaign": access.campaign, "fairness": fairness, "charts": charts, "rows": _ledger(request, pk, 30)}
    return render(request, "campaign/dice/fairness.html", context)

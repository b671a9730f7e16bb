"""The small web UI for people at a desk."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from campaign.lib.errors import NotFound
from campaign.selectors import campaign_access, memberships_of, timeline_of
from roster.selectors import battles_of, standings_of, warbands_visible_to


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """The viewer's campaigns and roles, and the warbands they may see in each."""
    memberships = list(memberships_of(user=request.user))
    warbands = list(warbands_visible_to(viewer=request.user))
    rows = [{"m": m, "warbands": [w for w in warbands if w.campaign_id == m.campaign_id]} for m in memberships]
    return render(request, "campaign/home.html", {"rows": rows})


@login_required
def campaign_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Standings, battles and the latest timeline of a campaign, as the viewer may see them."""
    try:
        access = campaign_access(viewer=request.user, campaign_id=pk)
        context = {
            "campaign": access.campaign,
            "standings": standings_of(viewer=request.user, campaign_id=pk),
            "battles": list(battles_of(viewer=request.user, campaign_id=pk)),
            "events": list(timeline_of(viewer=request.user, campaign_id=pk)[:30]),
        }
    except NotFound:
        raise Http404 from None
    return render(request, "campaign/campaign.html", context)

"""The small web UI for people at a desk."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from campaign.selectors import memberships_of
from roster.selectors import warbands_visible_to


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """The viewer's campaigns and roles, and the warbands they may see in each."""
    memberships = list(memberships_of(user=request.user))
    warbands = list(warbands_visible_to(viewer=request.user))
    rows = [{"m": m, "warbands": [w for w in warbands if w.campaign_id == m.campaign_id]} for m in memberships]
    return render(request, "campaign/home.html", {"rows": rows})

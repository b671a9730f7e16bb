"""The viewer's campaigns, and a campaign's page: its week, what waits for the viewer, its game's own tables."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from campaign.lib.i18n import localized
from campaign.lib.web.common import not_found_is_404
from campaign.models import Campaign, Membership, Week
from campaign.selectors import campaign_access, memberships_of, timeline_of, week_in
from campaign.selectors.event_html import sentences
from campaign.weekly.web import weekly_pages
from referee.engine.game_systems import SYSTEMS
from roster.selectors import warbands_visible_to
from roster.web import mordheim_pages


@dataclass(frozen=True)
class CampaignPage:
    """A game system's own part of its campaigns' page: its context and the template that shows it."""

    context: Callable[..., dict[str, Any]]
    template: str


#: The one table of the systems' campaign pages, keyed by the system's slug.
CAMPAIGN_PAGES: dict[str, CampaignPage] = {
    mordheim_pages.SYSTEM: CampaignPage(mordheim_pages.campaign_context, "campaign/campaign_mordheim.html"),
    weekly_pages.SYSTEM: CampaignPage(weekly_pages.campaign_context, "campaign/campaign_weekly.html"),
}


def system_name(slug: str) -> str:
    known = SYSTEMS.get(slug)
    return localized(known.names) if known else slug


def viewer_zone(request: HttpRequest, campaign: Campaign) -> str:
    """The viewer's own time zone when their profile has one, else the campaign's."""
    profile = getattr(request, "profile", None)
    return (profile.time_zone if profile and profile.time_zone else None) or campaign.time_zone


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """The viewer's campaigns and roles, and the warbands they may see in each."""
    memberships = list(memberships_of(user=request.user))
    warbands = list(warbands_visible_to(viewer=request.user))
    rows = [
        {
            "m": m,
            "system": system_name(m.campaign.system),
            "warbands": [w for w in warbands if w.campaign_id == m.campaign_id],
        }
        for m in memberships
    ]
    return render(request, "campaign/home.html", {"rows": rows})


@login_required
@not_found_is_404
def campaign_page(request: HttpRequest, pk: int) -> HttpResponse:
    """What a member needs this week: the current week and its deadline in their time zone, their next opponent
    and open decisions, then the game's own tables (Mordheim standings, or the week's secret moves)."""
    access = campaign_access(viewer=request.user, campaign_id=pk)
    campaign = access.campaign
    zone = viewer_zone(request, campaign)
    week = week_in(campaign, Week.Status.OPEN)
    events = list(timeline_of(viewer=request.user, campaign_id=pk)[:40])
    context: dict[str, Any] = {
        "campaign": campaign,
        "access": access,
        "system": system_name(campaign.system),
        "role_name": Membership.Role(access.role).label if access.role in Membership.Role.values else "",
        "week": week,
        "zone": zone,
        "deadline_local": timezone.localtime(week.deadline, ZoneInfo(zone)) if week else None,
    }
    own = CAMPAIGN_PAGES.get(campaign.system)
    if own is not None:
        context |= own.context(request, campaign, access, week, events)
        template = own.template
    else:
        context["events"] = sentences(events)
        template = "campaign/campaign_weekly.html"
    return render(request, template, context)

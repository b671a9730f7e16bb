"""Weeks: opened on the league's schedule, claimed at their deadline, resolved, closed, followed by the next.

Claiming is a conditional update (open and past its deadline, or resolving and
claimed longer ago than the campaign's timeout, becomes resolving with a new
``claimed_at``), committed on its own: of two sweeps, one updates the row and the
other updates nothing. The claim's ``claimed_at`` is its token: resolution runs in
one transaction with the campaign and week rows locked (campaign first, always,
so it cannot deadlock with ``campaign_finish``) and gives up if the token changed,
so a sweep that re-claimed a stuck week and a slow first one never both close it.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.league import league_of
from campaign.lib.errors import Conflict, RuleViolation
from campaign.models import Campaign, Notification, Week
from campaign.schedule import next_deadline
from campaign.services.access import GM, ORGANISER, require_role
from campaign.services.events import event_record
from campaign.services.notifications import notify_members
from campaign.services.resolvers import WAITING, week_resolver_for
from campaign.services.streams import week_stream_open, week_streams_reveal

log = logging.getLogger(__name__)


@transaction.atomic
def week_open(*, campaign: Campaign, deadline: datetime, now: datetime | None = None) -> Week:
    """Open the campaign's next week: its seed is drawn and its hash published now.

    Players' seed contributions for this week are frozen into its salt.
    """
    Campaign.objects.select_for_update().get(pk=campaign.pk)
    now = now or timezone.now()
    if deadline <= now:
        raise RuleViolation(_("A week's deadline must be in the future."), code="deadline_in_past")
    if Week.objects.filter(campaign=campaign, status__in=[Week.Status.OPEN, Week.Status.RESOLVING]).exists():
        raise Conflict(_("The current week must close before the next one opens."), code="week_still_open")
    last = Week.objects.filter(campaign=campaign).order_by("-number").first()
    week = Week.objects.create(
        campaign=campaign, number=1 if last is None else last.number + 1, opened_at=now, deadline=deadline
    )
    week_stream_open(week=week)
    return week


@transaction.atomic
def week_close(*, week: Week, now: datetime | None = None) -> Week:
    """Close a week and reveal its seeds, so each stream's audience can recompute its rolls. Idempotent."""
    week = Week.objects.select_for_update().get(pk=week.pk)
    if week.status != Week.Status.CLOSED:
        week.status = Week.Status.CLOSED
        week.closed_at = now or timezone.now()
        week.save(update_fields=["status", "closed_at"])
    week_streams_reveal(week=week)
    return week


def week_next_deadline(*, campaign: Campaign, after: datetime) -> datetime:
    """The first deadline of the league's schedule at least ``min_week_hours`` after ``after``."""
    league = league_of(campaign.settings)
    return next_deadline(
        after=after,
        time_zone=campaign.time_zone,
        weekday=league.deadline_weekday,
        at=league.deadline_at,
        min_gap=timedelta(hours=league.min_week_hours),
    )


@transaction.atomic
def week_open_scheduled(*, campaign: Campaign, now: datetime) -> Week:
    """Open the next week with its deadline from the league's schedule."""
    return week_open(campaign=campaign, deadline=week_next_deadline(campaign=campaign, after=now), now=now)


def _stale_before(campaign: Campaign, now: datetime) -> datetime:
    return now - timedelta(minutes=league_of(campaign.settings).resolve_timeout_minutes)


def week_claim(*, week_id: int, now: datetime, force: bool = False) -> datetime | None:
    """Claim a week for resolution; returns the claim token, or None when it is not due or taken.

    Due: open and past its deadline (any open week with ``force``), or resolving and
    claimed before the campaign's timeout. One conditional update: of two callers,
    one wins.
    """
    week = Week.objects.select_related("campaign").filter(pk=week_id).first()
    if week is None:
        return None
    due = Q(status=Week.Status.OPEN) if force else Q(status=Week.Status.OPEN, deadline__lte=now)
    stuck = Q(status=Week.Status.RESOLVING, claimed_at__lte=_stale_before(week.campaign, now))
    claimed = Week.objects.filter(pk=week_id).filter(due | stuck).update(status=Week.Status.RESOLVING, claimed_at=now)
    return now if claimed else None


@transaction.atomic
def week_resolve_claimed(*, week_id: int, token: datetime, now: datetime) -> Week | None:
    """Resolve a week this caller claimed: the system's resolver, then close it and open the next.

    Returns the closed week; None when the claim was lost or the resolver is waiting.
    """
    campaign_id = Week.objects.filter(pk=week_id).values_list("campaign_id", flat=True).first()
    if campaign_id is None:
        return None
    campaign = Campaign.objects.select_for_update().get(pk=campaign_id)
    week = Week.objects.select_for_update().get(pk=week_id)
    if week.status != Week.Status.RESOLVING or week.claimed_at != token:
        return None
    if week_resolver_for(campaign.system)(week=week, now=now) == WAITING:
        return None
    week = week_close(week=week, now=now)
    next_week = week_open_scheduled(campaign=campaign, now=now) if campaign.status == Campaign.Status.RUNNING else None
    event_record(
        campaign=campaign,
        kind="week_resolved",
        week=week,
        payload={"week": week.number, "next_week": next_week.number if next_week else None},
    )
    notify_members(
        campaign=campaign,
        kind=Notification.Kind.WEEK_RESOLVED,
        key=f"week:{week.pk}",
        params={"week": week.number},
        url=f"/campaigns/{campaign.pk}/",
    )
    return week


def week_resolve(*, week_id: int, now: datetime | None = None, force: bool = False) -> Week | None:
    """Claim the week if it is due (or ``force``: any open week) and resolve it. Idempotent.

    Returns the week it closed, or None when there was nothing to do.
    """
    now = now or timezone.now()
    token = week_claim(week_id=week_id, now=now, force=force)
    if token is None:
        return None
    return week_resolve_claimed(week_id=week_id, token=token, now=now)


def week_close_early(*, week: Week, actor: Any, now: datetime | None = None) -> Week:
    """The organiser or the GM closes the open week now, before its deadline, whatever the game system.

    Permission first (a stranger gets 404, another member 403), then the week's state. The week is
    claimed exactly as the sweep claims it, so a sweep at the same moment closes it once; the system's
    resolver runs as at the deadline. A week whose resolver waits (a pending decision) stays resolving.
    """
    require_role(
        campaign=week.campaign,
        user=actor,
        roles=[ORGANISER, GM],
        message=_("Only the organiser or the GM closes a week before its deadline."),
    )
    now = now or timezone.now()
    if week.status == Week.Status.CLOSED:
        raise Conflict(_("This week is already closed."), code="week_closed")
    token = week_claim(week_id=week.pk, now=now, force=True)
    if token is None:
        raise Conflict(_("This week is already being resolved; wait for it to close."), code="week_not_open")
    week_resolve_claimed(week_id=week.pk, token=token, now=now)
    week.refresh_from_db()
    return week


def weeks_due(*, now: datetime, campaign: Campaign | None = None) -> list[int]:
    """Ids of the weeks to resolve now: open past their deadline, or resolving past their timeout."""
    weeks = Week.objects.all() if campaign is None else Week.objects.filter(campaign=campaign)
    due = list(weeks.filter(status=Week.Status.OPEN, deadline__lte=now).values_list("pk", flat=True))
    for week in weeks.filter(status=Week.Status.RESOLVING).select_related("campaign"):
        if week.claimed_at is not None and week.claimed_at <= _stale_before(week.campaign, now):
            due.append(week.pk)
    return sorted(due)


def weeks_sweep(*, now: datetime | None = None, campaign: Campaign | None = None, force: bool = False) -> list[Week]:
    """Resolve, one after another, every week due now (``force``: the campaign's open week too)."""
    now = now or timezone.now()
    ids = weeks_due(now=now, campaign=campaign)
    if force and campaign is not None:
        ids = sorted(
            {*ids, *Week.objects.filter(campaign=campaign, status=Week.Status.OPEN).values_list("pk", flat=True)}
        )
    closed = []
    for week_id in ids:
        week = week_resolve(week_id=week_id, now=now, force=force)
        if week is not None:
            closed.append(week)
    return closed

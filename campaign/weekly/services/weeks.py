"""The GM's hand on a week: resolve it now (claimed as the sweep would), and order its queue (WM-GEN-01)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, NotAllowed, RuleViolation
from campaign.models import Week
from campaign.services.weeks import week_claim, week_resolve_claimed

from ..access import WeekViewer, week_viewer
from ..models import WeeklyMove, WeekResolution
from ..resolution.queue import resolution_queue


def _gm(who: WeekViewer, message: str) -> None:
    if not who.is_gm:
        raise NotAllowed(message, code="gm_only")


def week_resolve_now(*, week: Week, actor: Any, now: datetime | None = None) -> Week:
    """The GM resolves the open week before its deadline, or restarts one left resolving.

    An open week is claimed exactly as the sweep claims it (``week_claim``), so a sweep at the
    same moment resolves it once. A week already resolving (stuck, failed, or resumed after its
    decisions) is queued again; the resolution continues where it stopped.
    """
    who = week_viewer(viewer=actor, week_id=week.pk)
    _gm(who, _("Only the GM resolves a week before its deadline."))
    now = now or timezone.now()
    week = who.week
    if week.status == Week.Status.CLOSED:
        raise Conflict(_("This week is already closed."), code="week_closed")
    if week.status == Week.Status.RESOLVING:
        with transaction.atomic():
            WeekResolution.objects.filter(week=week, status=WeekResolution.Status.FAILED).update(
                status=WeekResolution.Status.RUNNING, error=""
            )
            resolution_queue(week=week)
    else:
        token = week_claim(week_id=week.pk, now=now, force=True)
        if token is None:
            raise Conflict(_("This week is already being resolved."), code="week_not_open")
        week_resolve_claimed(week_id=week.pk, token=token, now=now)
    week.refresh_from_db()
    return week


@transaction.atomic
def week_queue_set(*, week: Week, actor: Any, move_ids: list[int]) -> WeekResolution:
    """The GM orders the queue (WM-GEN-01): these moves first, in this order; the rest by submission time."""
    who = week_viewer(viewer=actor, week_id=week.pk)
    _gm(who, _("Only the GM orders the week's queue."))
    week = Week.objects.select_for_update().get(pk=week.pk)
    res, _created = WeekResolution.objects.select_for_update().get_or_create(week=week)
    if week.status == Week.Status.CLOSED or res.status != WeekResolution.Status.PENDING:
        raise Conflict(_("This week's resolution has started; its order is fixed."), code="resolution_started")
    known = set(WeeklyMove.objects.filter(week=week, pk__in=move_ids).values_list("pk", flat=True))
    unknown = [m for m in move_ids if m not in known]
    if unknown or len(set(move_ids)) != len(move_ids):
        raise RuleViolation(
            _("Name each of this week's moves at most once."),
            code="invalid_queue",
            fields={"moves": [str(m) for m in unknown]},
        )
    res.queue = [f"m{pk}" for pk in move_ids]
    res.save(update_fields=["queue", "updated_at"])
    return res

"""Queue a confirmed battle's aftermath (one row per battle, one task after commit), and queue a failed one
again once the organiser has fixed its cause."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict
from campaign.lib.queueing import queue_after_commit
from campaign.services.access import ORGANISER, require_role
from roster.aftermath.tasks import aftermath_run_task
from roster.models import Aftermath, Battle


@transaction.atomic
def aftermath_queue(*, battle: Battle, report: dict[str, Any]) -> Aftermath:
    """Record the confirmed report and queue the aftermath after commit (once per battle)."""
    # MH-UND-03: the ratings when the battle began (stored at pairing and at the pre-battle sequence).
    now = {str(w.pk): w.rating for w in (battle.warband_a, battle.warband_b) if w is not None}
    ratings = {key: int(battle.ratings.get(key, rating)) for key, rating in now.items()}
    aftermath, created = Aftermath.objects.get_or_create(battle=battle, defaults={"report": report, "ratings": ratings})
    if created:
        queue_after_commit(aftermath_run_task, aftermath.pk)  # the row is the record: the sweep requeues it
    return aftermath


@transaction.atomic
def aftermath_retry(*, battle: Battle, actor: Any) -> Aftermath:
    """The organiser queues a failed aftermath again, once its cause is fixed (a week opened, ...)."""
    require_role(campaign=battle.campaign, user=actor, roles=[ORGANISER], message=_("Only the organiser retries."))
    aftermath = Aftermath.objects.select_for_update().filter(battle=battle).first()
    if aftermath is None or aftermath.status != Aftermath.Status.FAILED:
        raise Conflict(_("Only a failed aftermath can be retried."), code="aftermath_not_failed")
    if aftermath.failure_code == "invalid_report":
        raise Conflict(
            _("This aftermath failed on its report; correct the battle instead."), code="aftermath_report_invalid"
        )
    aftermath.status = Aftermath.Status.ROLLED if aftermath.rolled_at else Aftermath.Status.QUEUED
    aftermath.error, aftermath.failure_code, aftermath.failed_at = "", "", None
    aftermath.save()
    queue_after_commit(aftermath_run_task, aftermath.pk)
    return aftermath

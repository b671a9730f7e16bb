"""Queue a confirmed battle's aftermath: one row per battle, one task after commit."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from roster.aftermath.tasks import aftermath_run_task
from roster.models import Aftermath, Battle


@transaction.atomic
def aftermath_queue(*, battle: Battle, report: dict[str, Any]) -> Aftermath:
    """Record the confirmed report and queue the aftermath after commit (once per battle)."""
    ratings = {str(w.pk): w.rating for w in (battle.warband_a, battle.warband_b) if w is not None}
    aftermath, created = Aftermath.objects.get_or_create(battle=battle, defaults={"report": report, "ratings": ratings})
    if created:
        aftermath_run_task.delay_on_commit(aftermath.pk)  # type: ignore[attr-defined]  # DjangoTask
    return aftermath

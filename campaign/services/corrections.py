"""An organiser's correction: who, when, why and what changed, kept and put on the timeline."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from campaign.models import Campaign, Correction
from campaign.services.events import event_record


@transaction.atomic
def correction_record(
    *,
    campaign: Campaign,
    actor: Any,
    target: str,
    reason: str,
    changes: Mapping[str, Any],
    warband: Any | None = None,
    battle: Any | None = None,
) -> Correction:
    """Record a correction the caller has just made (``target`` like ``warband:12``) and its timeline entry."""
    correction = Correction.objects.create(
        campaign=campaign, actor=actor, target=target, reason=reason.strip(), changes=dict(changes)
    )
    event_record(
        campaign=campaign,
        kind="correction",
        warband=warband,
        battle=battle,
        actor=actor,
        payload={
            "target": target,
            "reason": correction.reason,
            "changes": correction.changes,
            "correction": correction.pk,
        },
    )
    return correction

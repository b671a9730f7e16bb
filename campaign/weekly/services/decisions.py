"""Answering the decisions a week's resolution paused for (WM-ABL-03, WM-ABL-02).

A decision belongs to one player (their character) or to the GM (no character); the GM may
answer any of them, as the referee. Once the last open decision of the week is answered, the
resolution is queued again (after commit) and resumes at the entry that waited.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, NotFound, RuleViolation
from campaign.models import Week

from ..access import week_viewer
from ..models import Character, WeeklyDecision
from ..resolution.lapse import LOST, resume_if_answered
from .moves import move_check


def _check_answer(decision: WeeklyDecision, week: Week, answer: Any) -> Any:
    if decision.kind == "replacement" and answer == LOST:
        return LOST
    if decision.kind == "replacement":
        # WM-ABL-02: a replacement move, checked now against what its author may know.
        if not isinstance(answer, Mapping) or answer.get("kind") not in decision.options:
            raise RuleViolation(
                _("Answer with a replacement move: {\"kind\": one of the options, \"payload\": {...}}."),
                code="invalid_answer",
                fields={"answer": [_("Not one of the options.")]},
            )
        payload = answer.get("payload") or {}
        if not isinstance(payload, Mapping):
            raise RuleViolation(_("The replacement's payload must be an object."), code="invalid_answer")
        character = Character.objects.get(pk=decision.character_id or 0)
        move_pk = int(decision.key.split(":", 1)[0][1:]) if decision.key.startswith("m") else None
        move_check(week=week, character=character, kind=str(answer["kind"]), payload=payload, move_id=move_pk)
        return {"kind": answer["kind"], "payload": dict(payload)}
    if answer not in decision.options:
        raise RuleViolation(
            _("That is not one of this decision's options."),
            code="invalid_answer",
            fields={"answer": [_("Not one of the options.")]},
        )
    return answer


@transaction.atomic
def decision_answer(
    *, week: Week, actor: Any, decision_id: int, answer: Any, now: datetime | None = None
) -> WeeklyDecision:
    """Answer a decision: its player's own, or any of the week's for the GM."""
    who = week_viewer(viewer=actor, week_id=week.pk)
    decision = WeeklyDecision.objects.select_for_update().filter(pk=decision_id, week=who.week).first()
    own = (
        decision is not None
        and who.active
        and (who.is_gm or (who.character is not None and decision.character_id == who.character.pk))
    )
    if decision is None or not own:
        raise NotFound(_("No such decision."), code="decision_not_found")
    if decision.answered_at is not None:
        raise Conflict(_("This decision has already been answered."), code="decision_answered")
    week = Week.objects.select_for_update().get(pk=week.pk)
    if week.status != Week.Status.RESOLVING:
        raise Conflict(_("This week is no longer being resolved."), code="week_not_resolving")
    decision.answer = _check_answer(decision, week, answer)
    decision.answered_by = actor
    decision.answered_at = now or timezone.now()
    decision.save(update_fields=["answer", "answered_by", "answered_at"])
    resume_if_answered(week)
    return decision

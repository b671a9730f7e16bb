"""Answer a pending post-battle decision: check it against the options, roll what it calls for
(stored first), apply its effects, open any decision it leads to."""

from __future__ import annotations

import json
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, NotFound, RuleViolation
from referee.engine.systems.mordheim.answers import resolve_decision
from referee.engine.systems.mordheim.decisions import DecisionError, DecisionRequest
from referee.engine.systems.mordheim.postbattle.advances import AdvanceRecord
from referee.services.ledger import LedgerRoller
from roster.aftermath.context import decisions_open, warbands_locked, writer_for
from roster.aftermath.events import advances_record
from roster.models import Aftermath, Battle, Decision, Warrior
from roster.services.streams import battle_rolls_stream
from roster.services.warbands import rating_of


def _mapped(request: dict[str, Any], id_map: dict[str, int]) -> dict[str, Any]:
    """The request with engine-made warrior ids replaced by the rows they became."""
    text = json.dumps(request)
    for engine_id, pk in id_map.items():
        text = text.replace(json.dumps(engine_id), json.dumps(str(pk)))
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@transaction.atomic
def decision_answer(*, decision_id: int, actor: Any, answer: Any) -> Decision:
    """Answer a decision once; the same answer again returns it unchanged (a phone may retry)."""
    decision = Decision.objects.select_for_update().filter(pk=decision_id).first()
    if decision is None or decision.answerer_id != getattr(actor, "pk", None):
        # Someone else's choice stays invisible: the same answer as for one that does not exist.
        raise NotFound(_("No such decision."), code="decision_not_found")
    if decision.answered_at is not None:
        if decision.answer == answer:
            return decision
        raise Conflict(_("This choice was already made."), code="decision_answered")
    aftermath = Aftermath.objects.select_for_update().get(pk=decision.aftermath_id)
    battle = (
        Battle.objects.select_related("campaign__rules_pack", "week")
        .defer("campaign__rules_pack__content")
        .get(pk=aftermath.battle_id)
    )
    warbands = warbands_locked(battle, changing=True)
    writer = writer_for(battle, warbands, aftermath)
    request = DecisionRequest.from_dict(_mapped(decision.request, aftermath.id_map))
    stream, visibility = battle_rolls_stream(battle)
    roller = LedgerRoller(
        stream=stream,
        roller=actor,
        purpose="decision",
        ref=f"aftermath:{battle.pk}",
        visibility=visibility,
    )
    try:
        resolution = resolve_decision(
            request=request,
            answer=answer,
            warbands=writer.snapshots(),
            tables=writer.pack.tables,
            settings=writer.settings,
            roller=roller,
        )
    except DecisionError as exc:
        raise RuleViolation(str(exc), code="invalid_answer", fields={"answer": [str(exc)]}) from None
    roller.store()  # rolls the answer called for are stored before their effects
    owner_of = {w.id: wb.id for wb in writer.snapshots() for w in wb.warriors}
    writer.apply(resolution.effects)
    for warband in warbands:
        warband.rating = rating_of(warband)
    writer.flush(warband_fields=["rating"])
    aftermath.id_map = writer.id_map
    decisions_open(aftermath=aftermath, requests=resolution.decisions, battle=battle, warbands=warbands)
    decision.answer, decision.resolution, decision.answered_at = answer, resolution.to_dict(), timezone.now()
    decision.save()
    if not aftermath.decisions.filter(answered_at__isnull=True).exists():
        aftermath.resolved_at = timezone.now()
    aftermath.save()
    if resolution.advances:
        owner_of |= {w.id: wb.id for wb in writer.snapshots() for w in wb.warriors}
        rows = {str(w.pk): w for w in Warrior.objects.filter(warband__in=warbands)}
        rows |= {engine_id: rows[str(pk)] for engine_id, pk in writer.id_map.items() if str(pk) in rows}
        owner_of |= {engine_id: str(rows[engine_id].warband_id) for engine_id in writer.id_map if engine_id in rows}
        advances_record(
            battle,
            [AdvanceRecord.from_dict(a) for a in resolution.advances],
            {str(w.pk): w for w in warbands},
            owner_of,
            rows,
            source="decision",
        )
    return decision

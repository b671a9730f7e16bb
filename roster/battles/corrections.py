"""The organiser's corrections of battles: each one audited (who, when, why, what) and on the timeline."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, RuleViolation
from campaign.models import Correction
from campaign.services.access import ORGANISER, require_role
from campaign.services.corrections import correction_record
from roster.bridge.packs import tables_of
from roster.models import Battle

#: Battles that have a result to correct (reported, confirmed, disputed or resolved).
PLAYED = frozenset({Battle.Status.REPORTED, Battle.Status.CONFIRMED, Battle.Status.DISPUTED, Battle.Status.RESOLVED})


def _winner_id(battle: Battle, result: str) -> int | None:
    return {"a": battle.warband_a_id, "b": battle.warband_b_id}.get(result)


@transaction.atomic
def battle_correct(
    *, battle: Battle, actor: Any, reason: str, result: str | None = None, scenario: str | None = None
) -> Correction:
    """Correct a battle's result or scenario (or both) with a reason; the status does not change.

    A result can be corrected once the battle has one (reported or later). What the
    correction changes on the rosters is for the aftermath to apply, not this service.
    """
    require_role(campaign=battle.campaign, user=actor, roles=[ORGANISER], message=_("Only the organiser corrects."))
    battle = Battle.objects.select_for_update(of=("self",)).select_related("campaign").get(pk=battle.pk)
    if not reason.strip():
        raise RuleViolation(_("Say why, for the record."), code="reason_required", fields={"reason": [_("Required.")]})
    if result is None and scenario is None:
        raise RuleViolation(_("Give a result or a scenario to correct."), code="nothing_to_correct")
    if battle.status == Battle.Status.BYE:
        raise Conflict(_("A bye has nothing to correct."), code="bye_not_correctable")
    changes: dict[str, list[Any]] = {}
    if result is not None:
        if result not in ("a", "b", "draw"):
            raise RuleViolation(
                _("A result is a, b or draw."), code="invalid_result", fields={"result": [_("a, b or draw")]}
            )
        if battle.status not in PLAYED:
            raise Conflict(
                _("This battle has not been reported yet; there is no result to correct."), code="battle_not_played"
            )
        if result != battle.result:
            changes["result"] = [battle.result, result]
            battle.result = result
            battle.winner_id = _winner_id(battle, result)
    if scenario is not None:
        if scenario not in tables_of(battle.campaign).scenarios:
            raise RuleViolation(
                _("Unknown scenario %(s)s.") % {"s": scenario}, code="unknown_scenario", field="scenario"
            )
        if scenario != battle.scenario:
            changes["scenario"] = [battle.scenario, scenario]
            battle.scenario = scenario
    if not changes:
        raise Conflict(_("The battle already says that; nothing changed."), code="nothing_changed")
    battle.save(update_fields=["result", "winner", "scenario", "updated_at"])
    return correction_record(
        campaign=battle.campaign, actor=actor, target=f"battle:{battle.pk}", reason=reason, changes=changes,
        battle=battle,
    )

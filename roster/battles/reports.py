"""Battle reports: one player reports, the opponent confirms or disputes, the organiser may settle it.

A confirmed or settled report queues the aftermath (after commit). Every report is
checked against the rosters by the rules engine first, so a report naming a warrior
who is not in the battle is a 400 that changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, NotAllowed, RuleViolation
from campaign.models import Week
from campaign.services.access import ORGANISER, active_role, campaign_not_found
from campaign.services.corrections import correction_record
from campaign.services.events import event_record
from referee.engine.systems.mordheim.battle.report import BattleReportError, BattleResult, validate_battle
from roster.aftermath.queue import aftermath_queue
from roster.battles.scenario_rules import check_against_prebattle
from roster.bridge.packs import require_mordheim, tables_of
from roster.bridge.snapshots import snapshot_of
from roster.models import Battle, BattleReport
from roster.notices import battle_reported_notify

REPORTABLE = {Battle.Status.PAIRED, Battle.Status.READY, Battle.Status.REPORTED, Battle.Status.DISPUTED}


def _locked(battle: Battle) -> Battle:
    return (
        Battle.objects.select_for_update(of=("self",))
        .select_related("campaign__rules_pack", "warband_a__owner", "warband_b__owner")
        .defer("campaign__rules_pack__content")
        .get(pk=battle.pk)
    )


def _side_of_player(battle: Battle, actor: Any) -> str | None:
    for side, warband in (("a", battle.warband_a), ("b", battle.warband_b)):
        if warband is not None and warband.owner_id == getattr(actor, "pk", None):
            return side
    return None


def _checked(battle: Battle, data: dict[str, Any]) -> dict[str, Any]:
    """The report in the engine's form, checked against both rosters; a bad one is a 400."""
    if not isinstance(data, dict):
        raise RuleViolation(_("A report is an object."), code="invalid_report")
    ids = {str(battle.warband_a_id), str(battle.warband_b_id)}
    report = {
        "scenario": str(data.get("scenario") or battle.scenario or ""),
        "winner": None if data.get("winner") in (None, "", "draw") else str(data["winner"]),
        "out_of_action": [
            {"victim": str(o.get("victim")), "by": None if o.get("by") in (None, "") else str(o["by"])}
            for o in data.get("out_of_action", [])
            if isinstance(o, dict)
        ],
        "absent": [str(w) for w in data.get("absent", [])],
        "objectives": _objectives(data.get("objectives") or {}),
    }
    if report["winner"] is not None and report["winner"] not in ids:
        raise RuleViolation(
            _("The winner must be one of the battle's two warbands, or empty for a draw."),
            code="invalid_report",
            fields={"winner": [str(data.get("winner"))]},
        )
    snapshots = tuple(snapshot_of(w) for w in (battle.warband_a, battle.warband_b) if w is not None)
    owner_of = {w.id: wb.id for wb in snapshots for w in wb.warriors}
    report = check_against_prebattle(report, battle.prebattle or {}, owner_of)
    try:
        validate_battle(BattleResult.from_dict(report), snapshots, tables_of(battle.campaign))
    except (BattleReportError, KeyError, TypeError, ValueError) as exc:
        raise RuleViolation(str(exc), code="invalid_report") from None
    return report


ID_LISTS = ("heroes_in_building", "broke_through")
ID_FIELDS = ("first_to_escape", "chest_found_by", "chest_holder")
BY_ID = ("wyrdstone_counters", "buildings_held", "carried_shards")


def _objectives(raw: Any) -> dict[str, Any]:
    """The scenario's objectives with every warrior and warband id as text, as the engine reads them (a phone
    sends the ids as numbers, the way the roster API gives them)."""
    if not isinstance(raw, dict):
        raise RuleViolation(_("objectives must be an object."), code="invalid_report", field="objectives")
    out = dict(raw)
    try:
        for key in ID_LISTS:
            if key in raw:
                out[key] = [str(v) for v in raw[key]]
        for key in ID_FIELDS:
            if key in raw:
                out[key] = None if raw[key] in (None, "") else str(raw[key])
        for key in BY_ID:
            if key in raw:
                out[key] = {str(k): int(v) for k, v in dict(raw[key]).items()}
    except (TypeError, ValueError):
        raise RuleViolation(
            _("objectives: ids are warrior or warband ids, counts are whole numbers."),
            code="invalid_report",
            fields={"objectives": [_("Malformed.")]},
        ) from None
    return out


def _result(battle: Battle, report: dict[str, Any]) -> tuple[str, int | None]:
    winner = report["winner"]
    if winner is None:
        return Battle.Result.DRAW, None
    return ("a", battle.warband_a_id) if winner == str(battle.warband_a_id) else ("b", battle.warband_b_id)


def _require_open_week(battle: Battle) -> None:
    """The aftermath rolls from the open week's seed: with none open it could never run, so refuse now."""
    if not Week.objects.filter(campaign_id=battle.campaign_id, status=Week.Status.OPEN).exists():
        raise Conflict(
            _(
                "The campaign has no open week, so this battle's aftermath has no seed to roll from. "
                "The organiser opens the next week (or waits for the schedule to open it); then confirm again."
            ),
            code="no_open_week",
        )


def _queue_aftermath(battle: Battle, report: dict[str, Any]) -> None:
    _require_open_week(battle)
    battle.status, battle.confirmed_at = Battle.Status.CONFIRMED, timezone.now()
    battle.save(update_fields=["status", "confirmed_at", "updated_at"])
    aftermath_queue(battle=battle, report=report)


@transaction.atomic
def battle_report(*, battle: Battle, actor: Any, data: dict[str, Any]) -> BattleReport:
    """A player of the battle reports it (again, while it is not yet confirmed)."""
    battle = _locked(battle)
    require_mordheim(battle.campaign)
    if active_role(campaign=battle.campaign, user=actor) is None:
        raise campaign_not_found()
    if _side_of_player(battle, actor) is None:
        raise NotAllowed(_("Only the two players of this battle report it."), code="not_your_battle")
    if battle.status not in REPORTABLE:
        raise Conflict(
            _("This battle is already confirmed; ask the organiser for a correction."), code="battle_already_confirmed"
        )
    report = _checked(battle, data)
    battle.result, battle.winner_id = _result(battle, report)
    battle.status, battle.reported_at = Battle.Status.REPORTED, timezone.now()
    if report["scenario"] and not battle.scenario:
        battle.scenario = report["scenario"]
    battle.save()
    row, _created = BattleReport.objects.update_or_create(
        battle=battle,
        defaults={
            "reporter": actor,
            "data": report,
            "status": BattleReport.Status.SUBMITTED,
            "responder": None,
            "dispute_reason": "",
            "submitted_at": timezone.now(),
            "responded_at": None,
        },
    )
    event_record(
        campaign=battle.campaign, kind="battle_reported", battle=battle, actor=actor, payload={"result": battle.result}
    )
    battle_reported_notify(battle, actor)
    return row


def _respond(battle: Battle, actor: Any) -> BattleReport:
    report = BattleReport.objects.select_for_update().filter(battle=battle).first()
    if report is None or battle.status != Battle.Status.REPORTED:
        raise Conflict(_("There is no report waiting for an answer."), code="no_report_waiting")
    if _side_of_player(battle, actor) is None or report.reporter_id == actor.pk:
        raise NotAllowed(_("Only the reporter's opponent confirms or disputes a report."), code="not_the_opponent")
    return report


@transaction.atomic
def battle_confirm(*, battle: Battle, actor: Any) -> BattleReport:
    """The opponent agrees: the battle is confirmed and its aftermath queued, once."""
    battle = _locked(battle)
    if active_role(campaign=battle.campaign, user=actor) is None:
        raise campaign_not_found()
    if battle.status in (Battle.Status.CONFIRMED, Battle.Status.RESOLVED):
        report = BattleReport.objects.get(battle=battle)
        if report.responder_id == actor.pk:
            return report  # pressed twice: nothing more happens
    report = _respond(battle, actor)
    report.status, report.responder, report.responded_at = BattleReport.Status.CONFIRMED, actor, timezone.now()
    report.save()
    _queue_aftermath(battle, report.data)
    event_record(
        campaign=battle.campaign, kind="battle_confirmed", battle=battle, actor=actor, payload={"result": battle.result}
    )
    return report


@transaction.atomic
def battle_dispute(*, battle: Battle, actor: Any, reason: str) -> BattleReport:
    """The opponent disagrees; the organiser settles it (or the reporter reports again)."""
    battle = _locked(battle)
    if active_role(campaign=battle.campaign, user=actor) is None:
        raise campaign_not_found()
    if not reason.strip():
        raise RuleViolation(
            _("Say what is wrong with the report."), code="reason_required", fields={"reason": [_("Required.")]}
        )
    report = _respond(battle, actor)
    report.status, report.responder, report.responded_at = BattleReport.Status.DISPUTED, actor, timezone.now()
    report.dispute_reason = reason.strip()
    report.save()
    battle.status = Battle.Status.DISPUTED
    battle.save(update_fields=["status", "updated_at"])
    event_record(
        campaign=battle.campaign,
        kind="battle_disputed",
        battle=battle,
        actor=actor,
        payload={"result": battle.result, "reason": report.dispute_reason},
    )
    return report


@transaction.atomic
def battle_override(*, battle: Battle, actor: Any, reason: str, data: dict[str, Any] | None = None) -> BattleReport:
    """The organiser settles a report (as it stands, or as given) and confirms it; recorded as a correction."""
    battle = _locked(battle)
    if active_role(campaign=battle.campaign, user=actor) != ORGANISER:
        if active_role(campaign=battle.campaign, user=actor) is None:
            raise campaign_not_found()
        raise NotAllowed(_("Only the organiser settles a report."), code="not_allowed")
    if not reason.strip():
        raise RuleViolation(_("Say why, for the record."), code="reason_required", fields={"reason": [_("Required.")]})
    if battle.status in (Battle.Status.CONFIRMED, Battle.Status.RESOLVED, Battle.Status.BYE):
        raise Conflict(_("This battle is already confirmed; correct it instead."), code="battle_already_confirmed")
    existing = BattleReport.objects.select_for_update().filter(battle=battle).first()
    if data is None and existing is None:
        raise RuleViolation(_("There is no report to settle; give one."), code="report_required")
    report = _checked(battle, data) if data is not None else existing.data  # type: ignore[union-attr]
    battle.result, battle.winner_id = _result(battle, report)
    battle.reported_at = battle.reported_at or timezone.now()
    battle.save()
    row, _created = BattleReport.objects.update_or_create(
        battle=battle,
        defaults={
            "reporter": existing.reporter if existing else actor,
            "data": report,
            "status": BattleReport.Status.OVERRIDDEN,
            "responder": actor,
            "submitted_at": existing.submitted_at if existing else timezone.now(),
            "responded_at": timezone.now(),
        },
    )
    correction_record(
        campaign=battle.campaign,
        actor=actor,
        target=f"battle:{battle.pk}",
        reason=reason,
        changes={"report": report, "settled": True},
        battle=battle,
    )
    _queue_aftermath(battle, report)
    return row

"""The pre-battle sequence of a Mordheim battle (spec 8 and 9.3), rolled once and kept.

Every roll goes through ``LedgerRoller`` on the battle's week stream and is stored
before the battle changes; the battle row is locked, so a second request (or two at
once) finds the stored outcome and rolls nothing. Choices the rules leave to a
player (the scenario on a 2 or 12, attack or defend) wait as pending decisions,
answered by the owner of the warband they belong to.

The sequence lists who sits out; serving a missed game (``serve_missed_game``) is
applied to the roster with the battle's aftermath, not here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, NotAllowed, NotFound, RuleViolation
from campaign.models import Campaign, Week
from campaign.selectors.roles import rosters_private
from campaign.services.access import ORGANISER, PLAYER, require_role
from campaign.services.events import event_record
from referee.engine.systems.mordheim.answers import resolve_decision
from referee.engine.systems.mordheim.battle.prebattle import run_pre_battle
from referee.engine.systems.mordheim.decisions import DecisionError, DecisionRequest
from referee.engine.systems.mordheim.dice import RerollLimitExceeded
from referee.engine.systems.mordheim.effects import Effect, ScenarioFact
from referee.engine.systems.mordheim.state import WarbandSnapshot
from referee.models import LedgerEntry
from referee.services.ledger import LedgerRoller
from roster.bridge.packs import require_mordheim, settings_of, tables_of
from roster.bridge.snapshots import snapshot_of
from roster.models import Battle, Warband
from roster.services.streams import prebattle_rolls_stream

PURPOSE = "prebattle"


def _ref(battle: Battle) -> str:
    return f"battle:{battle.pk}"


def _locked(battle: Battle) -> Battle:
    # Lock the battle row only: side B may be empty (a bye), and PostgreSQL cannot lock an outer join.
    rows = Battle.objects.select_for_update(of=("self",))
    return rows.select_related("campaign", "week", "warband_a", "warband_b").get(pk=battle.pk)


def _require_side_or_organiser(battle: Battle, actor: Any) -> str:
    role = require_role(
        campaign=battle.campaign,
        user=actor,
        roles=[ORGANISER, PLAYER],
        message=_("Only the organiser or the battle's players start its pre-battle sequence."),
    )
    owners = {battle.warband_a.owner_id, battle.warband_b.owner_id if battle.warband_b else None}
    if role == PLAYER and actor.pk not in owners:
        raise NotAllowed(
            _("Only the organiser or the battle's players start its pre-battle sequence."), code="not_your_battle"
        )
    return role


def _week_stream_open(week: Week) -> None:
    if week.status != Week.Status.OPEN:
        raise Conflict(
            _("Week %(n)d is closed, so its dice are revealed; the organiser re-pairs this battle in the open week.")
            % {"n": week.number},
            code="week_not_open",
        )


def _snapshots(battle: Battle) -> tuple[WarbandSnapshot, ...]:
    assert battle.warband_b is not None
    return (snapshot_of(battle.warband_a), snapshot_of(battle.warband_b))


def _facts(effects: Sequence[Effect]) -> list[dict[str, Any]]:
    return [e.to_dict() for e in effects if isinstance(e, ScenarioFact)]


def _roller(battle: Battle, actor: Any) -> LedgerRoller:
    stream, visibility = prebattle_rolls_stream(battle)
    return LedgerRoller(stream=stream, roller=actor, purpose=PURPOSE, ref=_ref(battle), visibility=visibility)


def _ids(entries: Sequence[LedgerEntry]) -> list[int]:
    return [e.pk for e in entries]


@transaction.atomic
def battle_prebattle_run(
    *, battle: Battle, actor: Any, scenario: str | None = None, now: datetime | None = None
) -> Battle:
    """Run the pre-battle sequence once: who rolls, the scenario, who sits out, the scenario's setup rolls.

    ``scenario`` (the organiser only) records a scenario the players agreed on instead of
    the table (MH-PRE-05). A second call returns the battle as the first one left it.
    """
    battle = _locked(battle)
    require_mordheim(battle.campaign)
    role = _require_side_or_organiser(battle, actor)
    if battle.prebattle:
        return battle
    if battle.status != Battle.Status.PAIRED or battle.warband_b is None:
        raise Conflict(_("This battle has no pre-battle sequence to run."), code="no_prebattle")
    if battle.campaign.status != Campaign.Status.RUNNING:
        raise Conflict(_("The campaign is not running."), code="campaign_not_running")
    _week_stream_open(battle.week)
    tables = tables_of(battle.campaign)
    if scenario is not None:
        if role != ORGANISER:
            raise NotAllowed(
                _("An agreed scenario is recorded by the organiser; players roll on the table."),
                code="agreed_scenario_organiser_only",
            )
        if scenario not in tables.scenarios:
            raise RuleViolation(
                _("Unknown scenario %(s)s.") % {"s": scenario},
                code="unknown_scenario",
                fields={"scenario": [_("One of: %(ids)s.") % {"ids": ", ".join(sorted(tables.scenarios))}]},
            )
    warbands = _snapshots(battle)
    roller = _roller(battle, actor)
    try:
        outcome = run_pre_battle(
            warbands=warbands,
            tables=tables,
            settings=settings_of(battle.campaign),
            roller=roller,
            agreed_scenario=scenario,
        )
    except RerollLimitExceeded as exc:
        raise Conflict(str(exc), code="reroll_limit") from None
    entries = roller.store()  # the rolls are in the ledger before the battle changes
    now = now or timezone.now()
    battle.prebattle = {
        "outcome": outcome.to_dict(),
        "ratings": {wb.id: wb.rating for wb in warbands},
        "agreed": scenario is not None,
        "ledger": _ids(entries),
        "facts": _facts(outcome.effects),
        "pending": [d.to_dict() for d in outcome.decisions],
        "answers": [],
        "by": getattr(actor, "pk", None),
        "at": now.isoformat(),
    }
    battle.scenario = outcome.scenario or ""
    battle.status = Battle.Status.PAIRED if outcome.decisions else Battle.Status.READY
    battle.prebattle_at = now
    battle.ratings = {wb.id: wb.rating for wb in warbands}  # MH-UND-03: the ratings the battle starts with
    battle.save(update_fields=["prebattle", "scenario", "status", "prebattle_at", "ratings", "updated_at"])
    event_record(
        campaign=battle.campaign,
        kind="prebattle",
        battle=battle,
        actor=actor,
        payload={
            "scenario": outcome.scenario,
            "table_roll": outcome.table_roll,
            "rolled_by": int(outcome.rolled_by) if outcome.rolled_by else None,
            "agreed": scenario is not None,
            # Who sits out tells of the rosters: with them private, the battle page's sequence says it to its
            # audience (roster.selectors.battles.sees_the_sequence) and the league's timeline does not.
            "sit_out": []
            if rosters_private(battle.campaign)
            else [{"warrior": int(s.warrior), "reason": s.reason} for s in outcome.sit_out],
        },
    )
    return battle


def _pending_request(battle: Battle, decision: str) -> DecisionRequest:
    for raw in battle.prebattle.get("pending", []):
        if raw["id"] == decision:
            return DecisionRequest.from_dict(raw)
    if any(a["decision"] == decision for a in battle.prebattle.get("answers", [])):
        raise Conflict(_("This choice has already been made."), code="decision_answered")
    raise NotFound(_("This battle has no such pending choice."), code="decision_not_found")


@transaction.atomic
def battle_prebattle_answer(
    *,
    battle: Battle,
    actor: Any,
    decision: str,
    answer: str | Sequence[str] | Mapping[str, Any],
    now: datetime | None = None,
) -> Battle:
    """The owner of the warband a pending pre-battle choice belongs to makes it (MH-SCN-01, MH-PRE-02).

    What the answer leads to (the scenario's setup rolls, a role to pick) is rolled and
    stored like the rest of the sequence.
    """
    battle = _locked(battle)
    require_mordheim(battle.campaign)
    require_role(campaign=battle.campaign, user=actor, roles=[ORGANISER, PLAYER], message=_("Only a player chooses."))
    if not battle.prebattle:
        raise Conflict(_("The pre-battle sequence has not been run yet."), code="prebattle_not_run")
    request = _pending_request(battle, decision)
    owner = Warband.objects.filter(pk=int(request.warband)).values_list("owner_id", flat=True).first()
    if owner != actor.pk:
        raise NotAllowed(_("Only the player of the warband this choice belongs to makes it."), code="not_your_decision")
    _week_stream_open(battle.week)
    roller = _roller(battle, actor)
    try:
        resolution = resolve_decision(
            request=request,
            answer=answer,
            warbands=_snapshots(battle),
            tables=tables_of(battle.campaign),
            settings=settings_of(battle.campaign),
            roller=roller,
        )
    except DecisionError as exc:
        raise RuleViolation(str(exc), code="invalid_answer", fields={"answer": [str(exc)]}) from None
    except RerollLimitExceeded as exc:
        raise Conflict(str(exc), code="reroll_limit") from None
    entries = roller.store()
    now = now or timezone.now()
    data = dict(battle.prebattle)
    data["pending"] = [d for d in data["pending"] if d["id"] != request.id] + [
        d.to_dict() for d in resolution.decisions
    ]
    data["facts"] = [*data["facts"], *_facts(resolution.effects)]
    data["ledger"] = [*data["ledger"], *_ids(entries)]
    data["answers"] = [
        *data["answers"],
        {
            "decision": request.id,
            "kind": request.kind,
            "answer": {k: list(v) for k, v in resolution.answer.items()},
            "by": actor.pk,
            "at": now.isoformat(),
            "ledger": _ids(entries),
        },
    ]
    battle.prebattle = data
    update = ["prebattle", "status", "updated_at"]
    if request.kind == "choose_scenario":
        battle.scenario = resolution.answer["choice"][0]
        update.append("scenario")
        event_record(
            campaign=battle.campaign,
            kind="scenario_chosen",
            battle=battle,
            actor=actor,
            payload={"scenario": battle.scenario, "decision": request.id},
        )
    battle.status = Battle.Status.PAIRED if data["pending"] else Battle.Status.READY
    battle.save(update_fields=update)
    return battle

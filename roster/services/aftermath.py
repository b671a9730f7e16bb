"""A battle's aftermath: claimed once, every roll stored before any effect, applied once.

``aftermath_queue`` (on confirmation) creates the row and queues the task after
commit. The task calls ``aftermath_run``: ``aftermath_roll`` rolls the whole
post-battle sequence and stores rolls and outcome in one transaction;
``aftermath_apply`` applies the stored effects to the rosters in another. A
worker killed between the two leaves a rolled, unapplied row: the next run
skips straight to applying, so nothing is rolled twice.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.errors import Conflict
from campaign.league import league_of, system_of
from campaign.models import Battle, Membership
from campaign.services.events import event_record, events_batched
from referee.engine.systems.mordheim import effects as fx
from referee.engine.systems.mordheim.battle.report import BattleReportError, BattleResult
from referee.engine.systems.mordheim.decisions import DecisionRequest
from referee.engine.systems.mordheim.postbattle.sequence import PostBattleOutcome, run_post_battle
from referee.engine.systems.mordheim.state import MordheimSettings
from referee.models import Visibility
from referee.services.ledger import LedgerRoller
from referee.services.streams import open_week_stream
from roster.models import Aftermath, Decision, Warband, Warrior
from roster.services.context import list_of, pack_of
from roster.services.effects import EffectWriter
from roster.services.warbands import rating_refresh


def settings_of(battle: Battle) -> MordheimSettings:
    settings: MordheimSettings = system_of("mordheim", battle.campaign.settings or {})
    return settings


def rolls_visibility(battle: Battle) -> str:
    """Aftermath rolls are public in the ledger unless the campaign keeps rosters private; then only
    the GM sees them there, and the two players and the organiser see them on the aftermath page."""
    return Visibility.GM if league_of(battle.campaign.settings or {}).rosters_private else Visibility.PUBLIC


def _fault(point: str) -> None:
    """Crash-test seam: ``MUSTER_FAULT=<point>`` kills the process here, as a dying machine would."""
    if os.environ.get("MUSTER_FAULT") == point:
        os._exit(70)


@transaction.atomic
def aftermath_queue(*, battle: Battle, report: dict[str, Any]) -> Aftermath:
    """Record the confirmed report and queue the aftermath after commit (once per battle)."""
    from roster.tasks import aftermath_run_task

    ratings = {str(w.pk): w.rating for w in (battle.warband_a, battle.warband_b) if w is not None}
    aftermath, created = Aftermath.objects.get_or_create(battle=battle, defaults={"report": report, "ratings": ratings})
    if created:
        aftermath_run_task.delay_on_commit(aftermath.pk)  # type: ignore[attr-defined]  # DjangoTask
    return aftermath


def _locked_warbands(battle: Battle) -> list[Warband]:
    ids = sorted(w for w in (battle.warband_a_id, battle.warband_b_id) if w)
    list(Warband.objects.select_for_update().filter(pk__in=ids).order_by("pk"))  # lock in a fixed order
    return list(Warband.objects.filter(pk__in=ids).select_related("campaign__rules_pack").order_by("pk"))


def _writer(battle: Battle, warbands: list[Warband], aftermath: Aftermath) -> EffectWriter:
    return EffectWriter(
        warbands=warbands,
        pack=pack_of(warbands[0]),
        settings=settings_of(battle),
        lists={w.pk: list_of(w) for w in warbands},
        id_map=aftermath.id_map,
    )


@transaction.atomic
def aftermath_roll(*, aftermath_id: int) -> Aftermath | None:
    """Roll the whole post-battle sequence and store rolls and outcome. Does nothing if already rolled."""
    aftermath = Aftermath.objects.select_for_update().filter(pk=aftermath_id).first()
    if aftermath is None or aftermath.rolled_at is not None or aftermath.status == Aftermath.Status.FAILED:
        return aftermath
    battle = Battle.objects.select_related("campaign").get(pk=aftermath.battle_id)
    warbands = _locked_warbands(battle)
    writer = _writer(battle, warbands, aftermath)
    # Ratings as they were when the battle was fought (MH-UND-03), not as they are now.
    snapshots = tuple(replace(s, rating=aftermath.ratings.get(s.id, s.rating)) for s in writer.snapshots())
    roller = LedgerRoller(
        stream=open_week_stream(campaign_id=battle.campaign_id),
        roller=None,
        purpose="aftermath",
        ref=f"aftermath:{battle.pk}",
        visibility=rolls_visibility(battle),
    )
    aftermath.claimed_at, aftermath.attempts = timezone.now(), aftermath.attempts + 1
    try:
        outcome = run_post_battle(
            battle=BattleResult.from_dict(aftermath.report),
            warbands=snapshots,
            tables=writer.pack.tables,
            settings=writer.settings,
            roller=roller,
            prefix=f"b{battle.pk}",
        )
    except BattleReportError as exc:  # a rules violation is permanent: mark it, never retry
        aftermath.status, aftermath.error = Aftermath.Status.FAILED, str(exc)
        aftermath.save()
        return aftermath
    roller.store()
    aftermath.outcome = outcome.to_dict()
    aftermath.status, aftermath.rolled_at = Aftermath.Status.ROLLED, timezone.now()
    aftermath.save()
    return aftermath


def answerer_of(request: DecisionRequest, battle: Battle) -> Any:
    if request.chooser == Decision.Chooser.ORGANISER:
        membership = (
            Membership.objects.filter(
                campaign_id=battle.campaign_id, role=Membership.Role.ORGANISER, left_at__isnull=True
            )
            .select_related("user")
            .order_by("id")
            .first()
        )
        if membership is None:
            raise Conflict(_("The campaign has no organiser to answer this."), code="no_organiser")
        return membership.user
    return Warband.objects.select_related("owner").get(pk=int(request.warband)).owner


def decisions_open(*, aftermath: Aftermath, requests: Any, battle: Battle) -> list[Decision]:
    return [
        Decision.objects.get_or_create(
            aftermath=aftermath,
            key=r.id,
            defaults={
                "kind": r.kind,
                "warband_id": int(r.warband),
                "chooser": r.chooser,
                "answerer": answerer_of(r, battle),
                "request": r.to_dict(),
            },
        )[0]
        for r in requests
    ]


def _record_events(
    battle: Battle, outcome: PostBattleOutcome, warbands: dict[str, Warband], owner_of: dict[str, str]
) -> None:
    xp: Counter[str] = Counter()
    for e in outcome.effects:
        if isinstance(e, fx.AddXp) and e.warrior in owner_of:
            xp[owner_of[e.warrior]] += e.amount
        elif isinstance(e, fx.RemoveWarrior):
            event_record(
                campaign=battle.campaign,
                kind="death" if e.reason == "dead" else "warrior_lost",
                battle=battle,
                payload={"warrior": e.warrior, "result": e.reason},
            )
    for wid, amount in xp.items():
        event_record(
            campaign=battle.campaign, kind="xp_gained", warband=warbands[wid], battle=battle, payload={"amount": amount}
        )
    for income in outcome.income:
        if income.shards_found:
            event_record(
                campaign=battle.campaign,
                kind="shards_found",
                warband=warbands[income.warband],
                battle=battle,
                payload={"amount": income.shards_found},
            )
    for injury in outcome.injuries:
        event_record(campaign=battle.campaign, kind="injury", battle=battle, payload=injury.to_dict())
    for advance in outcome.advances:
        event_record(campaign=battle.campaign, kind="advance", battle=battle, payload=advance.to_dict())


@transaction.atomic
def aftermath_apply(*, aftermath_id: int) -> Aftermath | None:
    """Apply a rolled aftermath's effects to the rosters, open its decisions. Does nothing if applied."""
    aftermath = Aftermath.objects.select_for_update().filter(pk=aftermath_id).first()
    if aftermath is None or aftermath.rolled_at is None or aftermath.applied_at is not None:
        return aftermath
    battle = Battle.objects.select_related("campaign").get(pk=aftermath.battle_id)
    warbands = _locked_warbands(battle)
    outcome = PostBattleOutcome.from_dict(aftermath.outcome)
    writer = _writer(battle, warbands, aftermath)
    owner_of = {w.id: wb.id for wb in writer.snapshots() for w in wb.warriors}
    writer.apply(outcome.effects)
    report = BattleResult.from_dict(aftermath.report)
    out_of_action = {o.victim for o in report.out_of_action}
    for warband in warbands:
        for warrior in warband.warriors.filter(kind=Warrior.Kind.HERO):
            flag = str(warrior.pk) in out_of_action
            if bool(warrior.flags.get("out_of_action_last_battle")) != flag:
                warrior.flags = {**warrior.flags, "out_of_action_last_battle": flag}
                warrior.save(update_fields=["flags"])
        warband.trading_sequence += 1  # a new post-battle sequence: one rare-item search per Hero again
        warband.save(update_fields=["trading_sequence"])
        rating_refresh(warband=warband)
    opened = decisions_open(aftermath=aftermath, requests=outcome.decisions, battle=battle)
    with events_batched():
        _record_events(battle, outcome, {str(w.pk): w for w in warbands}, owner_of)
    now = timezone.now()
    aftermath.status, aftermath.applied_at = Aftermath.Status.APPLIED, now
    aftermath.resolved_at = None if opened else now
    aftermath.save()
    Battle.objects.filter(pk=battle.pk).update(status=Battle.Status.RESOLVED, resolved_at=now)
    event_record(campaign=battle.campaign, kind="battle_resolved", battle=battle, payload={"result": battle.result})
    return aftermath


def aftermath_run(*, aftermath_id: int) -> Aftermath | None:
    """Roll (if not yet rolled), then apply (if not yet applied). Safe to run any number of times."""
    aftermath_roll(aftermath_id=aftermath_id)
    _fault("aftermath_after_roll")
    return aftermath_apply(aftermath_id=aftermath_id)


def aftermath_stuck(*, older_than_seconds: int = 120) -> list[int]:
    """Aftermaths queued or rolled but not applied for a while: their worker died."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    return list(
        Aftermath.objects.filter(applied_at__isnull=True, created_at__lt=cutoff)
        .exclude(status=Aftermath.Status.FAILED)
        .values_list("pk", flat=True)
    )

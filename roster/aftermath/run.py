"""A battle's aftermath: claimed once, every roll stored before any effect, applied once.

``aftermath_queue`` (on confirmation) creates the row and queues the task after
commit. The task calls ``aftermath_run``: ``aftermath_roll`` rolls the whole
post-battle sequence and stores rolls and outcome in one transaction;
``aftermath_apply`` applies the stored effects to the rosters in another. A
worker killed between the two leaves a rolled, unapplied row: the next run
skips straight to applying, so nothing is rolled twice.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from campaign.lib.errors import DomainError
from campaign.lib.faults import fault
from campaign.models import CampaignEvent
from campaign.services.events import event_record, events_batched
from referee.engine.systems.mordheim.battle.report import BattleReportError, BattleResult
from referee.engine.systems.mordheim.postbattle.sequence import PostBattleOutcome, run_post_battle
from referee.services.ledger import LedgerRoller
from roster.aftermath.context import decisions_open, warbands_locked, writer_for
from roster.aftermath.events import aftermath_events_record, injuries_record
from roster.models import Aftermath, Battle, Warrior
from roster.services.streams import battle_rolls_stream
from roster.services.warbands import rating_of


@transaction.atomic
def aftermath_roll(*, aftermath_id: int) -> Aftermath | None:
    """Roll the whole post-battle sequence and store rolls and outcome. Does nothing if already rolled."""
    aftermath = Aftermath.objects.select_for_update().filter(pk=aftermath_id).first()
    if aftermath is None or aftermath.rolled_at is not None or aftermath.status == Aftermath.Status.FAILED:
        return aftermath
    battle = (
        Battle.objects.select_related("campaign__rules_pack")
        .defer("campaign__rules_pack__content")
        .get(pk=aftermath.battle_id)
    )
    warbands = warbands_locked(battle, changing=False)  # rolling changes no roster: that is the apply's
    writer = writer_for(battle, warbands, aftermath)
    # Ratings as they were when the battle was fought (MH-UND-03), not as they are now.
    snapshots = tuple(replace(s, rating=aftermath.ratings.get(s.id, s.rating)) for s in writer.snapshots())
    stream, visibility = battle_rolls_stream(battle)
    roller = LedgerRoller(
        stream=stream,
        roller=None,
        purpose="aftermath",
        ref=f"aftermath:{battle.pk}",
        visibility=visibility,
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
        aftermath.failure_code, aftermath.failed_at = "invalid_report", timezone.now()
        aftermath.save()
        _tell_organiser(battle, aftermath)
        return aftermath
    roller.store()
    aftermath.outcome = outcome.to_dict()
    aftermath.status, aftermath.rolled_at = Aftermath.Status.ROLLED, timezone.now()
    aftermath.save()
    return aftermath


@transaction.atomic
def aftermath_apply(*, aftermath_id: int) -> Aftermath | None:
    """Apply a rolled aftermath's effects to the rosters, open its decisions. Does nothing if applied."""
    aftermath = Aftermath.objects.select_for_update().filter(pk=aftermath_id).first()
    if aftermath is None or aftermath.rolled_at is None or aftermath.applied_at is not None:
        return aftermath
    if aftermath.status == Aftermath.Status.FAILED:
        return aftermath  # waits for the organiser's fix and retry
    battle = (
        Battle.objects.select_related("campaign__rules_pack", "week")
        .defer("campaign__rules_pack__content")
        .get(pk=aftermath.battle_id)
    )
    warbands = warbands_locked(battle, changing=True)
    outcome = PostBattleOutcome.from_dict(aftermath.outcome)
    writer = writer_for(battle, warbands, aftermath)
    owner_of = {w.id: wb.id for wb in writer.snapshots() for w in wb.warriors}
    writer.apply(outcome.effects)
    report = BattleResult.from_dict(aftermath.report)
    out_of_action = {o.victim for o in report.out_of_action}
    rows = {str(w.pk): w for wb in warbands for w in wb.warriors.all()}
    for warrior in rows.values():
        flag = str(warrior.pk) in out_of_action
        if warrior.kind == Warrior.Kind.HERO and bool(warrior.flags.get("out_of_action_last_battle")) != flag:
            warrior.flags = {**warrior.flags, "out_of_action_last_battle": flag}
            writer.changed(warrior)
    for warrior in injuries_record(battle, outcome, rows):
        writer.changed(warrior)
    for warband in warbands:
        warband.trading_sequence += 1  # a new post-battle sequence: one rare-item search per Hero again
        warband.rating = rating_of(warband)
    writer.flush(warband_fields=["trading_sequence", "rating"])
    opened = decisions_open(aftermath=aftermath, requests=outcome.decisions, battle=battle, warbands=warbands)
    with events_batched():
        aftermath_events_record(battle, outcome, {str(w.pk): w for w in warbands}, owner_of, rows)
    now = timezone.now()
    aftermath.status, aftermath.applied_at = Aftermath.Status.APPLIED, now
    aftermath.resolved_at = None if opened else now
    aftermath.save()
    Battle.objects.filter(pk=battle.pk).update(status=Battle.Status.RESOLVED, resolved_at=now)
    event_record(campaign=battle.campaign, kind="battle_resolved", battle=battle, payload={"result": battle.result})
    return aftermath


#: Failures no retry can cure until someone acts: the row is marked failed, the organiser told, and
#: the sweep leaves it alone (``aftermath_retry`` queues it again once fixed).
LASTING = frozenset({"no_open_week", "rules_pack_missing", "unknown_warband_list", "no_organiser"})


def _tell_organiser(battle: Battle, aftermath: Aftermath) -> None:
    event_record(
        campaign=battle.campaign,
        kind="aftermath_failed",
        battle=battle,
        visibility=CampaignEvent.Visibility.STAFF,
        payload={"reason": aftermath.error, "code": aftermath.failure_code, "attempts": aftermath.attempts},
    )


@transaction.atomic
def aftermath_fail(*, aftermath_id: int, code: str, reason: str) -> Aftermath | None:
    """Mark the aftermath failed for a lasting reason, count the attempt, and tell the organiser (a staff
    timeline entry). The sweep no longer re-queues it."""
    aftermath = Aftermath.objects.select_for_update().filter(pk=aftermath_id).first()
    if aftermath is None or aftermath.applied_at is not None:
        return aftermath
    aftermath.status, aftermath.error, aftermath.failure_code = Aftermath.Status.FAILED, reason, code
    aftermath.attempts, aftermath.failed_at = aftermath.attempts + 1, timezone.now()
    aftermath.save()
    _tell_organiser(Battle.objects.select_related("campaign").get(pk=aftermath.battle_id), aftermath)
    return aftermath


def aftermath_run(*, aftermath_id: int) -> Aftermath | None:
    """Roll (if not yet rolled), then apply (if not yet applied). Safe to run any number of times.

    A lasting failure (no open week to roll from, the pinned pack not served, no organiser to answer a
    choice) marks the row failed with its reason instead of leaving it queued for ever.
    """
    try:
        aftermath_roll(aftermath_id=aftermath_id)
        fault("aftermath_after_roll")
        return aftermath_apply(aftermath_id=aftermath_id)
    except DomainError as exc:
        if exc.code not in LASTING:
            raise
        return aftermath_fail(aftermath_id=aftermath_id, code=exc.code, reason=str(exc))


def aftermath_stuck(*, older_than_seconds: int = 120) -> list[int]:
    """Aftermaths queued or rolled but not applied for a while: their worker died. Failed ones wait for
    the organiser (``aftermath_retry``), so the sweep never re-queues them."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    return list(
        Aftermath.objects.filter(applied_at__isnull=True, created_at__lt=cutoff)
        .exclude(status=Aftermath.Status.FAILED)
        .values_list("pk", flat=True)
    )

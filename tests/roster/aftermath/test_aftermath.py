"""The aftermath job: claimed once, rolls stored before effects, applied once, replayable."""

from typing import Any

import pytest
from django.conf import settings

from referee.engine.rolls import Roll
from referee.engine.systems.mordheim.battle.report import BattleResult
from referee.engine.systems.mordheim.postbattle.sequence import run_post_battle
from referee.models import LedgerEntry
from roster.aftermath.run import aftermath_apply, aftermath_roll, aftermath_run
from roster.aftermath.tasks import aftermath_run_task
from roster.models import Aftermath, Decision, TreasuryEntry, Warband, Warrior
from tests.roster.aftermath.helpers import fight, queued
from tests.support.dice import ReplayRoller
from tests.support.world import World

pytestmark = pytest.mark.django_db


def roster_state(*warbands: Warband) -> list[Any]:
    state: list[Any] = []
    for w in Warband.objects.filter(pk__in=[w.pk for w in warbands]).order_by("pk"):
        state.append((w.treasury, w.shards, w.rating, w.trading_sequence))
        state += list(
            Warrior.objects.filter(warband=w)
            .order_by("pk")
            .values_list("status", "count", "xp", "profile", "flags", "missed_games", "skills")
        )
    return state


def test_confirming_queues_the_job_after_commit(world: World, django_capture_on_commit_callbacks: Any) -> None:
    f = fight(world)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        aftermath = queued(f)
    assert len(callbacks) == 1 and aftermath.status == "queued"
    assert not LedgerEntry.objects.filter(ref=f"aftermath:{f.battle.pk}").exists()
    if settings.CELERY_TASK_ALWAYS_EAGER:  # in-process: committing runs the task (on a broker, a worker does)
        callbacks[0]()
        assert Aftermath.objects.get(pk=aftermath.pk).status == "applied"


def test_running_the_task_twice_changes_nothing_the_second_time(world: World) -> None:
    f = fight(world)
    aftermath = queued(f)
    aftermath_run_task(aftermath.pk)
    rolls = LedgerEntry.objects.count()
    decisions = Decision.objects.filter(aftermath=aftermath).count()
    after_first = roster_state(f.reavers, f.raiders)
    ledger_lines = TreasuryEntry.objects.count()
    assert aftermath_run_task(aftermath.pk) == "applied"
    assert LedgerEntry.objects.count() == rolls > 0
    assert roster_state(f.reavers, f.raiders) == after_first
    assert TreasuryEntry.objects.count() == ledger_lines
    assert Decision.objects.filter(aftermath=aftermath).count() == decisions
    assert decisions >= 1


def test_rolls_are_stored_before_any_effect_and_a_rerun_only_applies(world: World) -> None:
    f = fight(world)
    aftermath = queued(f)
    before = roster_state(f.reavers, f.raiders)
    aftermath_roll(aftermath_id=aftermath.pk)  # ... and the worker dies here
    rolled = Aftermath.objects.get(pk=aftermath.pk)
    entries = list(LedgerEntry.objects.filter(ref=f"aftermath:{f.battle.pk}").values_list("pk", flat=True))
    assert rolled.status == "rolled" and rolled.applied_at is None and entries
    assert roster_state(f.reavers, f.raiders) == before  # nothing applied yet
    aftermath_run(aftermath_id=aftermath.pk)  # the next run completes it without rolling again
    assert list(LedgerEntry.objects.filter(ref=f"aftermath:{f.battle.pk}").values_list("pk", flat=True)) == entries
    assert Aftermath.objects.get(pk=aftermath.pk).status == "applied"
    assert roster_state(f.reavers, f.raiders) != before


def test_every_roll_carries_its_rule_id_and_replays_to_the_same_outcome(world: World) -> None:
    f = fight(world)
    aftermath = queued(f)
    aftermath_roll(aftermath_id=aftermath.pk)
    aftermath.refresh_from_db()
    entries = LedgerEntry.objects.filter(ref=f"aftermath:{f.battle.pk}").order_by("seq")
    assert all(e.rule_id.startswith("MH-") for e in entries)
    replay = ReplayRoller(
        [Roll(e.notation, tuple(e.faces), tuple(e.kept), e.total, e.label, e.rule_id) for e in entries]
    )
    from roster.aftermath.context import warbands_locked, writer_for

    writer = writer_for(f.battle, warbands_locked(f.battle, changing=True), aftermath)
    again = run_post_battle(
        battle=BattleResult.from_dict(aftermath.report),
        warbands=writer.snapshots(),
        tables=writer.pack.tables,
        settings=writer.settings,
        roller=replay,
        prefix=f"b{f.battle.pk}",
    )
    assert again.to_dict()["effects"] == aftermath.outcome["effects"]
    assert [r["faces"] for r in again.to_dict()["rolls"]] == [e.faces for e in entries]


def test_the_winning_leader_and_the_survivors_gain_experience(world: World) -> None:
    f = fight(world)
    aftermath_run(aftermath_id=queued(f).pk)
    captain = Warrior.objects.get(pk=f.captain.pk)
    # survives +1, winning leader +1, one enemy out of action +1 (MH-SCN-XP-01..03)
    assert captain.xp >= f.captain.xp + 3
    assert Warband.objects.get(pk=f.reavers.pk).trading_sequence == 1
    # MH-TRD-04: the Hero taken out of action is marked for the trading that follows
    assert Warrior.objects.get(pk=f.champion.pk).flags.get("out_of_action_last_battle") is True
    assert not Warrior.objects.get(pk=f.captain.pk).flags.get("out_of_action_last_battle")


def test_a_report_that_contradicts_the_rosters_fails_for_good_and_rolls_nothing(world: World) -> None:
    f = fight(world)
    aftermath = queued(f, out_of_action=[{"victim": "999999", "by": None}])
    aftermath_run(aftermath_id=aftermath.pk)
    aftermath.refresh_from_db()
    assert aftermath.status == "failed" and "999999" in aftermath.error
    assert not LedgerEntry.objects.filter(ref=f"aftermath:{f.battle.pk}").exists()
    assert aftermath_apply(aftermath_id=aftermath.pk).status == "failed"  # type: ignore[union-attr]


def test_beat_re_queues_unapplied_aftermaths_every_few_minutes() -> None:
    from django.conf import settings as django_settings

    entry: dict[str, Any] = django_settings.CELERY_BEAT_SCHEDULE["roster-aftermath-sweep"]
    assert entry["task"] == "roster.aftermath_sweep" and float(entry["schedule"]) <= 600

"""Weeks and pre-battle sequences under real concurrency, on PostgreSQL; and the sweep on a real worker."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from campaign.models import CampaignEvent, Week
from campaign.services.campaigns import campaign_finish, campaign_start
from campaign.services.weeks import weeks_sweep
from campaign.tasks import sweep_weeks
from referee.models import LedgerEntry
from roster.battles.prebattle import battle_prebattle_run
from roster.models import Battle
from tests.support.concurrency import run_together
from tests.support.league import make_warband, pair
from tests.support.worker import WorkerProcess
from tests.support.world import World


def overdue(week: Week) -> None:
    Week.objects.filter(pk=week.pk).update(deadline=timezone.now() - timedelta(minutes=1))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_sweeps_at_once_resolve_a_week_once(world: World) -> None:
    week = campaign_start(campaign=world.campaign, actor=world.alice)
    overdue(week)
    results = run_together([weeks_sweep] * 4)
    assert all(isinstance(r, list) for r in results), results
    assert sum(len(r) for r in results) == 1
    assert list(Week.objects.filter(campaign=world.campaign).order_by("number").values_list("number", "status")) == [
        (1, "closed"),
        (2, "open"),
    ]
    assert CampaignEvent.objects.filter(campaign=world.campaign, kind="week_resolved").count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_sweep_and_finishing_the_campaign_at_once_leave_no_open_week(world: World) -> None:
    week = campaign_start(campaign=world.campaign, actor=world.alice)
    overdue(week)
    finish = functools.partial(campaign_finish, campaign=world.campaign, actor=world.alice)
    results = run_together([weeks_sweep, finish])
    assert not any(isinstance(r, Exception) for r in results), results
    assert not Week.objects.filter(campaign=world.campaign).exclude(status="closed").exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_players_starting_the_prebattle_at_once_roll_once(world: World) -> None:
    week = campaign_start(campaign=world.campaign, actor=world.alice)
    bobs = make_warband(world.campaign, world.bob, "Bob's", rating=100, heroes=3)
    carols = make_warband(world.campaign, world.carol, "Carol's", rating=140, heroes=3)
    battle = pair(week, bobs, carols, world.alice)

    def start(user: Any) -> Callable[[], Any]:
        return functools.partial(battle_prebattle_run, battle=battle, actor=user)

    calls = [start(user) for user in (world.bob, world.carol)] * 3
    results = run_together(calls)
    assert all(isinstance(r, Battle) for r in results), results
    stored = Battle.objects.get(pk=battle.pk).prebattle
    assert LedgerEntry.objects.filter(ref=f"battle:{battle.pk}").count() == len(stored["ledger"])
    assert {r.prebattle["ledger"] == stored["ledger"] for r in results} == {True}


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_sweep_resolves_a_week_on_a_real_worker(world: World, celery_worker_process: WorkerProcess) -> None:
    week = campaign_start(campaign=world.campaign, actor=world.alice)
    overdue(week)
    assert sweep_weeks.delay().get(timeout=60) == [week.pk]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if Week.objects.filter(campaign=world.campaign, number=2).exists():
            break
        time.sleep(0.2)
    week.refresh_from_db()
    assert week.status == "closed"
    assert Week.objects.get(campaign=world.campaign, number=2).status == "open"
    assert sweep_weeks.delay().get(timeout=60) == []

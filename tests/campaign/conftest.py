"""Fixtures of the campaign tests: a running campaign, scripted dice, eager Celery."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from campaign.models import Week
from campaign.services.campaigns import campaign_start
from roster.models import Warband
from tests.campaign.helpers import DiceScript, make_warband
from tests.support.world import World


@dataclass
class League:
    world: World
    week: Week
    bobs: Warband
    carols: Warband


@pytest.fixture
def league(world: World) -> League:
    """The world's campaign started (week 1 open), with an approved warband for Bob and one for Carol."""
    week = campaign_start(campaign=world.campaign, actor=world.alice)
    bobs = make_warband(world.campaign, world.bob, "Bob's Reiklanders", rating=120, heroes=2, henchmen=3)
    carols = make_warband(world.campaign, world.carol, "Carol's Skaven", rating=150, heroes=2, henchmen=5)
    return League(world, week, bobs, carols)


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> DiceScript:
    """Scripted faces for every roll made through ``LedgerRoller`` (then a fixed pseudo-random sequence)."""
    script = DiceScript()
    monkeypatch.setattr("referee.services.ledger.SeededRoller", script.factory)
    return script


@pytest.fixture
def eager_celery() -> Iterator[None]:
    """Run queued tasks in-process even when a broker is configured (no worker in this test)."""
    from campaign.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = before

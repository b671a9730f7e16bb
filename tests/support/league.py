"""A running league for the campaign and battle tests: builders, and the ``league``, ``dice`` and
``eager_celery`` fixtures (registered in tests/conftest.py).

Warbands are made straight on the roster models (the roster's own services have
their own tests); the ``dice`` fixture replaces the week stream's seeded generator
with a ``DiceScript`` so a test decides the faces, and every roll still goes through
``LedgerRoller`` into the ledger.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from campaign.models import Campaign, Week
from campaign.services.campaigns import campaign_start
from roster.models import Battle, Warband, Warrior
from tests.support.dice import DiceScript
from tests.support.world import World

HUMAN = {"M": 4, "WS": 4, "BS": 4, "S": 3, "T": 3, "W": 1, "I": 4, "A": 1, "Ld": 8}


def make_warband(
    campaign: Campaign,
    owner: Any,
    name: str,
    *,
    rating: int = 100,
    status: str = Warband.Status.APPROVED,
    heroes: int = 1,
    henchmen: int = 0,
) -> Warband:
    """A warband with a leader (and ``heroes - 1`` more Heroes) and one Henchman group of ``henchmen`` models."""
    warband = Warband.objects.create(
        campaign=campaign, owner=owner, list_slug="reikland", name=name, status=status, rating=rating
    )
    for i in range(heroes):
        hero(warband, f"{name} hero {i + 1}", leader=i == 0)
    if henchmen:
        Warrior.objects.create(
            warband=warband,
            kind="henchman",
            type_slug="warrior",
            name=f"{name} warriors",
            count=henchmen,
            race="human",
            profile=dict(HUMAN),
        )
    return warband


def hero(
    warband: Warband,
    name: str,
    *,
    leader: bool = False,
    flags: dict[str, Any] | None = None,
    missed_games: int = 0,
    status: str = Warrior.Status.ACTIVE,
    initiative: int = 4,
) -> Warrior:
    return Warrior.objects.create(
        warband=warband,
        kind="hero",
        type_slug="champion",
        name=name,
        race="human",
        is_leader=leader,
        profile={**HUMAN, "I": initiative},
        flags=flags or {},
        missed_games=missed_games,
        status=status,
    )


def pair(week: Week, a: Warband, b: Warband | None, actor: Any) -> Battle:
    from roster.battles.pairings import pairings_set

    return pairings_set(week=week, actor=actor, pairs=[(a.pk, b.pk if b else None)])[0]


def ids(rows: Iterable[Any]) -> list[int]:
    return [r.pk for r in rows]


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

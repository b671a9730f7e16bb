"""A week's hidden streams under concurrency, on PostgreSQL: first self rolls at once open one stream,
and a week closing while hidden rolls arrive never leaves a stream unrevealed or a roll on a closed week."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any

import pytest
from django.core.management import call_command

from campaign.lib.errors import Conflict
from campaign.services import week_close
from campaign.services.rolls import roll_ad_hoc
from referee.models import Audience, LedgerEntry, RollStream
from tests.support.concurrency import run_together
from tests.support.world import World, open_week

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def roll(world: World, user: Any, visibility: str) -> LedgerEntry:
    return roll_ad_hoc(user=user, notation="2d6", purpose="adhoc", campaign=world.campaign, visibility=visibility)


def test_first_self_rolls_at_once_open_one_self_stream_with_one_chain(world: World) -> None:
    week = open_week(world.campaign)
    results = run_together([functools.partial(roll, world, world.bob, "self")] * 6)
    assert all(isinstance(r, LedgerEntry) for r in results), results
    (stream,) = RollStream.objects.filter(week=week, audience=Audience.SELF)
    assert list(stream.viewers.all()) == [world.bob]
    entries = list(LedgerEntry.objects.filter(stream=stream).order_by("seq"))
    assert [e.seq for e in entries] == list(range(6))
    assert all(b.prev_hash == a.hash for a, b in itertools.pairwise(entries))


def test_a_week_closing_while_hidden_rolls_arrive_reveals_every_stream_it_has(world: World) -> None:
    week = open_week(world.campaign)
    calls: list[Callable[[], Any]] = [
        functools.partial(roll, world, world.bob, "self"),
        functools.partial(roll, world, world.carol, "self"),
        functools.partial(roll, world, world.bob, "gm"),
        functools.partial(week_close, week=week),
    ]
    results = run_together(calls)
    for result in results:
        assert not isinstance(result, Exception) or (
            isinstance(result, Conflict) and result.code in ("week_not_open", "no_open_week", "stream_revealed")
        ), result
    assert not RollStream.objects.filter(week=week, revealed_at__isnull=True).exists()
    call_command("verify_rolls", "--campaign", str(world.campaign.pk))  # exits 1 (SystemExit) on any problem

"""Rolls under concurrency, on PostgreSQL: one chain, no sequence number twice, no retried roll twice."""

import functools
import itertools
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from campaign.services import week_close
from campaign.services.rolls import roll_ad_hoc
from referee.models import LedgerEntry, RollStream
from tests.support.concurrency import run_together
from tests.support.world import World, open_week

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def roll_once(world: World, user: Any) -> LedgerEntry:
    return roll_ad_hoc(user=user, notation="2d6", purpose="adhoc", campaign=world.campaign)


def test_it_chains_concurrent_rolls_without_gaps_or_duplicates(world: World) -> None:
    week = open_week(world.campaign)
    players = [world.bob, world.carol, world.gina, world.alice] * 4
    results = run_together([functools.partial(roll_once, world, u) for u in players])
    assert all(isinstance(r, LedgerEntry) for r in results), results
    stream = RollStream.objects.get(week=week, audience="public")
    entries = list(LedgerEntry.objects.filter(stream=stream).order_by("seq"))
    assert [e.seq for e in entries] == list(range(len(players)))
    assert all(b.prev_hash == a.hash for a, b in itertools.pairwise(entries))
    assert stream.next_seq == len(players) and stream.head_hash == entries[-1].hash
    week_close(week=week)
    call_command("verify_rolls", "--campaign", str(world.campaign.pk))  # exits 1 (SystemExit) on any problem


def test_it_rolls_once_when_a_phone_sends_the_same_request_twice_at_once(world: World) -> None:
    from knox.models import AuthToken

    _, token = AuthToken.objects.create(user=world.bob)

    def press() -> int:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        response = client.post("/api/v1/rolls/", {"notation": "d20"}, format="json", HTTP_IDEMPOTENCY_KEY="double")
        return int(response.status_code)

    statuses = run_together([press] * 6)
    assert statuses == [201] * 6
    assert LedgerEntry.objects.filter(roller=world.bob).count() == 1

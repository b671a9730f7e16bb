"""A user's own stream is created once, on PostgreSQL with real concurrent requests: two first rolls at
once, or a rotation racing rolls, never raise (no IntegrityError, no 500) and leave one active stream."""

from __future__ import annotations

import functools
from typing import Any

import pytest
from django.core.management import call_command
from knox.models import AuthToken
from rest_framework.test import APIClient

from campaign.services.rolls import roll_ad_hoc
from referee.models import Audience, LedgerEntry, RollStream
from referee.services.streams import user_stream_rotate
from tests.support.concurrency import run_together
from tests.support.world import World

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def roll(user: Any) -> LedgerEntry:
    return roll_ad_hoc(user=user, notation="2d6", purpose="adhoc")


def press(token: str, key: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return int(client.post("/api/v1/rolls/", {"notation": "d20"}, format="json", HTTP_IDEMPOTENCY_KEY=key).status_code)


def test_two_first_rolls_at_once_open_one_stream(world: World) -> None:
    results = run_together([functools.partial(roll, world.bob)] * 6)
    assert all(isinstance(r, LedgerEntry) for r in results), results
    (stream,) = RollStream.objects.filter(user=world.bob)
    assert stream.audience == Audience.USER and stream.next_seq == 6
    assert sorted(r.seq for r in results) == list(range(6))


def test_first_rolls_at_once_through_the_api_never_answer_500(world: World) -> None:
    _, token = AuthToken.objects.create(user=world.carol)
    statuses = run_together([functools.partial(press, token, f"k{i}") for i in range(6)])
    assert statuses == [201] * 6
    assert RollStream.objects.filter(user=world.carol).count() == 1


def test_a_rotation_racing_rolls_never_raises_and_leaves_one_active_stream(world: World) -> None:
    rotate = functools.partial(user_stream_rotate, user=world.bob)
    results = run_together([rotate, functools.partial(roll, world.bob)] * 3)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert RollStream.objects.filter(user=world.bob, revealed_at__isnull=True).count() == 1
    streams = RollStream.objects.filter(user=world.bob)
    assert streams.count() == 4  # the first one, opened once, and one per rotation
    assert sorted(s.key for s in streams) == [f"user:{world.bob.pk}:{n}" for n in range(1, 5)]
    call_command("verify_rolls")  # exits 1 (SystemExit) on any problem: every revealed roll recomputes

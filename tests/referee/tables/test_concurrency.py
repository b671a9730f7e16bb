"""Two phones sending at once on real PostgreSQL: one transaction per command, the session row locked,
so the log stays one unbroken chain and each command applies once, on the state the other left."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any

import pytest

from campaign.lib.errors import DomainError
from referee.engine.chain import entry_hash
from referee.table_models import TableEvent, TableSession
from referee.tables import services as svc
from tests.support.concurrency import run_together
from tests.support.world import World

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def send(session: TableSession, user: Any, kind: str, payload: dict[str, Any]) -> Any:
    try:
        return svc.table_command(session=session, user=user, kind=kind, payload=payload)
    except DomainError as exc:
        return exc


def test_two_phones_sending_at_once_are_applied_one_after_the_other(world: World) -> None:
    session = svc.table_create(creator=world.bob, system_slug="doomtrooper", campaign_id=world.campaign.pk)
    svc.table_join(session=session, user=world.carol)
    svc.table_start(session=session, user=world.bob, first="s1")
    svc.table_command(session=session, user=world.bob, kind="report_draw", payload={"hand_count": 7})
    calls: list[Callable[[], Any]] = [functools.partial(send, session, world.bob, "meditate", {}) for _ in range(3)]
    calls += [functools.partial(send, session, world.carol, "report_library_empty", {}) for _ in range(2)]
    results = run_together(calls)
    errors = [r for r in results if isinstance(r, Exception)]
    assert all(isinstance(e, DomainError) for e in errors), errors
    session.refresh_from_db()
    state = session.snapshot
    assert state is not None
    assert state["counters"]["fate:s1"]["value"] == 8  # three meditations, each applied once
    events = list(TableEvent.objects.filter(session=session).order_by("seq"))
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert all(b.prev_hash == a.hash for a, b in itertools.pairwise(events))
    assert all(entry_hash(e.prev_hash, e.chained_fields()) == e.hash for e in events)
    assert session.seq == len(events) and session.head_hash == events[-1].hash

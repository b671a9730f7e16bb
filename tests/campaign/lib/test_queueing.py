"""Queuing after commit with the broker away (issue 29, item 2): the commit stands, the request goes on, a
warning is logged, and for a few seconds the process does not try the broker again."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator

import pytest
from celery import Celery

from campaign.lib import queueing


@pytest.fixture
def away(monkeypatch: pytest.MonkeyPatch) -> Iterator[Celery]:
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)  # Celery prefers it to the app's own broker
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = Celery("away", broker=f"redis://127.0.0.1:{port}/0", set_as_current=False)
    app.conf.broker_transport_options = {"socket_connect_timeout": 0.5}
    app.conf.task_publish_retry_policy = {"max_retries": 1, "interval_start": 0, "interval_step": 0.1}
    queueing._state["down_until"] = 0.0
    yield app
    queueing._state["down_until"] = 0.0


def test_a_broker_away_is_logged_not_raised_and_then_left_alone(
    away: Celery, caplog: pytest.LogCaptureFixture
) -> None:
    @away.task(name="away.noop", shared=False)
    def noop(n: int) -> int:
        return n

    assert noop.app is away  # this test's app, on the closed port, not the suite's broker
    with caplog.at_level(logging.WARNING, logger="campaign.lib.queueing"):
        assert queueing.queue_now(noop, 1) is False
        assert queueing.queue_now(noop, 2) is False  # paused: not even tried
    messages = [r.getMessage() for r in caplog.records]
    assert "broker unreachable" in messages[0] and "away.noop(1,)" in messages[0]
    assert "broker paused" in messages[1]


def test_an_in_process_task_runs_at_once(away: Celery) -> None:
    seen: list[int] = []

    @away.task(name="away.seen", shared=False)
    def record(n: int) -> None:
        seen.append(n)

    away.conf.task_always_eager = True
    assert queueing.queue_now(record, 7) is True
    assert seen == [7]

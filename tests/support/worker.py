"""A real Celery worker process on the configured broker, against the test database.

Started for each test that asks for it and stopped before that test's database is
emptied: a worker left running between tests would pick up tasks other tests queue
and race the flush. The tests that use it must commit their data
(``django_db(transaction=True)``), because the worker is another process.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


class WorkerProcess:
    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env = env
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        from campaign.celery import app

        app.control.purge()  # stale messages from an earlier run must not reach this database
        logf = self.log.open("ab")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "campaign",
                "worker",
                "--pool",
                "solo",
                "--concurrency",
                "1",
                "--loglevel",
                "INFO",
                "--without-gossip",
                "--without-mingle",
                "--hostname",
                f"test-{os.getpid()}@%h",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=logf,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the Celery worker exited early; see {self.log}")
            replies = app.control.ping(timeout=1.0) or []
            if any(f"test-{os.getpid()}@" in name for reply in replies for name in reply):
                return
        raise RuntimeError(f"the Celery worker did not answer a ping within 60 s; see {self.log}")

    def kill(self) -> None:
        """SIGKILL, as when a machine dies: no clean shutdown, no ack for the running task."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_for(predicate: Callable[[], bool], timeout: float = 60) -> bool:
    """Poll ``predicate`` until it holds or ``timeout`` seconds pass (what a worker does takes a moment)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def worker_env(**extra: str) -> dict[str, str]:
    db = connection.settings_dict
    url = (
        f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    )
    env = dict(os.environ)
    env.update(
        {
            "DATABASE_URL": url,
            "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
            "DEBUG": "0",
            "SECRET_KEY": settings.SECRET_KEY,
            "PYTHONUNBUFFERED": "1",
            "DJANGO_SETTINGS_MODULE": "tests.settings",
        }
    )
    env.update(extra)
    return env


@pytest.fixture
def celery_worker_process(transactional_db: None, tmp_path_factory: Any) -> Iterator[WorkerProcess]:
    env = worker_env()
    worker = WorkerProcess(env, tmp_path_factory.mktemp("worker") / "worker.log")
    worker.start()
    try:
        yield worker
    finally:
        worker.stop()

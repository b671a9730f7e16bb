"""Fault tests (issue 29): real processes of their own, killed mid-flight and brought back.

They carry the ``postgres`` marker (they run in CI's PostgreSQL stage, against the test database, which
their gunicorn and worker share through ``django_db(transaction=True)``), and skip, saying why, when a binary
they need is missing. Every process a test starts is stopped when it ends, pass or fail.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.faults.procs import Procs
from tests.support.worker import worker_env


@pytest.fixture
def procs(transactional_db: None, tmp_path: Path) -> Iterator[Procs]:
    if not shutil.which("redis-server"):
        pytest.skip("needs the redis-server binary (Debian's redis-server) to start a Redis of the test's own")
    env = worker_env(MUSTER_VAR_DIR=str(tmp_path / "var"), LOG_LEVEL="INFO")
    for name in ("CACHE_URL", "CELERY_BROKER_URL", "CHANNEL_LAYER_URL", "MUSTER_FAULT", "MUSTER_FAULT_SLOW"):
        env.pop(name, None)
    running = Procs(tmp=tmp_path, env=env)
    try:
        yield running
    finally:
        running.stop_all()

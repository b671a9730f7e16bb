"""Muster under gunicorn on loopback, against its own PostgreSQL database, for the HTTP benchmarks.

``served()`` creates ``<DATABASE_URL's name>_bench_http`` (dropped first if a previous run left it),
migrates and seeds it (``tests.bench.http_seed``), starts gunicorn with 2 sync workers on 127.0.0.1
and a free port, waits for /healthz, and on exit stops gunicorn and drops the database. Tasks run
in-process (no broker); the cache is CACHE_URL's Redis when set, else each worker's local memory.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


@dataclass(frozen=True)
class Served:
    base: str
    seed: dict[str, Any]


def postgres_url() -> str | None:
    url = os.environ.get("DATABASE_URL", "")
    return url if url.split("://", 1)[0] in ("postgres", "postgresql", "pgsql") else None


def _admin(url: str, sql: str) -> None:
    import psycopg

    parts = urlsplit(url)
    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as conn:
        conn.execute(sql)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def served(*, tables: int = 8, phones: int = 16, workers: int = 2) -> Iterator[Served]:
    url = postgres_url()
    assert url is not None, "needs DATABASE_URL=postgres://..."
    parts = urlsplit(url)
    name = (parts.path.lstrip("/") or "muster") + "_bench_http"
    bench_url = urlunsplit(parts._replace(path="/" + name))
    _admin(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    _admin(url, f'CREATE DATABASE "{name}"')
    var = tempfile.mkdtemp(prefix="muster-bench-")
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("CELERY_BROKER_URL", "DJANGO_SETTINGS_MODULE")},
        "DJANGO_SETTINGS_MODULE": "campaign.settings",
        "DATABASE_URL": bench_url,
        "SECRET_KEY": "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "DEBUG": "0",
        "SECURE_SSL_REDIRECT": "0",  # plain HTTP on 127.0.0.1
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "MUSTER_VAR_DIR": var,
        "THROTTLE_USER": "10000000/minute",
        "THROTTLE_ANON": "10000000/minute",
        "THROTTLE_LOGIN": "10000000/minute",
        "LOG_LEVEL": "WARNING",
    }
    server: subprocess.Popen[bytes] | None = None
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
        out = subprocess.run(
            [sys.executable, "-m", "tests.bench.http_seed", str(tables), str(phones)],
            cwd=ROOT, env=env, check=True, capture_output=True, text=True,
        ).stdout
        seed = json.loads(out.strip().splitlines()[-1])
        port = _free_port()
        server = subprocess.Popen(
            [str(BIN / "gunicorn"), "campaign.wsgi:application", "-w", str(workers), "-b", f"127.0.0.1:{port}",
             "--log-level", "warning"],
            cwd=ROOT, env=env,
        )
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2) as r:  # noqa: S310  (http on loopback)
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("gunicorn did not become healthy within 60 s")
            time.sleep(0.3)
        yield Served(base=base, seed=seed)
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        _admin(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

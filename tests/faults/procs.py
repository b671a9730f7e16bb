"""The processes a fault test starts, kills and starts again: its own Redis, PostgreSQL cluster, gunicorn,
Celery worker (with beat) and daphne, each on a free loopback port, each stopped at the end of the test
whatever happened (``Procs.stop_all``, called by the ``procs`` fixture's finaliser)."""

from __future__ import annotations

import contextlib
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(predicate: Callable[[], bool], timeout: float = 60, what: str = "it") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    raise AssertionError(f"{what} did not happen within {timeout:.0f} s")


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.3)
        return s.connect_ex(("127.0.0.1", port)) == 0


@dataclass
class Http:
    """What a phone or a browser gets: status, headers, body (JSON when it is), and how long it took."""

    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float

    def json(self) -> Any:
        return json.loads(self.body)


def http(
    method: str, url: str, *, data: Any = None, headers: dict[str, str] | None = None, timeout: float = 20
) -> Http:
    body = None if data is None else json.dumps(data).encode()
    request = urllib.request.Request(url, data=body, method=method)  # noqa: S310 (http on loopback)
    request.add_header("Content-Type", "application/json")
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310
            return Http(response.status, dict(response.headers), response.read(), time.monotonic() - started)
    except urllib.error.HTTPError as error:
        return Http(error.code, dict(error.headers), error.read(), time.monotonic() - started)


@dataclass
class Proc:
    name: str
    argv: list[str]
    env: dict[str, str]
    log: Path
    popen: subprocess.Popen[bytes] | None = None
    user: str | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.popen = subprocess.Popen(self.argv, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT)

    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def kill(self) -> None:
        """SIGKILL, as a machine dying: no clean shutdown."""
        if self.alive():
            assert self.popen is not None
            self.popen.send_signal(signal.SIGKILL)
            self.popen.wait(timeout=30)

    def stop(self) -> None:
        if self.alive():
            assert self.popen is not None
            self.popen.terminate()
            try:
                self.popen.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


@dataclass
class Procs:
    """Every process a test started, by name; ``stop_all`` ends them (and any PostgreSQL cluster)."""

    tmp: Path
    env: dict[str, str]
    procs: dict[str, Proc] = field(default_factory=dict)
    clusters: list[Cluster] = field(default_factory=list)

    def start(self, name: str, argv: list[str], *, env: dict[str, str] | None = None) -> Proc:
        proc = self.procs.get(name) or Proc(name, argv, {**self.env, **(env or {})}, self.tmp / f"{name}.log")
        self.procs[name] = proc
        proc.start()
        return proc

    def logs(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.log.read_text(errors='replace')[-3000:]}" for p in self.procs.values())

    def stop_all(self) -> None:
        for proc in reversed(list(self.procs.values())):
            proc.stop()
        for cluster in self.clusters:
            cluster.destroy()

    # -- the services --------------------------------------------------------------------------

    def redis(self, port: int | None = None) -> int:
        port = port or free_port()
        argv = [shutil.which("redis-server") or "redis-server", "--port", str(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", str(self.tmp)]
        self.start("redis", argv)
        wait_until(lambda: port_open(port), 20, "redis-server listening")
        return port

    def gunicorn(self, port: int | None = None) -> str:
        port = port or free_port()
        argv = [str(BIN / "gunicorn"), "campaign.wsgi:application", "-w", "2", "-b", f"127.0.0.1:{port}",
                "--timeout", "60", "--log-level", "warning"]
        self.start("gunicorn", argv)
        base = f"http://127.0.0.1:{port}"
        wait_until(lambda: _answers(base + "/healthz"), 90, "gunicorn answering /healthz")
        return base

    def worker(self, *, beat: bool = False, env: dict[str, str] | None = None, name: str = "worker") -> Proc:
        argv = [sys.executable, "-m", "celery", "-A", "campaign", "worker", "--pool", "solo", "--loglevel", "INFO",
                "--without-gossip", "--without-mingle", "--hostname", f"{name}-{os.getpid()}@%h"]
        if beat:  # beat inside the worker, its schedule in a file of this test (not the database's)
            argv += ["-B", "--scheduler", "celery.beat:PersistentScheduler", "-s", str(self.tmp / "beat-schedule")]
        proc = self.start(name, argv, env=env)
        log = proc.log
        wait_until(lambda: "ready." in log.read_text(errors="replace") or not proc.alive(), 90, "the worker ready")
        assert proc.alive(), self.logs()
        return proc


def _answers(url: str) -> bool:
    try:
        return http("GET", url, timeout=2).status in (200, 503)
    except OSError:
        return False


def pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def postgres_problem() -> str | None:
    """Why a throwaway PostgreSQL cluster cannot be made here, or None."""
    if pg_bin() is None:
        return "needs PostgreSQL's server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin"
    if os.geteuid() == 0 and not shutil.which("runuser"):
        return "running as root, PostgreSQL refuses to start as root, and runuser is missing to run it as postgres"
    if os.geteuid() == 0:
        try:
            import pwd

            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root, PostgreSQL refuses to start as root, and there is no postgres user"
    return None


class Cluster:
    """A throwaway PostgreSQL cluster in a temporary directory, on a free port (as ``postgres`` when root)."""

    def __init__(self) -> None:
        bindir = pg_bin()
        assert bindir is not None
        self.bin = bindir
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="muster-pg-"))
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.dir, "postgres")
        self._run("initdb", "-D", str(self.dir / "data"), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")

    def _run(self, tool: str, *args: str) -> None:
        argv = [str(self.bin / tool), *args]
        if self.as_root:
            argv = ["runuser", "-u", "postgres", "--", *argv]
        subprocess.run(argv, check=True, capture_output=True, timeout=120)

    def url(self, name: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def start(self) -> None:
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-l", str(self.dir / "log"), "-o", options, "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        """``fast`` ends every session (what a restart does to the connections); ``immediate`` is a crash."""
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", mode, "-w", "stop")

    def running(self) -> bool:
        return (self.dir / "data" / "postmaster.pid").exists()

    def destroy(self) -> None:
        with contextlib.suppress(Exception):
            if self.running():
                self.stop("immediate")
        shutil.rmtree(self.dir, ignore_errors=True)


def dump_and_restore(source_url: str, target_url: str, dump: Path) -> None:
    """The backup of docs/deploy.md: ``pg_dump -Fc``, then ``pg_restore --no-owner`` into an empty database."""
    pg_dump = shutil.which("pg_dump") or str((pg_bin() or Path("/usr/bin")) / "pg_dump")
    pg_restore = shutil.which("pg_restore") or str((pg_bin() or Path("/usr/bin")) / "pg_restore")
    subprocess.run([pg_dump, "-Fc", "--no-owner", "-f", str(dump), "-d", source_url], check=True, timeout=300)
    subprocess.run([pg_restore, "--no-owner", "--exit-on-error", "-d", target_url, str(dump)], check=True, timeout=300)


def create_database(server_url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(server_url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def drop_database(server_url: str, name: str) -> None:
    import psycopg

    with contextlib.suppress(Exception), psycopg.connect(
        server_url.rsplit("/", 1)[0] + "/postgres", autocommit=True
    ) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )

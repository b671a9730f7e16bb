"""Suite-wide hooks: service gates, plus the fixtures in tests/support/.

Tests that need PostgreSQL, a broker or a real worker are marked (``postgres``,
``broker``, ``worker``). They run when DATABASE_URL / CELERY_BROKER_URL point
at servers, skip with a reason otherwise, and fail instead of skipping when
MUSTER_REQUIRE_SERVICES=1 (CI), so a missing server can never pass silently.
"""

from __future__ import annotations

import contextlib
import os

import pytest

from tests.support.browser import browser, page  # noqa: F401  (the one browser of a run, for tests/e2e and tests/faults)
from tests.support.services import broker_problem, postgres_problem

REQUIRE_SERVICES = os.environ.get("MUSTER_REQUIRE_SERVICES") == "1"
_PROBLEM = pytest.StashKey[str]()

pytest_plugins = ["tests.support.world", "tests.support.worker", "tests.support.league"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    cache: dict[str, str | None] = {}

    def problem_of(kind: str) -> str | None:
        if kind not in cache:
            cache[kind] = postgres_problem() if kind == "postgres" else broker_problem()
        return cache[kind]

    for item in items:
        names = {m.name for m in item.iter_markers()}
        problem = None
        if names & {"postgres", "worker"}:
            problem = problem_of("postgres")
        if problem is None and names & {"broker", "worker"}:
            problem = problem_of("broker")
        if problem is None:
            continue
        if REQUIRE_SERVICES:
            item.stash[_PROBLEM] = problem
        else:
            item.add_marker(pytest.mark.skip(reason=problem))


def pytest_runtest_setup(item: pytest.Item) -> None:
    problem = item.stash.get(_PROBLEM, None)
    if problem is not None:
        pytest.fail(f"MUSTER_REQUIRE_SERVICES=1 but {problem}", pytrace=False)


@pytest.fixture(autouse=True)
def _no_roster_copies_across_tests() -> None:
    """Each test starts with no cached rosters: a rolled-back test reuses ids (SQLite) and a frozen clock
    reuses times, so a copy another test left could carry the same key."""
    from roster.documents import cache as documents

    documents._RECENT.clear()
    if not os.environ.get("CACHE_URL"):  # local memory: this process's alone (never a shared Redis's)
        from django.core.cache import cache

        cache.clear()


def pytest_unconfigure(config: pytest.Config) -> None:
    """The SQLite test database's write-ahead log and its index: pytest-django removes the database file (in
    /dev/shm, tests/settings.py) at the end of the run, not these two beside it."""
    from django.conf import settings

    if not settings.configured or not settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        return
    name = str(settings.DATABASES["default"].get("TEST", {}).get("NAME") or "")
    if name and not os.path.exists(name):  # the run is over with the database: its side files go too
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.remove(name + suffix)

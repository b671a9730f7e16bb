"""Benchmarks that need Django: set it up on a throwaway test database, like the test suite does.

Uses DATABASE_URL (PostgreSQL for figures that mean anything; SQLite is refused
where a benchmark says it needs PostgreSQL) and creates ``test_<name>`` for the
run, destroying it afterwards.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


def setup(*, need_postgres: bool) -> bool:
    """Configure Django; False (with a note printed) when PostgreSQL is needed and not configured."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    import logging

    from django.conf import settings

    logging.getLogger("celery").setLevel(logging.WARNING)  # tasks run in-process: no line per task
    if need_postgres and not settings.DATABASES["default"]["ENGINE"].endswith("postgresql"):
        print("skipped: needs PostgreSQL; run with DATABASE_URL=postgres://postgres@127.0.0.1:5432/muster")
        return False
    if need_postgres:
        from django.db import OperationalError, connection

        try:  # the server, not the named database: the benchmark makes its own test_ copy
            with connection._nodb_cursor():
                pass
        except OperationalError as exc:
            print(f"skipped: PostgreSQL at {settings.DATABASES['default'].get('HOST')} does not answer ({exc})")
            return False
    return True


@contextmanager
def test_database() -> Iterator[None]:
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


def median_seconds(fn: Callable[[], Any], *, repeat: int, warmup: int = 3) -> float:
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def fail(message: str) -> None:
    print(message, file=sys.stderr)
    raise SystemExit(1)

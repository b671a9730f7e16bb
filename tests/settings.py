"""The test override of campaign.settings: same environment-driven settings, test conveniences on top."""

import os

# Tests run with DEBUG off (as Django's test runner does); the key is only for signing test sessions.
os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production-0123456789")
# The test client and the browser tests' live server speak plain HTTP: no redirect to HTTPS (HSTS stays on).
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")

from campaign.settings import *  # noqa: F403
from campaign.settings import REST_FRAMEWORK

if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    # The browser tests' live server answers several phones at once, each request in a thread of its own.
    # Django's default in-memory test database cannot be opened twice, so those threads would share the
    # test's one connection, and two requests at once break each other's transactions ("cannot release
    # savepoint - SQL statements in progress"). A file, as `make run` serves from, gives each thread its own
    # connection and SQLite's own locking (WAL, IMMEDIATE transactions, the busy timeout of the settings);
    # in memory-backed /dev/shm where there is one, and one per test process, so two runs never meet.
    _shm = "/dev/shm"  # noqa: S108 (a test database, named per process: nothing secret, nothing shared)
    _test_dir = _shm if os.path.isdir(_shm) and os.access(_shm, os.W_OK) else str(VAR_DIR)  # noqa: F405
    DATABASES["default"]["TEST"] = {"NAME": os.path.join(_test_dir, f"muster-test-{os.getpid()}.sqlite3")}  # noqa: F405

# Hashing passwords slowly is a production virtue and a test-suite cost.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Throttling is tested where it matters by overriding these; elsewhere it must not interfere.
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {"anon": "100000/minute", "user": "100000/minute", "login": "100000/minute"},
}

# Test weeks have a handful of entries: groups of two make them resolve in several transactions, so a kill
# between groups, a pause mid-group and a resume are exercised (benchmarks set the production size).
WEEKLY_RESOLUTION_BATCH = int(os.environ.get("WEEKLY_RESOLUTION_BATCH", "2"))

"""The test override of campaign.settings: same environment-driven settings, test conveniences on top."""

import os

# Tests run with DEBUG off (as Django's test runner does); the key is only for signing test sessions.
os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production-0123456789")

from campaign.settings import *  # noqa: F403
from campaign.settings import REST_FRAMEWORK

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

"""DRF throttles whose counters live in the cache every worker shares (``CACHES["throttle"]``).

DRF's own throttles count in the default cache; when that is local memory, each gunicorn worker
keeps its own counter and a limit of 20 a minute becomes 20 per worker. The "throttle" alias is
Redis when ``CACHE_URL`` is set and the database otherwise (``campaign.envconf.throttle_cache``).
Who a client is comes from DRF's ``get_ident``, which trusts ``NUM_PROXIES`` X-Forwarded-For
entries and, by default, none.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import caches
from django.utils.connection import ConnectionProxy
from rest_framework import throttling

THROTTLE_CACHE = "throttle"

# Resolved on every use, like ``django.core.cache.cache``: each thread gets its own connection,
# and a test that overrides CACHES sees the new backend.
shared_cache: Any = ConnectionProxy(caches, THROTTLE_CACHE)


class AnonRateThrottle(throttling.AnonRateThrottle):
    cache = shared_cache


class UserRateThrottle(throttling.UserRateThrottle):
    cache = shared_cache


class ScopedRateThrottle(throttling.ScopedRateThrottle):
    cache = shared_cache

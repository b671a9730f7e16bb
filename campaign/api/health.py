"""``/healthz``: which parts answer (docs/deploy.md, "Health and faults").

Each part is ``ok``, ``degraded`` or ``not configured``, and nothing more: the error text of a database or a
broker (host, port, role) goes to the server log, never to the caller. The status code is for the load
balancer: 503 only when the database, which holds every fact, does not answer; the cache and the broker away
leave every request answered (from the database; tasks recorded and queued once the broker is back), so
that is a 200 that says ``degraded``. Each check is bounded to about a second.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.http import HttpRequest, JsonResponse

from campaign.lib.cache import OptionalRedisCache

log = logging.getLogger(__name__)

OK, DEGRADED, NOT_CONFIGURED = "ok", "degraded", "not configured"


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        log.warning("healthz: database: %s: %s", exc.__class__.__name__, exc)
        return DEGRADED
    return OK


def _cache() -> str:
    redis = [backend for alias in settings.CACHES if isinstance(backend := caches[alias], OptionalRedisCache)]
    if not redis:
        return NOT_CONFIGURED  # each process's own memory: nothing to be away
    return OK if all(backend.ping() for backend in redis) else DEGRADED


def _broker() -> str:
    if not settings.BROKER_CONFIGURED:
        return NOT_CONFIGURED
    from kombu import Connection

    try:
        options = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {})
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=0.5, transport_options=options) as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=1)
    except Exception as exc:
        log.warning("healthz: broker: %s: %s", exc.__class__.__name__, exc)
        return DEGRADED
    return OK


def healthz(request: HttpRequest) -> JsonResponse:
    """200 ``ok`` or ``degraded`` (cache or broker away), 503 ``unavailable`` when the database is."""
    checks = {"database": _database(), "cache": _cache(), "broker": _broker()}
    degraded = [part for part, state in checks.items() if state == DEGRADED]
    if checks["database"] != OK:
        response = JsonResponse({"status": "unavailable", "degraded": degraded, "checks": checks}, status=503)
        response["Retry-After"] = "5"
        return response
    return JsonResponse({"status": "degraded" if degraded else "ok", "degraded": degraded, "checks": checks})

"""``/healthz``: is the database up, and the broker if one is configured."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse


def _database_ok() -> str | None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        return f"database: {exc.__class__.__name__}: {exc}"
    return None


def _broker_ok() -> str | None:
    if not settings.BROKER_CONFIGURED:
        return None
    from kombu import Connection

    try:
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=2) as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:
        return f"broker: {exc.__class__.__name__}: {exc}"
    return None


def healthz(request: HttpRequest) -> JsonResponse:
    """200 when every configured dependency answers; 503 naming the ones that did not."""
    failures = [f for f in (_database_ok(), _broker_ok()) if f]
    checks = {"database": "ok", "broker": "ok" if settings.BROKER_CONFIGURED else "not configured"}
    for failure in failures:
        checks[failure.split(":", 1)[0]] = failure.split(":", 1)[1].strip()
    if failures:
        return JsonResponse(
            {"status": "unavailable", "failed": [f.split(":", 1)[0] for f in failures], "checks": checks},
            status=503,
        )
    return JsonResponse({"status": "ok", "checks": checks})

"""Is PostgreSQL / the broker there? Each returns None when usable, else why not."""

from __future__ import annotations

from django.conf import settings


def postgres_problem() -> str | None:
    engine = settings.DATABASES["default"]["ENGINE"]
    if not engine.endswith("postgresql"):
        return "needs PostgreSQL: set DATABASE_URL=postgres://postgres@127.0.0.1:5432/muster"
    return None


def broker_problem() -> str | None:
    if not settings.BROKER_CONFIGURED:
        return "needs a broker: set CELERY_BROKER_URL=redis://127.0.0.1:6379/0"
    from kombu import Connection

    try:
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=2) as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:
        return f"the broker at {settings.CELERY_BROKER_URL} does not answer ({exc.__class__.__name__})"
    return None

"""Typed readers for settings that come from the environment.

Every helper either returns a value of the right type or raises
``ImproperlyConfigured`` naming the variable and what it accepts: a typo in
production must stop start-up, not silently fall back to a default.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import environ
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def _raw(name: str, environ_: Mapping[str, str] | None) -> str | None:
    source = os.environ if environ_ is None else environ_
    return source.get(name)


def env_str(name: str, default: str | None = None, *, environ_: Mapping[str, str] | None = None) -> str | None:
    value = _raw(name, environ_)
    return default if value is None else value


def env_bool(name: str, default: bool, *, environ_: Mapping[str, str] | None = None) -> bool:
    value = _raw(name, environ_)
    if value is None:
        return default
    lowered = value.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={value!r} is not a boolean; use one of 1/0, true/false, yes/no, on/off.")


def env_int(name: str, default: int, *, minimum: int | None = None, environ_: Mapping[str, str] | None = None) -> int:
    value = _raw(name, environ_)
    if value is None:
        return default
    try:
        number = int(value.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not a whole number.") from None
    if minimum is not None and number < minimum:
        raise ImproperlyConfigured(f"{name}={number} is below the minimum of {minimum}.")
    return number


def env_list(name: str, default: list[str], *, environ_: Mapping[str, str] | None = None) -> list[str]:
    value = _raw(name, environ_)
    if value is None:
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]


def env_time_zone(name: str, default: str, *, environ_: Mapping[str, str] | None = None) -> str:
    value = _raw(name, environ_) or default
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        raise ImproperlyConfigured(f"{name}={value!r} is not an IANA time zone such as Europe/Prague.") from None
    return value


_DB_SCHEMES = {"sqlite", "postgres", "postgresql", "pgsql"}


def env_database(name: str, default_sqlite: Path, *, environ_: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``DATABASE_URL`` as a Django DATABASES entry; a SQLite file when unset."""
    value = _raw(name, environ_)
    if not value:
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": str(default_sqlite)}
    scheme = value.split("://", 1)[0].lower() if "://" in value else ""
    if scheme not in _DB_SCHEMES:
        raise ImproperlyConfigured(
            f"{name} must be a postgres://user@host:port/name or sqlite:////path URL (got scheme {scheme!r})."
        )
    config: dict[str, Any] = dict(environ.Env.db_url_config(value))
    if not config.get("NAME"):
        raise ImproperlyConfigured(f"{name} names no database.")
    return config


_CACHE_SCHEMES = {"redis", "rediss", "locmem", "dummy"}


def env_cache(name: str, *, environ_: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``CACHE_URL`` as a Django CACHES entry: Redis when given, local memory when unset."""
    value = _raw(name, environ_)
    if not value:
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "muster"}
    scheme = value.split("://", 1)[0].lower() if "://" in value else ""
    if scheme not in _CACHE_SCHEMES:
        raise ImproperlyConfigured(f"{name} must be a redis://host:port/db URL (got scheme {scheme!r}).")
    if scheme in {"redis", "rediss"}:
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": value}
    return dict(environ.Env.cache_url_config(value))


def env_channel_layer(name: str, *, environ_: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``CHANNEL_LAYER_URL`` as a Channels layer: Redis when given, in-memory (one process) when unset."""
    value = _raw(name, environ_)
    if not value:
        return {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    scheme = value.split("://", 1)[0].lower() if "://" in value else ""
    if scheme not in {"redis", "rediss"}:
        raise ImproperlyConfigured(f"{name} must be a redis://host:port/db URL (got scheme {scheme!r}).")
    return {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": {"hosts": [value]}}


THROTTLE_CACHE_TABLE = "muster_throttle_cache"  # created by campaign/lib/migrations/0002_throttle_cache_table.py


def throttle_cache(default: Mapping[str, Any]) -> dict[str, Any]:
    """The CACHES entry throttle counters live in: one every worker process shares.

    The Redis of ``CACHE_URL`` when there is one (under its own key prefix); otherwise the
    database, since a local-memory cache gives each gunicorn worker a counter of its own.
    """
    if default.get("BACKEND") == "django.core.cache.backends.redis.RedisCache":
        return {**default, "KEY_PREFIX": "throttle"}
    # Culling evicts entries to stay under MAX_ENTRIES, and an evicted entry is a reset counter:
    # keep the ceiling far above the number of clients seen in one throttle window.
    return {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": THROTTLE_CACHE_TABLE,
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    }


def env_proxy_count(name: str, default: int = 0, *, environ_: Mapping[str, str] | None = None) -> int:
    """How many reverse proxies in front of us append to X-Forwarded-For (DRF's ``NUM_PROXIES``).

    0 trusts no X-Forwarded-For at all: throttles then count the peer's address, which a client
    cannot forge. Behind one nginx that appends the peer, 1.
    """
    value = _raw(name, environ_)
    if value is None:
        return default
    try:
        number = int(value.strip())
    except ValueError:
        number = -1
    if number < 0:
        raise ImproperlyConfigured(
            f"{name}={value!r} must be the number of reverse proxies in front of Muster that append to "
            "X-Forwarded-For: 0 when clients connect directly, 1 behind one proxy."
        )
    return number


_BROKER_SCHEMES = {"redis", "rediss", "amqp", "amqps", "memory"}


def env_broker(name: str, *, environ_: Mapping[str, str] | None = None) -> str | None:
    """``CELERY_BROKER_URL``, checked; ``None`` when unset (tasks then run in-process)."""
    value = _raw(name, environ_)
    if not value:
        return None
    scheme = value.split("://", 1)[0].lower() if "://" in value else ""
    if scheme not in _BROKER_SCHEMES:
        raise ImproperlyConfigured(f"{name} must be a redis:// or amqp:// URL (got scheme {scheme!r}).")
    return value


def secret_key(*, configured: str | None, debug: bool, keep_in: Path) -> str:
    """The configured key; on a debug (laptop) setup one generated once and kept under ``var/``."""
    if configured:
        if len(configured) < 32:
            raise ImproperlyConfigured("SECRET_KEY must be at least 32 characters long.")
        return configured
    if not debug:
        raise ImproperlyConfigured("SECRET_KEY is required when DEBUG is off; set it to a long random string.")
    path = keep_in / "secret_key"
    if path.exists():
        return path.read_text().strip()
    keep_in.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    path.write_text(key)
    path.chmod(0o600)
    return key


REDIS_CACHE = "django.core.cache.backends.redis.RedisCache"
OPTIONAL_REDIS_CACHE = "campaign.lib.cache.OptionalRedisCache"
THROTTLE_FALLBACK = "throttle_db"


def resilient_caches(entries: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """The CACHES with every Redis entry made optional (``campaign.lib.cache.OptionalRedisCache``).

    Unreachable, the default cache is a miss (everything is built from the database) and the throttle
    counters move to the database's cache table (a ``throttle_db`` entry, added here), so limits still hold
    while Redis is away.
    """
    out = {alias: dict(entry) for alias, entry in entries.items()}
    for alias, entry in out.items():
        if entry.get("BACKEND") in (REDIS_CACHE, OPTIONAL_REDIS_CACHE):
            entry["BACKEND"] = OPTIONAL_REDIS_CACHE
            entry["OPTIONS"] = dict(entry.get("OPTIONS") or {})
            if alias == "throttle":
                entry["OPTIONS"].setdefault("FALLBACK", THROTTLE_FALLBACK)
    if out.get("throttle", {}).get("OPTIONS", {}).get("FALLBACK") == THROTTLE_FALLBACK:
        out[THROTTLE_FALLBACK] = throttle_cache({})
    return out

def env_proxy_ssl_header(name: str, *, environ_: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """Django's ``SECURE_PROXY_SSL_HEADER`` from ``HEADER=value`` (``HTTP_X_FORWARDED_PROTO=https``): the header
    the TLS-terminating proxy sets, as ``request.META`` names it, and the value meaning HTTPS. Unset or empty:
    None (no proxy is trusted to say a request was secure)."""
    value = (_raw(name, environ_) or "").strip()
    if not value:
        return None
    header, _, expected = value.partition("=")
    header, expected = header.strip(), expected.strip()
    if not header.startswith("HTTP_") or not expected or not header.replace("_", "").isalnum():
        raise ImproperlyConfigured(
            f"{name}={value!r} must be HEADER=value as Django's request.META names the header, "
            "e.g. HTTP_X_FORWARDED_PROTO=https for a proxy that sets X-Forwarded-Proto: https."
        )
    return header.upper(), expected

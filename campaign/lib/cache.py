"""A Redis cache that is an optimisation, never a dependency (issue 29; docs/deploy.md, "Faults").

Every CACHES entry on Redis uses :class:`OptionalRedisCache` (``campaign.envconf.resilient_caches``). When
Redis does not answer within a fraction of a second, a call answers as a cache that holds nothing would
(``get`` the default, ``set`` does nothing), or is handed to the entry's ``FALLBACK`` cache (the throttle
counters go to the database's cache table), and a warning is logged. For the next ``RETRY_AFTER`` seconds
this process does not try Redis again: a request during an outage pays no connect timeout at all, and the
log gets one warning per outage and pause, not one per call. Only "cannot reach it" errors are swallowed;
a Redis that answers with an error still raises.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry

log = logging.getLogger(__name__)

T = TypeVar("T")

#: The socket timeouts (seconds) when the entry's OPTIONS name none: loopback or a LAN answers in a millisecond.
CONNECT_TIMEOUT = 0.25
SOCKET_TIMEOUT = 0.5
#: Seconds this process leaves Redis alone after it failed to answer.
RETRY_AFTER = 5.0
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)

# Per process and per server (caches are per thread, the outage is not): when to try each server again.
_down_until: dict[str, float] = {}
_lock = threading.Lock()


def _mark_down(server: str, pause: float, exc: BaseException) -> None:
    with _lock:
        already = _down_until.get(server, 0.0) > time.monotonic()
        _down_until[server] = time.monotonic() + pause
    if not already:
        log.warning("cache %s unreachable (%s); answering without it for %.0f s", server, exc.__class__.__name__, pause)


class OptionalRedisCache(RedisCache):
    """Django's Redis cache with short socket timeouts; unreachable, it is a miss (or its FALLBACK)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = dict(params.get("OPTIONS") or {})
        self._fallback_alias: str | None = options.pop("FALLBACK", None)
        self._pause = float(options.pop("RETRY_AFTER", RETRY_AFTER))
        options.setdefault("socket_connect_timeout", CONNECT_TIMEOUT)
        options.setdefault("socket_timeout", SOCKET_TIMEOUT)
        options.setdefault("retry_on_timeout", False)
        options.setdefault("retry", Retry(NoBackoff(), 0))  # one attempt: the pause, not a retry loop, spares Redis
        super().__init__(server, {**params, "OPTIONS": options})
        self._server_key = server if isinstance(server, str) else ",".join(server)

    # -- the circuit ------------------------------------------------------------------------------

    def available(self) -> bool:
        """Whether this process tries Redis now (False during the pause after a failure)."""
        return _down_until.get(self._server_key, 0.0) <= time.monotonic()

    def ping(self) -> bool:
        """Ask Redis now, whatever the pause says (``/healthz``); a failure starts a pause, an answer ends it."""
        try:
            self._cache.get_client(write=False).ping()  # type: ignore[attr-defined]  # RedisCache's client (no stubs)
        except UNREACHABLE as exc:
            _mark_down(self._server_key, self._pause, exc)
            return False
        with _lock:
            _down_until.pop(self._server_key, None)
        return True

    def _fallback(self) -> Any:
        return caches[self._fallback_alias] if self._fallback_alias else None

    def _try(self, call: Callable[[], T], fallback: Callable[[Any], T], missing: T) -> T:
        if self.available():
            try:
                return call()
            except UNREACHABLE as exc:
                _mark_down(self._server_key, self._pause, exc)
        other = self._fallback()
        return fallback(other) if other is not None else missing

    # -- the cache API ----------------------------------------------------------------------------

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return self._try(
            lambda: super(OptionalRedisCache, self).add(key, value, timeout, version),
            lambda other: bool(other.add(key, value, timeout, version)),
            False,
        )

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        return self._try(
            lambda: super(OptionalRedisCache, self).get(key, default, version),
            lambda other: other.get(key, default, version),
            default,
        )

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> None:
        self._try(
            lambda: super(OptionalRedisCache, self).set(key, value, timeout, version),
            lambda other: other.set(key, value, timeout, version),
            None,
        )

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return self._try(
            lambda: super(OptionalRedisCache, self).touch(key, timeout, version),
            lambda other: bool(other.touch(key, timeout, version)),
            False,
        )

    def delete(self, key: Any, version: int | None = None) -> bool:
        return self._try(
            lambda: super(OptionalRedisCache, self).delete(key, version),
            lambda other: bool(other.delete(key, version)),
            False,
        )

    def get_many(self, keys: Iterable[Any], version: int | None = None) -> dict[Any, Any]:
        keys = list(keys)
        return self._try(
            lambda: super(OptionalRedisCache, self).get_many(keys, version),
            lambda other: dict(other.get_many(keys, version)),
            {},
        )

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return self._try(
            lambda: super(OptionalRedisCache, self).has_key(key, version),
            lambda other: bool(other.has_key(key, version)),
            False,
        )

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        if self.available():
            try:
                return int(super().incr(key, delta, version))
            except UNREACHABLE as exc:
                _mark_down(self._server_key, self._pause, exc)
        other = self._fallback()
        if other is None:
            raise ValueError(f"Key '{key}' not found")  # what a cache that holds nothing answers
        return int(other.incr(key, delta, version))

    def set_many(self, data: dict[Any, Any], timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> list[Any]:
        return self._try(
            lambda: list(super(OptionalRedisCache, self).set_many(data, timeout, version)),
            lambda other: list(other.set_many(data, timeout, version) or []),
            list(data),
        )

    def delete_many(self, keys: Iterable[Any], version: int | None = None) -> None:
        keys = list(keys)
        self._try(
            lambda: super(OptionalRedisCache, self).delete_many(keys, version),
            lambda other: other.delete_many(keys, version),
            None,
        )

    def clear(self) -> None:
        self._try(lambda: super(OptionalRedisCache, self).clear(), lambda other: other.clear(), None)

"""Settings behind the throttles: how many proxies to trust, and a throttle cache every worker shares."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from campaign import envconf


def test_it_trusts_no_proxy_unless_told() -> None:
    assert envconf.env_proxy_count("NUM_PROXIES", environ_={}) == 0
    assert envconf.env_proxy_count("NUM_PROXIES", environ_={"NUM_PROXIES": " 2 "}) == 2


@pytest.mark.parametrize("value", ["-1", "one", ""])
def test_it_refuses_a_proxy_count_it_cannot_read(value: str) -> None:
    with pytest.raises(ImproperlyConfigured, match=f"NUM_PROXIES={value!r} must be the number of reverse proxies"):
        envconf.env_proxy_count("NUM_PROXIES", environ_={"NUM_PROXIES": value})


def test_the_throttle_cache_is_the_redis_of_cache_url_under_its_own_prefix() -> None:
    default = envconf.env_cache("CACHE_URL", environ_={"CACHE_URL": "redis://127.0.0.1:6379/1"})
    throttle = envconf.throttle_cache(default)
    assert throttle["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert throttle["LOCATION"] == "redis://127.0.0.1:6379/1"
    assert throttle["KEY_PREFIX"] == "throttle"


@pytest.mark.parametrize(
    "default",
    [
        envconf.env_cache("CACHE_URL", environ_={}),
        {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    ],
    ids=["unset", "dummy"],
)
def test_the_throttle_cache_is_the_database_without_redis(default: dict[str, str]) -> None:
    throttle = envconf.throttle_cache(default)
    assert throttle["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    assert throttle["LOCATION"] == envconf.THROTTLE_CACHE_TABLE

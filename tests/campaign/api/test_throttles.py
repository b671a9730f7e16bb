"""Throttles that hold: a client is its peer address unless NUM_PROXIES says which X-Forwarded-For
entry to trust, and the counters live in the cache every worker process shares, not in one worker's
memory."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import uuid
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.test import RequestFactory, override_settings
from rest_framework.test import APIClient

from campaign.lib import throttles
from tests.support.world import PASSWORD, World

pytestmark = pytest.mark.django_db

LOGIN = "/api/v1/auth/login/"


def fresh_ip() -> str:
    """An address no other test (or earlier run against the same Redis) has used."""
    raw = uuid.uuid4().bytes
    return f"10.{raw[0]}.{raw[1]}.{raw[2]}"


@pytest.fixture
def login_rate(monkeypatch: pytest.MonkeyPatch) -> int:
    """The login limit, lowered to 3 a minute for this test."""
    monkeypatch.setattr(throttles.ScopedRateThrottle, "THROTTLE_RATES", {"login": "3/minute"})
    return 3


WRONG = "not-" + PASSWORD


def attempt(api: APIClient, ip: str, password: str = WRONG, **headers: Any) -> Any:
    return api.post(LOGIN, {"username": "bob", "password": password}, format="json", REMOTE_ADDR=ip, **headers)


def test_it_holds_the_login_limit_whatever_x_forwarded_for_says(world: World, api: APIClient, login_rate: int) -> None:
    ip = fresh_ip()
    for n in range(login_rate):
        assert attempt(api, ip, HTTP_X_FORWARDED_FOR=f"203.0.113.{n}").status_code == 400
    refused = attempt(api, ip, password=PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled" and set(refused.json()) == {"code", "detail", "fields"}
    assert "Retry-After" in refused


def test_it_counts_another_peer_on_its_own(world: World, api: APIClient, login_rate: int) -> None:
    ip = fresh_ip()
    for _ in range(login_rate):
        attempt(api, ip)
    assert attempt(api, ip).status_code == 429
    assert attempt(api, fresh_ip(), password=PASSWORD).status_code == 200


def test_it_trusts_as_many_proxies_as_it_is_told(world: World, api: APIClient, login_rate: int) -> None:
    proxy = fresh_ip()
    client_ip = fresh_ip()
    with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}):
        # Behind one proxy, the entry it appended is the client; what the client wrote before it is not.
        for n in range(login_rate):
            assert attempt(api, proxy, HTTP_X_FORWARDED_FOR=f"forged-{n}, {client_ip}").status_code == 400
        assert attempt(api, proxy, HTTP_X_FORWARDED_FOR=f"forged-x, {client_ip}").status_code == 429
        assert attempt(api, proxy, HTTP_X_FORWARDED_FOR=fresh_ip(), password=PASSWORD).status_code == 200


def test_it_trusts_no_x_forwarded_for_by_default() -> None:
    assert settings.REST_FRAMEWORK["NUM_PROXIES"] == 0


def test_the_counter_lives_in_the_shared_throttle_cache(world: World, api: APIClient) -> None:
    ip = fresh_ip()
    attempt(api, ip)
    key = f"throttle_login_{ip}"
    assert len(caches["throttle"].get(key)) == 1
    assert caches["default"].get(key) is None
    assert not isinstance(caches["throttle"], LocMemCache)


def test_every_api_throttle_counts_in_the_shared_cache() -> None:
    from rest_framework.settings import api_settings

    for throttle_class in api_settings.DEFAULT_THROTTLE_CLASSES:
        assert throttle_class.cache is throttles.shared_cache, throttle_class  # type: ignore[attr-defined]
    assert throttles.ScopedRateThrottle.cache is throttles.shared_cache


class LoginView:
    throttle_scope = "login"


def anonymous_request(ip: str) -> Any:
    request = RequestFactory().post(LOGIN, REMOTE_ADDR=ip)
    request.user = AnonymousUser()
    return request


def test_two_throttles_with_their_own_cache_connections_see_one_counter() -> None:
    """As two worker processes would: each its own backend object, one store behind them."""
    ip = fresh_ip()
    request = anonymous_request(ip)

    def worker_throttle() -> throttles.ScopedRateThrottle:
        throttle = throttles.ScopedRateThrottle()
        throttle.cache = caches.create_connection("throttle")  # not the shared per-thread object
        throttle.THROTTLE_RATES = {"login": "2/minute"}
        return throttle

    first, second = worker_throttle(), worker_throttle()
    assert first.cache is not second.cache
    assert first.allow_request(request, LoginView())  # type: ignore[arg-type]
    assert second.allow_request(request, LoginView())  # type: ignore[arg-type]
    assert not first.allow_request(request, LoginView())  # type: ignore[arg-type]
    assert not second.allow_request(request, LoginView())  # type: ignore[arg-type]


_OTHER_PROCESS = textwrap.dedent(
    """
    import sys
    import django
    django.setup()
    from django.contrib.auth.models import AnonymousUser
    from django.test import RequestFactory
    from campaign.lib.throttles import ScopedRateThrottle

    class View:
        throttle_scope = "login"

    throttle = ScopedRateThrottle()
    throttle.THROTTLE_RATES = {"login": "3/minute"}
    request = RequestFactory().post("/api/v1/auth/login/", REMOTE_ADDR=sys.argv[1])
    request.user = AnonymousUser()
    print(sum(bool(throttle.allow_request(request, View())) for _ in range(2)))
    """
)


@pytest.mark.skipif(
    not settings.CACHES["throttle"]["BACKEND"].endswith("RedisCache"),
    reason="needs Redis to share with another process: set CACHE_URL=redis://127.0.0.1:6379/1",
)
def test_another_process_sees_the_same_counter(login_rate: int) -> None:
    ip = fresh_ip()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    out = subprocess.run(
        [sys.executable, "-c", _OTHER_PROCESS, ip], env=env, capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.strip() == "2", out.stderr  # the other process made two requests
    throttle = throttles.ScopedRateThrottle()
    request = anonymous_request(ip)
    assert throttle.allow_request(request, LoginView())  # type: ignore[arg-type]
    assert not throttle.allow_request(request, LoginView())  # type: ignore[arg-type]

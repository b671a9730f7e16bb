"""The cache is an optimisation, never a dependency (issue 29, item 1): with the Redis of the cache refusing
connections (a loopback port nobody listens on), every request is answered from the database, throttles
count in the database's cache table, and a failure leaves Redis alone for a few seconds."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client, override_settings
from rest_framework.test import APIClient

from campaign.envconf import THROTTLE_CACHE_TABLE, resilient_caches
from campaign.lib import cache as optional
from campaign.lib import throttles
from roster.models import Warband
from tests.roster.helpers import hire, reikland
from tests.support.world import PASSWORD, World, open_week

pytestmark = pytest.mark.django_db


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # closed when this returns: connections to it are refused


def redis_away() -> dict[str, dict[str, object]]:
    url = f"redis://127.0.0.1:{closed_port()}/9"
    redis = "django.core.cache.backends.redis.RedisCache"
    return resilient_caches({
        "default": {"BACKEND": redis, "LOCATION": url},
        "throttle": {"BACKEND": redis, "LOCATION": url, "KEY_PREFIX": "throttle"},
    })


@pytest.fixture
def away() -> Iterator[None]:
    optional._down_until.clear()
    with override_settings(CACHES=redis_away()):
        yield
    optional._down_until.clear()


def roster(world: World) -> Warband:
    open_week(world.campaign)
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    return warband


def test_with_the_cache_away_a_player_reads_his_roster_buys_an_item_and_rolls_a_die(world: World, away: None) -> None:
    warband = roster(world)
    bob = world.client(world.bob)
    assert bob.get("/api/v1/me/").status_code == 200
    read = bob.get(f"/api/v1/warbands/{warband.pk}/")
    assert read.status_code == 200, read.content
    assert read["ETag"]
    again = bob.get(f"/api/v1/warbands/{warband.pk}/", HTTP_IF_NONE_MATCH=read["ETag"])
    assert again.status_code == 304  # the ETag is computed from the database's roster, not kept in Redis
    captain = read.json()["warriors"][0]["id"]
    bought = bob.post(f"/api/v1/warbands/{warband.pk}/buy/", {"item": "sword", "warrior": captain}, format="json")
    assert bought.status_code == 200, bought.content
    assert bob.get(f"/api/v1/warbands/{warband.pk}/").json()["treasury"] == read.json()["treasury"] - 10
    rolled = bob.post("/api/v1/rolls/", {"notation": "d6"}, format="json")
    assert rolled.status_code == 201, rolled.content
    assert 1 <= rolled.json()["total"] <= 6


def test_with_the_cache_away_logins_and_pages_answer(world: World, away: None) -> None:
    login = APIClient().post("/api/v1/auth/login/", {"username": "bob", "password": PASSWORD}, format="json")
    assert login.status_code == 200, login.content
    web = Client()
    web.force_login(world.bob)
    assert web.get("/").status_code == 200


def test_with_the_cache_away_throttles_count_in_the_database(
    world: World, away: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(throttles.ScopedRateThrottle, "THROTTLE_RATES", {"login": "2/minute"})
    client = APIClient()
    wrong = {"username": "bob", "password": "wrong"}
    answers = [client.post("/api/v1/auth/login/", wrong, format="json").status_code for _ in range(3)]
    assert answers == [400, 400, 429], answers  # the third is refused: the count held without Redis
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {THROTTLE_CACHE_TABLE}")  # noqa: S608 (a constant table name)
        assert cursor.fetchone()[0] >= 1


def test_after_a_failure_redis_is_left_alone_for_a_few_seconds_with_one_warning(
    away: None, caplog: pytest.LogCaptureFixture
) -> None:
    backend = caches["default"]
    assert isinstance(backend, optional.OptionalRedisCache)
    with caplog.at_level(logging.WARNING, logger="campaign.lib.cache"):
        assert backend.get("anything", "missing") == "missing"
        assert not backend.available()  # the next calls do not even try
        backend.set("k", 1)
        assert backend.get("k") is None
        assert backend.get_many(["a", "b"]) == {}
        assert backend.add("k", 1) is False
    assert len([r for r in caplog.records if "unreachable" in r.getMessage()]) == 1
    with pytest.raises(ValueError, match="not found"):
        backend.incr("counter")  # a cache that holds nothing has no counter to move


def test_the_throttle_cache_falls_back_to_the_database_table(away: None) -> None:
    throttle = caches["throttle"]
    throttle.set("seen", [1, 2, 3], 60)  # Redis refused: the counter goes to the database's table
    assert throttle.get("seen") == [1, 2, 3]
    assert caches["throttle_db"].get("seen") == [1, 2, 3]


def test_every_redis_cache_of_the_settings_is_optional_and_sessions_live_in_the_database() -> None:
    from django.conf import settings

    from campaign import envconf

    default = envconf.env_cache("CACHE_URL", environ_={"CACHE_URL": "redis://127.0.0.1:6379/1"})
    entries = resilient_caches({"default": default, "throttle": envconf.throttle_cache(default)})
    assert {alias: e["BACKEND"] for alias, e in entries.items()} == {
        "default": "campaign.lib.cache.OptionalRedisCache",
        "throttle": "campaign.lib.cache.OptionalRedisCache",
        "throttle_db": "django.core.cache.backends.db.DatabaseCache",
    }
    assert entries["throttle"]["OPTIONS"]["FALLBACK"] == "throttle_db"
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"  # a login never needs Redis

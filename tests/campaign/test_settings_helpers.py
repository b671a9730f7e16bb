"""The typed environment helpers refuse bad values loudly, naming the variable."""

from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from campaign import envconf


def test_it_reads_booleans_in_the_usual_spellings() -> None:
    assert envconf.env_bool("DEBUG", False, environ_={"DEBUG": "yes"}) is True
    assert envconf.env_bool("DEBUG", True, environ_={"DEBUG": "0"}) is False
    assert envconf.env_bool("DEBUG", True, environ_={}) is True


def test_it_refuses_a_boolean_it_cannot_read() -> None:
    with pytest.raises(ImproperlyConfigured, match=r"DEBUG='maybe' is not a boolean"):
        envconf.env_bool("DEBUG", False, environ_={"DEBUG": "maybe"})


def test_it_refuses_a_number_that_is_not_whole_or_too_small() -> None:
    with pytest.raises(ImproperlyConfigured, match="API_TOKEN_DAYS='ninety' is not a whole number"):
        envconf.env_int("API_TOKEN_DAYS", 90, environ_={"API_TOKEN_DAYS": "ninety"})
    with pytest.raises(ImproperlyConfigured, match="below the minimum of 1"):
        envconf.env_int("API_TOKEN_DAYS", 90, minimum=1, environ_={"API_TOKEN_DAYS": "0"})


def test_it_splits_lists_and_drops_blanks() -> None:
    assert envconf.env_list("ALLOWED_HOSTS", [], environ_={"ALLOWED_HOSTS": "a.example, b.example,,"}) == [
        "a.example",
        "b.example",
    ]


def test_it_refuses_an_unknown_time_zone() -> None:
    assert envconf.env_time_zone("TIME_ZONE", "UTC", environ_={"TIME_ZONE": "Europe/Prague"}) == "Europe/Prague"
    with pytest.raises(ImproperlyConfigured, match="not an IANA time zone"):
        envconf.env_time_zone("TIME_ZONE", "UTC", environ_={"TIME_ZONE": "Mars/Olympus"})


def test_it_defaults_to_a_sqlite_file_and_parses_postgres_urls(tmp_path: Path) -> None:
    default = envconf.env_database("DATABASE_URL", tmp_path / "db.sqlite3", environ_={})
    assert default == {"ENGINE": "django.db.backends.sqlite3", "NAME": str(tmp_path / "db.sqlite3")}
    pg = envconf.env_database(
        "DATABASE_URL", tmp_path / "x", environ_={"DATABASE_URL": "postgres://muster@db.internal:5433/league"}
    )
    assert pg["ENGINE"] == "django.db.backends.postgresql"
    assert (pg["HOST"], pg["PORT"], pg["NAME"], pg["USER"]) == ("db.internal", 5433, "league", "muster")


def test_it_refuses_a_database_url_it_cannot_use(tmp_path: Path) -> None:
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL must be a postgres"):
        envconf.env_database("DATABASE_URL", tmp_path / "x", environ_={"DATABASE_URL": "mongodb://h/db"})
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL must be"):
        envconf.env_database("DATABASE_URL", tmp_path / "x", environ_={"DATABASE_URL": "just-a-name"})


def test_it_uses_redis_for_the_cache_only_when_given() -> None:
    assert envconf.env_cache("CACHE_URL", environ_={})["BACKEND"].endswith("LocMemCache")
    redis = envconf.env_cache("CACHE_URL", environ_={"CACHE_URL": "redis://127.0.0.1:6379/1"})
    assert redis == {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:6379/1",
    }
    with pytest.raises(ImproperlyConfigured, match="CACHE_URL must be a redis"):
        envconf.env_cache("CACHE_URL", environ_={"CACHE_URL": "memcached://h:11211"})


def test_it_leaves_the_broker_unset_or_checks_its_scheme() -> None:
    assert envconf.env_broker("CELERY_BROKER_URL", environ_={}) is None
    assert envconf.env_broker("CELERY_BROKER_URL", environ_={"CELERY_BROKER_URL": "redis://h:6379/0"})
    with pytest.raises(ImproperlyConfigured, match="CELERY_BROKER_URL must be a redis:// or amqp://"):
        envconf.env_broker("CELERY_BROKER_URL", environ_={"CELERY_BROKER_URL": "http://h"})


def test_it_requires_a_secret_key_when_debug_is_off(tmp_path: Path) -> None:
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY is required when DEBUG is off"):
        envconf.secret_key(configured=None, debug=False, keep_in=tmp_path)
    with pytest.raises(ImproperlyConfigured, match="at least 32 characters"):
        envconf.secret_key(configured="short", debug=False, keep_in=tmp_path)


def test_it_generates_the_embedded_secret_key_once_and_keeps_it(tmp_path: Path) -> None:
    first = envconf.secret_key(configured=None, debug=True, keep_in=tmp_path / "var")
    second = envconf.secret_key(configured=None, debug=True, keep_in=tmp_path / "var")
    assert first == second
    assert len(first) >= 50
    assert (tmp_path / "var" / "secret_key").stat().st_mode & 0o777 == 0o600


def test_the_embedded_sqlite_takes_the_write_lock_when_a_transaction_begins() -> None:
    """Two requests writing at once (12 sessions switching language) got 500 "database is locked":
    a deferred transaction that read first cannot wait for the lock, an IMMEDIATE one waits."""
    from django.conf import settings
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("the embedded default only")
    assert settings.DATABASES["default"]["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    connection.get_connection_params()
    assert connection.transaction_mode == "IMMEDIATE"  # type: ignore[attr-defined]

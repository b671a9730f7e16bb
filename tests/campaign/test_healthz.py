"""/healthz (issue 29, 30): each part ok, degraded or not configured; 200 unless the database is away (503 with
Retry-After); never an error text (host, port, role) in the answer, whoever asks."""

import socket

import pytest
from django.test import Client, override_settings

from campaign.envconf import resilient_caches
from campaign.lib import cache as optional

pytestmark = pytest.mark.django_db


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_it_is_healthy_when_everything_configured_answers(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"
    assert response.json()["checks"]["database"] == "ok"
    assert response.json()["degraded"] == []


def test_a_broker_away_is_degraded_not_down_and_its_error_is_not_told(client: Client) -> None:
    port = closed_port()
    with override_settings(BROKER_CONFIGURED=True, CELERY_BROKER_URL=f"redis://user:hunter2@127.0.0.1:{port}/0"):
        response = client.get("/healthz")
    assert response.status_code == 200  # requests are answered; tasks wait in the database for the broker
    body = response.json()
    assert body == {
        "status": "degraded",
        "degraded": ["broker"],
        "checks": {"database": "ok", "cache": body["checks"]["cache"], "broker": "degraded"},
    }
    text = response.content.decode()
    for secret in (str(port), "127.0.0.1", "hunter2", "user", "Error", "refused"):
        assert secret not in text


def test_a_cache_away_is_degraded(client: Client) -> None:
    optional._down_until.clear()
    url = f"redis://127.0.0.1:{closed_port()}/9"
    caches = resilient_caches({"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}})
    with override_settings(CACHES=caches):
        response = client.get("/healthz")
    optional._down_until.clear()
    assert response.status_code == 200
    assert response.json()["checks"]["cache"] == "degraded"
    assert response.json()["degraded"] == ["cache"]
    assert url not in response.content.decode()

"""/healthz: 200 when the database (and broker, if configured) answer; 503 naming what failed."""

import pytest
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db


def test_it_is_healthy_when_everything_configured_answers(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"
    assert response.json()["checks"]["database"] == "ok"


@override_settings(BROKER_CONFIGURED=True, CELERY_BROKER_URL="redis://127.0.0.1:1/0")
def test_it_names_the_broker_when_the_broker_is_down(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failed"] == ["broker"]
    assert body["checks"]["database"] == "ok"
    assert "Error" in body["checks"]["broker"] or "refused" in body["checks"]["broker"].lower()

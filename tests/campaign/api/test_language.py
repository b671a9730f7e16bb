"""The API answers in the language the client asks for (Accept-Language), falling back to English."""

import pytest
from rest_framework.test import APIClient

from tests.support.world import World

pytestmark = pytest.mark.django_db


def test_it_refuses_a_login_in_russian_when_asked(world: World, api: APIClient) -> None:
    payload = {"username": "bob", "password": "nope"}
    russian = api.post("/api/v1/auth/login/", payload, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    english = api.post("/api/v1/auth/login/", payload, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert russian.json()["detail"] == "Неверное имя пользователя или пароль."
    assert english.json()["detail"] == "Wrong username or password."
    assert russian.json()["code"] == english.json()["code"] == "invalid_credentials"


def test_a_rules_error_keeps_its_code_in_any_language(world: World) -> None:
    response = world.client(world.bob).get(
        "/api/v1/rulesets/mordheim/tables/serious_injury_hero/?roll=17", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert response.json()["code"] == "invalid_roll"
    assert response.json()["detail"].startswith("17 не может выпасть на D66")

"""Token login per device, logout of one device or of all, and /me."""

import pytest
from django.test import Client
from knox.models import AuthToken
from rest_framework.test import APIClient

from tests.support.world import PASSWORD, World

pytestmark = pytest.mark.django_db


def login(api: APIClient, username: str, password: str = PASSWORD) -> str:
    response = api.post("/api/v1/auth/login/", {"username": username, "password": password}, format="json")
    assert response.status_code == 200, response.content
    return str(response.json()["token"])


def test_it_logs_in_with_a_password_and_returns_a_token_with_an_expiry(world: World, api: APIClient) -> None:
    response = api.post("/api/v1/auth/login/", {"username": "bob", "password": PASSWORD}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["username"] == "bob"
    assert len(body["token"]) >= 32
    assert body["expiry"] is not None


def test_it_refuses_a_wrong_password_with_the_error_shape(world: World, api: APIClient) -> None:
    response = api.post("/api/v1/auth/login/", {"username": "bob", "password": "nope"}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "code": "invalid_credentials",
        "detail": "Wrong username or password.",
        "fields": {},
    }
    assert AuthToken.objects.count() == 0


def test_it_names_missing_fields(world: World, api: APIClient) -> None:
    response = api.post("/api/v1/auth/login/", {"username": "bob"}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert "password" in body["fields"]


def test_it_serves_me_with_campaigns_and_roles(world: World, api: APIClient) -> None:
    api.credentials(HTTP_AUTHORIZATION=f"Token {login(api, 'gina')}")
    body = api.get("/api/v1/me/").json()
    assert body["username"] == "gina"
    assert [(c["campaign"], c["role"]) for c in body["campaigns"]] == [("Mordheim league", "gm")]


def test_it_logs_out_this_device_only(world: World) -> None:
    phone, tablet = APIClient(), APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {login(APIClient(), 'bob')}")
    tablet.credentials(HTTP_AUTHORIZATION=f"Token {login(APIClient(), 'bob')}")
    assert phone.post("/api/v1/auth/logout/").status_code == 204
    assert phone.get("/api/v1/me/").status_code == 401
    assert tablet.get("/api/v1/me/").status_code == 200


def test_it_logs_out_every_device(world: World) -> None:
    phone, tablet = APIClient(), APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {login(APIClient(), 'bob')}")
    tablet.credentials(HTTP_AUTHORIZATION=f"Token {login(APIClient(), 'bob')}")
    assert phone.post("/api/v1/auth/logoutall/").status_code == 204
    assert tablet.get("/api/v1/me/").status_code == 401
    assert AuthToken.objects.filter(user=world.bob).count() == 0


def test_it_answers_an_anonymous_me_with_the_error_shape(api: APIClient) -> None:
    response = api.get("/api/v1/me/")
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert set(response.json()) == {"code", "detail", "fields"}


def test_it_answers_unknown_api_urls_with_the_error_shape(api: APIClient) -> None:
    response = api.get("/api/v1/no-such-thing/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_it_logs_in_on_the_web_with_a_session(world: World, client: Client) -> None:
    page = client.get("/")
    assert page.status_code == 302 and "/accounts/login/" in page["Location"]
    response = client.post("/accounts/login/", {"login": "alice", "password": PASSWORD}, follow=True)
    assert response.status_code == 200
    assert "Mordheim league" in response.content.decode()

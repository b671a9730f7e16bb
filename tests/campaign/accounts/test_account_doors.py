"""One account rule for every door (issue 30, findings 1 and 2): the API's token login, the admin login and
the web login refuse an unconfirmed sign-up, count wrong passwords in the one shared store, and make the
guessing address wait without locking the owner out."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from knox.models import AuthToken
from rest_framework.test import APIClient

from campaign.services import account_guard
from tests.support.world import PASSWORD, World

pytestmark = pytest.mark.django_db

WRONG = "not-" + PASSWORD


def fresh_ip() -> str:
    raw = uuid.uuid4().bytes
    return f"10.{raw[0]}.{raw[1]}.{raw[2]}"


def api_login(username: str, password: str, ip: str) -> Any:
    return APIClient().post(
        "/api/v1/auth/login/", {"username": username, "password": password}, format="json", REMOTE_ADDR=ip
    )


def admin_login(client: Client, username: str, password: str, ip: str) -> Any:
    return client.post("/admin/login/?next=/admin/", {"username": username, "password": password}, REMOTE_ADDR=ip)


def web_login(client: Client, username: str, password: str, ip: str) -> Any:
    return client.post("/accounts/login/", {"login": username, "password": password}, REMOTE_ADDR=ip)


def sign_up(username: str, email: str) -> None:
    Client().post(
        "/accounts/signup/", {"email": email, "username": username, "password1": PASSWORD, "password2": PASSWORD}
    )


def test_the_api_gives_no_token_to_a_sign_up_whose_address_is_unconfirmed(db: None) -> None:
    sign_up("mallory", "victim@example.org")
    response = api_login("mallory", PASSWORD, fresh_ip())
    assert response.status_code == 403
    assert response.json()["code"] == "email_unconfirmed"
    assert "Confirm your e-mail address" in response.json()["detail"]
    assert not AuthToken.objects.filter(user__username="mallory").exists()


def test_the_admin_gives_no_session_to_an_unconfirmed_sign_up(db: None) -> None:
    sign_up("mallory", "victim@example.org")
    get_user_model().objects.filter(username="mallory").update(is_staff=True)
    client = Client()
    response = admin_login(client, "mallory", PASSWORD, fresh_ip())
    assert response.status_code == 200 and "Confirm your e-mail address" in response.content.decode()
    assert client.get("/admin/").status_code == 302


@pytest.fixture
def root(db: None) -> Any:
    return get_user_model().objects.create_superuser("root", "root@example.org", PASSWORD)


def test_the_admin_login_makes_a_guessing_address_wait(root: Any) -> None:
    attacker, owner = Client(), Client()
    ip = fresh_ip()
    for _ in range(5):
        assert "Please enter the correct" in admin_login(attacker, "root", WRONG, ip).content.decode()
    # The right password from the guessing address is refused now, and says for how long ...
    refused = admin_login(attacker, "root", PASSWORD, ip)
    assert "Too many wrong passwords" in refused.content.decode()
    assert attacker.get("/admin/").status_code == 302
    # ... while the owner, from another address, logs in: the guesses did not lock the account.
    assert admin_login(owner, "root", PASSWORD, fresh_ip()).status_code == 302
    assert owner.get("/admin/").status_code == 200


def test_the_api_login_makes_a_guessing_address_wait_not_the_owner(world: World) -> None:
    ip = fresh_ip()
    for _ in range(5):
        assert api_login("bob", WRONG, ip).status_code == 400
    refused = api_login("bob", PASSWORD, ip)
    assert refused.status_code == 429
    assert refused.json()["code"] == "too_many_attempts" and "Retry-After" in refused
    assert api_login("bob", PASSWORD, fresh_ip()).status_code == 200


def test_the_web_login_makes_a_guessing_address_wait_not_the_owner(world: World) -> None:
    ip = fresh_ip()
    for _ in range(5):
        web_login(Client(), "bob", WRONG, ip)
    attacker = Client()
    page = web_login(attacker, "bob", PASSWORD, ip)
    assert "Too many" in page.content.decode()
    assert attacker.get("/").status_code == 302
    owner = Client()
    assert web_login(owner, "bob", PASSWORD, fresh_ip()).status_code == 302
    assert owner.get("/").status_code == 200


def test_the_three_doors_count_together_in_the_shared_store(world: World) -> None:
    world.bob.is_staff = True
    world.bob.save()
    ip = fresh_ip()
    api_login("bob", WRONG, ip)
    api_login("bob", WRONG, ip)
    web_login(Client(), "bob", WRONG, ip)
    web_login(Client(), "bob", WRONG, ip)
    admin_login(Client(), "bob", WRONG, ip)
    assert api_login("bob", PASSWORD, ip).status_code == 429
    # Counted in the throttle cache (the database without Redis), never in one process's memory.
    from campaign.lib.throttles import shared_cache

    key = account_guard._keys(_request(ip), "bob")[1][0]
    assert shared_cache.get(key)["count"] == 5


def test_the_wait_doubles_and_passes(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1_000_000.0]
    monkeypatch.setattr(account_guard, "_clock", lambda: now[0])
    ip = fresh_ip()
    for _ in range(5):
        api_login("bob", WRONG, ip)
    assert account_guard.login_wait(_request(ip), "bob") == 30
    now[0] += 31
    api_login("bob", WRONG, ip)
    assert account_guard.login_wait(_request(ip), "bob") == 60
    now[0] += 61
    assert api_login("bob", PASSWORD, ip).status_code == 200
    assert account_guard.login_wait(_request(ip), "bob") == 0


def test_an_address_guessing_many_accounts_waits_too(world: World, settings: Any) -> None:
    settings.LOGIN_FAILURES_PER_ADDRESS = 4
    ip = fresh_ip()
    for name in ("alice", "carol", "gina", "oscar"):
        api_login(name, WRONG, ip)
    assert api_login("bob", PASSWORD, ip).status_code == 429


def _request(ip: str) -> Any:
    from django.test import RequestFactory

    return RequestFactory().post("/", REMOTE_ADDR=ip)


def test_allauths_own_limits_count_in_the_shared_store_too(db: None) -> None:
    """allauth counts sign-ups and reset requests per address in Django's default cache (one process's memory
    without Redis); here they land in the throttle store every process shares."""
    from allauth.core.internal import ratelimit

    from campaign.lib.throttles import shared_cache

    ip = fresh_ip()
    Client().post("/accounts/password/reset/", {"email": "nobody@example.org"}, REMOTE_ADDR=ip)
    rate = ratelimit.parse_rates("20/m/ip")[0]
    key = ratelimit.get_cache_key(_request(ip), app="allauth.account", action="reset_password", rate=rate)
    assert shared_cache.get(key)

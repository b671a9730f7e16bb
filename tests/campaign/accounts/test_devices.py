"""Devices under the owner's control (issue 30, findings 1 and 4): the profile and the API list the account's
API tokens and revoke any or all; a password change or reset revokes every token and every other session;
confirming an address revokes the tokens of whoever had claimed it unconfirmed. And the pre-account takeover
of the issue, end to end."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from knox.models import AuthToken
from rest_framework.test import APIClient

from tests.support.world import PASSWORD, World

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a new long secret 42 for bob"


def device_login(username: str, device: str, password: str = PASSWORD) -> APIClient:
    api = APIClient()
    response = api.post(
        "/api/v1/auth/login/", {"username": username, "password": password, "device": device}, format="json"
    )
    assert response.status_code == 200, response.content
    api.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    return api


def _link(text: str) -> str:
    found = re.search(r"https?://testserver(/\S+)", text)
    assert found, text
    return found.group(1)


def test_the_profile_lists_the_devices_and_revokes_one(world: World) -> None:
    phone, tablet = device_login("bob", "Bob's phone"), device_login("bob", "Kitchen tablet")
    phone.get("/api/v1/me/")
    web = Client()
    web.force_login(world.bob)
    page = web.get("/profile/").content.decode()
    assert "Bob&#x27;s phone" in page and "Kitchen tablet" in page and "Last used" in page
    device_id = re.search(
        r'action="/profile/devices/(\d+)/revoke/"[^>]*>\s*<input[^>]*>\s*<button[^>]*'
        r'aria-label="[^"]*Kitchen tablet',
        page,
    )
    assert device_id, page
    web.post(f"/profile/devices/{device_id.group(1)}/revoke/")
    assert tablet.get("/api/v1/me/").status_code == 401
    assert phone.get("/api/v1/me/").status_code == 200
    assert "Kitchen tablet" not in web.get("/profile/").content.decode()


def test_the_profile_revokes_every_device(world: World) -> None:
    phone, tablet = device_login("bob", "phone"), device_login("bob", "tablet")
    web = Client()
    web.force_login(world.bob)
    web.post("/profile/devices/revoke-all/")
    assert phone.get("/api/v1/me/").status_code == 401 and tablet.get("/api/v1/me/").status_code == 401
    assert web.get("/profile/").status_code == 200  # the web session is not a device: it stays


def test_one_cannot_revoke_another_persons_device(world: World) -> None:
    carols = device_login("carol", "Carol's phone")
    device = carols.get("/api/v1/auth/devices/").json()["results"][0]["id"]
    web = Client()
    web.force_login(world.bob)
    assert web.post(f"/profile/devices/{device}/revoke/").status_code == 404
    assert device_login("bob", "x").post(f"/api/v1/auth/devices/{device}/revoke/").status_code == 404
    assert carols.get("/api/v1/me/").status_code == 200


def test_the_api_lists_the_devices_and_revokes_one(world: World) -> None:
    phone, tablet = device_login("bob", "phone"), device_login("bob", "tablet")
    listed = phone.get("/api/v1/auth/devices/").json()["results"]
    assert sorted(d["name"] for d in listed) == ["phone", "tablet"]
    assert set(listed[0]) == {"id", "name", "created", "last_used", "this_device"}
    assert [d["name"] for d in listed if d["this_device"]] == ["phone"]
    tablet_id = next(d["id"] for d in listed if d["name"] == "tablet")
    assert phone.post(f"/api/v1/auth/devices/{tablet_id}/revoke/").status_code == 204
    assert tablet.get("/api/v1/me/").status_code == 401 and phone.get("/api/v1/me/").status_code == 200


def test_a_password_change_revokes_every_token_and_every_other_session(world: World) -> None:
    phone = device_login("bob", "phone")
    here, elsewhere = Client(), Client()
    here.force_login(world.bob)
    elsewhere.force_login(world.bob)
    response = here.post(
        "/accounts/password/change/",
        {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    assert phone.get("/api/v1/me/").status_code == 401
    assert elsewhere.get("/").status_code == 302  # logged out
    assert here.get("/").status_code == 200  # the session that changed it stays
    assert not AuthToken.objects.filter(user=world.bob).exists()


def test_a_password_reset_revokes_every_token_and_every_session(world: World) -> None:
    world.bob.email = "bob@example.org"
    world.bob.save()
    phone = device_login("bob", "phone")
    session = Client()
    session.force_login(world.bob)
    visitor = Client()
    visitor.post("/accounts/password/reset/", {"email": "bob@example.org"})
    reset = _link(str(mail.outbox[-1].body))
    page = visitor.get(reset, follow=True)
    form_url = page.redirect_chain[-1][0] if page.redirect_chain else reset
    visitor.post(form_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert phone.get("/api/v1/me/").status_code == 401
    assert session.get("/").status_code == 302


def test_the_pre_account_takeover_of_the_issue_fails(db: None) -> None:
    """Mallory signs up first with Vera's address and keeps what she can; Vera resets the password from her
    inbox, confirms the address and plays: whatever Mallory held is dead, and she never got a token."""
    mallory = Client()
    mallory.post(
        "/accounts/signup/",
        {"email": "vera@example.org", "username": "vera", "password1": PASSWORD, "password2": PASSWORD},
    )
    confirmation_in_veras_inbox = _link(str(mail.outbox[-1].body))
    refused = APIClient().post("/api/v1/auth/login/", {"username": "vera", "password": PASSWORD}, format="json")
    assert refused.status_code == 403 and not AuthToken.objects.exists()
    # A token from before this rule (or from any other way in) must not outlive the owner's arrival either.
    account = get_user_model().objects.get(username="vera")
    _, old_token = AuthToken.objects.create(user=account)
    kept = APIClient()
    kept.credentials(HTTP_AUTHORIZATION=f"Token {old_token}")
    assert kept.get("/api/v1/me/").status_code == 200

    vera = Client()
    mail.outbox.clear()
    vera.post("/accounts/password/reset/", {"email": "vera@example.org"})
    reset = _link(str(mail.outbox[-1].body))
    page = vera.get(reset, follow=True)
    form_url = page.redirect_chain[-1][0] if page.redirect_chain else reset
    vera.post(form_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert kept.get("/api/v1/me/").status_code == 401
    vera.post("/accounts/login/", {"login": "vera", "password": NEW_PASSWORD})
    vera.post(confirmation_in_veras_inbox)
    from allauth.account.models import EmailAddress

    assert EmailAddress.objects.get(user=account).verified
    assert vera.get("/").status_code == 200
    assert mallory.get("/").status_code == 302
    assert (
        APIClient().post("/api/v1/auth/login/", {"username": "vera", "password": PASSWORD}, format="json").status_code
        == 400
    )


def _claim(username: str, email: str) -> tuple[Any, str]:
    from allauth.account.models import EmailAddress

    user = get_user_model().objects.create_user(username, email, PASSWORD)
    address = EmailAddress.objects.create(user=user, email=email, verified=False, primary=True)
    _, token = AuthToken.objects.create(user=user)
    return address, token


def _confirm(address: Any) -> None:
    from allauth.account.models import EmailConfirmationHMAC

    key = EmailConfirmationHMAC(address).key
    assert Client().post(f"/accounts/confirm-email/{key}/").status_code == 302


def _alive(token: str) -> bool:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return api.get("/api/v1/me/").status_code == 200


def test_confirming_an_accounts_first_address_revokes_the_tokens_it_got_unconfirmed(db: None) -> None:
    address, token = _claim("vera", "vera@example.org")
    _confirm(address)
    assert not _alive(token)


def test_confirming_an_address_revokes_the_tokens_of_another_unconfirmed_claimant(db: None) -> None:
    _, squatters = _claim("squatter", "vera@example.org")
    veras_address, _ = _claim("vera", "vera@example.org")
    _, bystanders = _claim("bystander", "someone@example.org")
    _confirm(veras_address)
    assert not _alive(squatters)
    assert _alive(bystanders)

"""Web accounts: sign up from an invitation link, confirm the e-mail, join; log in, reset a password; the profile."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from campaign.models import Membership, Profile
from campaign.services import invitation_create
from tests.support.world import PASSWORD, World

pytestmark = pytest.mark.django_db


def _link(text: str) -> str:
    found = re.search(r"https?://testserver(/\S+)", text)
    assert found, text
    return found.group(1)


def test_it_signs_up_a_new_user_from_an_invitation_link_and_joins_after_confirming(
    world: World, client: Client
) -> None:
    invitation = invitation_create(campaign=world.campaign, actor=world.alice, max_uses=5)
    page = client.get(f"/join/{invitation.code}/")
    assert page.status_code == 200
    assert "Join Mordheim league" in page.content.decode() and "Sign up and join" in page.content.decode()

    response = client.post(
        "/accounts/signup/",
        {"email": "dora@example.org", "username": "dora", "password1": PASSWORD, "password2": PASSWORD},
        follow=True,
    )
    assert response.status_code == 200
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["dora@example.org"]
    confirm = _link(str(mail.outbox[0].body))
    response = client.post(confirm, follow=True)
    # Confirmed and logged in, the visitor is back on the invitation with its Join button.
    assert response.redirect_chain[-1][0] == f"/join/{invitation.code}/"
    assert '<button type="submit">Join</button>' in response.content.decode()
    response = client.post(f"/join/{invitation.code}/", follow=True)
    assert response.redirect_chain[-1][0] == f"/campaigns/{world.campaign.pk}/"
    assert "Welcome to Mordheim league." in response.content.decode()
    assert Membership.objects.filter(campaign=world.campaign, user__username="dora", role="player").exists()


def test_a_sign_up_cannot_log_in_before_confirming_its_address(client: Client, db: None) -> None:
    client.post(
        "/accounts/signup/",
        {"email": "ed@example.org", "username": "ed", "password1": PASSWORD, "password2": PASSWORD},
    )
    client.logout()
    response = client.post("/accounts/login/", {"login": "ed", "password": PASSWORD}, follow=True)
    assert "/accounts/confirm-email/" in response.redirect_chain[-1][0]
    assert client.get("/").status_code == 302


def test_an_account_made_by_the_admin_logs_in_with_its_username(world: World, client: Client) -> None:
    response = client.post("/accounts/login/", {"login": "bob", "password": PASSWORD}, follow=True)
    assert "Mordheim league" in response.content.decode()


def test_a_used_up_invitation_says_why_and_offers_no_join(world: World, client: Client) -> None:
    invitation = invitation_create(campaign=world.campaign, actor=world.alice, max_uses=1)
    invitation.uses = 1
    invitation.save()
    client.force_login(world.oscar)
    page = client.get(f"/join/{invitation.code}/").content.decode()
    assert "already been used" in page and ">Join</button>" not in page
    assert client.post(f"/join/{invitation.code}/").status_code == 302
    assert not Membership.objects.filter(campaign=world.campaign, user=world.oscar).exists()


def test_it_resets_a_forgotten_password_by_e_mail(world: World, client: Client) -> None:
    world.bob.email = "bob@example.org"
    world.bob.save()
    client.post("/accounts/password/reset/", {"email": "bob@example.org"})
    assert len(mail.outbox) == 1
    reset = _link(str(mail.outbox[0].body))
    page = client.get(reset, follow=True)
    form_url = page.redirect_chain[-1][0] if page.redirect_chain else reset
    client.post(form_url, {"password1": "a new long secret 42", "password2": "a new long secret 42"})
    client.logout()
    assert client.login(username="bob", password="a new long secret 42")


def test_the_profile_keeps_the_language_and_the_pages_speak_it(world: World, client: Client) -> None:
    client.force_login(world.bob)
    response = client.post(
        "/profile/", {"language": "ru", "time_zone": "Europe/Prague", "email_kinds": ["paired"]}, follow=True
    )
    assert response.status_code == 200
    profile = Profile.objects.get(user=world.bob)
    assert (profile.language, profile.time_zone, profile.email_kinds) == ("ru", "Europe/Prague", ["paired"])
    other = Client()  # another device: no cookie, the profile decides
    other.force_login(world.bob)
    page = other.get("/").content.decode()
    assert '<html lang="ru">' in page


def test_the_header_switch_keeps_the_language_on_the_profile(world: World, client: Client) -> None:
    client.force_login(world.carol)
    client.post("/language/", {"language": "cs", "next": "/"})
    assert Profile.objects.get(user=world.carol).language == "cs"
    assert '<html lang="cs">' in client.get("/").content.decode()


def test_a_bad_time_zone_is_refused_and_changes_nothing(world: World, client: Client) -> None:
    client.force_login(world.bob)
    response: Any = client.post("/profile/", {"language": "", "time_zone": "Mars/Olympus"})
    assert response.status_code == 200
    assert not Profile.objects.filter(user=world.bob, time_zone="Mars/Olympus").exists()

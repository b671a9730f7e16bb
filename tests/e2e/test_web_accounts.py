"""Everyone's account jobs in a real browser, at 390x844 and 1280x800, every page checked (no sideways scroll,
44 px targets, axe-core): change the password, reset a forgotten one from the mail, choose which notices come by
e-mail, read them in the inbox; the organiser invites by e-mail."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.core import mail

from campaign.models import Notification, Profile
from roster.services.warbands import warband_approve, warband_submit
from tests.e2e.conftest import check_page, log_in
from tests.roster.helpers import hire, reikland
from tests.support.world import PASSWORD, World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NEW_PASSWORD = "a-new-long-passphrase-42"


def _with_address(user: Any, email: str) -> None:
    user.email = email
    user.save(update_fields=["email"])
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)


def _log_in_with(page: Any, url: str, username: str, password: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", password)
    page.click("main button[type=submit]")
    page.wait_for_selector("text=Your campaigns")


def test_a_player_changes_the_password_from_the_profile(live_server: Any, new_page: Any, world: World) -> None:
    url = live_server.url
    page = new_page()
    log_in(page, url, "bob")
    page.wait_for_selector("text=Your campaigns")
    page.goto(f"{url}/profile/")
    check_page(page, "profile")
    page.click("main a:has-text('Change password')")
    page.fill("input[name=oldpassword]", PASSWORD)
    page.fill("input[name=password1]", NEW_PASSWORD)
    page.fill("input[name=password2]", NEW_PASSWORD)
    check_page(page, "password-change")
    page.click("main button[type=submit]")
    page.wait_for_selector("text=Password successfully changed.")
    world.bob.refresh_from_db()
    assert world.bob.check_password(NEW_PASSWORD)
    again = new_page()
    _log_in_with(again, url, "bob", NEW_PASSWORD)


def test_a_forgotten_password_is_reset_from_the_mail(
    live_server: Any, new_page: Any, world: World, viewport: str
) -> None:
    url = live_server.url
    email = f"carol.{viewport}@example.org"
    _with_address(world.carol, email)
    page = new_page()
    page.goto(f"{url}/accounts/login/")
    page.click("main a[href^='/accounts/password/reset/']")
    page.fill("input[name=email]", email)
    check_page(page, "password-reset")
    page.click("main button[type=submit]")
    end = time.monotonic() + 15
    while not any(m.to == [email] for m in mail.outbox):
        assert time.monotonic() < end, "no reset mail"
        time.sleep(0.25)
    body = str(next(m for m in mail.outbox if m.to == [email]).body)
    link = re.search(r"https?://\S+/accounts/password/reset/key/\S+", body)
    assert link is not None, body
    page.goto(link.group(0))
    page.fill("input[name=password1]", NEW_PASSWORD)
    page.fill("input[name=password2]", NEW_PASSWORD)
    check_page(page, "password-reset-key")
    page.click("main button[type=submit]")
    page.wait_for_selector("main >> text=Your password is now changed.")
    world.carol.refresh_from_db()
    assert world.carol.check_password(NEW_PASSWORD) and not world.carol.check_password(PASSWORD)
    _log_in_with(new_page(), url, "carol", NEW_PASSWORD)


def test_a_player_chooses_e_mail_notices_and_reads_the_inbox(
    live_server: Any, new_page: Any, world: World, eager_celery: None, viewport: str
) -> None:
    url = live_server.url
    _with_address(world.bob, f"bob.{viewport}@example.org")
    page = new_page()
    log_in(page, url, "bob")
    page.wait_for_selector("text=Your campaigns")
    page.goto(f"{url}/notices/")
    page.click("text=Choose which notices reach you by e-mail")
    for box in page.locator("input[name=email_kinds]").all():
        box.uncheck()  # until now every kind came by e-mail
    page.check("input[name=email_kinds][value=warband_approved]")
    check_page(page, "profile-notices")
    page.click("main button:has-text('Save')")
    page.wait_for_selector(".messages")
    profile = Profile.objects.get(user=world.bob)
    assert profile.email_chosen and profile.email_kinds == ["warband_approved"]

    warband = reikland(world)
    hire(warband, "mercenary_captain", name="Ulrich")
    hire(warband, "warrior", name="Guards", count=2)
    warband_submit(warband=warband, actor=world.bob)
    sent = len(mail.outbox)
    warband_approve(warband=warband, actor=world.alice)
    end = time.monotonic() + 15
    while len(mail.outbox) == sent:
        assert time.monotonic() < end, "no notice mail"
        time.sleep(0.25)
    assert mail.outbox[-1].to == [f"bob.{viewport}@example.org"]
    page.goto(f"{url}/notices/")
    assert "Your warband Reikland Reavers was approved." in page.inner_text("main")
    check_page(page, "inbox-unread")
    page.click("text=Your warband Reikland Reavers was approved.")
    page.wait_for_url(f"**/warbands/{warband.pk}/")
    assert not Notification.objects.filter(user=world.bob, read_at=None).exists()


def test_the_organiser_invites_a_player_by_e_mail(live_server: Any, new_page: Any, world: World, viewport: str) -> None:
    url = live_server.url
    email = f"newcomer.{viewport}@example.org"
    page = new_page()
    log_in(page, url, "alice")
    page.wait_for_selector("text=Your campaigns")
    page.goto(f"{url}/campaigns/{world.campaign.pk}/invitations/")
    page.fill("#id_email", email)
    page.click("text=Make an invitation link")
    page.wait_for_selector(f"text=Invitation sent to {email}.")
    check_page(page, "invitation-by-mail")
    message = next(m for m in mail.outbox if m.to == [email])
    link = re.search(r"https?://\S+/join/\S+/", str(message.body))
    assert link is not None and "Mordheim league" in str(message.subject) + str(message.body)
    visitor = new_page()
    visitor.goto(link.group(0))
    assert visitor.locator("h1").inner_text() == "Join Mordheim league"

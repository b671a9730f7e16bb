"""A new league in a real browser, at 390x844 and 1280x800: the organiser creates it and invites; a new player
signs up from the link, confirms the e-mail, joins, founds a warband and hires with the cost shown first;
the organiser approves it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail

from campaign.models import Invitation
from roster.models import Warband
from tests.e2e.conftest import check_page, log_in
from tests.support.world import PASSWORD, World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_new_league_from_creation_to_an_approved_warband(
    live_server: Any, new_page: Any, world: World, viewport: str
) -> None:
    url = live_server.url
    alice = new_page()
    log_in(alice, url, "alice")
    alice.wait_for_selector("text=Your campaigns")
    check_page(alice, "home")

    alice.goto(f"{url}/campaigns/new/")
    check_page(alice, "campaign-new")
    alice.fill("#id_name", "Autumn league")
    alice.select_option("#id_rules_pack", "mordheim")
    alice.click("main button[type=submit]")
    alice.wait_for_selector("text=Standings points for a win.")
    check_page(alice, "campaign-settings")
    alice.fill("#id_points_win", "4")
    alice.click("text=Save the settings")
    alice.wait_for_selector("text=Settings saved.")
    assert alice.input_value("#id_points_win") == "4"

    alice.click("text=Invite players")
    alice.wait_for_selector("#id_max_uses")
    check_page(alice, "invitations")
    alice.fill("#id_max_uses", "5")
    alice.click("text=Make an invitation link")
    alice.wait_for_selector("text=Invitation made.")
    link = alice.input_value("input.invite-link")
    assert link.endswith(f"/join/{Invitation.objects.get(campaign__name='Autumn league').code}/")

    dora = new_page()
    dora.goto(link)
    assert dora.locator("h1").inner_text() == "Join Autumn league"
    check_page(dora, "invitation-anonymous")
    dora.click("text=Sign up and join")
    # One address per run: allauth sends one confirmation per address every few minutes (its rate limit).
    dora.fill("input[name=email]", f"dora.{viewport}@example.org")
    dora.fill("input[name=username]", "dora")
    dora.fill("input[name=password1]", PASSWORD)
    dora.fill("input[name=password2]", PASSWORD)
    check_page(dora, "signup")
    dora.click("main button[type=submit]")
    dora.wait_for_selector("text=Verify Your Email Address")
    confirm = re.search(r"https?://[^\s]+/accounts/confirm-email/\S+", str(mail.outbox[-1].body))
    assert confirm is not None
    dora.goto(confirm.group(0))
    dora.click("main button[type=submit]")
    dora.wait_for_selector("main >> text=Join")
    check_page(dora, "invitation-join")
    dora.click("main button:has-text('Join')")
    dora.wait_for_selector("text=Welcome to Autumn league.")
    assert dora.locator("h1").inner_text() == "Autumn league"
    check_page(dora, "campaign-new-player")

    dora.click("text=Found a warband")
    dora.wait_for_selector("#wb-name")
    check_page(dora, "warband-new")
    dora.fill("#wb-name", "Dora's Dogs")
    dora.check("#list-reikland")
    dora.click("text=Found the warband")
    dora.wait_for_selector("text=Dora's Dogs founded")
    check_page(dora, "roster-empty")
    dora.click("main a:has-text('Hire')")
    dora.wait_for_selector("text=Mercenary Captain")
    check_page(dora, "hire")
    dora.click("main a:has-text('Mercenary Captain')")
    dora.wait_for_selector("text=your treasury would be 440 gc")
    assert "the list allows at most 1" in dora.inner_text("#confirm")
    check_page(dora, "hire-confirm")
    dora.fill("#hire-name", "Hans Ruppel")
    dora.click("text=Confirm and pay")
    dora.wait_for_selector("text=Hans Ruppel hired.")
    assert "440 gc" in dora.inner_text("main")
    assert dora.locator("table.stats td:first-child").first.inner_text().startswith("Hans Ruppel")
    check_page(dora, "roster")
    dora.click("main a:has-text('Hire')")
    dora.click("main a:has-text('Warrior')")
    dora.fill("#hire-name", "Dogs")
    dora.fill("#hire-count", "2")
    dora.click("text=Confirm and pay")
    dora.wait_for_selector("text=Dogs hired.")
    dora.click("text=Submit for approval")
    dora.wait_for_selector("text=Dora's Dogs submitted for approval.")
    assert Warband.objects.get(name="Dora's Dogs").status == "pending"

    alice.goto(f"{url}/")
    alice.click("text=Autumn league")
    alice.click("text=Run the week")
    alice.wait_for_selector("#pending-h")
    check_page(alice, "week-organiser")
    alice.click("text=Approve Dora's Dogs")
    alice.wait_for_selector("text=Dora's Dogs approved.")
    assert Warband.objects.get(name="Dora's Dogs").status == "approved"
    dora.goto(f"{url}/notices/")
    assert "Your warband Dora's Dogs was approved." in dora.inner_text("main")
    check_page(dora, "inbox")

"""Warband and league jobs in a real browser, at 390x844 and 1280x800, each as the person who does it: a player
hires with starting equipment (the price shown before paying) and dismisses models of a group; the organiser
finishes the campaign and removes a member; a player leaves."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.models import Campaign, Membership
from roster.models import Holding
from tests.e2e.conftest import check_page, log_in
from tests.roster.helpers import hire, reikland
from tests.support.league import League
from tests.support.world import World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _open(new_page: Any, url: str, who: str) -> Any:
    page = new_page()
    log_in(page, url, who)
    page.wait_for_selector("text=Your campaigns")
    return page


def test_a_player_hires_a_captain_with_starting_equipment(live_server: Any, new_page: Any, world: World) -> None:
    warband = reikland(world)
    bob = _open(new_page, live_server.url, "bob")
    bob.click("text=Reikland Reavers")
    bob.click("main a:has-text('Hire')")
    bob.click("main a:has-text('Mercenary Captain')")
    bob.wait_for_selector("#hire-price")
    assert "60 gc each: 60 gc in all; your treasury would be 440 gc." in bob.inner_text("#hire-price")
    bob.fill("#eq-sword", "1")
    bob.press("#eq-sword", "Tab")  # the price follows the kit before anything is paid
    bob.wait_for_selector("text=70 gc each: 70 gc in all; your treasury would be 430 gc.")
    bob.fill("#eq-dagger", "1")
    bob.press("#eq-dagger", "Tab")
    bob.wait_for_selector("text=Each: 60 gc to hire, 10 gc of equipment.")  # the first dagger is free
    check_page(bob, "hire-kit")
    bob.fill("#hire-name", "Ulrich")
    bob.click("#hire-confirm")
    bob.wait_for_selector("text=Ulrich hired.")
    row = bob.locator("tbody tr").first.inner_text()
    assert "Ulrich" in row and "Sword" in row and "Dagger" in row
    assert "430 gc" in bob.inner_text("main")
    check_page(bob, "hired-with-kit")
    assert warband.warriors.get(name="Ulrich").holdings.count() == 2


def test_a_player_dismisses_models_of_a_group(live_server: Any, new_page: Any, world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain", name="Ulrich")
    guards = hire(warband, "warrior", name="Guards", count=3, equipment=["sword"])
    bob = _open(new_page, live_server.url, "bob")
    bob.goto(f"{live_server.url}/warbands/{warband.pk}/")
    bob.click("text=Dismiss warriors")
    bob.wait_for_selector("h1:has-text('Dismiss warriors')")
    check_page(bob, "dismiss")
    bob.select_option(f"#count-{guards.pk}", "1")
    bob.click("text=Dismiss Guards")
    bob.wait_for_selector("text=1 of Guards dismissed; the equipment is in the stash.")
    guards.refresh_from_db()
    assert guards.count == 2
    assert Holding.objects.filter(warband=warband, warrior=None, item_slug="sword").count() == 1
    assert "Sword" in bob.inner_text("main")  # in the stash, on the roster page
    bob.click("text=Dismiss warriors")
    bob.click("text=Dismiss Ulrich")
    bob.wait_for_selector("text=Ulrich dismissed; the equipment is in the stash.")
    assert "Ulrich" not in bob.locator("tbody").inner_text()


def test_the_organiser_finishes_the_campaign(live_server: Any, new_page: Any, league: League) -> None:
    campaign = league.world.campaign
    alice = _open(new_page, live_server.url, "alice")
    alice.goto(f"{live_server.url}/campaigns/{campaign.pk}/")
    alice.click("summary:has-text('Finish the campaign')")
    check_page(alice, "finish-campaign")
    alice.check("#finish-sure")
    alice.click("form button:has-text('Finish the campaign')")
    alice.wait_for_selector("text=The campaign is finished: its standings are final.")
    assert "Finished" in alice.inner_text("h1 + p")
    assert "No week is open" in alice.inner_text("main")
    assert "Finish the campaign" not in alice.inner_text("main")
    check_page(alice, "finished-campaign")
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.FINISHED


def test_the_organiser_removes_a_member(live_server: Any, new_page: Any, world: World) -> None:
    alice = _open(new_page, live_server.url, "alice")
    alice.goto(f"{live_server.url}/campaigns/{world.campaign.pk}/")
    alice.click("main a:has-text('Members')")
    alice.wait_for_selector("h1:has-text('Members')")
    assert "Remove alice" not in alice.inner_text("main")  # an organiser is not removed; they may leave
    check_page(alice, "members")
    alice.click("text=Remove carol")
    alice.wait_for_selector("text=carol is no longer a member; their warbands and history stay.")
    assert "carol" not in alice.inner_text("#members-now")
    assert "carol" in alice.inner_text("#members-former")
    check_page(alice, "member-removed")
    assert Membership.objects.get(campaign=world.campaign, user=world.carol).left_at is not None


def test_a_player_leaves_the_campaign(live_server: Any, new_page: Any, world: World) -> None:
    bob = _open(new_page, live_server.url, "bob")
    bob.click("main a:has-text('Mordheim league')")
    bob.click("main a:has-text('Members')")
    bob.wait_for_selector("#leave-h")
    check_page(bob, "leave")
    bob.click("#leave-h ~ form button")
    bob.wait_for_selector("text=You left Mordheim league; you can still read it.")
    assert "Mordheim league" in bob.inner_text("h1")
    bob.click("main a:has-text('Members')")
    assert "bob" in bob.inner_text("#members-former") and bob.locator("#leave-h").count() == 0
    assert Membership.objects.get(campaign=world.campaign, user=world.bob).left_at is not None

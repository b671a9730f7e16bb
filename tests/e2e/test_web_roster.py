"""A player opens a warband's roster page from the home page, in a real browser at 390x844 and 1280x800, every page
checked (no sideways scroll, 44 px targets, axe-core); an outsider cannot."""

from typing import Any

import pytest

from tests.e2e.conftest import check_page
from tests.e2e.conftest import log_in as e2e_log_in
from tests.roster.helpers import hire, reikland
from tests.support.world import World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page: Any, url: str, username: str) -> None:
    e2e_log_in(page, url, username)
    page.wait_for_selector("text=Your campaigns")


def test_it_shows_the_roster_a_player_may_see(live_server: Any, new_page: Any, world: World) -> None:
    page = new_page()
    warband = reikland(world)
    hire(warband, "mercenary_captain", name="Ulrich", equipment=["sword"])
    log_in(page, live_server.url, "carol")
    page.click("text=Reikland Reavers")
    page.wait_for_selector("h1:has-text('Reikland Reavers')")
    row = page.locator("tbody tr").first.inner_text()
    assert "Ulrich" in row and "Mercenary Captain" in row and "Sword" in row
    assert "430 gc" in page.content()
    check_page(page, "roster-other-player")


def test_an_outsider_gets_not_found(live_server: Any, new_page: Any, world: World) -> None:
    page = new_page()
    warband = reikland(world)
    log_in(page, live_server.url, "oscar")
    response = page.goto(f"{live_server.url}/warbands/{warband.pk}/")
    assert response.status == 404


def test_the_campaign_page_shows_standings_and_battles(live_server: Any, new_page: Any, world: World) -> None:
    page = new_page()
    from roster.services.warbands import warband_approve, warband_submit

    warband = reikland(world)
    hire(warband, "mercenary_captain", name="Ulrich")
    hire(warband, "warrior", name="Guards", count=2)
    warband_submit(warband=warband, actor=world.bob)
    warband_approve(warband=warband, actor=world.alice)
    log_in(page, live_server.url, "carol")
    page.click("text=Mordheim league")
    page.wait_for_selector("h2:has-text('Standings')")
    standings = page.locator("table").first.inner_text()
    assert "Reikland Reavers" in standings and "bob" in standings
    check_page(page, "campaign-standings")
    assert page.goto(f"{live_server.url}/campaigns/{world.other_campaign.pk}/").status == 404

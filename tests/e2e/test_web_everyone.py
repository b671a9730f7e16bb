"""Everyone's jobs in a real browser, at 390x844 and 1280x800: the dice roller and the fairness page with its
charts, a weekly-moves week (a player sends a secret move, the GM resolves it), and the installed app showing the
last seen roster offline and saying so."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.services.campaigns import campaign_start
from referee.models import LedgerEntry
from tests.campaign.weekly.conftest import make_intrigue
from tests.e2e.conftest import check_page, log_in
from tests.roster.helpers import hire, reikland
from tests.support.world import World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_rolls_dice_and_reads_the_fairness_page(live_server: Any, new_page: Any, world: World) -> None:
    campaign_start(campaign=world.campaign, actor=world.alice)
    bob = new_page()
    log_in(bob, live_server.url, "bob")
    bob.wait_for_selector("text=Your campaigns")
    bob.goto(f"{live_server.url}/dice/")
    check_page(bob, "dice")
    bob.fill("#dice-notation", "2d6")
    bob.fill("#dice-label", "ambush")
    bob.select_option("#dice-campaign", str(world.campaign.pk))
    bob.check("#vis-public")
    bob.click("main button:has-text('Roll')")
    bob.wait_for_selector("text=Rolled 2D6:")
    entry = LedgerEntry.objects.get(label="ambush")
    assert f"Rolled 2D6: {entry.total}" in bob.inner_text(".messages")
    assert "ambush" in bob.inner_text("table.stats")
    bob.goto(f"{live_server.url}/campaigns/{world.campaign.pk}/fairness/")
    bob.wait_for_selector("canvas[data-chart='faces-d6-data']")
    assert bob.evaluate("!!window.Chart && Chart.getChart(document.querySelector('canvas[data-chart]')) !== undefined")
    assert "Week 1" in bob.inner_text("main")
    check_page(bob, "fairness")


def test_a_weekly_moves_week_in_the_browser(live_server: Any, new_page: Any, world: World, eager_celery: None) -> None:
    intrigue = make_intrigue(world)
    intrigue.submit(intrigue.carol, "ingredient_search", mode="hold")
    bob, gina = new_page(), new_page()
    log_in(bob, live_server.url, "bob")
    bob.wait_for_selector("text=Your campaigns")
    bob.click("main a:has-text('Intrigue')")
    bob.wait_for_selector("h1:has-text('Intrigue')")
    assert "Standings" not in bob.inner_text("main")
    check_page(bob, "campaign-weekly")
    bob.click("text=Send or change my move")
    bob.wait_for_selector("#send-h")
    check_page(bob, "weekly-moves")
    bob.select_option("#ingredient_search-mode", "hold")
    bob.click("main button:has-text('Send: Ingredient search')")
    bob.wait_for_selector("text=Move sent: it stays secret until the week is resolved.")
    assert "Ingredient search" in bob.inner_text("#moves-h + ul")

    log_in(gina, live_server.url, "gina")
    gina.wait_for_selector("text=Your campaigns")
    gina.goto(f"{live_server.url}/weeks/{intrigue.week.pk}/moves/")
    assert gina.locator("#moves-h + ul li").count() == 2
    check_page(gina, "weekly-gm")
    gina.click("text=Resolve the week now")
    gina.wait_for_selector("text=Week 1 resolved.")
    bob.goto(f"{live_server.url}/weeks/{intrigue.week.pk}/moves/")
    assert "Results" in bob.inner_text("main")
    check_page(bob, "weekly-results")


def test_the_installed_app_shows_the_last_seen_roster_offline(live_server: Any, new_page: Any, world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain", name="Ulrich")
    page = new_page()
    log_in(page, live_server.url, "bob")
    page.wait_for_selector("text=Your campaigns")
    manifest = page.evaluate("fetch('/manifest.webmanifest').then(r => r.json())")
    assert manifest["display"] == "standalone" and {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
    page.goto(f"{live_server.url}/warbands/{warband.pk}/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now under the worker's control: this visit is kept
    page.wait_for_selector("text=Ulrich")
    assert not page.is_visible("#offline-note")
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#offline-note:not([hidden])")
    assert "You are offline" in page.inner_text("#offline-note")
    assert "Ulrich" in page.inner_text("table.stats")
    check_page(page, "roster-offline")
    page.goto(f"{live_server.url}/warbands/{warband.pk + 999}/")
    assert "You are offline" in page.inner_text("main h1")
    page.context.set_offline(False)

"""A Doomtrooper table on two phones (390x844), in a real browser: Bob opens a table from the campaign, Carol
joins it, they start it and each sends commands from the page's forms; each page shows its own sealed card
and hand count and never the other's, and follows the other's moves by polling; every page checked (no
sideways scroll, 44 px targets, axe-core)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.table_models import TableSession
from tests.e2e.conftest import check_page, log_in
from tests.support.world import World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _send(page: Any, label: str, **fields: str) -> None:
    form = page.locator("#commands form", has=page.locator(f"button:text-is('{label}')"))
    for name, value in fields.items():
        field = form.locator(f"[name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":  # chosen from the legal ones, never typed
            field.select_option(value)
        else:
            field.fill(value)
    form.locator("button[type=submit]").click()
    page.wait_for_selector(f"text=Sent: {label}.")


def test_two_phones_play_a_doomtrooper_table_and_each_sees_only_its_own_secrets(
    live_server: Any, phones: Any, world: World
) -> None:
    url = live_server.url
    bob, carol = phones(), phones()
    for page, name in ((bob, "bob"), (carol, "carol")):
        log_in(page, url, name)
        page.wait_for_selector("text=Your campaigns")

    bob.goto(f"{url}/campaigns/{world.campaign.pk}/")
    bob.click("text=Tables: live games at the table")
    bob.wait_for_selector("text=No tables yet.")
    check_page(bob, "tables-list")
    bob.click("text=Open a Doomtrooper table")
    bob.wait_for_selector("text=Table opened: ask the other player to join it.")
    table = TableSession.objects.get(campaign=world.campaign).pk
    check_page(bob, "table-open")

    carol.goto(f"{url}/campaigns/{world.campaign.pk}/tables/")
    carol.click(f"text=Join table {table}")
    carol.wait_for_selector("text=You have a seat at the table.")
    assert "The game has not started yet" in carol.inner_text("main")

    # Bob's page learns of Carol's seat by itself (the htmx poll), then he starts and begins.
    bob.wait_for_selector("#seats-h ~ ul li:has-text('carol')", timeout=15000)
    bob.select_option("#start-first", "s1")
    bob.click("text=Start the game")
    bob.wait_for_selector("text=The game has started.")
    _send(bob, "Report my draw", hand_count="7")
    _send(bob, "Deploy into cover (sealed)", slug="heavy_trooper")
    mine = bob.inner_text("#my-cards")
    assert "Heavy trooper" in mine and "Sealed (only you know them)" in mine
    counters = bob.inner_text("#counters")
    assert "bob (you): fate 5 · victory points 0 · actions left 0" in counters  # the cover took all three actions
    assert "6 cards in my hand" in mine
    check_page(bob, "table-bob-cover")

    carol.wait_for_selector("#log li:has-text('bob deployed a face-down card into cover.')", timeout=15000)
    page_text = carol.inner_text("main")
    assert "Heavy trooper" not in page_text and "heavy_trooper" not in carol.content()
    assert "a face-down card" in carol.inner_text("#board")
    assert "No sealed cards." in carol.inner_text("#my-cards")
    check_page(carol, "table-carol-waiting")

    _send(bob, "End my actions")
    _send(bob, "End my turn")
    carol.wait_for_selector("#commands button:text-is('Report my draw')", timeout=15000)
    _send(carol, "Report my draw", hand_count="8")
    _send(carol, "Deploy a warrior", slug="line_trooper")
    assert "Line trooper" in carol.inner_text("#board")
    assert "7 cards in my hand" in carol.inner_text("#my-cards")  # one of the eight deployed
    assert "carol (you): fate 2" in carol.inner_text("#counters")  # the line trooper's 3 paid from her 5
    assert "Heavy trooper" not in carol.inner_text("main")
    check_page(carol, "table-carol-deployed")

    bob.wait_for_selector("#board li:has-text('Line trooper')", timeout=15000)
    assert "carol deployed Line trooper for 3 fate points." in bob.inner_text("#log")
    assert "Heavy trooper" in bob.inner_text("#my-cards")
    check_page(bob, "table-bob-sees-carol")

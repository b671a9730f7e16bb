"""Push down, play on (issue 29, item 4): with no WebSocket server (the test's live server speaks only HTTP), a
table page says it is refreshing by itself every few seconds, and follows the other player by polling."""

from __future__ import annotations

from typing import Any

import pytest

from referee.table_models import TableSession
from tests.e2e.conftest import log_in
from tests.support.world import World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_without_the_push_server_a_table_page_says_it_polls_and_follows_the_other_player(
    live_server: Any, phones: Any, world: World
) -> None:
    url = live_server.url
    bob, carol = phones(), phones()
    for page, name in ((bob, "bob"), (carol, "carol")):
        log_in(page, url, name)
        page.wait_for_selector("text=Your campaigns")
    bob.goto(f"{url}/campaigns/{world.campaign.pk}/tables/")
    bob.click("text=Open a Doomtrooper table")
    bob.wait_for_selector("text=Table opened: ask the other player to join it.")
    table = TableSession.objects.get(campaign=world.campaign).pk
    state = bob.locator(".live-state")
    state.wait_for()
    bob.wait_for_function("document.querySelector('.live-state').classList.contains('live-off')")
    assert "Live updates are off: the table refreshes every" in state.inner_text()

    carol.goto(f"{url}/campaigns/{world.campaign.pk}/tables/")
    carol.click(f"text=Join table {table}")
    carol.wait_for_selector("text=You have a seat at the table.")
    bob.wait_for_selector("#seats-h ~ ul li:has-text('carol')", timeout=15000)  # by polling, nothing lost
    assert "Live updates are off" in bob.locator(".live-state").inner_text()

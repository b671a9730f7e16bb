"""The push server (daphne) killed under an open table page, then started again (issue 29, items 4 and 6): the
page says "Live" while its WebSocket is open and that it is refreshing by itself once the socket is gone, tries
the socket again, and shows what the other player did meanwhile: nothing is lost."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.tables.services.tables import campaign_table_join
from referee.table_models import TableSession
from tests.e2e.conftest import log_in
from tests.faults.procs import BIN, Procs, free_port, port_open, wait_until
from tests.support.world import World

pytestmark = [pytest.mark.postgres, pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_table_page_says_live_then_polling_when_daphne_dies_and_live_again_with_nothing_lost(
    world: World, procs: Procs, page: Any
) -> None:
    redis = procs.redis()
    # DEBUG: daphne serves the static files itself (no collectstatic in a test); the layer carries the nudges.
    procs.env.update(CHANNEL_LAYER_URL=f"redis://127.0.0.1:{redis}/2", DEBUG="1")
    port = free_port()
    argv = [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port), "campaign.asgi:application"]
    procs.start("daphne", argv)
    wait_until(lambda: port_open(port), 90, "daphne listening")
    url = f"http://127.0.0.1:{port}"

    log_in(page, url, "bob")
    page.wait_for_selector("text=Your campaigns")
    page.goto(f"{url}/campaigns/{world.campaign.pk}/tables/")
    page.click("text=Open a Doomtrooper table")
    page.wait_for_selector("text=Table opened: ask the other player to join it.")
    session = TableSession.objects.get(campaign=world.campaign)
    page.wait_for_selector(".live-state.live-on", timeout=20000)
    assert "Live: the table updates as it happens." in page.inner_text(".live-state")

    procs.procs["daphne"].kill()
    page.wait_for_selector(".live-state.live-off", timeout=20000)
    assert "Live updates are off: the table refreshes every" in page.inner_text(".live-state")
    campaign_table_join(user=world.carol, session=session)  # the other player sits down meanwhile

    procs.start("daphne", argv)
    wait_until(lambda: port_open(port), 90, "daphne listening again")
    page.wait_for_selector(".live-state.live-on", timeout=90000)  # the page tried again, by itself
    page.wait_for_selector("#seats-h ~ ul li:has-text('carol')", timeout=20000)

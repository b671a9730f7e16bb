"""The dice roller's visibility modes, the roll ledger and the fairness page's face-count charts, in a real
browser at 390x844 and 1280x800: a player's public roll is everyone's, a GM-only or blind one is hidden from the
roller and listed to the GM, a self roll is the roller's and the GM's; each face-count chart counts exactly the
rolls its viewer may see."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.services.campaigns import campaign_start
from referee.models import LedgerEntry
from tests.e2e.conftest import check_page, log_in
from tests.support.world import World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _roll(page: Any, url: str, campaign_id: int, notation: str, label: str, visibility: str) -> str:
    page.goto(f"{url}/dice/")
    page.fill("#dice-notation", notation)
    page.fill("#dice-label", label)
    page.select_option("#dice-campaign", str(campaign_id))
    page.check(f"#vis-{visibility}")
    page.click("main button:has-text('Roll')")
    page.wait_for_selector(".messages")
    return str(page.inner_text(".messages"))


def _d6_count(page: Any) -> int:
    canvas = "canvas[data-chart='faces-d6-data']"
    page.wait_for_selector(canvas)
    return int(
        page.evaluate(
            f'Chart.getChart(document.querySelector("{canvas}")).data.datasets[0].data.reduce((a, b) => a + b, 0)'
        )
    )


def test_each_visibility_mode_shows_the_roll_to_whom_it_should(live_server: Any, new_page: Any, world: World) -> None:
    campaign_start(campaign=world.campaign, actor=world.alice)
    url, pk = live_server.url, world.campaign.pk
    bob, carol, gina = new_page(), new_page(), new_page()
    for page, name in ((bob, "bob"), (carol, "carol"), (gina, "gina")):
        log_in(page, url, name)
        page.wait_for_selector("text=Your campaigns")

    public = _roll(bob, url, pk, "3d6", "open-charge", "public")
    entry = LedgerEntry.objects.get(label="open-charge")
    assert f"Rolled 3D6: {entry.total}" in public
    assert "the result is hidden from you" in _roll(bob, url, pk, "1d6", "gm-ambush", "gm")
    assert "the result is hidden from you" in _roll(bob, url, pk, "1d6", "blind-search", "blind")
    own = _roll(bob, url, pk, "1d6", "self-check", "self")
    assert f"{LedgerEntry.objects.get(label='self-check').total}" in own
    check_page(bob, "dice-modes")

    ledger = bob.inner_text("table.stats")
    assert "open-charge" in ledger and "self-check" in ledger
    assert "gm-ambush" not in ledger and "blind-search" not in ledger
    carol.goto(f"{url}/dice/")
    carol_ledger = carol.inner_text("main")
    assert "open-charge" in carol_ledger and "self-check" not in carol_ledger and "gm-ambush" not in carol_ledger
    gina.goto(f"{url}/dice/")
    gm_ledger = gina.inner_text("table.stats")
    assert all(label in gm_ledger for label in ("open-charge", "gm-ambush", "blind-search", "self-check"))
    check_page(gina, "dice-ledger-gm")

    bob.goto(f"{url}/campaigns/{pk}/fairness/")
    assert _d6_count(bob) == 4  # 3d6 and his own 1d6: the hidden two are not his to count
    check_page(bob, "fairness-player")
    carol.goto(f"{url}/campaigns/{pk}/fairness/")
    assert _d6_count(carol) == 3
    gina.goto(f"{url}/campaigns/{pk}/fairness/")
    assert _d6_count(gina) == 6
    check_page(gina, "fairness-gm")

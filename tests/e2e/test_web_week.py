"""A Mordheim week in a real browser, at 390x844 and 1280x800, each step as the person who does it: the organiser
starts and pairs, one player reports from both rosters, the other confirms, both watch the aftermath, the
organiser closes the week; every page checked (no sideways scroll, 44 px targets, axe-core)."""

from __future__ import annotations

from typing import Any

import pytest

from roster.models import Battle
from tests.e2e.conftest import check_page, log_in
from tests.support.league import make_warband
from tests.support.world import World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_week_is_paired_reported_confirmed_and_closed(
    live_server: Any, new_page: Any, world: World, eager_celery: None
) -> None:
    url = live_server.url
    make_warband(world.campaign, world.bob, "Blades", heroes=2)
    make_warband(world.campaign, world.carol, "Crows", heroes=2, henchmen=3)
    alice, bob, carol = new_page(), new_page(), new_page()
    for page, name in ((alice, "alice"), (bob, "bob"), (carol, "carol")):
        log_in(page, url, name)
        page.wait_for_selector("text=Your campaigns")

    alice.goto(f"{url}/campaigns/{world.campaign.pk}/")
    alice.click("text=Start the campaign")
    alice.wait_for_selector("text=The campaign has started: week 1 is open.")
    assert "Deadline" in alice.inner_text("main")
    alice.click("text=Run the week")
    alice.click("text=Pair automatically")
    alice.wait_for_selector("text=1 pairings made.")
    check_page(alice, "week-paired")
    battle = Battle.objects.get(campaign=world.campaign)

    bob.goto(f"{url}/campaigns/{world.campaign.pk}/")
    assert "Next battle" in bob.inner_text("main")
    check_page(bob, "campaign-mordheim")
    bob.click("main a:has-text('Next battle'), main p:has-text('Next battle') a")
    bob.wait_for_selector("text=Report the battle")
    check_page(bob, "battle-report-form")
    bob.select_option("#report-scenario", "skirmish")
    bob.check("input[name=winner] >> nth=0")
    victim = battle.warband_b if battle.warband_a.owner == world.bob else battle.warband_a
    assert victim is not None
    crow = victim.warriors.order_by("id").first()
    assert crow is not None
    bob.check(f"#report-ooa-{crow.pk}_1")  # a box per model: a hero has one
    bob.click("text=Send the report")
    bob.wait_for_selector("text=Report sent: your opponent is asked to confirm it.")
    assert f"{crow.name} out of action" in bob.inner_text("main")

    carol.goto(f"{url}/notices/")
    carol.wait_for_selector("text=reported your battle against")
    carol.click("text=reported your battle against")
    carol.wait_for_selector("text=Confirm the report")
    check_page(carol, "battle-confirm")
    carol.click("text=Confirm the report")
    carol.wait_for_selector("text=Report confirmed: the aftermath is being rolled.")
    carol.wait_for_selector("text=gained", timeout=15000)
    assert "experience" in carol.inner_text("#aftermath")
    check_page(carol, "battle-aftermath")

    bob.goto(f"{url}/campaigns/{world.campaign.pk}/")
    timeline = bob.inner_text(".timeline")
    assert "was confirmed" in timeline and "battle_confirmed" not in timeline
    standings = bob.locator("table.stats tbody tr").first.inner_text()
    assert "1" in standings
    bob.goto(f"{url}/decisions/")
    check_page(bob, "decisions")

    alice.goto(f"{url}/campaigns/{world.campaign.pk}/week/")
    alice.click("text=Close week 1")
    alice.wait_for_selector("text=Week 1 closed.")
    assert "Week 2" in alice.inner_text("main")
    check_page(alice, "campaign-week-2")

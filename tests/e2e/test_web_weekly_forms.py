"""The move forms of a weekly-moves week on a phone (390x844), in a real browser: a player who picks Exchange sees
that action's fields only (the other actions close, and of what they offer only the field of the kind chosen), and
sends the move; without the script every field shows, each labelled, and the same move is sent."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.weekly.models import WeeklyMove
from tests.campaign.weekly.conftest import make_intrigue
from tests.e2e.conftest import VIEWPORTS, check_page, log_in
from tests.support.world import World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GIVE = ("#give1-subject", "#give1-item", "#give1-text")


def _shown(page: Any, selectors: tuple[str, ...]) -> list[bool]:
    return [page.is_visible(s) for s in selectors]


@pytest.mark.parametrize("viewport", ["phone"])
def test_wm_exch_01_a_player_picking_exchange_sees_only_its_fields_and_sends_it(
    live_server: Any, new_page: Any, world: World
) -> None:
    intrigue = make_intrigue(world, bob={"ingredients": ["grave_dust"], "companions": [{"name": "Rook"}]})
    intrigue.know(intrigue.bob, intrigue.carol)  # WM-EXCH-01: an exchange needs info on the partner
    bob = new_page()
    log_in(bob, live_server.url, "bob")
    bob.wait_for_selector("text=Your campaigns")
    bob.goto(f"{live_server.url}/weeks/{intrigue.week.pk}/moves/")
    assert bob.is_visible("#ingredient_search-mode") and not bob.is_visible("#exchange-partner")
    bob.click("#form-preparation summary")  # WM-PREP-01: the companion to heal only for a healing
    assert bob.is_visible("#preparation-prep-target") and not bob.is_visible("#preparation-heal")
    bob.select_option("#preparation-effect", "heal")
    assert bob.is_visible("#preparation-heal")

    bob.click("#form-exchange summary")
    assert bob.is_visible("#exchange-partner") and bob.is_visible("#give1-type")
    assert not bob.is_visible("#ingredient_search-mode"), "the action shown before closes"
    assert not bob.is_visible("#spying-target") and not bob.is_visible("#preparation-effect")
    assert bob.is_visible("#exchange-companion")  # who acts: Bob or Rook, for any action
    assert _shown(bob, GIVE) == [True, False, False]  # "Info on a player" is the kind offered first
    bob.select_option("#give1-type", "ingredient")
    assert _shown(bob, GIVE) == [False, True, False]
    bob.select_option("#give1-type", "service")
    assert _shown(bob, GIVE) == [False, False, True]
    assert bob.inner_text("label[for=give1-text]") == "The service you promise (for a service)"
    check_page(bob, "weekly-exchange")
    bob.select_option("#exchange-partner", intrigue.carol.key)
    bob.fill("#give1-text", "I keep your secret")
    bob.click("#form-exchange button[type=submit]")
    bob.wait_for_selector("text=Move sent: it stays secret until the week is resolved.")
    move = WeeklyMove.objects.get(character=intrigue.bob)
    assert (move.kind, move.payload) == (
        "exchange",
        {"partner": intrigue.carol.key, "give": [{"type": "service", "text": "I keep your secret"}]},
    )


def test_without_the_script_every_exchange_field_shows_labelled_and_the_move_is_sent(
    live_server: Any, browser: Any, world: World
) -> None:
    intrigue = make_intrigue(world, bob={"ingredients": ["grave_dust"]})
    intrigue.know(intrigue.bob, intrigue.carol)
    context = browser.new_context(viewport=VIEWPORTS["phone"], locale="en-GB", java_script_enabled=False)
    try:
        bob = context.new_page()
        log_in(bob, live_server.url, "bob")
        bob.wait_for_selector("text=Your campaigns")
        bob.goto(f"{live_server.url}/weeks/{intrigue.week.pk}/moves/")
        bob.click("#form-exchange summary")
        assert _shown(bob, GIVE) == [True, True, True]
        for field in GIVE:
            assert bob.inner_text(f"label[for={field[1:]}]")
        bob.select_option("#exchange-partner", intrigue.carol.key)
        bob.select_option("#give1-type", "ingredient")
        bob.select_option("#give1-item", "grave_dust")
        bob.fill("#give1-text", "ignored: not a service")
        bob.click("#form-exchange button[type=submit]")
        bob.wait_for_selector("text=Move sent: it stays secret until the week is resolved.")
    finally:
        context.close()
    move = WeeklyMove.objects.get(character=intrigue.bob)
    assert move.payload == {"partner": intrigue.carol.key, "give": [{"type": "ingredient", "item": "grave_dust"}]}

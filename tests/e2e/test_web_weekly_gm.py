"""A weekly-moves week as the GM and a player do it, in a real browser at 390x844 and 1280x800, every page
checked: the GM rules a death and sets what a character knows on the characters page and makes a hidden roll from
the week's desk; the player sends a move, changes it, withdraws it and sends another; the GM follows the moves and
resolves; the player reads the results; the other player saw none of it."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.models import Week
from campaign.weekly.models import Character, InfoHolding, WeeklyMove
from referee.models import LedgerEntry
from tests.campaign.weekly.conftest import make_intrigue
from tests.e2e.conftest import check_page, log_in
from tests.support.world import World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_gm_rules_rolls_in_secret_and_resolves_while_a_player_moves(
    live_server: Any, new_page: Any, world: World, eager_celery: None
) -> None:
    intrigue = make_intrigue(world)
    url = live_server.url
    bob, carol, gina = new_page(), new_page(), new_page()
    for page, name in ((bob, "bob"), (carol, "carol"), (gina, "gina")):
        log_in(page, url, name)
        page.wait_for_selector("text=Your campaigns")
    moves = f"{url}/weeks/{intrigue.week.pk}/moves/"

    gina.goto(f"{url}/campaigns/{intrigue.campaign.pk}/")
    gina.click("main a:has-text('Characters and rulings')")
    gina.wait_for_selector("h1:has-text('Characters and rulings')")
    check_page(gina, "weekly-rulings")
    gina.select_option(f"#c{intrigue.dave_c.pk}-status", "dead")
    gina.click(f"form[action$='/characters/{intrigue.dave_c.pk}/'] button")
    gina.wait_for_selector("text=The sheet of Dave is saved.")
    assert Character.objects.get(pk=intrigue.dave_c.pk).status == "dead"
    gina.select_option("#info-holder", str(intrigue.bob.pk))
    gina.select_option("#info-subject", str(intrigue.carol.pk))
    gina.fill("#info-count", "1")
    gina.click("text=Save what they know")
    gina.wait_for_selector("text=What Bob knows is saved.")
    assert InfoHolding.objects.get(holder=intrigue.bob, subject=intrigue.carol).count == 1

    bob.goto(moves)
    check_page(bob, "weekly-player")
    assert "1 info on Carol" in bob.inner_text("#sheet-h + div + ul")
    bob.click("#form-spying summary")
    bob.select_option("#spying-target", intrigue.carol.key)
    bob.select_option("#spying-pick1", "info")
    bob.click("#form-spying button[type=submit]")
    bob.wait_for_selector("text=Move sent: it stays secret until the week is resolved.")
    move = WeeklyMove.objects.get(character=intrigue.bob)
    assert move.payload == {"target": intrigue.carol.key, "picks": ["info"]}
    bob.select_option("#ingredient_search-mode", "hold")
    bob.select_option("#ingredient_search-change", str(move.pk))
    bob.click("#form-ingredient_search button[type=submit]")
    bob.wait_for_selector("text=Move changed.")
    move.refresh_from_db()
    assert (move.kind, move.payload) == ("ingredient_search", {"mode": "hold"})
    bob.click(f"form[action$='/moves/{move.pk}/withdraw/'] button")
    bob.wait_for_selector("text=Move withdrawn.")
    assert not WeeklyMove.objects.filter(character=intrigue.bob).exists()
    bob.select_option("#ingredient_search-mode", "hold")
    bob.click("#form-ingredient_search button[type=submit]")
    bob.wait_for_selector("text=Move sent: it stays secret until the week is resolved.")

    carol.goto(moves)
    assert "Bob" not in carol.inner_text("#moves-h + ul")  # another player's secret move is not hers to see
    gina.goto(moves)
    assert "Bob" in gina.inner_text("#moves-h + ul")
    gina.fill("#hidden-notation", "1d6")
    gina.fill("#hidden-label", "who-noticed")
    gina.click("text=Roll where only the GM sees it")
    gina.wait_for_selector("text=Rolled D6:")
    assert gina.url == moves
    assert "who-noticed" in gina.inner_text("section[aria-labelledby=gm-h]")
    assert LedgerEntry.objects.get(label="who-noticed").visibility == "gm"
    check_page(gina, "weekly-gm")
    gina.click("text=Resolve the week now")
    gina.wait_for_selector("text=Week 1 resolved.")
    assert Week.objects.get(pk=intrigue.week.pk).status == Week.Status.CLOSED

    bob.goto(moves)
    results = bob.inner_text("#res-h + ul")
    assert "Ingredient search" in results and ("hit" in results or "miss" in results)
    check_page(bob, "weekly-player-results")
    carol.goto(f"{url}/dice/")
    assert "who-noticed" not in carol.inner_text("main")

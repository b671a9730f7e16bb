"""A player switches the web app to Russian, then Czech, from the header menu on a phone; the profile keeps
the choice, so the next log-in (another device) speaks it too."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.models import Profile
from tests.e2e.conftest import check_page, log_in
from tests.support.league import make_warband
from tests.support.world import World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("code", "standings", "found", "menu"),
    [("ru", "Турнирная таблица", "Создать отряд", "Меню"), ("cs", "Pořadí", "Založit oddíl", "Nabídka")],
)
def test_the_language_switch_is_kept_on_the_profile(
    live_server: Any, new_page: Any, world: World, code: str, standings: str, found: str, menu: str
) -> None:
    make_warband(world.campaign, world.bob, "Blades")
    page = new_page()
    log_in(page, live_server.url, "carol")
    page.wait_for_selector("text=Your campaigns")
    page.click("summary:has-text('Menu')")
    page.select_option("#language-select", code)  # the select sends its form by itself
    page.wait_for_selector(f"summary:has-text('{menu}')")
    assert Profile.objects.get(user=world.carol).language == code
    page.click("main a:has-text('Mordheim league')")
    page.wait_for_selector(f"h2:has-text('{standings}')")
    assert found in page.inner_text("main")
    assert page.get_attribute("html", "lang") == code
    check_page(page, f"campaign-{code}")

    other = new_page()  # another device: no cookie, the profile decides
    log_in(other, live_server.url, "carol")
    other.wait_for_selector(f"summary:has-text('{menu}')")

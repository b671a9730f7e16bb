"""A person logs in on the web and sees their campaigns, in a real browser at 390x844 and 1280x800."""

import os
from typing import Any

import pytest

from tests.e2e.conftest import check_page
from tests.support.world import PASSWORD, World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_logs_in_in_a_real_browser_and_lists_the_viewers_campaigns(
    live_server: Any, new_page: Any, world: World, tmp_path: Any
) -> None:
    page = new_page()
    page.goto(f"{live_server.url}/")
    check_page(page, "login")
    assert "/accounts/login/" in page.url
    page.fill("input[name=login]", "gina")
    page.fill("input[name=password]", "wrong")
    page.click("main button[type=submit]")
    assert page.locator(".errorlist, [role=alert]").count() >= 1
    page.fill("input[name=login]", "gina")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_selector("text=Your campaigns")
    rows = page.locator("section.card")
    assert rows.count() == 1
    assert "Mordheim league" in rows.first.inner_text() and "Game master" in rows.first.inner_text()
    assert "Other league" not in page.content()
    check_page(page, "home-gm")
    page.screenshot(path=str(tmp_path / "home.png"))
    if os.environ.get("MUSTER_SCREENSHOTS"):
        page.screenshot(path=os.path.join(os.environ["MUSTER_SCREENSHOTS"], "home.png"))


def test_the_api_docs_page_loads_without_the_network(live_server: Any, page: Any) -> None:
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.goto(f"{live_server.url}/api/v1/docs/")
    page.wait_for_selector("text=Muster API", timeout=15000)
    assert failed == []

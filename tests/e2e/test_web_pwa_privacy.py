"""In a real browser: the service worker keeps a person's pages in their own cache and logging out clears them,
so the next person on the machine cannot read them offline (issue 30, finding 5)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import log_in
from tests.support.world import World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEPT_PAGES = """async () => {
  const out = [];
  for (const key of await caches.keys()) {
    if (!key.startsWith('muster-pages-')) continue;
    for (const r of await (await caches.open(key)).keys()) out.push(key + ' ' + new URL(r.url).pathname);
  }
  return out;
}"""


def test_a_persons_pages_are_kept_for_them_and_gone_at_logout(live_server: Any, browser: Any, world: World) -> None:
    context = browser.new_context()
    page = context.new_page()
    log_in(page, live_server.url, "bob")
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=15000)
    campaign = f"/campaigns/{world.campaign.pk}/"
    page.goto(f"{live_server.url}{campaign}")
    page.wait_for_function(f"({KEPT_PAGES})().then(k => k.some(x => x.endsWith('{campaign}')))", timeout=15000)
    kept = page.evaluate(KEPT_PAGES)
    assert len({k.split(" ")[0] for k in kept}) == 1  # one person's cache
    page.evaluate("document.querySelector(\"header form[action='/accounts/logout/']\").requestSubmit()")
    page.wait_for_url("**/accounts/login/**")
    assert page.evaluate(KEPT_PAGES) == []
    context.set_offline(True)
    try:  # with the worker's copies (and the worker itself) cleared, offline there is nothing, or its offline page
        page.goto(f"{live_server.url}{campaign}")
        shown = page.content()
    except Exception as exc:  # net::ERR_INTERNET_DISCONNECTED: no copy answered
        shown = str(exc)
    assert "Mordheim league" not in shown
    context.close()

"""The pages pass their Content-Security-Policy (issue 30, finding 5): loaded in a real browser, logged in,
none of them trips a violation: no inline script, no inline style, nothing from another origin."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import AXE, log_in
from tests.support.league import League

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every violation the page reports, from the first byte on (an init script is not the page's and CSP lets it run).
WATCH = """window.__csp = []; document.addEventListener(
'securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"""


def _violations(page: Any) -> list[str]:
    page.wait_for_load_state("networkidle")
    return list(page.evaluate("window.__csp"))


def test_the_pages_load_with_no_content_security_policy_violation(
    live_server: Any, browser: Any, league: League
) -> None:
    from roster.battles.pairings import pairings_set

    world = league.world
    (battle,) = pairings_set(week=league.week, actor=world.alice, pairs=[(league.bobs.pk, league.carols.pk)])
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(WATCH)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(f"{live_server.url}/accounts/login/")
    assert page.evaluate("document.querySelector('meta[name=htmx-config]') !== null")
    assert _violations(page) == [], "login"
    log_in(page, live_server.url, "bob")
    for url in (
        "/",
        f"/campaigns/{world.campaign.pk}/",
        f"/battles/{battle.pk}/",
        f"/warbands/{league.bobs.pk}/",
        f"/campaigns/{world.campaign.pk}/fairness/",
        f"/campaigns/{world.campaign.pk}/tables/",
        "/dice/",
        "/notices/",
        "/profile/",
    ):
        response = page.goto(f"{live_server.url}{url}")
        assert response is not None and response.status == 200, url
        assert "script-src 'self'" in response.headers["content-security-policy"], url
        assert _violations(page) == [], url
    assert console == []
    # The watch sees what it must: an inline script the page did not bring is refused and reported.
    page.evaluate("""() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1';
                             document.body.appendChild(s); }""")
    page.wait_for_timeout(200)
    assert page.evaluate("window.ran === undefined") and any(v.startswith("script-src") for v in _violations(page))
    context.close()


def test_the_accessibility_check_still_runs_under_the_policy(live_server: Any, browser: Any, db: None) -> None:
    """check_page (tests/e2e/conftest.py) brings axe-core into the page; under the policy it must still run."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.evaluate(AXE.read_text())
    assert page.evaluate("typeof axe") == "object"
    context.close()

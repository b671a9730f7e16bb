"""Browser tests: Playwright drives Debian's Chromium (no browser download), against a live server.

Skipped with a reason where /usr/bin/chromium is absent (`make test` on a bare machine); CI installs
the Debian package first (.ci/debian-packages), and with MUSTER_REQUIRE_SERVICES=1 a missing browser fails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import CHROMIUM, FLAGS  # noqa: F401  (the fixtures browser and page: tests/conftest.py)
from tests.support.world import PASSWORD

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desk": {"width": 1280, "height": 800}}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"  # axe-core 4.10.2, vendored: nothing downloaded


@pytest.fixture
def person(browser: Any) -> Iterator[Callable[[str], Any]]:
    """A phone of its own per person, its browser set to ``locale`` (what it sends as Accept-Language)."""
    contexts: list[Any] = []

    def make(locale: str) -> Any:
        context = browser.new_context(viewport=VIEWPORTS["phone"], locale=locale)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def phones(person: Callable[[str], Any]) -> Callable[[], Any]:
    """Phones in English, one per call: the players at a live table."""
    return lambda: person("en-GB")


@pytest.fixture(params=sorted(VIEWPORTS))
def viewport(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def new_page(browser: Any, viewport: str) -> Iterator[Any]:
    """A factory of pages at the test's viewport, one browser context (one person) each."""
    contexts: list[Any] = []

    def make() -> Any:
        context = browser.new_context(viewport=VIEWPORTS[viewport], locale="en-GB")
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def shot(page: Any, name: str) -> Path:
    """Keep a screenshot of the page as CI artifacts do, under var/screenshots/<name>-<width>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}-{page.viewport_size['width']}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# What a thumb taps: buttons, button-like links, form controls, the header's links (links in running text are
# exempt, as WCAG 2.5.8 exempts inline targets).
TAP_TARGETS = ", ".join(
    [
        "main button",
        "main a.button",
        "main select",
        "main input:not([type=hidden]):not([type=checkbox]):not([type=radio])",
        "header a",
        "header summary",
    ]
)


def check_page(page: Any, name: str) -> None:
    """What every page must pass: no sideways scroll of the page, tap targets of 44 px on a phone, no
    missing labels, alt text or contrast (axe-core), and a screenshot kept."""
    page.wait_for_load_state()
    width = page.viewport_size["width"]
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{name}: the page scrolls sideways ({scroll} px wide at {width} px)"
    if width < 500:
        small = page.evaluate(
            """targets => [...document.querySelectorAll(targets)]
                .filter(e => e.offsetParent !== null)
                .filter(e => { const r = e.getBoundingClientRect(); return r.height < 43.5; })
                .map(e => e.outerHTML.slice(0, 80))""",
            TAP_TARGETS,
        )
        assert small == [], f"{name}: tap targets under 44 px: {small}"
    page.evaluate(AXE.read_text())  # not add_script_tag: an inline <script> is what the pages' CSP refuses
    violations = page.evaluate(
        """async () => (await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}}))
              .violations.map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', '))"""
    )
    assert violations == [], f"{name}: accessibility: {violations}"
    shot(page, name)


def log_in(page: Any, url: str, username: str) -> None:
    """Log in on the web as one of the named world's people (their password is the world's)."""
    page.goto(f"{url}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")

"""The one browser of a test run: Debian's Chromium driven by Playwright's sync API (no browser download).

Defined once, in the root conftest (``tests/conftest.py`` imports it): two session fixtures each starting
``sync_playwright`` in one process fail ("Sync API inside the asyncio loop"), as the browser tests and the
fault tests (tests/faults/test_push_down.py) would otherwise do in one run.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("MUSTER_REQUIRE_SERVICES") == "1":
            pytest.fail("MUSTER_REQUIRE_SERVICES=1 but Debian's chromium is not installed (apt-get install chromium)")
        pytest.skip("needs Debian's chromium (apt-get install chromium)")
    # Playwright's sync API runs an event loop; Django's async-unsafe guard must not mistake the tests for async code.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context()
    page = context.new_page()
    yield page
    context.close()

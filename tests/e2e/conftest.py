"""Browser tests: Playwright drives Debian's Chromium (no browser download), against a live server.

Skipped with a reason where /usr/bin/chromium is absent (`make test` on a bare machine); CI installs
the Debian package first (.ci/debian-packages), and with MUSTER_REQUIRE_SERVICES=1 a missing browser fails.
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

"""Prints how many casebook cases each system passed (and how many are known bugs), at the end of the run."""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator

import pytest

_COUNTS: dict[str, Counter[str]] = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, object, None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if not item.name.startswith("test_casebook[") or report.when != "call":
        return
    system = item.name.removeprefix("test_casebook[").split("/", 1)[0]
    counts = _COUNTS.setdefault(system, Counter())
    if hasattr(report, "wasxfail"):
        counts["known bug" if report.skipped else "failed"] += 1  # a strict xfail that passed fails
    else:
        counts["passed" if report.passed else "failed"] += 1


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _COUNTS:
        return
    terminalreporter.section("casebook")
    total: Counter[str] = Counter()
    for system in sorted(_COUNTS):
        counts = _COUNTS[system]
        total.update(counts)
        terminalreporter.write_line(f"{system}: {_line(counts)}")
    terminalreporter.write_line(f"all: {_line(total)}")


def _line(counts: Counter[str]) -> str:
    ran = sum(counts.values())
    return (f"{counts['passed']} of {ran} cases passed, {counts['known bug']} known bugs (strict xfail), "
            f"{counts['failed']} failed")

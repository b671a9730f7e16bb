"""The table fuzzer's count of steps played, printed at the end of the session."""

from __future__ import annotations

from typing import Any


def pytest_terminal_summary(terminalreporter: Any) -> None:
    from tests.campaign.api.tables.fuzz import PLAYED

    if PLAYED:
        terminalreporter.write_sep("-", "live-table fuzzer")
        for name, count in sorted(PLAYED.items()):
            terminalreporter.write_line(f"{name}: {count}")

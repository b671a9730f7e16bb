"""The crash-test seam: real-worker tests kill a process at a named point, as a dying machine would."""

from __future__ import annotations

import os

ENV = "MUSTER_FAULT"


def fault(point: str) -> None:
    """Exit at once (no cleanup, no commit) when ``MUSTER_FAULT`` names ``point``; nothing otherwise."""
    if os.environ.get(ENV) == point:
        os._exit(70)

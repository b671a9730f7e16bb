"""The crash-test seam: real-worker tests kill a process at a named point, as a dying machine would, or hold it
there a while so that a fault test can break something under it (tests/faults/)."""

from __future__ import annotations

import os
import time

ENV = "MUSTER_FAULT"
#: ``point=seconds[,point=seconds...]``: sleep that long at ``point`` (a PostgreSQL restart while a week resolves).
SLOW_ENV = "MUSTER_FAULT_SLOW"


def fault(point: str) -> None:
    """Exit at once (no cleanup, no commit) when ``MUSTER_FAULT`` names ``point``; sleep there when
    ``MUSTER_FAULT_SLOW`` names it; nothing otherwise."""
    if os.environ.get(ENV) == point:
        os._exit(70)
    for hold in filter(None, os.environ.get(SLOW_ENV, "").split(",")):
        name, _, seconds = hold.partition("=")
        if name == point:
            time.sleep(float(seconds or 0))

"""The ranges PostgreSQL's columns hold, for bounding what a client sends before it reaches one.

A value past its column is a DataError (a 500) on PostgreSQL and silently stored on SQLite; both
are refused with a 400 by checking these first. Django's own lookups already answer "no rows" for
an id out of range, so only what is written needs them.
"""

from __future__ import annotations

SMALLINT_MAX = 2**15 - 1
INTEGER_MAX = 2**31 - 1
INTEGER_MIN = -(2**31)
BIGINT_MAX = 2**63 - 1

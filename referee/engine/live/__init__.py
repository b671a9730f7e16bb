"""The live-table mechanism (LIVE-TABLES §2): pure Python, no Django.

- :mod:`.state`: the table's state (seats, zones, cards, counters, turn, window, facts, chains).
- :mod:`.zones`: card moves, with knowledge that only grows and a sealed audit trail.
- :mod:`.views`: redaction per viewer and opaque per-viewer handles; the only way out.
- :mod:`.events`: events with audiences, rendered per viewer.
- :mod:`.turns`, :mod:`.counters`, :mod:`.rerolls`, :mod:`.facts`: the shared machinery.
- :mod:`.system`: what a game system plugs in; :mod:`.table`: running, replaying, undo rules.
- :mod:`.audit`: the close audit of every shuffle, draw and deal.
"""

from referee.engine.live.audit import AuditReport, TrailEvent, audit_trail
from referee.engine.live.events import EVERYONE, SEALED, Event, audience_sees, render
from referee.engine.live.state import GM, OBSERVER, PLAYER, TableState
from referee.engine.live.system import Command, CommandError, CommandType, Field, LiveSystem
from referee.engine.live.table import START, Applied, Group, allowed, keep_knowledge, replay, run, run_setup

__all__ = [
    "EVERYONE",
    "GM",
    "OBSERVER",
    "PLAYER",
    "SEALED",
    "START",
    "Applied",
    "AuditReport",
    "Command",
    "CommandError",
    "CommandType",
    "Event",
    "Field",
    "Group",
    "LiveSystem",
    "TableState",
    "TrailEvent",
    "allowed",
    "audience_sees",
    "audit_trail",
    "keep_knowledge",
    "render",
    "replay",
    "run",
    "run_setup",
]

"""Loading a table's state and its system: the engine's values from the session's rows."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, NotFound, RuleViolation
from referee.engine.dice import ReplayMismatch
from referee.engine.game_systems import UnknownSystem, system
from referee.engine.live import Command, CommandError, Group, LiveSystem, TableState, keep_knowledge, replay
from referee.engine.rolls import roll_from_dict
from referee.served_packs import pinned_pack
from referee.table_models import TableCommand, TableSession

#: The row that records the table's closing. Not "close": a game may have a command of that name (the arena
#: duel's GM ends the duel with one), and that one is replayed like any other.
TABLE_CLOSED = "table_closed"
#: Commands that record something about the log (undo, amend, the table's closing) and are never replayed.
MARKERS = ("undo", "amend", TABLE_CLOSED)


def live_system(slug: str) -> LiveSystem:
    try:
        found = system(slug).live
    except UnknownSystem:
        found = None
    if found is None:
        raise RuleViolation(_("That game system is not played at live tables."), code="not_a_live_system",
                            field="system")
    return found


def rules_of(session: TableSession) -> Any:
    row = session.rules_pack
    return pinned_pack(row) if row is not None else None


def live_of(session: TableSession) -> LiveSystem:
    """The table's system reading the table's pinned pack, where the system reads one (``with_pack``)."""
    live = live_system(session.system)
    rules = rules_of(session)
    with_pack = getattr(live, "with_pack", None)
    return with_pack(rules) if with_pack is not None and rules is not None else live


def state_of(session: TableSession) -> TableState:
    """The table's current state (the snapshot written with its last event), with its rules loaded."""
    if session.snapshot is None:
        raise Conflict(_("This table has not started yet."), code="table_not_started")
    state = TableState.from_dict(session.snapshot)
    state.rules = rules_of(session)
    return state


def command_error(exc: CommandError) -> RuleViolation:
    """An engine refusal as the API's error (it was decided on the sender's own view only)."""
    return RuleViolation(_(exc.message), code=exc.code, fields={exc.field: [_(exc.message)]} if exc.field else None)


def groups_of(session: TableSession, *, amended: dict[int, dict[str, Any]] | None = None,
              without: int | None = None) -> list[Group]:
    groups = []
    for command in session.commands.filter(undone_at__isnull=True).exclude(kind__in=MARKERS).order_by("id"):
        if command.pk == without:
            continue
        payload = (amended or {}).get(command.pk, command.payload)
        seat = command.seat.key if command.seat is not None else ""
        groups.append(Group(Command(command.kind, seat, payload), [roll_from_dict(r) for r in command.rolls]))
    return groups


def rebuilt(session: TableSession, groups: list[Group]) -> TableState:
    """Replay ``groups`` from the state before setup with their stored rolls; what was seen stays seen."""
    initial = TableState.from_dict(session.initial or {})
    initial.rules = rules_of(session)
    try:
        state, _applied = replay(live_of(session), initial, groups)
    except (CommandError, ReplayMismatch) as exc:
        raise Conflict(_("The table cannot be rebuilt that way: the corrected command or a later one no longer fits "
                         "(%(why)s).")
                       % {"why": str(exc)}, code="replay_breaks") from None
    seen = state_of(session)
    keep_knowledge(state, seen)
    keep_seen = getattr(live_system(session.system), "keep_seen", None)
    if keep_seen is not None:  # a system's own knowledge (the arena's learned facts) never shrinks either
        keep_seen(state, seen)
    return state


def outcome_public(session: TableSession) -> Any:
    """The game's outcome as everyone may read it (the system leaves out what only some seats may know)."""
    outcome = (session.snapshot or {}).get("outcome")
    public = getattr(live_system(session.system), "outcome_public", None)
    return public(outcome) if public is not None else outcome


def command_of(session: TableSession, pk: int) -> TableCommand:
    found = session.commands.filter(pk=pk, undone_at__isnull=True).select_related("seat").first()
    if found is None:
        raise NotFound(_("No such command at this table."), code="command_not_found")
    return found

"""Loading a table's state and its system: the engine's values from the session's rows."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaign.lib.engine_words import say
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
#: A seat asking for a game in progress to be closed (LIVE-TABLES §6: every seat, or the table's GM, agrees).
CLOSE_ASKED = "close_asked"
MARKERS = ("undo", "amend", TABLE_CLOSED, CLOSE_ASKED)


def writable(session: TableSession) -> None:
    """Refuse every write to a table that is closed (its log and its outcome are final) or not started."""
    if session.status == TableSession.Status.CLOSED:
        raise Conflict(_("This table is closed: its log and its outcome are final."), code="table_closed")
    if session.status != TableSession.Status.PLAYING:
        raise Conflict(_("This table is not in play."), code="table_not_playing")


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
    return live.with_pack(rules) if rules is not None else live


def state_of(session: TableSession) -> TableState:
    """The table's current state (the snapshot written with its last event), with its rules loaded."""
    if session.snapshot is None:
        raise Conflict(_("This table has not started yet."), code="table_not_started")
    state = TableState.from_dict(session.snapshot)
    state.rules = rules_of(session)
    return state


def command_error(exc: CommandError, system: str = "") -> RuleViolation:
    """An engine refusal as the API's error (it was decided on the sender's own view only), its words from
    the system's catalogue (``campaign.lib.engine_words``; the live tables' common codes under ``"live"``)."""
    words = say(system, exc.code, exc.params, fallback=_(exc.message))
    return RuleViolation(words, code=exc.code, fields={exc.field: [words]} if exc.field else None)


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
    live_system(session.system).keep_seen(state, seen)  # a system's own knowledge never shrinks either
    return state


def outcome_public(session: TableSession) -> Any:
    """The game's outcome as everyone may read it (the system leaves out what only some seats may know)."""
    outcome = (session.snapshot or {}).get("outcome")
    return live_system(session.system).outcome_public(outcome)


def close_asks(session: TableSession) -> set[str]:
    """The seats that asked to close the game in progress since the table last changed."""
    last = session.commands.exclude(kind=CLOSE_ASKED).order_by("-id").values_list("id", flat=True).first() or 0
    return set(session.commands.filter(kind=CLOSE_ASKED, id__gt=last).values_list("seat__key", flat=True))


def in_progress(session: TableSession) -> bool:
    """Whether the game is being played: started, not closed, and no outcome reached by its rules."""
    return session.status == TableSession.Status.PLAYING and (session.snapshot or {}).get("status") == "playing"


def command_missing() -> NotFound:
    """The one answer for a command that does not exist, is undone, or is another seat's."""
    return NotFound(_("No such command at this table."), code="command_not_found")


def command_of(session: TableSession, pk: int) -> TableCommand:
    found = session.commands.filter(pk=pk, undone_at__isnull=True).select_related("seat").first()
    if found is None:
        raise command_missing()
    return found

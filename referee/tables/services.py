"""Writes of live tables (LIVE-TABLES §4): create, join, start, command, undo, amend, close.

One transaction per command: lock the session row; load its state; the engine applies the
command; its rolls are stored in the ledger first; then its events are appended and each
audience seat's seq raised; the phones are nudged after commit. The referee knows seats (users),
not campaigns: whether a user may open or join a campaign's table is the league's to decide
before calling these (``campaign.tables.services.tables``).
"""

from __future__ import annotations

import copy
import secrets
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, NotAllowed, RuleViolation
from campaign.lib.faults import fault
from campaign.lib.setting_words import refusal_words, words_of
from referee.engine.game_systems import system
from referee.engine.live import START, Applied, Command, CommandError, run, run_setup
from referee.engine.live.events import command_ref, public
from referee.engine.live.table import undo_alone
from referee.engine.system_settings import SettingsInvalid, specs_of
from referee.models import RulesPack
from referee.served_packs import packs, pinned_pack_error
from referee.services.rules_packs import rules_pack_sync
from referee.services.streams import stream_reveal
from referee.services.table_streams import table_stream_freeze, table_stream_key, table_stream_open
from referee.table_models import TableCommand, TableSeat, TableSession
from referee.tables.log import events_append
from referee.tables.rolls import TableRoller, seat_stream_open, seat_streams
from referee.tables.state import (
    CLOSE_ASKED,
    MARKERS,
    TABLE_CLOSED,
    close_asks,
    command_error,
    command_missing,
    command_of,
    groups_of,
    in_progress,
    live_of,
    live_system,
    outcome_public,
    rebuilt,
    rules_of,
    state_of,
    writable,
)

Status, Role = TableSession.Status, TableSeat.Role
MAX_SEATS = 8


def _pack_for(slug: str, chosen: RulesPack | None) -> RulesPack | None:
    """The pack the table pins: ``chosen`` (the league's own version of this system), else the newest served.
    A pinned version this server cannot read is refused with its file and entry named."""
    if chosen is not None and chosen.system == slug:
        problem = pinned_pack_error(chosen)
        if problem is not None:
            raise RuleViolation(_("Rules pack %(slug)s %(version)s cannot be used: %(problem)s")
                                % {"slug": chosen.slug, "version": chosen.version, "problem": str(problem)},
                                code="rules_pack_malformed", fields={"rules_pack": [str(problem)]})
        return chosen
    served = [p for p in packs() if p.system == slug]
    if not served:
        return None
    row, _what = rules_pack_sync(pack=max(served, key=lambda p: p.version))
    return row


def _settings(slug: str, raw: dict[str, Any] | None) -> dict[str, Any]:
    try:
        return dict(system(slug).read_settings(raw).to_dict())
    except SettingsInvalid as exc:
        spec = next((s for s in specs_of(system(slug).settings) if s.name == exc.field), None)
        problem = refusal_words(slug, spec, exc)
        raise RuleViolation(_("Setting “%(label)s”: %(problem)s")
                            % {"label": words_of(slug, exc.field).label if exc.field else "", "problem": problem},
                            code="invalid_settings", fields={exc.field or "settings": [problem]}) from None


def _seat_options(session: TableSession, role: str, options: dict[str, Any] | None) -> dict[str, Any]:
    if role != Role.PLAYER:
        return {}
    live = live_of(session)
    try:
        return live.seat_check(live.settings_from_dict(session.settings), options or {}, rules_of(session))
    except CommandError as exc:
        raise command_error(exc, session.system) from None


def _locked(session: TableSession) -> TableSession:
    return TableSession.objects.select_for_update().get(pk=session.pk)


def _seat(session: TableSession, user: Any) -> TableSeat:
    seat = session.seats.filter(user=user).first()
    if seat is None:
        raise NotAllowed(_("You have no seat at this table: join it first."), code="not_seated")
    return seat


@transaction.atomic
def table_create(*, creator: Any, system_slug: str, campaign_id: int | None = None,
                 settings: dict[str, Any] | None = None, role: str = Role.PLAYER,
                 options: dict[str, Any] | None = None, contribution: str = "",
                 rules_pack: RulesPack | None = None) -> TableSession:
    """Open a table of a live system: its stream's commitment is published now; the creator takes seat s1.
    ``rules_pack``: the league's own pinned version of this system's pack (else the newest served)."""
    live_system(system_slug)
    session = TableSession(
        campaign_id=campaign_id, system=system_slug, rules_pack=_pack_for(system_slug, rules_pack),
        settings=_settings(system_slug, settings), key=secrets.token_hex(16), created_by=creator,
    )
    session.stream = table_stream_open(key=f"table-open:{secrets.token_hex(8)}")
    session.save()
    # The stream is named after the table once the table has an id (no roll has been made yet).
    type(session.stream).objects.filter(pk=session.stream_id).update(key=table_stream_key(session.pk))
    session.stream.key = table_stream_key(session.pk)
    table_join(session=session, user=creator, role=role, options=options, contribution=contribution)
    return session


@transaction.atomic
def table_join(*, session: TableSession, user: Any, role: str = Role.PLAYER,
               options: dict[str, Any] | None = None, contribution: str = "") -> TableSeat:
    """Take a seat at an open table (a player registers its deck where the table holds decks)."""
    session = _locked(session)
    if session.status != Status.OPEN:
        raise Conflict(_("This table has started: no more seats."), code="table_started")
    if role not in Role.values:
        raise RuleViolation(_("A seat is a player, a GM or an observer."), code="invalid_role")
    if session.seats.filter(user=user).exists():
        raise Conflict(_("You already have a seat at this table."), code="already_seated")
    count = session.seats.count()
    if count >= MAX_SEATS:
        raise Conflict(_("This table is full."), code="table_full")
    if role == Role.GM and session.seats.filter(role=Role.GM).exists():
        raise Conflict(_("This table already has a GM."), code="gm_taken")
    try:
        with transaction.atomic():
            seat = TableSeat.objects.create(
                session=session, user=user, key=f"s{count + 1}", role=role, position=count + 1,
                contribution=contribution[:64], options=_seat_options(session, role, options),
            )
    except IntegrityError:
        raise Conflict(_("You already have a seat at this table."), code="already_seated") from None
    seat_stream_open(session=session, seat_key=seat.key)  # the seat's own dice, committed before the start
    return seat


def _store(session: TableSession, seat: TableSeat | None, kind: str, payload: dict[str, Any],
           applied: Applied, roller: TableRoller, state: Any, key: str = "", undoable: bool = True) -> TableCommand:
    roller.store()  # the rolls first, in the ledger, before any effect is recorded
    fault("table_after_rolls")  # a crash here leaves nothing: the retry draws the same faces again
    command = TableCommand.objects.create(
        session=session, seat=seat, kind=kind, payload=payload, idempotency_key=key[:100],
        rolls=roller.stored(), random=applied.random,
        revealed=applied.revealed, undoable=undoable,
    )
    events_append(session=session, command=command, events=applied.events)
    session.snapshot, session.snapshot_seq = state.to_dict(), session.seq
    session.pending_undo = None
    session.save(update_fields=["snapshot", "snapshot_seq", "initial", "seq", "head_hash", "pending_undo", "status",
                                "started_at", "closed_at"])
    return command


def _roller(session: TableSession) -> TableRoller:
    return TableRoller(session)


@transaction.atomic
def table_start(*, session: TableSession, user: Any, first: str | None = None,
                operator: str | None = None) -> TableSession:
    """Freeze the seats' contributions into the dice, build the table and set it up (shuffle, deal).
    ``operator``: the player seat that operates a house seat's creatures (the skirmish, SC-SUP-09)."""
    session = _locked(session)
    seat = _seat(session, user)
    if session.status != Status.OPEN:
        raise Conflict(_("This table has already started."), code="table_started")
    seats = list(session.seats.all())
    players = [s for s in seats if s.role == Role.PLAYER]
    if len(players) < 2:
        raise Conflict(_("A game needs at least two players seated."), code="not_enough_players")
    live = live_of(session)
    contributions = {s.key: s.contribution for s in seats}
    session.stream = table_stream_freeze(stream=session.stream, contributions=contributions)
    for stream in seat_streams(session).values():
        table_stream_freeze(stream=stream, contributions=contributions)
    state = live.new_state(seats={s.key: s.role for s in seats}, key=session.key,
                           settings=live.settings_from_dict(session.settings),
                           options={s.key: s.options for s in players})
    state.rules = rules_of(session)
    session.initial = copy.deepcopy(state.to_dict())  # the setup below changes the state in place
    roller = _roller(session)
    start = {k: v for k, v in (("first", first), ("operator", operator)) if v}
    try:
        applied = run_setup(live, state, start, roller)
    except CommandError as exc:
        raise command_error(exc, session.system) from None
    session.status, session.started_at = Status.PLAYING, timezone.now()
    _store(session, seat, START, start, applied, roller, state)
    return session


@transaction.atomic
def table_command(*, session: TableSession, user: Any, kind: str, payload: dict[str, Any],
                  expected_seq: int | None = None, key: str = "") -> TableCommand:
    """Apply one command for the user's seat. ``expected_seq``: the seat's seq the phone last saw."""
    session = _locked(session)
    seat = _seat(session, user)
    writable(session)
    if expected_seq is not None and expected_seq != seat.view_seq:
        raise Conflict(_("The table has moved on since your phone last looked: fetch what is new and try again."),
                       code="stale_seq", fields={"expected_seq": [str(seat.view_seq)]})
    live = live_of(session)
    state = state_of(session)
    roller = _roller(session)
    try:
        applied = run(live, state, Command(kind, seat.key, payload), roller)
    except CommandError as exc:
        raise command_error(exc, session.system) from None
    undoable = live.command_types()[kind].undoable
    return _store(session, seat, kind, dict(payload), applied, roller, state, key=key, undoable=undoable)


def _others_agree(session: TableSession, seat: TableSeat, last: TableCommand) -> bool:
    asked = set((session.pending_undo or {}).get("by", [])) | {seat.key}
    if (session.pending_undo or {}).get("command") != last.pk:
        asked = {seat.key}
    session.pending_undo = {"command": last.pk, "by": sorted(asked)}
    gm = any(s.role == Role.GM and s.key in asked for s in session.seats.all())
    players = {s.key for s in session.seats.all() if s.role == Role.PLAYER}
    return gm or players <= asked


@transaction.atomic
def table_undo(*, session: TableSession, user: Any) -> TableSession:
    """Undo the table's last command group (LIVE-TABLES §6).

    Its sender alone may, if nobody acted since, it drew no randomness and showed nobody
    anything; otherwise it is undone once every player (or the table's GM) has asked.
    """
    session = _locked(session)
    seat = _seat(session, user)
    writable(session)
    last = (session.commands.filter(undone_at__isnull=True).exclude(kind__in=MARKERS)
            .select_related("seat").order_by("-id").first())
    if last is None or last.kind == START:
        raise Conflict(_("There is nothing to undo."), code="nothing_to_undo")
    alone = undo_alone(last_seat=last.seat.key if last.seat else "", seat=seat.key, random=last.random,
                       revealed=last.revealed, undoable=last.undoable)
    if not alone and not _others_agree(session, seat, last):
        session.save(update_fields=["pending_undo"])
        return session
    state = rebuilt(session, groups_of(session, without=last.pk))
    last.undone_at = timezone.now()
    last.save(update_fields=["undone_at"])
    marker = TableCommand.objects.create(session=session, seat=seat, kind="undo", payload={"command": last.pk},
                                         undoable=False)
    undone = public("undone", "", command=command_ref(last.pk), kind=last.kind)
    events_append(session=session, command=marker, events=[undone], compensates=last)
    session.snapshot, session.snapshot_seq, session.pending_undo = state.to_dict(), session.seq, None
    session.save(update_fields=["snapshot", "snapshot_seq", "seq", "head_hash", "pending_undo"])
    return session


@transaction.atomic
def table_amend(*, session: TableSession, user: Any, command_id: int, payload: dict[str, Any]) -> TableSession:
    """Correct the facts of a command (its sender, or the table's GM): replay with its stored rolls."""
    session = _locked(session)
    seat = _seat(session, user)
    writable(session)
    target = command_of(session, command_id)
    if target.seat_id != seat.pk and seat.role != Role.GM:
        # another seat's command answers exactly as one that does not exist (no count of its commands)
        raise command_missing()
    if target.kind == START or target.kind in MARKERS:
        raise Conflict(_("That command cannot be amended."), code="not_amendable")
    state = rebuilt(session, groups_of(session, amended={target.pk: dict(payload)}))
    target.amendments = [*target.amendments, target.payload]
    target.payload = dict(payload)
    target.save(update_fields=["amendments", "payload"])
    marker = TableCommand.objects.create(session=session, seat=seat, kind="amend",
                                         payload={"command": target.pk}, undoable=False)
    events_append(session=session, command=marker, events=[public("amended", "", command=command_ref(target.pk),
                                                                  kind=target.kind)], compensates=target)
    session.snapshot, session.snapshot_seq = state.to_dict(), session.seq
    session.save(update_fields=["snapshot", "snapshot_seq", "seq", "head_hash"])
    return session


def _players(session: TableSession) -> set[str]:
    return {s.key for s in session.seats.all() if s.role == Role.PLAYER}


@transaction.atomic
def table_close(*, session: TableSession, user: Any, organiser: bool = False) -> TableSession:
    """Close the table (LIVE-TABLES §6): its seeds are revealed, its audit can run, and it takes no more writes.

    A table not started, or a game its rules ended, closes at one player's or the GM's word; a game in
    progress closes when the table's GM says so, or once every player has asked (each ask is an event
    the table sees). Ending a game alone is what a concession is for. A table with a seat left vacant
    (its player left the campaign) waits for its GM or, seated or not, the campaign's ``organiser``.
    """
    session = _locked(session)
    waiting = organiser and session.seats.filter(user__isnull=True).exists()  # a seat left vacant
    seat = session.seats.filter(user=user).first() if waiting else _seat(session, user)
    if seat is not None and seat.role == Role.OBSERVER and not waiting:
        raise NotAllowed(_("An observer cannot close the table."), code="observer")
    if session.status == Status.CLOSED:
        raise Conflict(_("This table is closed: its log and its outcome are final."), code="table_closed")
    if in_progress(session) and seat is not None and seat.role != Role.GM and not waiting:
        asked = close_asks(session)
        if not _players(session) <= asked | {seat.key}:
            if seat.key not in asked:
                marker = TableCommand.objects.create(session=session, seat=seat, kind=CLOSE_ASKED, undoable=False)
                events_append(session=session, command=marker, events=[public("close.asked", "", seat=seat.key)])
                session.save(update_fields=["seq", "head_hash"])
            return session
    session.status, session.closed_at = Status.CLOSED, timezone.now()
    for stream in [session.stream, *seat_streams(session).values()]:
        stream_reveal(stream=stream)
    marker = TableCommand.objects.create(session=session, seat=seat, kind=TABLE_CLOSED, undoable=False)
    events_append(session=session, command=marker, events=[public("closed", "", outcome=outcome_public(session))])
    session.save(update_fields=["status", "closed_at", "seq", "head_hash"])
    return session


@transaction.atomic
def seats_vacate(*, user: Any, campaign_id: int) -> int:
    """The user left the campaign: each seat of theirs at its tables not closed is vacant from now on."""
    seats = TableSeat.objects.filter(user=user, session__campaign_id=campaign_id).exclude(
        session__status=Status.CLOSED)
    return seats.update(user=None, vacated_at=timezone.now())


@transaction.atomic
def seat_seen(*, session: TableSession, user: Any) -> None:
    """Presence: the seat's phone looked at the table now."""
    TableSeat.objects.filter(session=session, user=user).update(last_seen_at=timezone.now())

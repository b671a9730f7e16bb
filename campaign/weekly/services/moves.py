"""Submitting, changing and withdrawing secret moves while a week is open (WM-GEN-01).

Each submission is checked at once against what its author may know (the engine's
viewer-limited view, built from their own rows only) and again when it resolves. After the
deadline, or once the week is resolving or closed, every change is refused with a 409. The
week row is locked for each change, so a change and the sweep's claim never cross.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.league import system_of
from campaign.lib.errors import Conflict, NotAllowed, NotFound, RuleViolation
from campaign.models import Week
from referee.engine.sealed import Move
from referee.engine.systems.weekly_moves import SYSTEM

from ..access import SYSTEM as SLUG
from ..access import WeekViewer, week_viewer
from ..messages import move_error_fields, move_error_text
from ..models import Character, WeeklyMove
from ..state import engine_move, load_view_state


def moves_closed(week: Week, now: datetime) -> Conflict | None:
    """Why moves can no longer change this week, or None while they can."""
    if week.status != Week.Status.OPEN:
        return Conflict(
            _("This week is already being resolved or closed: its moves can no longer change."),
            code="week_not_open",
        )
    if week.deadline <= now:
        return Conflict(
            _("The deadline for this week's moves has passed: they can no longer be submitted, changed or withdrawn."),
            code="deadline_passed",
        )
    return None


def _locked_open_week(week_id: int, now: datetime) -> Week:
    week = Week.objects.select_for_update().select_related("campaign").get(pk=week_id)
    refusal = moves_closed(week, now)
    if refusal is not None:
        raise refusal
    return week


def _author(who: WeekViewer) -> Character:
    if who.character is None or not who.active:
        raise NotAllowed(_("Only a player with a character in this campaign submits moves."), code="no_character")
    return who.character


def _own_move(who: WeekViewer, move_id: int) -> WeeklyMove:
    """The viewer's move; another player's looks exactly like one that does not exist."""
    move = None
    if who.character is not None:
        move = WeeklyMove.objects.filter(pk=move_id, week=who.week, character=who.character).first()
    if move is None:
        if who.is_gm and WeeklyMove.objects.filter(pk=move_id, week=who.week).exists():
            raise NotAllowed(_("Only the player who submitted a move can change it."), code="not_the_author")
        raise NotFound(_("No such move."), code="move_not_found")
    return move


def move_check(*, week: Week, character: Character, kind: str, payload: Mapping[str, Any], move_id: int | None) -> None:
    """Refuse ``kind``/``payload`` with the engine's first error if its author's view says it breaks a rule."""
    state = load_view_state(character=character, week=week.number)
    mine = [engine_move(m, character.key) for m in WeeklyMove.objects.filter(week=week, character=character)]
    move = Move(
        id=f"m{move_id}" if move_id else "new",
        player=character.key,
        kind=kind,
        payload=dict(payload),
        seq=move_id or 0,
    )
    settings = system_of(SLUG, week.campaign.settings)
    errors = SYSTEM.validate(move, SYSTEM.view_for(state, character.key, mine), settings)
    if errors:
        raise RuleViolation(move_error_text(errors[0]), code=errors[0].code, fields=move_error_fields(errors))


@transaction.atomic
def move_submit(
    *, week: Week, actor: Any, kind: str, payload: Mapping[str, Any], now: datetime | None = None
) -> WeeklyMove:
    """The actor's player submits a move or free action for the open week."""
    who = week_viewer(viewer=actor, week_id=week.pk)
    character = _author(who)
    week = _locked_open_week(week.pk, now or timezone.now())
    move_check(week=week, character=character, kind=kind, payload=payload, move_id=None)
    return WeeklyMove.objects.create(week=week, character=character, kind=kind, payload=dict(payload))


@transaction.atomic
def move_update(
    *,
    week: Week,
    actor: Any,
    move_id: int,
    kind: str | None = None,
    payload: Mapping[str, Any] | None = None,
    now: datetime | None = None,
) -> WeeklyMove:
    """The author changes their move (its kind, its details or both); it keeps its place in the order."""
    who = week_viewer(viewer=actor, week_id=week.pk)
    move = _own_move(who, move_id)
    character = _author(who)
    week = _locked_open_week(week.pk, now or timezone.now())
    new_kind = kind if kind is not None else move.kind
    new_payload = dict(payload) if payload is not None else dict(move.payload)
    move_check(week=week, character=character, kind=new_kind, payload=new_payload, move_id=move.pk)
    move.kind, move.payload = new_kind, new_payload
    move.save(update_fields=["kind", "payload", "updated_at"])
    return move


@transaction.atomic
def move_withdraw(*, week: Week, actor: Any, move_id: int, now: datetime | None = None) -> None:
    """The author withdraws their move before the deadline."""
    who = week_viewer(viewer=actor, week_id=week.pk)
    move = _own_move(who, move_id)
    _author(who)
    _locked_open_week(week.pk, now or timezone.now())
    move.delete()

"""Test helpers for the weekly-moves engine: small game builders (the dice are ``tests.support.dice``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from referee.engine.sealed import Move, MoveResult, WeekOutcome, run_week
from referee.engine.systems.weekly_moves import SYSTEM, GameState, InfoHolding, Player, WeeklyMovesSettings
from tests.support.dice import ScriptedRoller

_NOTATION = re.compile(r"^(\d*)d(\d+)$", re.IGNORECASE)


def player(pid: str, **kw: Any) -> Player:
    kw.setdefault("preparedness", 3)
    kw.setdefault("name", pid.title())
    return Player(id=pid, **kw)


def game(*players: Player, week: int = 2) -> GameState:
    return GameState(week=week, players={p.id: p for p in players})


def know(state: GameState, holder: str, subject: str, count: int = 1, *, valid: bool = True) -> None:
    state.info[(holder, subject)] = InfoHolding(
        holder=holder, subject=subject, count=count, gained=[1] * count, valid=valid
    )


def info(state: GameState, holder: str, subject: str) -> int:
    h = state.info.get((holder, subject))
    return h.count if h else 0


def mv(player_id: str, kind: str, seq: int = 0, mid: str | None = None, **payload: Any) -> Move:
    return Move(id=mid or f"{player_id}:{kind}:{seq}", player=player_id, kind=kind, payload=payload, seq=seq)


def settings(**kw: Any) -> WeeklyMovesSettings:
    return WeeklyMovesSettings(**kw)


def resolve(
    state: GameState,
    moves: list[Move],
    faces: list[int],
    *,
    decisions: Mapping[str, Any] | None = None,
    s: WeeklyMovesSettings | None = None,
    exhaust: bool = True,
) -> WeekOutcome:
    """Plan and resolve ``moves``; by default every scripted face must be used."""
    roller = ScriptedRoller(faces)
    plan = SYSTEM.plan_week(state, moves, s or WeeklyMovesSettings())
    out = run_week(SYSTEM, state, plan, s or WeeklyMovesSettings(), roller, decisions=decisions)
    if exhaust and out.status == "complete":
        assert not roller.remaining, f"unused faces: {roller.remaining}"
    return out


def result(out: WeekOutcome, move_id: str) -> MoveResult:
    return next(r for r in out.results if r.move_id == move_id)


def codes(r: MoveResult) -> list[str]:
    return [e.code for e in r.events]


def event(r: MoveResult, code: str) -> dict[str, Any]:
    return next(e.data for e in r.events if e.code == code)

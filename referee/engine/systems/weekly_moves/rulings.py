"""GM rulings the engine carries out but never decides on its own (WM-CMB-09, GAP-10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.engine.rolls import Roller
from referee.engine.sealed import Move, MoveResult, WeekPlan

from .catalog import default_catalogue
from .context import Ctx, NeedDecision
from .picks import kill_player
from .settings import WeeklyMovesSettings
from .state import GameState


def gm_kill_player(
    state: GameState,
    *,
    victim: str,
    killer: str | None,
    settings: WeeklyMovesSettings,
    roller: Roller,
    decisions: Mapping[str, Any] | None = None,
) -> MoveResult:
    """The GM rules ``victim`` dead (GAP-10); the killer, if any, loots per WM-CMB-07 / WM-CMB-08.

    The killer's loot choices are decisions like any other: answered in ``decisions``, or the
    result is ``awaiting`` with the state unchanged.
    """
    move = Move(
        id=f"ruling:kill:{victim}", player=killer or victim, kind="gm_kill", payload={"victim": victim}
    )
    ctx = Ctx(
        state=state,
        plan=WeekPlan(week=state.week, entries=[move]),
        index=0,
        move=move,
        settings=settings,
        roller=roller,
        decisions=decisions or {},
        auto=settings.decision_mode == "auto",
        catalogue=default_catalogue().ingredient_slugs,
    )
    start = len(roller.made)
    try:
        kill_player(ctx, victim, killer, rule="WM-CMB-09")
    except NeedDecision as pause:
        ctx.tx.rollback()
        return MoveResult(
            move_id=move.id,
            player=move.player,
            kind=move.kind,
            status="awaiting",
            visible_to=frozenset({move.player}),
            rolls=list(roller.made[start:]),
            decision=pause.decision,
        )
    return MoveResult(
        move_id=move.id,
        player=move.player,
        kind=move.kind,
        status="resolved",
        visible_to=frozenset({move.player, victim}),
        events=ctx.events,
        record=ctx.record,
        rolls=list(roller.made[start:]),
    )

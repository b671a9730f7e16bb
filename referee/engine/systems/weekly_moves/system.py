"""The intrigue game as a :class:`~referee.engine.sealed.SealedSystem` (slug ``weekly_moves``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.engine.rolls import Roller
from referee.engine.sealed import (
    Decision,
    Move,
    MoveError,
    MoveResult,
    MoveType,
    Progress,
    WeekOutcome,
    WeekPlan,
    run_week,
)

from . import free, moves
from .catalog import default_catalogue
from .context import Ctx, NeedDecision
from .free import Fizzle
from .plan import default_moves as plan_defaults
from .plan import plan_week as make_plan
from .settings import WeeklyMovesSettings
from .state import GameState, Player
from .validate import ROLL_MOVES, validate_move
from .view import PlayerView
from .view import view_for as make_view

Handler = Callable[[Ctx], str | None]

#: Move type -> how it resolves; a new move type adds an entry here, not a branch.
HANDLERS: dict[str, Handler] = {
    **dict.fromkeys(ROLL_MOVES, moves.resolve_roll_move),
    "preparation": free.resolve_preparation,
    "help": free.resolve_help_entry,
    "exchange": free.resolve_exchange,
    "compute_ritual": free.resolve_compute_ritual,
    "use_ability": free.resolve_ability,
}


class WeeklyMovesSystem:
    """Secret weekly moves of the intrigue game (``shared/rules/weekly-moves.md``)."""

    slug = "weekly_moves"

    def move_types(self) -> Mapping[str, MoveType]:
        return default_catalogue().move_types

    def settings_from_dict(self, data: Mapping[str, Any]) -> WeeklyMovesSettings:
        return WeeklyMovesSettings.from_dict(data)

    def state_from_dict(self, data: Mapping[str, Any]) -> GameState:
        return GameState.from_dict(data)

    def view_for(self, state: GameState, viewer: str, moves: list[Move]) -> PlayerView:
        return make_view(state, viewer, moves)

    def validate(self, move: Move, view: PlayerView, settings: WeeklyMovesSettings) -> list[MoveError]:
        return validate_move(move, view, settings)

    def default_moves(self, player_state: Player, settings: WeeklyMovesSettings) -> list[Move]:
        return plan_defaults(player_state, settings)

    def plan_week(self, state: GameState, moves: list[Move], settings: WeeklyMovesSettings) -> WeekPlan:
        return make_plan(state, moves, settings)

    def resolve_move(
        self,
        state: GameState,
        plan: WeekPlan,
        index: int,
        settings: WeeklyMovesSettings,
        roller: Roller,
        decisions: Mapping[str, Any],
        *,
        auto: bool | None = None,
    ) -> MoveResult:
        """Resolve one entry; on a pause the state is rolled back and the decision returned."""
        move = plan.entries[index]
        start = len(roller.made)
        ctx = Ctx(
            state=state,
            plan=plan,
            index=index,
            move=move,
            settings=settings,
            roller=roller,
            decisions=decisions,
            auto=settings.decision_mode == "auto" if auto is None else auto,
            catalogue=settings.ingredient_catalogue or default_catalogue().ingredient_slugs,
        )
        errors: list[MoveError] = []
        try:
            status, errors = self._recheck(ctx)
            if status is None:
                try:
                    status = HANDLERS[ctx.move.kind](ctx) or "resolved"
                except Fizzle as fizzle:
                    ctx.tx.rollback()
                    ctx.events.clear()
                    ctx.record.clear()
                    status, errors = "invalid", [MoveError(code=fizzle.code, message=fizzle.message)]
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
        if ctx.move is not move:
            ctx.record["replaced"] = {"kind": ctx.move.kind, "payload": ctx.move.payload}
        return MoveResult(
            move_id=move.id,
            player=move.player,
            kind=ctx.move.kind,
            status=status,
            visible_to=frozenset({move.player}),
            events=ctx.events,
            errors=errors,
            record=ctx.record,
            rolls=list(roller.made[start:]),
        )

    def _recheck(self, ctx: Ctx) -> tuple[str | None, list[MoveError]]:
        """Validate again now (WM-ABL-02); a stale move may be replaced, else it is lost."""
        # Weekly limits were settled at submission; entries already resolved show in the state.
        # Info requirements always hold at resolution, whatever was waived at submission.
        rules = (
            ctx.settings
            if ctx.settings.submission_info_check
            else ctx.settings.with_(submission_info_check=True)
        )
        errors = validate_move(ctx.move, make_view(ctx.state, ctx.move.player), rules)
        if not errors:
            return None, []
        actor = ctx.state.players[ctx.move.player]
        if ctx.move.kind not in ROLL_MOVES:
            return "invalid", errors
        if ctx.settings.on_invalid_at_resolution == "lose" or not actor.active:
            return "lost", errors
        n = 1
        while errors:
            key = f"{ctx.move.id}:replace{n}"
            answer = ctx.decisions.get(key)
            if answer is None and not ctx.auto:
                raise NeedDecision(
                    Decision(
                        key=key,
                        player=actor.id,
                        kind="replacement",
                        options=list(ROLL_MOVES),
                        rule="WM-ABL-02",
                        context={"errors": [e.to_dict() for e in errors]},
                    )
                )
            if not isinstance(answer, Mapping) or answer.get("kind") not in ROLL_MOVES:
                return "lost", errors
            ctx.move = Move(
                id=ctx.move.id,
                player=actor.id,
                kind=str(answer["kind"]),
                payload=dict(answer.get("payload") or {}),
                seq=ctx.move.seq,
            )
            errors = validate_move(ctx.move, make_view(ctx.state, actor.id), rules)
            n += 1
        return None, []

    def resolve_week(
        self,
        state: GameState,
        moves: list[Move],
        settings: WeeklyMovesSettings,
        roller: Roller,
        progress: Progress | None = None,
    ) -> WeekOutcome:
        plan = self.plan_week(state, moves, settings)
        return run_week(self, state, plan, settings, roller, progress=progress)


SYSTEM = WeeklyMovesSystem()

"""What a game system provides to be resolved in sealed-moves weeks."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from referee.engine.rolls import Roller
from referee.engine.sealed.moves import Move, MoveError, MoveType
from referee.engine.sealed.results import MoveResult, WeekOutcome, WeekPlan

#: Called after each entry: (entries done, entries in total, the entry's result).
Progress = Callable[[int, int, MoveResult], None]


@runtime_checkable
class SealedSystem(Protocol):
    """What a game system provides to be resolved in weeks. State and settings are its own types."""

    slug: str

    def move_types(self) -> Mapping[str, MoveType]:
        """Every move type by slug."""
        ...

    def settings_from_dict(self, data: Mapping[str, Any]) -> Any:
        """Campaign settings (GAP/CONFIG items) from JSON, validated; ``{}`` gives the defaults."""
        ...

    def state_from_dict(self, data: Mapping[str, Any]) -> Any:
        """The game state from JSON (the state type has ``to_dict``)."""
        ...

    def view_for(self, state: Any, viewer: str, moves: list[Move]) -> Any:
        """What ``viewer`` may know: the only input validation gets. ``moves``: the viewer's own."""
        ...

    def validate(self, move: Move, view: Any, settings: Any) -> list[MoveError]:
        """Shape and rules of ``move`` against the viewer-limited ``view``; empty when valid."""
        ...

    def default_moves(self, player_state: Any, settings: Any) -> list[Move]:
        """Moves for a player who sent nothing (the campaign's default)."""
        ...

    def plan_week(self, state: Any, moves: list[Move], settings: Any) -> WeekPlan:
        """Order the week's moves for resolution (adds defaults); deterministic."""
        ...

    def resolve_move(
        self,
        state: Any,
        plan: WeekPlan,
        index: int,
        settings: Any,
        roller: Roller,
        decisions: Mapping[str, Any],
    ) -> MoveResult:
        """Resolve entry ``index`` of ``plan``, mutating ``state``; unchanged when ``awaiting``."""
        ...

    def resolve_week(
        self, state: Any, moves: list[Move], settings: Any, roller: Roller, progress: Progress | None = None
    ) -> WeekOutcome:
        """Plan and resolve the whole week."""
        ...

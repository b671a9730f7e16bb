"""Info holdings (WM-INFO): who counts as the holder, limits, and what a holding is worth."""

from __future__ import annotations

from .settings import WeeklyMovesSettings
from .state import GameState, InfoHolding


def holder_id(player: str, companion: str | None, settings: WeeklyMovesSettings) -> str:
    """Whose holdings an actor uses: a companion uses its master's unless it keeps its own (GAP-01)."""
    if companion and settings.companion_info == "own":
        return companion
    return player


def worth(holding: InfoHolding | None, settings: WeeklyMovesSettings, *, shelter: bool) -> int:
    """The level a holding counts as. An invalidated one (WM-ABL-02) counts as 0 for shelter rules."""
    if holding is None:
        return 0
    if not holding.valid and (shelter or settings.invalid_info_scope == "all"):
        return 0
    return holding.count


def limit(week: int, settings: WeeklyMovesSettings, source: str) -> int:
    """Highest level reachable now: the cap (GAP-06), 1 in week 1 (WM-GEN-05, WM-SPY-03, WM-INFO-02)."""
    if week == 1 and (source == "spying" or settings.week1_info_limit_all_sources):
        return min(settings.info_cap, 1)
    return settings.info_cap


def can_gain(state: GameState, holder: str, subject: str, settings: WeeklyMovesSettings, source: str) -> bool:
    """Whether Info(holder -> subject) can go up by 1 (or an invalid holding be renewed)."""
    if holder == subject:
        return False
    h = state.info.get((holder, subject))
    if h is not None and not h.valid:
        return True
    return (h.count if h else 0) < limit(state.week, settings, source)

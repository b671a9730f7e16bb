"""Reads of the roster app, always for a viewer: rosters (``warbands``), battles (``battles``), standings."""

from roster.selectors.battles import (
    battle_for_viewer,
    battles_of,
    prebattle_view,
    report_as_seen,
    scenario_sheet,
    sees_the_sequence,
)
from roster.selectors.standings import standings_of
from roster.selectors.warbands import history_of, ledger_of, roster_of, warbands_visible_to

__all__ = [
    "battle_for_viewer",
    "battles_of",
    "history_of",
    "ledger_of",
    "prebattle_view",
    "report_as_seen",
    "roster_of",
    "scenario_sheet",
    "sees_the_sequence",
    "standings_of",
    "warbands_visible_to",
]

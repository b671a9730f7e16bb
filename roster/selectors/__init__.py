"""Reads of the roster app, always for a viewer: rosters (``warbands``), battles (``battles``), standings."""

from roster.selectors.aftermath import (
    aftermath_decisions,
    aftermath_for_viewer,
    aftermath_rolls,
    aftermath_state_of,
    decision_of,
    decisions_of,
    failed_aftermaths_of,
)
from roster.selectors.battles import (
    battle_for_viewer,
    battle_in,
    battles_of,
    prebattle_view,
    report_as_seen,
    report_of,
    scenario_sheet,
    sees_the_sequence,
)
from roster.selectors.standings import standings_of
from roster.selectors.warbands import (
    history_of,
    holdings_of,
    ledger_of,
    names_in,
    roster_of,
    warband_in,
    warbands_visible_to,
    warrior_of,
)

__all__ = [
    "aftermath_decisions",
    "aftermath_for_viewer",
    "aftermath_rolls",
    "aftermath_state_of",
    "battle_for_viewer",
    "battle_in",
    "battles_of",
    "decision_of",
    "decisions_of",
    "failed_aftermaths_of",
    "history_of",
    "holdings_of",
    "ledger_of",
    "names_in",
    "prebattle_view",
    "report_as_seen",
    "report_of",
    "roster_of",
    "scenario_sheet",
    "sees_the_sequence",
    "standings_of",
    "warband_in",
    "warbands_visible_to",
    "warrior_of",
]

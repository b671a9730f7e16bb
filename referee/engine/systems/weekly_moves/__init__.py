"""The secret weekly-moves intrigue game (``shared/rules/weekly-moves.md``).
"""

from .free import begin_week, ritual_showdown
from .rulings import gm_kill_player
from .settings import WeeklyMovesSettings
from .state import Ability, Companion, GameState, InfoHolding, Player, Promise
from .system import SYSTEM, WeeklyMovesSystem
from .view import PlayerView, view_for

__all__ = [
    "SYSTEM",
    "Ability",
    "Companion",
    "GameState",
    "InfoHolding",
    "Player",
    "PlayerView",
    "Promise",
    "WeeklyMovesSettings",
    "WeeklyMovesSystem",
    "begin_week",
    "gm_kill_player",
    "ritual_showdown",
    "view_for",
]

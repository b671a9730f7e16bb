"""The roster app's models: warbands and their kit (``warbands``), and the Mordheim battle (``battles``)."""

from roster.models.battles import Aftermath, Battle, BattleReport, Decision
from roster.models.warbands import Holding, RareSearch, TreasuryEntry, Warband, Warrior

__all__ = [
    "Aftermath",
    "Battle",
    "BattleReport",
    "Decision",
    "Holding",
    "RareSearch",
    "TreasuryEntry",
    "Warband",
    "Warrior",
]

"""Doomtrooper cases: a physical-deck table (the app holds no cards) played through the table API."""

from __future__ import annotations

from tests.casebook.cases import Case
from tests.casebook.dice import CaseDice
from tests.casebook.players.tables import play_table
from tests.support.world import World


def play(case: Case, world: World, dice: CaseDice) -> None:
    play_table(case, world)

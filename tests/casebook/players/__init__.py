"""One player per system: each builds the case's situation through the product and checks its outcome."""

from __future__ import annotations

from importlib import import_module

from tests.casebook.cases import Case
from tests.casebook.dice import CaseDice
from tests.support.world import World


def play(case: Case, world: World, dice: CaseDice) -> None:
    module = import_module(f"tests.casebook.players.{case.system}")
    module.play(case, world, dice)

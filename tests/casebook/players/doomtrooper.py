"""Doomtrooper cases: a physical-deck table (the app holds no cards) played through the table API.

Besides ``$slug``, ``$zone:<zone key>`` is the handle of the first card the sender sees in that zone: a
face-down card the sender does not know by name (an opponent's warrior in cover)."""

from __future__ import annotations

from typing import Any

from tests.casebook.cases import Case
from tests.casebook.dice import CaseDice
from tests.casebook.players.tables import Table, cards, play_table
from tests.support.world import World


def _in_zone(table: Table, who: str, ref: str) -> Any:
    if not ref.startswith("zone:"):
        return None
    key = ref.removeprefix("zone:")
    found = [c["handle"] for c in cards(table.view(who)) if c["zone"] == key]
    assert found, f"{who} sees no card in {key}"
    return found[0]


def play(case: Case, world: World, dice: CaseDice) -> None:
    play_table(case, world, resolve=_in_zone)

"""The table of game systems: one lookup by slug, every part a system plugs in."""

import pytest

from referee.engine.game_systems import GameSystem, UnknownSystem, pack_parser_for, system, systems
from referee.engine.system_settings import NoSettings
from referee.engine.systems.mordheim.state import MordheimSettings
from referee.engine.systems.weekly_moves import SYSTEM as WEEKLY_MOVES


def test_it_lists_every_system_by_slug() -> None:
    assert [s.slug for s in systems()] == ["arena_duel", "doomtrooper", "mordheim", "skirmish_cards", "weekly_moves"]
    assert all(isinstance(s, GameSystem) and s.names["en"] for s in systems())


def test_it_looks_a_system_up_by_slug() -> None:
    mordheim = system("mordheim")
    assert mordheim.settings is MordheimSettings
    assert mordheim.pack_parser is not None and mordheim.sealed is None and mordheim.live is None
    assert system("weekly_moves").sealed is WEEKLY_MOVES


def test_an_unknown_slug_is_refused_with_the_known_ones_named() -> None:
    with pytest.raises(UnknownSystem) as refused:
        system("no_such_game")
    assert "no_such_game" in str(refused.value) and "mordheim" in str(refused.value)


def test_a_pack_of_a_system_with_no_code_has_no_parser() -> None:
    assert pack_parser_for("no_such_game") is None
    assert GameSystem("t", {"en": "T"}).settings is NoSettings

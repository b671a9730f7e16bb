"""The game systems this engine knows: one table, slug -> :class:`GameSystem` (pure Python, no Django).

Adding a system adds its package under ``referee/engine/systems/`` and one entry
here; nothing registers itself by being imported. Every lookup by slug goes through
:func:`system`, which refuses an unknown slug with :class:`UnknownSystem`.

A rules pack may name a system that has no code here (a pack of tables only): its
pack loads without typed data and its campaigns have no system settings, exactly as
for a system whose ``pack_parser`` or ``settings`` is left empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from referee.engine.live.system import LiveSystem
from referee.engine.packfiles import PackParser
from referee.engine.sealed import SealedSystem
from referee.engine.system_settings import NoSettings, read_settings
from referee.engine.systems.arena_duel import SYSTEM as ARENA_DUEL_LIVE
from referee.engine.systems.arena_duel.pack import parse_arena_pack
from referee.engine.systems.arena_duel.settings import ArenaDuelSettings
from referee.engine.systems.doomtrooper.cards import parse_doomtrooper_pack
from referee.engine.systems.doomtrooper.settings import DoomtrooperSettings
from referee.engine.systems.doomtrooper.system import SYSTEM as DOOMTROOPER_LIVE
from referee.engine.systems.mordheim.state import MordheimSettings
from referee.engine.systems.mordheim.tables.pack_parser import parse_mordheim_pack
from referee.engine.systems.skirmish_cards.pack import parse_skirmish_pack
from referee.engine.systems.skirmish_cards.settings import SkirmishSettings
from referee.engine.systems.skirmish_cards.system import SYSTEM as SKIRMISH_CARDS_LIVE
from referee.engine.systems.weekly_moves.catalog import parse_pack as parse_weekly_moves_pack
from referee.engine.systems.weekly_moves.settings import WeeklyMovesSettings
from referee.engine.systems.weekly_moves.system import SYSTEM as WEEKLY_MOVES_SEALED


@dataclass(frozen=True)
class GameSystem:
    """What one game system plugs in. Each part is optional but its names.

    ``settings``: the class of its per-campaign settings (:class:`NoSettings` when it has
    none). ``pack_parser``: turns its rules pack into typed data. ``sealed``: how it is
    played in secret weekly moves. ``live``: how it is played at a live table (the
    live-table mechanism, ``referee/engine/live/``). ``features``: what its campaigns have
    that some league settings apply to (``"battles"``: warbands meet in battles, with standings,
    pairings and rosters).
    """

    slug: str
    names: Mapping[str, str]
    settings: type[Any] = NoSettings  # to_dict() and the classmethod from_dict(raw), see system_settings
    pack_parser: PackParser | None = None
    sealed: SealedSystem | None = None
    live: LiveSystem | None = None
    features: frozenset[str] = frozenset()

    def read_settings(self, raw: Mapping[str, Any] | None) -> Any:
        """``raw`` read by this system's settings class; :class:`SettingsInvalid` names the bad field."""
        return read_settings(self.settings, raw)

    def default_settings(self) -> Any:
        """The spec's defaults."""
        return self.settings.from_dict({})


class UnknownSystem(LookupError):
    """A slug that names no game system in the table."""

    def __init__(self, slug: str) -> None:
        known = ", ".join(sorted(SYSTEMS))
        super().__init__(f"no game system {slug!r} (known: {known})")
        self.slug = slug


_ALL = (
    GameSystem(
        slug="arena_duel",
        names={"en": "Arena duel (Savage Worlds)", "ru": "Дуэль на арене (Savage Worlds)",
               "cs": "Souboj v aréně (Savage Worlds)"},
        settings=ArenaDuelSettings,
        pack_parser=parse_arena_pack,
        live=ARENA_DUEL_LIVE,
    ),
    GameSystem(
        slug="mordheim",
        names={"en": "Mordheim", "ru": "Мордхейм", "cs": "Mordheim"},
        settings=MordheimSettings,
        pack_parser=parse_mordheim_pack,
        features=frozenset({"battles"}),
    ),
    GameSystem(
        slug="weekly_moves",
        names={"en": "Weekly moves (intrigue)", "ru": "Еженедельные ходы (интрига)",
               "cs": "Týdenní tahy (intrika)"},
        settings=WeeklyMovesSettings,
        pack_parser=parse_weekly_moves_pack,
        sealed=WEEKLY_MOVES_SEALED,
    ),
    GameSystem(
        slug="doomtrooper",
        names={"en": "Doomtrooper", "ru": "Doomtrooper", "cs": "Doomtrooper"},
        settings=DoomtrooperSettings,
        pack_parser=parse_doomtrooper_pack,
        live=DOOMTROOPER_LIVE,
    ),
    GameSystem(
        slug="skirmish_cards",
        names={"en": "Card-initiative skirmish (Dead Man's Hand)", "ru": "Рука мертвеца",
               "cs": "Ruka mrtvého muže"},
        settings=SkirmishSettings,
        pack_parser=parse_skirmish_pack,
        live=SKIRMISH_CARDS_LIVE,
    ),
)

SYSTEMS: Mapping[str, GameSystem] = MappingProxyType({s.slug: s for s in _ALL})


def system(slug: str) -> GameSystem:
    """The game system ``slug``; :class:`UnknownSystem` when the table has none."""
    try:
        return SYSTEMS[slug]
    except KeyError:
        raise UnknownSystem(slug) from None


def systems() -> tuple[GameSystem, ...]:
    """Every game system, by slug."""
    return tuple(SYSTEMS[slug] for slug in sorted(SYSTEMS))


def _known(slug: str) -> GameSystem | None:
    try:
        return system(slug)
    except UnknownSystem:
        return None


def pack_parser_for(slug: str) -> PackParser | None:
    """The parser of ``slug``'s rules packs (None for a system without one, or with no code here)."""
    known = _known(slug)
    return known.pack_parser if known else None


def settings_class(slug: str) -> type[Any]:
    """``slug``'s settings class (:class:`NoSettings` for a system without settings, or with no code here)."""
    known = _known(slug)
    return known.settings if known else NoSettings


def settings_for(slug: str, raw: Mapping[str, Any] | None) -> Any:
    """``raw`` read as ``slug``'s settings; :class:`SettingsInvalid` names the bad field."""
    return read_settings(settings_class(slug), raw)

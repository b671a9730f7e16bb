"""The league's own settings, whatever the game system: schedule, points, pairings, timeouts.

Stored with the system's settings in one flat ``Campaign.settings`` dict (the names
never clash: a system's names are checked against these). Pure Python; the
defaults are what most leagues play with.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import time
from typing import Any, ClassVar

from referee.engine.game_systems import settings_class, settings_for, systems
from referee.engine.system_settings import Setting, SettingsBase, SettingsInvalid, setting, specs_of

_HHMM = re.compile(r"([01]\d|2[0-3]):([0-5]\d)")
BATTLES = "battles"  # settings of a league whose warbands meet in battles: standings, pairings, rosters


@dataclass(frozen=True)
class LeagueSettings(SettingsBase):
    """The league's own settings, on the one settings base; their words: ``campaign/league_words.py``."""

    KIND: ClassVar[str] = "league"

    deadline_weekday: int = setting(6, minimum=0, maximum=6)
    deadline_time: str = setting("20:00")
    min_week_hours: int = setting(24, minimum=1, maximum=24 * 28)
    points_win: int = setting(3, minimum=0, maximum=100, needs=BATTLES)
    points_draw: int = setting(1, minimum=0, maximum=100, needs=BATTLES)
    points_loss: int = setting(0, minimum=0, maximum=100, needs=BATTLES)
    points_bye: int = setting(0, minimum=0, maximum=100, needs=BATTLES)
    rematch_weeks: int = setting(2, minimum=0, maximum=52, needs=BATTLES)
    resolve_timeout_minutes: int = setting(15, minimum=1, maximum=24 * 60)
    invitation_days: int = setting(7, minimum=1, maximum=365)
    rosters_private: bool = setting(False, needs=BATTLES)

    def check(self) -> None:
        if not _HHMM.fullmatch(self.deadline_time):
            raise SettingsInvalid("deadline_time", "must be a time as HH:MM, 00:00 to 23:59", "time")

    @property
    def deadline_at(self) -> time:
        hours, minutes = self.deadline_time.split(":")
        return time(int(hours), int(minutes))


def league_specs(slug: str) -> tuple[Setting, ...]:
    """The league settings that apply to a campaign on the game system ``slug`` (a setting that
    ``needs`` a feature the system lacks, such as battles for weekly moves, is left out)."""
    known = {s.slug: s for s in systems()}
    features = known[slug].features if slug in known else frozenset()
    return tuple(spec for spec in LeagueSettings.specs() if not spec.needs or spec.needs in features)


def campaign_specs(slug: str) -> list[tuple[str, Setting]]:
    """Every setting a campaign on ``slug`` shows, as (owner, declaration): the league's, then the system's."""
    return [("league", spec) for spec in league_specs(slug)] + [(slug, spec) for spec in specs_of(settings_class(slug))]


def setting_of(slug: str, name: str) -> tuple[str, Setting | None]:
    """Whose setting ``name`` is on a campaign on ``slug`` ("league" or the slug), and its declaration
    (None: no such setting)."""
    for owner, spec in [("league", s) for s in LeagueSettings.specs()] + campaign_specs(slug):
        if spec.name == name:
            return owner, spec
    return slug, None


def split(raw: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``raw`` split into (league settings, system settings)."""
    names = LeagueSettings.names()
    league = {k: v for k, v in raw.items() if k in names}
    system = {k: v for k, v in raw.items() if k not in names}
    return league, system


def campaign_settings(system: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """Every setting of a campaign on ``system``, ``raw`` over the defaults, as one flat dict.

    Raises :class:`SettingsInvalid` naming the first field refused.
    """
    league_raw, system_raw = split(raw)
    league = LeagueSettings.from_dict(league_raw)
    system_settings = settings_for(system, system_raw)
    clash = LeagueSettings.names() & set(system_settings.to_dict())
    if clash:  # a programming error in a system's settings class, not a user's
        raise RuntimeError(f"{settings_class(system).__name__} reuses league setting names: {sorted(clash)}")
    return {**league.to_dict(), **system_settings.to_dict()}


def league_of(raw: Mapping[str, Any]) -> LeagueSettings:
    """The league settings from a stored ``Campaign.settings`` (system keys ignored)."""
    return LeagueSettings.from_dict(split(raw)[0])


def system_of(system: str, raw: Mapping[str, Any]) -> Any:
    """The typed system settings from a stored ``Campaign.settings`` (league keys ignored)."""
    return settings_for(system, split(raw)[1])

"""The league's own settings, whatever the game system: schedule, points, pairings, timeouts.

Stored with the system's settings in one flat ``Campaign.settings`` dict (the names
never clash: a system's names are checked against these). Pure Python; the
defaults are what most leagues play with.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import MISSING, asdict, dataclass, field, fields, replace
from datetime import time
from typing import Any

from referee.engine.game_systems import settings_class, settings_for
from referee.engine.system_settings import SettingsInvalid

_HHMM = re.compile(r"([01]\d|2[0-3]):([0-5]\d)")


def _opt(default: Any, doc: str, minimum: int | None = None, maximum: int | None = None) -> Any:
    return field(default=default, metadata={"doc": doc, "minimum": minimum, "maximum": maximum})


@dataclass(frozen=True)
class LeagueSettings:
    """Each field's ``doc`` says what it does."""

    deadline_weekday: int = _opt(6, "Weekday of each week's deadline, 0 Monday to 6 Sunday.", 0, 6)
    deadline_time: str = _opt("20:00", "Local time (HH:MM, the campaign's time zone) of each deadline.")
    min_week_hours: int = _opt(
        24, "A new week lasts at least this long: a deadline sooner than this moves to the next one.", 1, 24 * 28
    )
    points_win: int = _opt(3, "Standings points for a win.", 0, 100)
    points_draw: int = _opt(1, "Standings points for a draw.", 0, 100)
    points_loss: int = _opt(0, "Standings points for a loss.", 0, 100)
    points_bye: int = _opt(0, "Standings points for a bye.", 0, 100)
    rematch_weeks: int = _opt(
        2, "Automatic pairings avoid warbands that met within this many past weeks (0: rematches allowed).", 0, 52
    )
    resolve_timeout_minutes: int = _opt(
        15, "A week still resolving this long after it was claimed is claimed again by the sweep.", 1, 24 * 60
    )
    invitation_days: int = _opt(7, "Days an invitation stays valid unless given otherwise.", 1, 365)
    rosters_private: bool = _opt(False, "Only the owner, the organiser and the GM see a warband's roster.")

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(f.default, bool):
                if not isinstance(value, bool):
                    raise SettingsInvalid(f.name, "must be true or false")
            elif isinstance(f.default, int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise SettingsInvalid(f.name, "must be a whole number")
                low, high = f.metadata["minimum"], f.metadata["maximum"]
                if (low is not None and value < low) or (high is not None and value > high):
                    raise SettingsInvalid(f.name, f"must be from {low} to {high}")
        if not isinstance(self.deadline_time, str) or not _HHMM.fullmatch(self.deadline_time):
            raise SettingsInvalid("deadline_time", "must be a time as HH:MM, 00:00 to 23:59")

    @property
    def deadline_at(self) -> time:
        hours, minutes = self.deadline_time.split(":")
        return time(int(hours), int(minutes))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> LeagueSettings:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(raw) - known)
        if unknown:
            raise SettingsInvalid(unknown[0], "is not a league setting")
        return replace(cls(), **dict(raw))

    @classmethod
    def names(cls) -> frozenset[str]:
        return frozenset(f.name for f in fields(cls))

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        return [
            {"name": f.name, "default": f.default if f.default is not MISSING else None, "doc": f.metadata["doc"]}
            for f in fields(cls)
        ]


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

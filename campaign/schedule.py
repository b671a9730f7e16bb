"""Week deadlines on a weekly wall-clock schedule in the campaign's time zone (pure Python).

"Every Sunday at 20:00 Europe/Prague" is 19:00 UTC in winter and 18:00 UTC in
summer: deadlines are computed as local wall-clock times and only then turned
into UTC, so a week across a daylight-saving change is an hour shorter or longer
and every deadline still falls at 20:00 local time.

A local time that does not exist on a given day (02:30 when the clocks go
forward) is read with the offset in force before the change, which moves it
forward by the gap (03:30 local); an ambiguous one (02:30 when the clocks go
back) is its first occurrence.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones


def valid_time_zone(name: str) -> bool:
    if name not in available_timezones() and name != "UTC":
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def local_moment(day: date, at: time, zone: ZoneInfo) -> datetime:
    """``day`` at wall-clock ``at`` in ``zone``, as an aware UTC datetime (see the module notes)."""
    naive = datetime.combine(day, at)
    aware = naive.replace(tzinfo=zone, fold=0)
    # Round-trip through UTC: a non-existent wall time comes back shifted forward by the gap.
    return aware.astimezone(UTC)


def next_deadline(*, after: datetime, time_zone: str, weekday: int, at: time, min_gap: timedelta) -> datetime:
    """The first scheduled moment (``weekday`` at ``at``, local) at least ``min_gap`` after ``after``.

    ``weekday`` is 0 for Monday to 6 for Sunday; ``after`` is aware. Returns UTC.
    """
    if after.tzinfo is None:
        raise ValueError("after must be an aware datetime")
    zone = ZoneInfo(time_zone)
    earliest = after + min_gap
    day = earliest.astimezone(zone).date()
    day += timedelta(days=(weekday - day.weekday()) % 7)
    while True:
        moment = local_moment(day, at, zone)
        if moment >= earliest:
            return moment
        day += timedelta(days=7)

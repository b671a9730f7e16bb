"""Week deadlines on a wall-clock schedule, across the CET/CEST switches (campaign.schedule, pure)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest

from campaign.schedule import next_deadline, valid_time_zone

PRAGUE = "Europe/Prague"
SUNDAY = 6
EIGHT_PM = time(20, 0)
DAY = timedelta(hours=24)


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def sunday_8pm(after: datetime) -> datetime:
    return next_deadline(after=after, time_zone=PRAGUE, weekday=SUNDAY, at=EIGHT_PM, min_gap=DAY)


def test_it_keeps_sunday_20_00_in_prague_across_the_switch_to_summer_time() -> None:
    # 2026-03-29 03:00 CEST: clocks go forward on the last Sunday of March.
    before = sunday_8pm(utc(2026, 3, 17, 12))
    assert before == utc(2026, 3, 22, 19)  # 20:00 CET = 19:00 UTC
    after = sunday_8pm(before)
    assert after == utc(2026, 3, 29, 18)  # 20:00 CEST = 18:00 UTC, the day of the switch
    assert after - before == timedelta(hours=167)
    assert sunday_8pm(after) == utc(2026, 4, 5, 18)


def test_it_keeps_sunday_20_00_in_prague_across_the_switch_to_winter_time() -> None:
    # 2026-10-25 03:00 CEST becomes 02:00 CET: clocks go back on the last Sunday of October.
    before = sunday_8pm(utc(2026, 10, 14, 12))
    assert before == utc(2026, 10, 18, 18)
    after = sunday_8pm(before)
    assert after == utc(2026, 10, 25, 19)
    assert after - before == timedelta(hours=169)
    assert sunday_8pm(after) == utc(2026, 11, 1, 19)


def test_it_moves_a_deadline_in_the_missing_hour_forward_by_the_gap() -> None:
    # 02:30 does not exist in Prague on 2026-03-29; it is read as 03:30 CEST (01:30 UTC).
    moment = next_deadline(
        after=utc(2026, 3, 27), time_zone=PRAGUE, weekday=SUNDAY, at=time(2, 30), min_gap=timedelta(hours=1)
    )
    assert moment == utc(2026, 3, 29, 1, 30)


def test_it_takes_the_first_of_two_ambiguous_deadlines() -> None:
    # 02:30 happens twice in Prague on 2026-10-25: first in CEST (00:30 UTC), then in CET.
    moment = next_deadline(
        after=utc(2026, 10, 23), time_zone=PRAGUE, weekday=SUNDAY, at=time(2, 30), min_gap=timedelta(hours=1)
    )
    assert moment == utc(2026, 10, 25, 0, 30)


def test_it_skips_a_deadline_sooner_than_the_minimum_week() -> None:
    saturday_night = utc(2026, 5, 9, 21)  # 23:00 in Prague, 21 hours before Sunday 20:00
    assert sunday_8pm(saturday_night) == utc(2026, 5, 17, 18)
    short = next_deadline(
        after=saturday_night, time_zone=PRAGUE, weekday=SUNDAY, at=EIGHT_PM, min_gap=timedelta(hours=1)
    )
    assert short == utc(2026, 5, 10, 18)


def test_it_uses_the_campaigns_own_time_zone() -> None:
    moment = next_deadline(after=utc(2026, 1, 1), time_zone="America/New_York", weekday=2, at=time(19, 0), min_gap=DAY)
    assert moment == utc(2026, 1, 8, 0)  # Wednesday 19:00 EST


def test_it_refuses_a_naive_datetime() -> None:
    with pytest.raises(ValueError, match="aware"):
        sunday_8pm(datetime(2026, 1, 1))


@pytest.mark.parametrize(("name", "ok"), [("Europe/Prague", True), ("UTC", True), ("Mars/Olympus", False), ("", False)])
def test_it_knows_iana_time_zones(name: str, ok: bool) -> None:
    assert valid_time_zone(name) is ok

"""The campaign page gives the week's deadline in the reader's time zone and words: a date as the language
writes it in a sentence (Russian and Czech decline the month: "6 декабря", "6 prosince", not "6 Декабрь")."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from campaign.models import Profile
from campaign.services import week_open
from tests.support.world import World

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "Sunday 6 December, 20:00"), ("ru", "6 декабря, 20:00"), ("cs", "6 prosince, 20:00")],
)
def test_the_deadline_reads_in_the_readers_words_and_time_zone(world: World, language: str, expected: str) -> None:
    deadline = datetime(2026, 12, 6, 19, 0, tzinfo=ZoneInfo("UTC"))  # 20:00 in Prague
    week_open(campaign=world.campaign, deadline=deadline)
    Profile.objects.update_or_create(user=world.bob, defaults={"language": language, "time_zone": "Europe/Prague"})
    page = world.browser(world.bob).get(f"/campaigns/{world.campaign.pk}/")
    assert page.status_code == 200
    assert expected in page.content.decode()

"""The timeline reads the same on the page and in the API: one sentence per event kind, names never slugs,
the page's named things as links, in the reader's language."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from campaign.selectors.event_html import sentences
from campaign.selectors.event_summaries import Names, event_summary
from campaign.services.events import event_record
from tests.support.league import make_warband
from tests.support.world import World

pytestmark = pytest.mark.django_db


def test_an_injury_reads_the_same_in_the_api_and_on_the_page_with_a_link(world: World) -> None:
    warband = make_warband(world.campaign, world.bob, "Blades", heroes=1)
    hans = warband.warriors.first()
    assert hans is not None
    event = event_record(
        campaign=world.campaign,
        kind="injury",
        warband=warband,
        payload={"warrior": hans.pk, "name": hans.name, "results": ["INJ_CHEST_WOUND"], "rule": "MH-INJ-01"},
    )
    summary = event_summary(event)
    assert summary == f"{hans.name} suffered Chest Wound: -1 Toughness. (MH-INJ-01)"
    [row] = sentences([event])
    assert f'<a href="/warbands/{warband.pk}/">{hans.name}</a>' in row["text"]
    assert re.sub(r"<[^>]+>", "", str(row["text"])) == summary.replace(" (MH-INJ-01)", " MH-INJ-01")
    assert "INJ_" not in summary


def test_the_sentence_is_in_the_readers_language_and_names_the_warband(world: World) -> None:
    warband = make_warband(world.campaign, world.bob, "Blades")
    event = event_record(campaign=world.campaign, kind="xp_gained", warband=warband, payload={"amount": 3})
    with translation.override("ru"):
        text = event_summary(event, Names())
    assert text == "Blades получает опыт: 3."
    with translation.override("cs"):
        assert "Blades" in event_summary(event) and "3" in event_summary(event)


def test_a_kind_nobody_registered_says_who_did_what(world: World) -> None:
    event = event_record(campaign=world.campaign, kind="something_new", actor=world.alice, payload={"rule": "X-1"})
    assert event_summary(event) == "alice: something new (X-1)"

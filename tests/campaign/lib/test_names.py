"""Names a person types refuse control characters (issue 30, finding 5): a line break, a tab, NUL or a
right-to-left override in a campaign, warband or warrior name is refused on the web and the API with a message
that says which character, and nothing is stored; an ordinary name in any script goes through."""

from __future__ import annotations

import pytest
from django.test import Client

from campaign.lib.errors import RuleViolation
from campaign.lib.names import checked_name
from campaign.models import Campaign
from roster.models import Warband, Warrior
from roster.services.warbands import warband_create
from tests.support.league import League
from tests.support.world import World

pytestmark = pytest.mark.django_db

BAD = {
    "line break": "Summer\r\nBcc: everyone@example.org",
    "RTL override": "Summer \u202efdp.exe",
    "NUL": "Sum\x00mer",
    "tab": "Sum\tmer",
    "bidi isolate": "Summer \u2067league",
}


@pytest.mark.parametrize("text", BAD.values(), ids=BAD.keys())
def test_the_one_validator_refuses_control_and_bidi_characters(text: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        checked_name(text)
    assert refused.value.code == "invalid_name" and "U+" in refused.value.detail
    assert refused.value.fields == {"name": [refused.value.detail]}


@pytest.mark.parametrize("text", ["Летняя лига", "Letní liga – Brno", "O'Brien's «Wolves»", "عربي"])
def test_ordinary_names_in_any_script_pass(text: str) -> None:
    assert checked_name(f"  {text} ") == text


@pytest.mark.parametrize("text", BAD.values(), ids=BAD.keys())
def test_the_api_refuses_such_a_campaign_name(world: World, text: str) -> None:
    before = Campaign.objects.count()
    response = world.client(world.alice).post(
        "/api/v1/campaigns/", {"name": text, "rules_pack": "mordheim", "time_zone": "UTC"}, format="json"
    )
    assert response.status_code == 400, response.content
    # NUL is refused by the API's input guard before any name is read; the rest by the name's own check.
    assert response.json()["code"] in ("invalid_name", "invalid_character")
    assert Campaign.objects.count() == before


def test_the_api_refuses_a_rename_with_a_line_break(world: World) -> None:
    response = world.client(world.alice).patch(
        f"/api/v1/campaigns/{world.campaign.pk}/settings/", {"name": "Evil\nname"}, format="json"
    )
    assert response.status_code == 400 and response.json()["code"] == "invalid_name"
    world.campaign.refresh_from_db()
    assert world.campaign.name == "Mordheim league"


def test_the_web_refuses_such_a_campaign_name_and_says_why(world: World) -> None:
    web = Client()
    web.force_login(world.alice)
    page = web.post(
        "/campaigns/new/", {"name": BAD["RTL override"], "rules_pack": "mordheim", "time_zone": "UTC"}, follow=True
    ).content.decode()
    assert "U+202E" in page
    assert not Campaign.objects.filter(name__contains="\u202e").exists()


def test_the_api_refuses_such_a_warband_and_warrior_name(league: League) -> None:
    world = league.world
    bob = world.client(world.bob)
    response = bob.post(
        "/api/v1/warbands/",
        {"campaign": world.campaign.pk, "list": "reikland", "name": "Wolves\u202e"},
        format="json",
    )
    assert response.status_code == 400 and response.json()["code"] == "invalid_name"
    assert not Warband.objects.filter(name__contains="\u202e").exists()
    fresh = warband_create(campaign=world.campaign, owner=world.bob, list_slug="reikland", name="Fresh")
    hired = bob.post(
        f"/api/v1/warbands/{fresh.pk}/hire/", {"type": "champion", "name": "Hans\r\nRuppel"}, format="json"
    )
    assert hired.status_code == 400 and hired.json()["code"] == "invalid_name", hired.content
    assert not Warrior.objects.filter(warband=fresh).exists()


def test_the_web_refuses_such_a_warband_name(league: League) -> None:
    world = league.world
    web = Client()
    web.force_login(world.bob)
    page = web.post(
        f"/campaigns/{world.campaign.pk}/warbands/new/", {"list": "reikland", "name": "Wolves\n\nof Bob"}, follow=True
    ).content.decode()
    assert "U+000A" in page
    assert not Warband.objects.filter(name__contains="\n").exists()



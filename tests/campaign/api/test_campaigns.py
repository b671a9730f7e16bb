"""Campaigns through the API: create on a pinned pack, list, read, settings, start, finish."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.models import Campaign, Week
from referee.models import RulesPack
from tests.support.world import World

pytestmark = pytest.mark.django_db


def create(world: World, user: Any, **body: Any) -> Any:
    payload = {"name": "Summer league", "rules_pack": "mordheim", "time_zone": "Europe/Prague", **body}
    return world.client(user).post("/api/v1/campaigns/", payload, format="json")


def test_it_creates_a_draft_campaign_pinned_to_the_newest_pack(world: World) -> None:
    response = create(world, world.bob)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["status"], body["system"], body["viewer_role"]) == ("draft", "mordheim", "organiser")
    pack = RulesPack.objects.get(slug="mordheim")
    assert body["rules_pack"] == {"slug": "mordheim", "version": pack.version}
    assert body["settings"]["points_win"] == 3
    assert body["settings"]["hidden_treasure_sword_need"] == 4  # the system's defaults come with it
    assert body["current_week"] is None


def test_it_pins_the_version_asked_for(world: World) -> None:
    version = RulesPack.objects.get(slug="mordheim").version
    assert create(world, world.bob, version=version).json()["rules_pack"]["version"] == version
    response = create(world, world.bob, version="0.0.1-nope")
    assert response.status_code == 404
    assert response.json()["code"] == "rules_pack_not_found"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"time_zone": "Mars/Olympus"}, "time_zone"),
        ({"settings": {"occupy_max_turns": "eight"}}, "occupy_max_turns"),
        ({"settings": {"deadline_time": "8pm"}}, "deadline_time"),
        ({"name": ""}, "name"),
    ],
)
def test_it_refuses_bad_input_naming_the_field(world: World, body: dict[str, Any], field: str) -> None:
    before = Campaign.objects.count()
    response = create(world, world.bob, **body)
    assert response.status_code == 400
    assert field in response.json()["fields"]
    assert Campaign.objects.count() == before


def test_it_lists_only_the_viewers_campaigns_with_their_role(world: World) -> None:
    body = world.client(world.bob).get("/api/v1/campaigns/").json()
    assert body["count"] == 1
    assert [(c["name"], c["viewer_role"], c["viewer_active"]) for c in body["results"]] == [
        ("Mordheim league", "player", True)
    ]
    assert world.client(world.oscar).get("/api/v1/campaigns/").json()["count"] == 1


def test_it_filters_the_list_by_status_and_system(world: World) -> None:
    client = world.client(world.alice)
    assert client.get("/api/v1/campaigns/?status=draft").json()["count"] == 1
    assert client.get("/api/v1/campaigns/?status=running").json()["count"] == 0
    assert client.get("/api/v1/campaigns/?system=weekly_moves").json()["count"] == 0


def test_the_organiser_changes_settings_and_only_those_sent(world: World) -> None:
    url = f"/api/v1/campaigns/{world.campaign.pk}/settings/"
    response = world.client(world.alice).patch(
        url, {"settings": {"points_win": 2, "occupy_max_turns": 6}, "time_zone": "Europe/Prague"}, format="json"
    )
    assert response.status_code == 200, response.json()
    settings = response.json()["settings"]
    assert (settings["points_win"], settings["points_draw"], settings["occupy_max_turns"]) == (2, 1, 6)
    campaign = Campaign.objects.get(pk=world.campaign.pk)
    assert campaign.time_zone == "Europe/Prague"
    change = campaign.events.get(kind="settings_changed")
    assert change.payload["changes"]["points_win"] == [3, 2]
    assert change.actor == world.alice


def test_a_bad_setting_is_a_400_naming_the_field_and_changes_nothing(world: World) -> None:
    url = f"/api/v1/campaigns/{world.campaign.pk}/settings/"
    before = Campaign.objects.get(pk=world.campaign.pk).settings
    response = world.client(world.alice).patch(
        url, {"settings": {"points_win": 5, "hidden_treasure_sword_need": "three"}}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_setting"
    assert list(response.json()["fields"]) == ["hidden_treasure_sword_need"]
    assert Campaign.objects.get(pk=world.campaign.pk).settings == before
    unknown = world.client(world.alice).patch(url, {"settings": {"dragons": True}}, format="json")
    assert list(unknown.json()["fields"]) == ["dragons"]


def test_members_read_the_settings_and_only_the_organiser_changes_them(world: World) -> None:
    url = f"/api/v1/campaigns/{world.campaign.pk}/settings/"
    got = world.client(world.bob).get(url).json()
    assert {d["name"] for d in got["league"]} >= {"points_win", "deadline_time", "rematch_weeks"}
    refused = world.client(world.gina).patch(url, {"settings": {"points_win": 9}}, format="json")
    assert refused.status_code == 403


def test_starting_opens_week_1_and_a_second_start_is_refused(world: World) -> None:
    client = world.client(world.alice)
    response = client.post(f"/api/v1/campaigns/{world.campaign.pk}/start/")
    assert response.status_code == 200, response.json()
    assert response.json()["number"] == 1
    assert response.json()["deadline_local"].endswith("+00:00")  # the campaign's zone is UTC
    assert Campaign.objects.get(pk=world.campaign.pk).status == "running"
    detail = client.get(f"/api/v1/campaigns/{world.campaign.pk}/").json()
    assert detail["current_week"]["number"] == 1
    again = client.post(f"/api/v1/campaigns/{world.campaign.pk}/start/")
    assert again.status_code == 409
    assert again.json()["code"] == "campaign_not_draft"


def test_finishing_closes_the_week_and_reveals_its_seed(world: World) -> None:
    client = world.client(world.alice)
    assert client.post(f"/api/v1/campaigns/{world.campaign.pk}/finish/").status_code == 409  # still a draft
    client.post(f"/api/v1/campaigns/{world.campaign.pk}/start/")
    response = client.post(f"/api/v1/campaigns/{world.campaign.pk}/finish/")
    assert response.status_code == 200
    assert response.json()["status"] == "finished"
    week = Week.objects.get(campaign=world.campaign)
    assert week.status == "closed"
    assert week.roll_stream.revealed_at is not None


def test_the_weeks_list_shows_each_deadline_in_the_campaigns_time_zone(world: World) -> None:
    client = world.client(world.alice)
    client.patch(f"/api/v1/campaigns/{world.campaign.pk}/settings/", {"time_zone": "Europe/Prague"}, format="json")
    client.post(f"/api/v1/campaigns/{world.campaign.pk}/start/")
    [week] = world.client(world.carol).get(f"/api/v1/campaigns/{world.campaign.pk}/weeks/").json()["results"]
    assert week["deadline_local"][-6:] in ("+01:00", "+02:00")
    assert world.client(world.carol).get(f"/api/v1/weeks/{week['id']}/").json()["number"] == 1

"""One audience per resource (issue 21 item 5): the battle page and the API show each viewer the same battles, the
same timeline events and the same aftermath, because both ask the same selectors, and the battle's rule for what
tells of the rosters is the timeline's rule for a party's events (``campaign.selectors.timeline.sees_party``).

Viewers: a player of the battle, another player, the GM, the organiser, a former member and a stranger; with the
campaign's rosters public and private. Each surface's set is also checked against what the rule says it is."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from campaign.models import CampaignEvent
from campaign.services import membership_add
from campaign.services.events import event_record
from campaign.services.members import membership_leave
from roster.aftermath.run import aftermath_run
from roster.battles.reports import battle_confirm, battle_report
from roster.models import Aftermath
from tests.roster.aftermath.helpers import Fight, fight
from tests.support.world import World

pytestmark = pytest.mark.django_db

V = CampaignEvent.Visibility


def _fought(world: World, *, private: bool) -> tuple[Fight, dict[str, Any]]:
    world.campaign.settings = {**world.campaign.settings, "rosters_private": private}
    world.campaign.save()
    dora = get_user_model().objects.create_user("dora", password="x")
    fred = get_user_model().objects.create_user("fred", password="x")
    for user in (dora, fred):
        membership_add(campaign=world.campaign, user=user, role="player")
    f = fight(world, confirmed=False)
    battle_report(battle=f.battle, actor=world.bob, data=f.report())
    battle_confirm(battle=f.battle, actor=world.carol)
    aftermath = Aftermath.objects.get(battle=f.battle)
    if aftermath.rolled_at is None:
        aftermath_run(aftermath_id=aftermath.pk)
    for visibility in (V.STAFF, V.GM):  # what the organiser and the GM see of the battle beyond the party
        event_record(campaign=world.campaign, kind=f"audience_{visibility}", battle=f.battle, visibility=visibility)
    membership_leave(campaign=world.campaign, user=fred)
    viewers = {
        "player of the battle": world.bob,
        "another player": dora,
        "gm": world.gina,
        "organiser": world.alice,
        "former member": fred,
        "stranger": world.oscar,
    }
    return f, viewers


def _api(world: World, f: Fight, user: Any) -> dict[str, Any]:
    client = world.client(user)
    campaign, battle = world.campaign.pk, f.battle.pk
    timeline = client.get(f"/api/v1/campaigns/{campaign}/timeline/?battle={battle}&page_size=200")
    battles = client.get(f"/api/v1/campaigns/{campaign}/battles/?page_size=200")
    aftermath = client.get(f"/api/v1/battles/{battle}/aftermath/")
    return {
        "status": (timeline.status_code, battles.status_code),
        "events": {e["id"] for e in timeline.json()["results"]} if timeline.status_code == 200 else None,
        "battles": {b["id"] for b in battles.json()["results"]} if battles.status_code == 200 else None,
        "aftermath": aftermath.status_code == 200,
    }


def _web(world: World, f: Fight, user: Any) -> dict[str, Any]:
    client = world.browser(user)
    page = client.get(f"/battles/{f.battle.pk}/")
    campaign_page = client.get(f"/campaigns/{world.campaign.pk}/")
    return {
        "status": (page.status_code, campaign_page.status_code),
        "events": {row["e"].pk for row in page.context["events"]} if page.status_code == 200 else None,
        "battles": {b.pk for b in campaign_page.context["battles"]} if campaign_page.status_code == 200 else None,
        "aftermath": page.status_code == 200 and page.context["sees_rosters"],
    }


def _expected_events(f: Fight, who: str, private: bool) -> set[int] | None:
    if who == "stranger":
        return None
    seen = {V.PUBLIC}
    if who == "gm":
        seen |= {V.PARTY, V.STAFF, V.GM}
    elif who == "organiser":
        seen |= {V.PARTY, V.STAFF}
    elif not private or who == "player of the battle":
        seen.add(V.PARTY)
    return set(CampaignEvent.objects.filter(battle=f.battle, visibility__in=seen).values_list("pk", flat=True))


@pytest.mark.parametrize("private", [False, True], ids=["rosters public", "rosters private"])
def test_the_battle_page_and_the_api_show_every_viewer_the_same_battles_events_and_aftermath(
    world: World, private: bool
) -> None:
    f, viewers = _fought(world, private=private)
    party = set(CampaignEvent.objects.filter(battle=f.battle, visibility=V.PARTY).values_list("pk", flat=True))
    assert party, "the aftermath wrote events that tell of the rosters"
    for who, user in viewers.items():
        api, web = _api(world, f, user), _web(world, f, user)
        assert api == web, who
        if who == "stranger":
            assert api["status"] == (404, 404) and web["status"] == (404, 404)
            assert api["aftermath"] is False
            continue
        assert api["events"] == _expected_events(f, who, private), who
        assert api["battles"] == {f.battle.pk}, who
        sees_rosters = not private or who in ("player of the battle", "gm", "organiser")
        assert api["aftermath"] is sees_rosters, who

"""Who may call each campaign endpoint: the organiser, the GM, a player, a former player, a player of another
campaign and an anonymous caller, over every endpoint of the campaign app (lists and filters included).

A stranger to a campaign gets 404 for everything under it, exactly as for a campaign that does not exist; an
anonymous caller gets 401; a member in the wrong role gets 403.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from campaign.models import Campaign, Invitation, Membership
from campaign.services.campaigns import campaign_start
from campaign.services.members import invitation_create, membership_add, membership_leave
from roster.battles.prebattle import battle_prebattle_run
from tests.support.league import make_warband, pair
from tests.support.world import World, make_user

pytestmark = pytest.mark.django_db

VIEWERS = ("organiser", "gm", "player", "former", "outsider", "anonymous")
READ = {"organiser": 200, "gm": 200, "player": 200, "former": 200, "outsider": 404, "anonymous": 401}
ORGANISER_ONLY = {"organiser": 200, "gm": 403, "player": 403, "former": 403, "outsider": 404, "anonymous": 401}


@dataclass
class Endpoint:
    name: str
    method: str
    path: str
    expect: dict[str, int]
    body: dict[str, Any] = field(default_factory=dict)
    draft: bool = False
    decision: bool = False


ENDPOINTS = [
    Endpoint("campaign list", "get", "/api/v1/campaigns/", {**READ, "outsider": 200}),
    Endpoint(
        "campaign list filtered", "get", "/api/v1/campaigns/?status=running&system=mordheim", {**READ, "outsider": 200}
    ),
    Endpoint(
        "campaign create",
        "post",
        "/api/v1/campaigns/",
        dict.fromkeys(VIEWERS, 201) | {"anonymous": 401},
        {"name": "New", "rules_pack": "mordheim"},
    ),
    Endpoint("campaign detail", "get", "/api/v1/campaigns/{campaign}/", READ),
    Endpoint("settings read", "get", "/api/v1/campaigns/{campaign}/settings/", READ),
    Endpoint(
        "settings change",
        "patch",
        "/api/v1/campaigns/{campaign}/settings/",
        ORGANISER_ONLY,
        {"settings": {"points_win": 2}},
    ),
    Endpoint("start", "post", "/api/v1/campaigns/{campaign}/start/", ORGANISER_ONLY, draft=True),
    Endpoint("finish", "post", "/api/v1/campaigns/{campaign}/finish/", ORGANISER_ONLY),
    Endpoint("members", "get", "/api/v1/campaigns/{campaign}/members/", READ),
    Endpoint("members filtered", "get", "/api/v1/campaigns/{campaign}/members/?active=true&role=player", READ),
    Endpoint(
        "member remove", "post", "/api/v1/campaigns/{campaign}/members/{carol_membership}/remove/", ORGANISER_ONLY
    ),
    Endpoint(
        "leave",
        "post",
        "/api/v1/campaigns/{campaign}/leave/",
        {"organiser": 409, "gm": 200, "player": 200, "former": 404, "outsider": 404, "anonymous": 401},
    ),
    Endpoint("invitation list", "get", "/api/v1/campaigns/{campaign}/invitations/", ORGANISER_ONLY),
    Endpoint(
        "invitation create",
        "post",
        "/api/v1/campaigns/{campaign}/invitations/",
        {**ORGANISER_ONLY, "organiser": 201},
        {"role": "player"},
    ),
    Endpoint(
        "invitation revoke", "post", "/api/v1/campaigns/{campaign}/invitations/{invitation}/revoke/", ORGANISER_ONLY
    ),
    Endpoint(
        "invitation by code", "get", "/api/v1/invitations/{code}/", dict.fromkeys(VIEWERS, 200) | {"anonymous": 401}
    ),
    Endpoint(
        "invitation accept",
        "post",
        "/api/v1/invitations/{code}/accept/",
        {"organiser": 409, "gm": 409, "player": 409, "former": 201, "outsider": 201, "anonymous": 401},
    ),
    Endpoint("weeks", "get", "/api/v1/campaigns/{campaign}/weeks/", READ),
    Endpoint("week detail", "get", "/api/v1/weeks/{week}/", READ),
    Endpoint("pairings", "get", "/api/v1/weeks/{week}/pairings/", READ),
    Endpoint(
        "pairings set",
        "post",
        "/api/v1/weeks/{week}/pairings/",
        {**ORGANISER_ONLY, "organiser": 201},
        {"pairs": [{"a": "{spare_a}", "b": "{spare_b}"}]},
    ),
    Endpoint("pairings auto", "post", "/api/v1/weeks/{week}/pairings/auto/", {**ORGANISER_ONLY, "organiser": 201}),
    Endpoint("battles", "get", "/api/v1/campaigns/{campaign}/battles/", READ),
    Endpoint(
        "battles filtered", "get", "/api/v1/campaigns/{campaign}/battles/?week=1&status=paired&warband={bobs}", READ
    ),
    Endpoint("battle detail", "get", "/api/v1/battles/{battle}/", READ),
    Endpoint("prebattle read", "get", "/api/v1/battles/{battle}/prebattle/", READ),
    Endpoint(
        "prebattle run",
        "post",
        "/api/v1/battles/{battle}/prebattle/",
        {"organiser": 200, "gm": 403, "player": 200, "former": 403, "outsider": 404, "anonymous": 401},
    ),
    Endpoint(
        "prebattle answer",
        "post",
        "/api/v1/battles/{battle}/prebattle/answer/",
        {"organiser": 403, "gm": 403, "player": 200, "former": 403, "outsider": 404, "anonymous": 401},
        {"decision": "pre:role", "answer": "attacker"},
        decision=True,
    ),
    Endpoint(
        "battle correct",
        "post",
        "/api/v1/battles/{battle}/correct/",
        ORGANISER_ONLY,
        {"reason": "They played Occupy", "scenario": "occupy"},
    ),
    Endpoint("standings", "get", "/api/v1/campaigns/{campaign}/standings/", READ),
    Endpoint("timeline", "get", "/api/v1/campaigns/{campaign}/timeline/", READ),
    Endpoint("timeline filtered", "get", "/api/v1/campaigns/{campaign}/timeline/?kind=battle_paired&week=1", READ),
]


def fill(value: Any, ids: dict[str, Any]) -> Any:
    if isinstance(value, str):
        formatted = value.format(**ids)
        return int(formatted) if formatted.isdigit() and value.startswith("{") else formatted
    if isinstance(value, dict):
        return {k: fill(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, ids) for v in value]
    return value


def stage(world: World, endpoint: Endpoint) -> tuple[dict[str, Any], dict[str, Any]]:
    """The world's campaign with a former player (Fred), warbands, a battle and an invitation; the ids to use."""
    fred = make_user("fred")
    membership_add(campaign=world.campaign, user=fred, role="player")
    membership_leave(campaign=world.campaign, user=fred)
    ids: dict[str, Any] = {
        "campaign": world.campaign.pk,
        "carol_membership": Membership.objects.get(campaign=world.campaign, user=world.carol).pk,
        "invitation": 0,
        "code": "",
        "week": 0,
        "battle": 0,
        "bobs": 0,
    }
    invitation = invitation_create(campaign=world.campaign, actor=world.alice, max_uses=None)
    ids.update(invitation=invitation.pk, code=invitation.code)
    if not endpoint.draft:
        week = campaign_start(campaign=world.campaign, actor=world.alice)
        bobs = make_warband(world.campaign, world.bob, "Bob's", rating=100, heroes=2)
        carols = make_warband(world.campaign, world.carol, "Carol's", rating=150, heroes=2)
        spare_a = make_warband(world.campaign, world.bob, "Bob's second", rating=90)
        spare_b = make_warband(world.campaign, world.carol, "Carol's second", rating=95)
        battle = pair(week, bobs, carols, world.alice)
        ids.update(week=week.pk, battle=battle.pk, bobs=bobs.pk, spare_a=spare_a.pk, spare_b=spare_b.pk)
        if endpoint.decision:
            battle_prebattle_run(battle=battle, actor=world.alice, scenario="breakthrough")
    users = {
        "organiser": world.alice,
        "gm": world.gina,
        "player": world.bob,
        "former": fred,
        "outsider": world.oscar,
        "anonymous": None,
    }
    return ids, users


@pytest.mark.parametrize("viewer", VIEWERS)
@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=[e.name for e in ENDPOINTS])
def test_it_answers_each_viewer_of_each_endpoint_as_the_matrix_says(
    world: World, endpoint: Endpoint, viewer: str
) -> None:
    ids, users = stage(world, endpoint)
    client = world.client(users[viewer])
    path = fill(endpoint.path, ids)
    call = getattr(client, endpoint.method)
    response = call(path, fill(endpoint.body, ids), format="json") if endpoint.method != "get" else call(path)
    expected = endpoint.expect[viewer]
    assert response.status_code == expected, (viewer, endpoint.name, response.content[:300])
    if expected == 404:
        assert response.json()["code"].endswith("not_found")
    if expected == 401:
        assert response.json()["code"] == "not_authenticated"


def test_a_stranger_cannot_tell_a_hidden_campaign_from_a_missing_one(world: World) -> None:
    client = world.client(world.oscar)
    hidden = client.get(f"/api/v1/campaigns/{world.campaign.pk}/standings/")
    missing = client.get("/api/v1/campaigns/999999/standings/")
    assert (hidden.status_code, hidden.json()) == (missing.status_code, missing.json())


def test_lists_never_count_other_campaigns(world: World) -> None:
    for campaign, organiser in ((world.campaign, world.alice), (world.other_campaign, world.oscar)):
        campaign_start(campaign=campaign, actor=organiser)
    for user, campaign in ((world.bob, world.campaign), (world.oscar, world.other_campaign)):
        client = world.client(user)
        body = client.get("/api/v1/campaigns/").json()
        assert [c["id"] for c in body["results"]] == [campaign.pk]
        assert body["count"] == 1
        timeline = client.get(f"/api/v1/campaigns/{campaign.pk}/timeline/").json()
        assert {e["kind"] for e in timeline["results"]} == {"campaign_started"}
        assert timeline["count"] == 1
    assert Campaign.objects.count() == 2
    assert Invitation.objects.count() == 0

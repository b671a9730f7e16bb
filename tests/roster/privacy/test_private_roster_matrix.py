"""Rosters private means private (issue 30, finding 3): in a campaign with rosters private a battle's aftermath
(injuries, deaths, advances), its battle page, its report and the notices answer only to the two players, the
organiser and the GM. Another member sees what the scenario and the standings say, and nothing of the rosters:
no warrior name, no warrior id, no injury, death or advance; an outsider sees nothing at all.

Every viewer x every surface: the timeline (web campaign page and API), the battle page (web and API), the
report (API) and the notices (web inbox)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from campaign.services import membership_add
from roster.aftermath.run import aftermath_run
from roster.battles.reports import battle_confirm, battle_report
from roster.models import Aftermath, Warrior
from tests.roster.aftermath.helpers import Fight, fight
from tests.support.world import World

pytestmark = pytest.mark.django_db

NAMES = {
    "captain": "Captain Ottokar Vessel",
    "champion": "Champion Brunhilde Quill",
    "warriors": "Spearmen of Grimmsdorf",
    "enemy_captain": "Wolf-Priest Ulfrik Thorn",
    "enemy_group": "Brothers of the Howling",
}


@pytest.fixture
def fought(world: World) -> tuple[World, Fight, Any]:
    world.campaign.settings = {**world.campaign.settings, "rosters_private": True}
    world.campaign.save()
    dora = get_user_model().objects.create_user("dora", password="x")
    membership_add(campaign=world.campaign, user=dora, role="player")
    f = fight(world, confirmed=False)
    for attr, name in NAMES.items():
        Warrior.objects.filter(pk=getattr(f, attr).pk).update(name=name)
    battle_report(battle=f.battle, actor=world.bob, data=f.report())
    battle_confirm(battle=f.battle, actor=world.carol)
    aftermath = Aftermath.objects.get(battle=f.battle)
    if aftermath.rolled_at is None:
        aftermath_run(aftermath_id=aftermath.pk)
    return world, f, dora


def _warrior_ids(f: Fight) -> set[int]:
    return set(Warrior.objects.filter(warband__in=[f.reavers, f.raiders]).values_list("pk", flat=True))


def _ids_in(body: Any) -> set[int]:
    """Every value of a key that names a warrior, anywhere in an API answer."""
    found: set[int] = set()
    if isinstance(body, dict):
        for key, value in body.items():
            if key in {"warrior", "victim", "by", "warriors", "sit_out"} and value is not None:
                for v in value if isinstance(value, list) else [value]:
                    if isinstance(v, (int, str)) and str(v).isdigit():
                        found.add(int(v))
            found |= _ids_in(value)
    elif isinstance(body, list):
        for item in body:
            found |= _ids_in(item)
    return found


def _surfaces(world: World, f: Fight, user: Any) -> dict[str, tuple[int, str, Any]]:
    api, web = world.client(user), Client()
    web.force_login(user)
    campaign, battle = world.campaign.pk, f.battle.pk
    out: dict[str, tuple[int, str, Any]] = {}
    for name, url in {
        "api timeline": f"/api/v1/campaigns/{campaign}/timeline/?page_size=200",
        "api battle": f"/api/v1/battles/{battle}/",
        "api report": f"/api/v1/battles/{battle}/report/",
    }.items():
        response = api.get(url)
        body = response.json()
        out[name] = (response.status_code, json.dumps(body, ensure_ascii=False), body)
    for name, url in {
        "web campaign page": f"/campaigns/{campaign}/",
        "web battle page": f"/battles/{battle}/",
        "web notices": "/notices/",
    }.items():
        page = web.get(url)
        out[name] = (page.status_code, page.content.decode(), None)
    return out


def test_the_battles_party_sees_the_aftermath_on_every_surface(fought: tuple[World, Fight, Any]) -> None:
    world, f, _dora = fought
    for user in (world.bob, world.carol, world.alice, world.gina):
        seen = _surfaces(world, f, user)
        assert all(status == 200 for status, _text, _body in seen.values()), (user, seen.keys())
        timeline = seen["api timeline"][2]["results"]
        assert {"injury", "advance"} & {e["kind"] for e in timeline} or any(e["kind"] == "death" for e in timeline), (
            user
        )
        assert NAMES["champion"] in seen["api timeline"][1], user
        assert NAMES["champion"] in seen["web campaign page"][1], user
        assert NAMES["champion"] in seen["web battle page"][1], user
        assert str(f.champion.pk) in {str(i) for i in _ids_in(seen["api report"][2])}, user


def test_another_member_sees_the_scenario_and_the_standings_and_nothing_of_the_rosters(
    fought: tuple[World, Fight, Any],
) -> None:
    world, f, dora = fought
    seen = _surfaces(world, f, dora)
    warriors = _warrior_ids(f)
    for surface, (status, text, body) in seen.items():
        assert status == 200, surface
        for name in NAMES.values():
            assert name not in text, (surface, name)
        if body is not None:
            assert not (_ids_in(body) & warriors), surface
    kinds = {e["kind"] for e in seen["api timeline"][2]["results"]}
    assert not kinds & {"injury", "death", "warrior_lost", "advance"}, kinds
    assert {"battle_reported", "battle_confirmed", "battle_resolved"} <= kinds  # the result is the league's
    report = seen["api report"][2]
    assert report["data"]["winner"] == str(f.reavers.pk) and report["data"]["scenario"] == "skirmish"
    standings = world.client(dora).get(f"/api/v1/campaigns/{world.campaign.pk}/standings/")
    assert standings.status_code == 200
    assert standings.json() == world.client(world.alice).get(f"/api/v1/campaigns/{world.campaign.pk}/standings/").json()


def test_an_outsider_sees_nothing(fought: tuple[World, Fight, Any]) -> None:
    world, f, _dora = fought
    seen = _surfaces(world, f, world.oscar)
    for surface, (status, text, _body) in seen.items():
        if surface == "web notices":
            assert status == 200
        else:
            assert status == 404, surface
        for name in NAMES.values():
            assert name not in text, (surface, name)

"""A campaign keeping rosters private keeps a battle's pre-battle sequence to its audience: who sits out, who is
present and the rolls that decided it tell of the two rosters (roster.selectors.battles.sees_the_sequence).

The two players, the organiser and the GM see it whole, its rolls on the battle's party stream; another
player of the campaign and an outsider learn the scenario and who chose it, and nothing of the rosters: no
name, no roll, no count, and the public stream shows no gap.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from campaign.services import membership_add
from referee.models import Audience, LedgerEntry
from roster.models import Battle
from tests.support.dice import DiceScript
from tests.support.league import League, hero, pair
from tests.support.world import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(league: League) -> Battle:
    campaign = league.world.campaign
    campaign.refresh_from_db()
    campaign.settings = {**campaign.settings, "rosters_private": True}
    campaign.save(update_fields=["settings"])
    return pair(league.week, league.bobs, league.carols, league.world.alice)


def _seen(user: Any, battle: Battle, api: Any) -> tuple[dict[str, Any], str, dict[str, Any]]:
    body = api.get(f"/api/v1/battles/{battle.pk}/").json()
    web = Client()
    web.force_login(user)
    page = web.get(f"/battles/{battle.pk}/").content.decode()
    rolls = api.get(f"/api/v1/rolls/?campaign={battle.campaign_id}").json()
    return body, page, rolls


def test_mh_pre_03_private_rosters_keep_who_sits_out_to_the_battle_s_audience(
    league: League, battle: Battle, dice: DiceScript
) -> None:
    world = league.world
    dave = make_user("dave")
    membership_add(campaign=world.campaign, user=dave, role="player")
    limping = hero(league.bobs, "Limping Hans", flags={"old_battle_wounds": 2})
    dice.then(3, 4, 4, 1)  # 7 on the table (Skirmish); Hans's Old Battle Wound dice: 4 and 1, he sits out
    response = world.client(world.bob).post(f"/api/v1/battles/{battle.pk}/prebattle/", {}, format="json")
    assert response.status_code == 200, response.json()

    entries = LedgerEntry.objects.filter(ref=f"battle:{battle.pk}").select_related("stream")
    key = f"campaign:{world.campaign.pk}:week:1:party:battle:{battle.pk}"
    made = entries.count()  # the table's 2D6, Hans's two dice, the scenario's setup rolls
    assert made >= 3 and {(e.stream.audience, e.stream.key) for e in entries} == {(Audience.PARTY, key)}
    assert world.campaign.roll_streams.get(audience=Audience.PUBLIC).next_seq == 0  # no gap on the public stream

    for user in (world.bob, world.carol, world.alice, world.gina):  # the two players, the organiser, the GM
        body, page, rolls = _seen(user, battle, world.client(user))
        pre = body["prebattle"]
        assert [s["name"] for s in pre["sit_out"]] == ["Limping Hans"], user.username
        assert pre["table_roll"] == 7 and not pre["withheld"]
        assert "Limping Hans sits this battle out" in page, user.username
        assert rolls["count"] == made, user.username

    for user in (dave, world.oscar):  # another player of the campaign; an outsider
        api = world.client(user)
        body, page, rolls = _seen(user, battle, api)
        if user == world.oscar:
            assert "prebattle" not in body  # not a battle of his campaigns: 404
            continue
        pre = body["prebattle"]
        assert pre["withheld"] and pre["scenario"] == "skirmish" and pre["rolled_by"] == league.bobs.pk
        assert (pre["sit_out"], pre["facts"], pre["ledger"], pre["table_roll"]) == ([], [], [], None)
        shown = str(body) + page + str(rolls)
        assert "Limping Hans" not in shown and str(limping.pk) not in str(pre)
        assert rolls["count"] == 0
        assert all(api.get(f"/api/v1/rolls/{e.pk}/").status_code == 404 for e in entries)
        assert "seen by the two players, the organiser and the GM" in page

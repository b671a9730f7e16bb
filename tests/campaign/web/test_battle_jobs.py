"""The Mordheim jobs on the web pages (Django's test client), each through the service the API calls: the
pre-battle sequence, a report model by model, the organiser settling a dispute, hiring with starting equipment,
dismissing."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from django.test import Client

from campaign.models import Correction
from referee.models import LedgerEntry
from roster.models import Battle, BattleReport, Holding, Warrior
from tests.roster.helpers import hire, reikland
from tests.support.dice import DiceScript
from tests.support.league import League, pair
from tests.support.world import World

pytestmark = pytest.mark.django_db


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _group(warband: Any) -> Warrior:
    return warband.warriors.get(kind="henchman")


def test_mh_scn_01_on_a_2_the_lower_rated_player_chooses_the_scenario_on_the_battle_page(
    league: League, dice: DiceScript
) -> None:
    battle = pair(league.week, league.bobs, league.carols, league.world.alice)
    bob, carol = _as(league.world.bob), _as(league.world.carol)
    page = bob.get(f"/battles/{battle.pk}/").content.decode()
    assert "Roll the pre-battle sequence" in page
    assert "Scenario the players agreed on" not in page  # the organiser's alone
    dice.then(1, 1)  # 2 on the scenario table: Bob's warband, the lower rated, chooses
    bob.post(f"/battles/{battle.pk}/prebattle/")
    battle.refresh_from_db()
    assert battle.prebattle and battle.scenario == ""
    assert LedgerEntry.objects.filter(purpose="prebattle", ref=f"battle:{battle.pk}").exists()
    page = bob.get(f"/battles/{battle.pk}/").content.decode()
    assert "Bob&#x27;s Reiklanders rolled 2 on the scenario table" in page
    assert "Choose the scenario" in page and "Roll the pre-battle sequence" not in page
    waiting = carol.get(f"/battles/{battle.pk}/").content.decode()
    assert "Waiting for Bob&#x27;s Reiklanders to choose" in waiting and "Choose the scenario" not in waiting
    refused = carol.post(
        f"/battles/{battle.pk}/prebattle/answer/", {"decision": "pre:scenario", "answer": "skirmish"}, follow=True
    )
    assert "Only the player of the warband this choice belongs to makes it." in refused.content.decode()
    bob.post(f"/battles/{battle.pk}/prebattle/answer/", {"decision": "pre:scenario", "answer": "skirmish"})
    battle.refresh_from_db()
    assert battle.scenario == "skirmish" and battle.status == Battle.Status.READY
    page = carol.get(f"/battles/{battle.pk}/").content.decode()
    assert "Skirmish" in page and "Takes the first turn:" in page and "Chooses where to deploy:" in page


def test_a_report_takes_each_model_of_a_group_and_who_took_it_out(league: League) -> None:
    battle = pair(league.week, league.bobs, league.carols, league.world.alice)
    bob = _as(league.world.bob)
    rats, hero = _group(league.carols), league.bobs.warriors.get(is_leader=True)
    form = bob.get(f"/battles/{battle.pk}/").content.decode()
    assert f'name="ooa_{rats.pk}_5"' in form and f'name="ooa_{rats.pk}_6"' not in form  # a box per model
    assert "Carol&#x27;s Skaven warriors, model 2 of 5" in form
    bob.post(
        f"/battles/{battle.pk}/report/",
        {
            "winner": str(league.bobs.pk),
            "scenario": "skirmish",
            f"ooa_{rats.pk}_1": "1",
            f"by_{rats.pk}_1": str(hero.pk),
            f"ooa_{rats.pk}_3": "1",
        },
    )
    report = BattleReport.objects.get(battle=battle)
    assert report.data["out_of_action"] == [
        {"victim": str(rats.pk), "by": str(hero.pk)},
        {"victim": str(rats.pk), "by": None},
    ]
    again = bob.get(f"/battles/{battle.pk}/").content.decode()  # reporting again starts from what was sent
    assert f'name="ooa_{rats.pk}_2" value="1" checked' in again and f'name="ooa_{rats.pk}_3" value="1">' in again
    assert f'<option value="{hero.pk}" selected>' in again
    page = unescape(_as(league.world.carol).get(f"/battles/{battle.pk}/").content.decode())
    assert f"Carol's Skaven warriors out of action, by {hero.name}" in page
    assert page.count("Carol's Skaven warriors out of action") == 2


def test_the_organiser_settles_a_disputed_report_with_a_reason(
    league: League, django_capture_on_commit_callbacks: Any
) -> None:
    battle = pair(league.week, league.bobs, league.carols, league.world.alice)
    bob, carol, alice = _as(league.world.bob), _as(league.world.carol), _as(league.world.alice)
    bob.post(f"/battles/{battle.pk}/report/", {"winner": str(league.bobs.pk), "scenario": "skirmish"})
    carol.post(f"/battles/{battle.pk}/respond/", {"answer": "dispute", "reason": "We won that one"})
    assert "Settle the report" not in bob.get(f"/battles/{battle.pk}/").content.decode()
    settle = alice.get(f"/battles/{battle.pk}/").content.decode()
    assert "Settle the report" in settle
    bobs = league.bobs.pk
    assert f'id="s-win-{bobs}" name="winner" value="{bobs}" checked' in settle  # the correction starts from the report
    assert bob.post(f"/battles/{battle.pk}/settle/", {"reason": "mine"}, follow=True).status_code == 200
    refused = alice.post(f"/battles/{battle.pk}/settle/", {"reason": " ", "how": "as_reported"}, follow=True)
    assert "Say why, for the record." in refused.content.decode()
    battle.refresh_from_db()
    assert battle.status == Battle.Status.DISPUTED and not Correction.objects.exists()
    with django_capture_on_commit_callbacks(execute=False):
        settled = alice.post(
            f"/battles/{battle.pk}/settle/",
            {"reason": "Photos show Carol held the field", "how": "corrected", "winner": str(league.carols.pk)},
            follow=True,
        )
    assert "Report settled and confirmed" in settled.content.decode()
    battle.refresh_from_db()
    assert battle.status == Battle.Status.CONFIRMED and battle.result == "b"
    assert BattleReport.objects.get(battle=battle).status == BattleReport.Status.OVERRIDDEN
    assert Correction.objects.get().reason == "Photos show Carol held the field"


def test_a_player_hires_with_starting_equipment_priced_before_confirming(world: World) -> None:
    warband = reikland(world)
    bob = _as(world.bob)
    page = bob.get(f"/warbands/{warband.pk}/hire/?type=mercenary_captain&eq_sword=1&eq_dagger=1").content.decode()
    assert "Sword · 10 gc" in page and "(the first one free)" in page
    assert "70 gc each: 70 gc in all; your treasury would be 430 gc." in page
    assert "Each: 60 gc to hire, 10 gc of equipment." in page
    refused = unescape(bob.get(f"/warbands/{warband.pk}/hire/?type=warrior&count=5&eq_sword=1").content.decode())
    assert "Hire the warband's leader (Mercenary Captain) before anyone else." in refused  # as the service refuses
    assert 'id="hire-confirm"' not in refused
    bob.post(
        f"/warbands/{warband.pk}/hire/confirm/",
        {"type": "mercenary_captain", "name": "Ulrich", "eq_sword": "1", "eq_dagger": "1"},
    )
    warband.refresh_from_db()
    assert warband.treasury == 430
    group = bob.get(f"/warbands/{warband.pk}/hire/?type=warrior&count=3&eq_sword=1").content.decode()
    assert "35 gc each: 105 gc in all; your treasury would be 325 gc." in group
    ulrich = warband.warriors.get(name="Ulrich")
    assert sorted(ulrich.holdings.values_list("item_slug", flat=True)) == ["dagger", "sword"]


def test_a_player_dismisses_models_of_a_group_and_their_kit_goes_to_the_stash(world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain", name="Ulrich")
    guards = hire(warband, "warrior", name="Guards", count=3, equipment=["sword"])
    bob = _as(world.bob)
    page = bob.get(f"/warbands/{warband.pk}/dismiss/").content.decode()
    assert "Dismiss Guards" in page and "How many of Guards" in page
    assert _as(world.carol).post(f"/warbands/{warband.pk}/dismiss/do/", {"warrior": guards.pk, "count": 1}).status_code
    guards.refresh_from_db()
    assert guards.count == 3  # Carol may not
    done = bob.post(f"/warbands/{warband.pk}/dismiss/do/", {"warrior": guards.pk, "count": 1}, follow=True)
    assert "1 of Guards dismissed; the equipment is in the stash." in done.content.decode()
    guards.refresh_from_db()
    assert guards.count == 2
    assert Holding.objects.filter(warband=warband, warrior=None, item_slug="sword").count() == 1


@pytest.mark.parametrize(
    ("code", "before", "roll", "settle", "member"),
    [
        ("ru", "Перед боем", "Бросить предбоевую последовательность", "Решить спор об отчёте", "Покинуть кампанию"),
        ("cs", "Před bitvou", "Hodit předbitevní sled", "Rozhodnout spor o zprávě", "Opustit kampaň"),
    ],
)
def test_the_new_pages_speak_the_profile_language(
    league: League, code: str, before: str, roll: str, settle: str, member: str
) -> None:
    from campaign.models import Profile

    world = league.world
    Profile.objects.update_or_create(user=world.alice, defaults={"language": code})
    battle = pair(league.week, league.bobs, league.carols, world.alice)
    battle_report_data = {"winner": str(league.bobs.pk), "scenario": "skirmish"}
    _as(world.bob).post(f"/battles/{battle.pk}/report/", battle_report_data)
    alice = _as(world.alice)
    page = alice.get(f"/battles/{battle.pk}/").content.decode()
    assert settle in page
    battle.status = Battle.Status.PAIRED  # back before the report, to see the pre-battle card too
    battle.save(update_fields=["status"])
    page = alice.get(f"/battles/{battle.pk}/").content.decode()
    assert before in page and roll in page
    assert member in alice.get(f"/campaigns/{world.campaign.pk}/members/").content.decode()

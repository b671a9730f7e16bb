"""`manage.py load_demo` (run by `make run`) is idempotent and gives the documented logins."""

from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.utils import timezone

from campaign.management.commands.load_demo import DEMO_CAMPAIGN
from campaign.models import Campaign, Membership, Week


@pytest.mark.django_db
def test_it_creates_the_demo_once_and_keeps_it() -> None:
    call_command("load_demo")
    campaign = Campaign.objects.get(name=DEMO_CAMPAIGN)
    call_command("load_demo")
    assert Campaign.objects.get(name=DEMO_CAMPAIGN) == campaign
    roles = dict(Membership.objects.filter(campaign=campaign).values_list("user__username", "role"))
    assert roles == {"alice": "organiser", "bob": "player", "carol": "player", "gina": "gm"}
    for name in roles:
        assert authenticate(username=name, password="muster-demo") is not None


@pytest.mark.django_db
def test_it_opens_week_1_on_a_sunday_evening_schedule_once() -> None:
    call_command("load_demo")
    call_command("load_demo")
    campaign = Campaign.objects.get(name=DEMO_CAMPAIGN)
    assert campaign.status == "running"
    week = Week.objects.get(campaign=campaign)
    assert (week.number, week.status) == (1, "open")
    local = week.deadline.astimezone(ZoneInfo("Europe/Prague"))
    assert (local.weekday(), local.hour, local.minute) == (6, 20, 0)


@pytest.mark.django_db
def test_it_opens_a_week_for_a_demo_running_without_one() -> None:
    call_command("load_demo")
    mordheim = Campaign.objects.get(name=DEMO_CAMPAIGN)
    Week.objects.filter(campaign=mordheim).update(status="closed")
    call_command("load_demo")
    assert list(Week.objects.filter(campaign=mordheim).order_by("number").values_list("number", "status")) == [
        (1, "closed"),
        (2, "open"),
    ]


@pytest.mark.django_db
def test_it_plays_the_first_demo_battle_through_the_real_services_once(
    django_capture_on_commit_callbacks: Any,
) -> None:
    from roster.aftermath.run import aftermath_run
    from roster.models import Aftermath, Warband

    # The queued aftermath is run here, in-process: a worker must not race this test's database.
    with django_capture_on_commit_callbacks(execute=False) as queued:
        call_command("load_demo")
        call_command("load_demo")
    campaign = Campaign.objects.get(name=DEMO_CAMPAIGN)
    assert sorted(Warband.objects.filter(campaign=campaign).values_list("owner__username", "status")) == [
        ("bob", "approved"),
        ("carol", "approved"),
    ]
    battle = campaign.battles.get()
    assert battle.result == "a" and battle.report.status == "confirmed"
    aftermath = Aftermath.objects.get(battle=battle)
    assert queued, "confirming the demo battle queues its aftermath after commit"
    assert aftermath_run(aftermath_id=aftermath.pk).status == "applied"  # type: ignore[union-attr]


@pytest.mark.django_db
def test_it_sets_up_a_doomtrooper_table_in_progress_once() -> None:
    from referee.table_models import TableSession
    from referee.tables.selectors import view_of

    call_command("load_demo")
    call_command("load_demo")
    session = TableSession.objects.get(system="doomtrooper")
    assert session.status == "playing" and session.seats.count() == 3
    bob = session.seats.get(user__username="bob")
    game = view_of(session=session, seat=bob)["game"]
    assert game["turn"]["active"] == "s1" and game["turn"]["phase"] == "actions"
    assert "legion_centurion" not in str(game)


@pytest.mark.django_db
def test_it_sets_up_a_three_player_skirmish_table_in_its_first_turn_once() -> None:
    from referee.table_models import TableSession
    from referee.tables.selectors import commands_for, view_of

    call_command("load_demo")
    call_command("load_demo")
    session = TableSession.objects.get(system="skirmish_cards")
    assert session.status == "playing" and session.rules_pack is not None
    assert sorted(session.seats.values_list("user__username", flat=True)) == ["bob", "carol", "gina"]
    views = {
        s.username: view_of(session=session, seat=s)["game"]["skirmish"]
        for s in session.seats.select_related("user")
    }
    bob = views["bob"]
    assert bob["phase"] == "activations" and bob["turn"] == 1 and len(bob["order"]) == 6
    assert sum(c["state"] == "done" for c in bob["characters"]) == 1, "the first activation is taken"
    up = bob["up"]
    owner = next(c["side"] for c in bob["characters"] if c["id"] == up)
    seat = session.seats.get(key=owner)
    assert "declare" in {c["kind"] for c in commands_for(session=session, seat=seat)}
    bob_seat = session.seats.get(user__username="bob")
    hand = next(z for z in view_of(session=session, seat=bob_seat)["game"]["zones"] if z["key"] == "hand:s1")
    carol_sees = next(
        z
        for z in view_of(session=session, seat=session.seats.get(user__username="carol"))["game"]["zones"]
        if z["key"] == "hand:s1"
    )
    assert len(hand["cards"]) == 2 and carol_sees["count"] == 2 and "cards" not in carol_sees


@pytest.mark.django_db
def test_it_sets_up_an_arena_duel_in_its_fight_once() -> None:
    from campaign.tables.models import ArenaCharacter
    from referee.table_models import TableSession
    from referee.tables.selectors import view_of

    call_command("load_demo")
    call_command("load_demo")
    session = TableSession.objects.get(system="arena_duel")
    assert session.status == "playing" and ArenaCharacter.objects.count() == 2
    seats = {s.username: s for s in session.seats.select_related("user")}
    assert seats["gina"].role == "gm"
    bob, carol, gina = (view_of(session=session, seat=seats[w])["game"] for w in ("bob", "carol", "gina"))
    assert bob["phase"] == "fight" and bob["turn"]["active"] in (seats["bob"].key, seats["carol"].key)
    assert bob["me"]["sheet"]["edges"] == ["first_strike"] and "first_strike" not in str(carol)
    assert set(gina["hidden"]) == {seats["bob"].key, seats["carol"].key}


@pytest.mark.django_db
def test_it_sets_up_a_weekly_moves_campaign_with_a_resolved_week_and_bob_s_move_once() -> None:
    from django.test import Client

    from campaign.demo_weekly import DEMO_WEEKLY
    from campaign.weekly.models import Character, MoveResult, WeeklyMove

    call_command("load_demo")
    call_command("load_demo")
    campaign = Campaign.objects.get(name=DEMO_WEEKLY)
    assert Campaign.objects.count() == 2 and campaign.system == "weekly_moves"
    roles = dict(Membership.objects.filter(campaign=campaign).values_list("user__username", "role"))
    assert roles == {"alice": "organiser", "bob": "player", "carol": "player", "gina": "gm"}
    assert sorted(Character.objects.filter(campaign=campaign).values_list("user__username", "name")) == [
        ("bob", "Count Ambrose"),
        ("carol", "Sister Maren"),
    ]
    one, two = Week.objects.filter(campaign=campaign).order_by("number")
    assert (one.status, two.status) == ("closed", "open") and two.deadline > timezone.now()
    assert MoveResult.objects.filter(week=one).count() == 3
    assert list(WeeklyMove.objects.filter(week=two).values_list("character__user__username", "kind")) == [
        ("bob", "spying")
    ]

    def page(name: str, url: str) -> str:
        client = Client()
        client.force_login(Membership.objects.get(campaign=campaign, user__username=name).user)
        response = client.get(url)
        assert response.status_code == 200, (name, url)
        return response.content.decode()

    home = page("bob", f"/campaigns/{campaign.pk}/")
    assert "Results of week 1" in home and "Count Ambrose: Ingredient search" in home
    assert "Sister Maren: " not in home  # Carol's moves stay hers
    bob_week = page("bob", f"/weeks/{two.pk}/moves/")
    assert (
        "You play Count Ambrose." in bob_week and "<strong>Spying</strong> · Count Ambrose → Sister Maren" in bob_week
    )
    carol_week = page("carol", f"/weeks/{two.pk}/moves/")
    assert "No moves sent yet." in carol_week and "Spying" not in carol_week.split('id="send-h"')[0]
    carol_results = page("carol", f"/weeks/{one.pk}/moves/").split('id="res-h"')[1]
    assert "<strong>Preparation</strong> · Sister Maren" in carol_results and "Count Ambrose" not in carol_results
    gina_results = page("gina", f"/weeks/{one.pk}/moves/").split('id="res-h"')[1]
    assert gina_results.count("<strong>Ingredient search</strong>") == 2 and "Count Ambrose" in gina_results

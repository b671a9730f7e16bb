"""`manage.py load_demo` (run by `make run`) is idempotent and gives the documented logins."""

from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from campaign.models import Campaign, Membership, Week


@pytest.mark.django_db
def test_it_creates_the_demo_once_and_keeps_it() -> None:
    call_command("load_demo")
    campaign = Campaign.objects.get()
    call_command("load_demo")
    assert Campaign.objects.get() == campaign
    roles = dict(Membership.objects.filter(campaign=campaign).values_list("user__username", "role"))
    assert roles == {"alice": "organiser", "bob": "player", "carol": "player", "gina": "gm"}
    for name in roles:
        assert authenticate(username=name, password="muster-demo") is not None


@pytest.mark.django_db
def test_it_opens_week_1_on_a_sunday_evening_schedule_once() -> None:
    call_command("load_demo")
    call_command("load_demo")
    campaign = Campaign.objects.get()
    assert campaign.status == "running"
    week = Week.objects.get(campaign=campaign)
    assert (week.number, week.status) == (1, "open")
    local = week.deadline.astimezone(ZoneInfo("Europe/Prague"))
    assert (local.weekday(), local.hour, local.minute) == (6, 20, 0)


@pytest.mark.django_db
def test_it_opens_a_week_for_a_demo_running_without_one() -> None:
    call_command("load_demo")
    Week.objects.all().update(status="closed")
    call_command("load_demo")
    assert list(Week.objects.order_by("number").values_list("number", "status")) == [(1, "closed"), (2, "open")]


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
    campaign = Campaign.objects.get()
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
    views = {s.user.get_username(): view_of(session=session, seat=s)["game"]["skirmish"]
             for s in session.seats.select_related("user")}
    bob = views["bob"]
    assert bob["phase"] == "activations" and bob["turn"] == 1 and len(bob["order"]) == 6
    assert sum(c["state"] == "done" for c in bob["characters"]) == 1, "the first activation is taken"
    up = bob["up"]
    owner = next(c["side"] for c in bob["characters"] if c["id"] == up)
    seat = session.seats.get(key=owner)
    assert "declare" in {c["kind"] for c in commands_for(session=session, seat=seat)}
    bob_seat = session.seats.get(user__username="bob")
    hand = next(z for z in view_of(session=session, seat=bob_seat)["game"]["zones"] if z["key"] == "hand:s1")
    carol_sees = next(z for z in view_of(session=session, seat=session.seats.get(user__username="carol"))["game"][
        "zones"] if z["key"] == "hand:s1")
    assert len(hand["cards"]) == 2 and carol_sees["count"] == 2 and "cards" not in carol_sees


@pytest.mark.django_db
def test_it_sets_up_an_arena_duel_in_its_fight_once() -> None:
    from campaign.models import ArenaCharacter
    from referee.table_models import TableSession
    from referee.tables.selectors import view_of

    call_command("load_demo")
    call_command("load_demo")
    session = TableSession.objects.get(system="arena_duel")
    assert session.status == "playing" and ArenaCharacter.objects.count() == 2
    seats = {s.user.username: s for s in session.seats.select_related("user")}
    assert seats["gina"].role == "gm"
    bob, carol, gina = (view_of(session=session, seat=seats[w])["game"] for w in ("bob", "carol", "gina"))
    assert bob["phase"] == "fight" and bob["turn"]["active"] in (seats["bob"].key, seats["carol"].key)
    assert bob["me"]["sheet"]["edges"] == ["first_strike"] and "first_strike" not in str(carol)
    assert set(gina["hidden"]) == {seats["bob"].key, seats["carol"].key}

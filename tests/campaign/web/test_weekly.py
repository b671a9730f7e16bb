"""A weekly-moves campaign on the web: its own game, not Mordheim's tables; moves sent, changed and withdrawn in
secret; the GM sees every move and resolves the week; the players then see their results."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from campaign.models import Notification, Week
from campaign.weekly.models import WeeklyMove
from tests.campaign.weekly.conftest import make_intrigue
from tests.support.world import World

pytestmark = pytest.mark.django_db


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_campaign_page_shows_the_weeks_moves_not_mordheim_standings(world: World) -> None:
    intrigue = make_intrigue(world)
    page = _as(world.bob).get(f"/campaigns/{intrigue.campaign.pk}/").content.decode()
    assert "Standings" not in page and "Found a warband" not in page
    assert "Send or change my move" in page and "Weekly moves (intrigue)" in page


def test_a_player_sends_changes_and_withdraws_a_secret_move(world: World) -> None:
    intrigue = make_intrigue(world)
    bob, carol = _as(world.bob), _as(world.carol)
    url = f"/weeks/{intrigue.week.pk}/moves/"
    page = bob.post(url + "send/", {"kind": "ingredient_search", "mode": "hold"}, follow=True).content.decode()
    assert "Move sent: it stays secret until the week is resolved." in page
    move = WeeklyMove.objects.get(character=intrigue.bob)
    assert (move.kind, move.payload) == ("ingredient_search", {"mode": "hold"})
    assert "<strong>Ingredient search</strong>" not in carol.get(url).content.decode()  # Carol never sees Bob's move
    bob.post(url + "send/", {"kind": "call_of_duty", "move": move.pk})
    move.refresh_from_db()
    assert move.kind == "call_of_duty"
    second = bob.post(url + "send/", {"kind": "ingredient_search"}, follow=True).content.decode()
    assert "You have already submitted your move for this week." in second
    bob.post(f"/weeks/{intrigue.week.pk}/moves/{move.pk}/withdraw/")
    assert not WeeklyMove.objects.filter(character=intrigue.bob).exists()


def test_the_gm_sees_every_move_and_resolves_the_week(
    world: World, eager_celery: None, django_capture_on_commit_callbacks: Any
) -> None:
    intrigue = make_intrigue(world)
    intrigue.submit(intrigue.bob, "ingredient_search", mode="hold")
    intrigue.submit(intrigue.carol, "ingredient_search", mode="hold")  # declared: no pause whatever the dice
    gina = _as(world.gina)
    page = gina.get(f"/weeks/{intrigue.week.pk}/moves/").content.decode()
    assert page.count("<strong>Ingredient search</strong>") == 2
    assert _as(world.bob).post(f"/weeks/{intrigue.week.pk}/resolve/").status_code == 302
    assert Week.objects.get(pk=intrigue.week.pk).status == Week.Status.OPEN  # a player may not resolve
    with django_capture_on_commit_callbacks(execute=True):
        gina.post(f"/weeks/{intrigue.week.pk}/resolve/")
    week = Week.objects.get(pk=intrigue.week.pk)
    assert week.status == Week.Status.CLOSED
    results = _as(world.bob).get(f"/weeks/{week.pk}/moves/").content.decode()
    assert "Results" in results and "Ingredient search" in results
    assert Notification.objects.filter(user=world.bob, kind="week_resolved").exists()


def test_a_paused_week_asks_the_player_on_the_web_and_in_the_inbox(
    world: World, dice: Any, eager_celery: None, django_capture_on_commit_callbacks: Any
) -> None:
    from campaign.weekly.models import WeeklyDecision

    intrigue = make_intrigue(world)
    intrigue.submit(intrigue.bob, "ingredient_search")  # no strong-hit choice declared
    intrigue.submit(intrigue.carol, "ingredient_search", mode="hold")
    dice.then(6, 6)
    assert intrigue.resolve() == "waiting"
    notice = Notification.objects.get(user=world.bob, kind="decision")
    assert notice.url == f"/weeks/{intrigue.week.pk}/moves/"
    bob = _as(world.bob)
    page = bob.get(notice.url).content.decode()
    assert "Decisions waiting" in page and "Keep searching" in page and "keep_searching<" not in page
    assert "Keep searching" not in _as(world.carol).get(notice.url).content.decode()
    decision = WeeklyDecision.objects.get(week=intrigue.week)
    with django_capture_on_commit_callbacks(execute=True):
        bob.post(f"/weeks/{intrigue.week.pk}/decisions/{decision.pk}/", {"option": "1"})
    decision.refresh_from_db()
    assert decision.answer == "go_back"

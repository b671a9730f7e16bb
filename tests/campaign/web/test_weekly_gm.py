"""The GM's rulings on the web in a weekly-moves campaign: a character for a new player, a death ruling
(WM-CMB-09), what a character knows (WM-INFO-01), a promise kept (WM-EXCH-02), a hidden roll, and the results
before the week closes; a player can do none of it and sees only the public face of the others."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from campaign.services.members import membership_add
from campaign.weekly.models import Character, InfoHolding, Promise
from referee.models import LedgerEntry
from tests.campaign.weekly.conftest import make_intrigue
from tests.support.world import World, make_user

pytestmark = pytest.mark.django_db


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_gm_gives_a_new_player_a_character_and_a_player_may_not(world: World) -> None:
    intrigue = make_intrigue(world)
    erin = make_user("erin")
    membership_add(campaign=intrigue.campaign, user=erin, role="player")
    url = f"/campaigns/{intrigue.campaign.pk}/characters/"
    gina = _as(world.gina)
    page = gina.get(url).content.decode()
    assert "Give a player a character" in page and "erin" in page
    data = {"user": erin.pk, "name": "Erin the Bold", "magic": "1", "shadow": "0", "might": "2", "influence": "0"}
    page = _as(world.bob).post(url + "new/", data, follow=True).content.decode()
    assert not Character.objects.filter(user=erin).exists()
    page = gina.post(url + "new/", {**data, "preparedness": "2", "debt": "0", "xp": "0"}, follow=True).content.decode()
    assert "Erin the Bold is in the game." in page
    erin_c = Character.objects.get(user=erin)
    assert (erin_c.name, erin_c.might, erin_c.preparedness) == ("Erin the Bold", 2, 2)
    bob_page = _as(world.bob).get(url).content.decode()
    assert "Erin the Bold" in bob_page and "Save the sheet" not in bob_page and "Played by erin" not in bob_page


def test_wm_cmb_09_the_gm_rules_a_death_and_sets_what_a_character_knows(world: World) -> None:
    intrigue = make_intrigue(world)
    url = f"/campaigns/{intrigue.campaign.pk}/characters/"
    gina = _as(world.gina)
    page = gina.post(f"{url}{intrigue.dave_c.pk}/", {"status": "dead", "debt": "2"}, follow=True).content.decode()
    assert "The sheet of Dave is saved." in page
    intrigue.refresh()
    assert (intrigue.dave_c.status, intrigue.dave_c.debt) == ("dead", 2)
    bad = gina.post(f"{url}{intrigue.dave_c.pk}/", {"debt": "lots"}, follow=True).content.decode()
    assert "Debt must be a whole number." in bad
    gina.post(url + "info/", {"holder": intrigue.bob.pk, "subject": intrigue.carol.pk, "count": "2"})
    assert InfoHolding.objects.get(holder=intrigue.bob, subject=intrigue.carol).count == 2
    page = _as(world.bob).get(f"/weeks/{intrigue.week.pk}/moves/").content.decode()
    assert "2 info on Carol" in page


def test_wm_exch_02_the_gm_marks_a_promise_kept(world: World) -> None:
    intrigue = make_intrigue(world)
    promise = Promise.objects.create(
        campaign=intrigue.campaign, week=1, promiser=intrigue.bob, beneficiary=intrigue.carol, service="Guard duty"
    )
    url = f"/campaigns/{intrigue.campaign.pk}/promises/{promise.pk}/"
    _as(world.bob).post(url, {"fulfilled": "1"})
    promise.refresh_from_db()
    assert not promise.fulfilled
    page = _as(world.gina).post(url, {"fulfilled": "1"}, follow=True).content.decode()
    promise.refresh_from_db()
    assert promise.fulfilled and "The promise is marked." in page and "Guard duty" in page


def test_the_gm_rolls_in_secret_from_the_week_page_and_stays_there(world: World) -> None:
    intrigue = make_intrigue(world)
    week_url = f"/weeks/{intrigue.week.pk}/moves/"
    data = {
        "campaign": intrigue.campaign.pk,
        "visibility": "gm",
        "notation": "2d6",
        "label": "ambush",
        "next": week_url,
    }
    response = _as(world.gina).post("/dice/roll/", data)
    assert response.status_code == 302 and response["Location"] == week_url
    entry = LedgerEntry.objects.get(label="ambush")
    assert entry.visibility == "gm"
    assert "ambush" in _as(world.gina).get(week_url).content.decode()
    assert "ambush" not in _as(world.bob).get(week_url).content.decode()
    away = _as(world.gina).post("/dice/roll/", {**data, "next": "https://evil.example/"})
    assert away["Location"] == "/dice/"


def test_the_gm_follows_a_waiting_resolution_and_a_player_sees_no_results_yet(
    world: World, dice: Any, eager_celery: None
) -> None:
    intrigue = make_intrigue(world)
    intrigue.submit(intrigue.bob, "ingredient_search")  # no strong-hit choice declared: the week waits on a strong hit
    dice.then(6, 6)
    assert intrigue.resolve() == "waiting"
    url = f"/weeks/{intrigue.week.pk}/moves/"
    gm_page = _as(world.gina).get(url).content.decode()
    assert "Only you, the GM, see these before the week closes." in gm_page
    assert "1 decision open" in gm_page and "Decisions waiting" in gm_page
    assert 'id="res-h"' not in _as(world.bob).get(url).content.decode()


def test_wm_abl_03_the_gm_sees_the_results_so_far_while_a_decision_holds_the_rest_and_nobody_else_does(
    world: World, dice: Any, eager_celery: None
) -> None:
    intrigue = make_intrigue(world, settings={"ingredient_choice": "gm"})
    intrigue.submit(intrigue.bob, "ingredient_search", mode="hold")
    intrigue.submit(intrigue.carol, "ingredient_search", mode="hold")
    dice.then(2, 2, 1, 4, 4)  # Bob: 4, a miss, Troubles 1; Carol: 8, one ingredient the GM chooses (WM-ING-02)
    assert intrigue.resolve() == "waiting"
    week_url, home = f"/weeks/{intrigue.week.pk}/moves/", f"/campaigns/{intrigue.campaign.pk}/"
    api = f"/api/v1/weeks/{intrigue.week.pk}/results/"
    held = "Choose an ingredient · The GM decides · Ingredient search by Carol"

    gina = _as(world.gina)
    results = gina.get(week_url).content.decode().split('id="res-h"')[1]
    assert "<strong>Ingredient search</strong> · Bob · miss (total 4)" in results
    assert "the rest waits on:" in results and held in results
    desk = gina.get(home).content.decode().split('id="resolving-h"')[1]
    assert "Week 1 is being resolved" in desk and "1 of 2 entries done" in desk
    assert "Bob: Ingredient search · miss" in desk and held in desk
    assert intrigue.client(world.gina).get(api).data["count"] == 1

    for player in (world.bob, world.carol):
        page = _as(player).get(week_url).content.decode()
        assert 'id="res-h"' not in page and "waits on" not in page and "total 4" not in page
        desk = _as(player).get(home).content.decode()
        assert "Week 1 is being resolved" in desk  # that it is, and nothing of how far or what came of it
        assert "entries done" not in desk and "Ingredient search · miss" not in desk and "waits on" not in desk
        assert "Waiting for a decision" not in desk and "Choose an ingredient" not in desk
        answer = intrigue.client(player).get(api)
        assert answer.status_code == 200 and answer.data["count"] == 0 and answer.data["results"] == []
    assert _as(world.oscar).get(week_url).status_code == 404
    assert _as(world.oscar).get(home).status_code in (403, 404)
    assert intrigue.client(world.oscar).get(api).status_code == 404

"""Pairings: by hand, and automatic (closest rating first, no recent rematch, a bye for an odd count)."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.models import Week
from campaign.services.campaigns import campaign_update
from campaign.services.weeks import week_resolve
from roster.battles.pairings import auto_pairs
from roster.models import Battle, Warband
from tests.support.league import League, make_warband
from tests.support.world import World, make_user

pytestmark = pytest.mark.django_db


def post_pairs(league: League, pairs: list[dict[str, Any]], user: Any = None, **extra: Any) -> Any:
    client = league.world.client(user or league.world.alice)
    return client.post(f"/api/v1/weeks/{league.week.pk}/pairings/", {"pairs": pairs, **extra}, format="json")


def auto(league: League, week: Week | None = None) -> Any:
    week = week or league.week
    return league.world.client(league.world.alice).post(f"/api/v1/weeks/{week.pk}/pairings/auto/")


def players(world: World, n: int) -> list[Any]:
    from campaign.services.members import membership_add

    users = []
    for i in range(n):
        user = make_user(f"player{i}")
        membership_add(campaign=world.campaign, user=user, role="player")
        users.append(user)
    return users


def matchups(battles: list[dict[str, Any]]) -> set[frozenset[str | None]]:
    return {frozenset((b["warband_a"]["name"], (b["warband_b"] or {}).get("name"))) for b in battles}


def test_the_organiser_pairs_two_warbands(league: League) -> None:
    response = post_pairs(league, [{"a": league.bobs.pk, "b": league.carols.pk}])
    assert response.status_code == 201, response.json()
    [battle] = response.json()
    assert (battle["status"], battle["week_number"], battle["result"]) == ("paired", 1, "")
    listed = league.world.client(league.world.bob).get(f"/api/v1/weeks/{league.week.pk}/pairings/").json()
    assert [b["id"] for b in listed["results"]] == [battle["id"]]


def test_a_warband_is_paired_once_a_week(league: League) -> None:
    post_pairs(league, [{"a": league.bobs.pk, "b": league.carols.pk}])
    extra = make_warband(league.world.campaign, league.world.bob, "Spare")
    again = post_pairs(league, [{"a": extra.pk, "b": league.carols.pk}])
    assert again.status_code == 409
    assert again.json()["code"] == "warband_already_paired"
    twice = post_pairs(league, [{"a": extra.pk, "b": None}, {"a": extra.pk, "b": league.bobs.pk}], replace=True)
    assert twice.status_code == 409
    assert Battle.objects.filter(week=league.week).count() == 1  # nothing changed


def test_replace_drops_only_the_pairings_nobody_started(league: League) -> None:
    post_pairs(league, [{"a": league.bobs.pk, "b": league.carols.pk}])
    response = post_pairs(league, [{"a": league.carols.pk, "b": league.bobs.pk}], replace=True)
    assert response.status_code == 201
    [battle] = Battle.objects.filter(week=league.week)
    assert battle.warband_a_id == league.carols.pk
    league.world.client(league.world.bob).post(f"/api/v1/battles/{battle.pk}/prebattle/")
    kept = post_pairs(league, [{"a": league.bobs.pk, "b": league.carols.pk}], replace=True)
    assert kept.status_code == 409
    assert Battle.objects.get(week=league.week).pk == battle.pk


def test_only_approved_warbands_of_members_can_be_paired(league: League) -> None:
    pending = make_warband(league.world.campaign, league.world.bob, "Pending", status=Warband.Status.PENDING)
    foreign = make_warband(league.world.other_campaign, league.world.oscar, "Foreign")
    for wid in (pending.pk, foreign.pk):
        response = post_pairs(league, [{"a": wid, "b": league.carols.pk}])
        assert response.status_code == 400
        assert response.json()["code"] == "warband_not_eligible"
    assert not Battle.objects.exists()


def test_pairing_needs_an_open_week_and_the_organiser(league: League) -> None:
    assert post_pairs(league, [{"a": league.bobs.pk, "b": league.carols.pk}], user=league.world.gina).status_code == 403
    assert post_pairs(league, [{"a": league.bobs.pk, "b": league.carols.pk}], user=league.world.bob).status_code == 403
    week_resolve(week_id=league.week.pk, force=True)
    response = post_pairs(league, [{"a": league.bobs.pk, "b": league.carols.pk}])
    assert response.status_code == 409
    assert response.json()["code"] == "week_not_open"


def test_automatic_pairings_match_the_closest_ratings(league: League) -> None:
    a, b = players(league.world, 2)
    make_warband(league.world.campaign, a, "Dwarfs", rating=125)
    make_warband(league.world.campaign, b, "Undead", rating=148)
    response = auto(league)
    assert response.status_code == 201, response.json()
    assert matchups(response.json()) == {
        frozenset(("Carol's Skaven", "Undead")),
        frozenset(("Bob's Reiklanders", "Dwarfs")),
    }
    assert all(e.payload["automatic"] for e in league.world.campaign.events.filter(kind="battle_paired"))


def test_automatic_pairings_give_a_bye_to_the_lowest_rated_of_an_odd_count(league: League) -> None:
    [a] = players(league.world, 1)
    make_warband(league.world.campaign, a, "Dwarfs", rating=90)
    make_warband(league.world.campaign, a, "Pending", rating=10, status=Warband.Status.PENDING)
    response = auto(league)
    assert response.status_code == 201
    byes = [b for b in response.json() if b["warband_b"] is None]
    assert [(b["warband_a"]["name"], b["status"]) for b in byes] == [("Dwarfs", "bye")]
    assert len(response.json()) == 2  # the pending warband is left out


def test_a_second_bye_goes_to_a_warband_that_has_not_had_one(league: League) -> None:
    [a] = players(league.world, 1)
    make_warband(league.world.campaign, a, "Dwarfs", rating=90)
    auto(league)
    week2 = week_resolve(week_id=league.week.pk, force=True)
    assert week2 is not None
    next_week = Week.objects.get(campaign=league.world.campaign, number=2)
    response = auto(league, next_week)
    [bye] = [b for b in response.json() if b["warband_b"] is None]
    assert bye["warband_a"]["name"] == "Bob's Reiklanders"  # the next lowest: Dwarfs already had a bye


def test_automatic_pairings_avoid_a_rematch_within_the_window(league: League) -> None:
    a, b = players(league.world, 2)
    dwarfs = make_warband(league.world.campaign, a, "Dwarfs", rating=125)
    undead = make_warband(league.world.campaign, b, "Undead", rating=148)
    post_pairs(league, [{"a": league.bobs.pk, "b": dwarfs.pk}, {"a": league.carols.pk, "b": undead.pk}])
    week_resolve(week_id=league.week.pk, force=True)
    week2 = Week.objects.get(campaign=league.world.campaign, number=2)
    pairs = matchups(auto(league, week2).json())
    assert frozenset(("Bob's Reiklanders", "Dwarfs")) not in pairs
    assert frozenset(("Carol's Skaven", "Undead")) not in pairs
    assert len(pairs) == 2


def test_rematches_are_allowed_again_after_the_window(league: League) -> None:
    campaign_update(campaign=league.world.campaign, actor=league.world.alice, settings={"rematch_weeks": 0})
    post_pairs(league, [{"a": league.bobs.pk, "b": league.carols.pk}])
    week_resolve(week_id=league.week.pk, force=True)
    week2 = Week.objects.get(campaign=league.world.campaign, number=2)
    assert matchups(auto(league, week2).json()) == {frozenset(("Bob's Reiklanders", "Carol's Skaven"))}


def test_when_only_a_rematch_is_possible_it_is_made_and_flagged(league: League) -> None:
    post_pairs(league, [{"a": league.bobs.pk, "b": league.carols.pk}])
    week_resolve(week_id=league.week.pk, force=True)
    week2 = Week.objects.get(campaign=league.world.campaign, number=2)
    response = auto(league, week2)
    assert response.status_code == 201
    event = league.world.campaign.events.filter(kind="battle_paired", week=week2).get()
    assert event.payload["rematch"] is True


def test_automatic_pairings_leave_out_warbands_of_former_members(league: League) -> None:
    from campaign.services.members import membership_leave

    [a] = players(league.world, 1)
    make_warband(league.world.campaign, a, "Dwarfs", rating=121)
    membership_leave(campaign=league.world.campaign, user=a)
    assert matchups(auto(league).json()) == {frozenset(("Bob's Reiklanders", "Carol's Skaven"))}


def test_automatic_pairings_need_two_free_warbands(league: League) -> None:
    post_pairs(league, [{"a": league.bobs.pk, "b": league.carols.pk}])
    response = auto(league)
    assert response.status_code == 409
    assert response.json()["code"] == "not_enough_warbands"


def test_the_search_backtracks_rather_than_strand_two_warbands_that_just_met() -> None:
    # Greedy would pair 1-2 (closest) and strand 3-4, who just met; the search pairs 1-3 and 2-4.
    ratings = {1: 200, 2: 195, 3: 150, 4: 149}
    pairs, rematches = auto_pairs(ratings=ratings, byes={}, banned={frozenset((3, 4))})
    assert {frozenset(p) for p in pairs} == {frozenset((1, 3)), frozenset((2, 4))}
    assert rematches == set()

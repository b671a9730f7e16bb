"""Standings (points, tie-breakers, XP and shards from events), the timeline, and corrections."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.models import CampaignEvent, Correction
from campaign.services.campaigns import campaign_update
from campaign.services.events import event_record
from roster.models import Battle, Warband
from tests.support.league import League, make_warband, pair
from tests.support.world import make_user

pytestmark = pytest.mark.django_db


def played(battle: Battle, result: str, status: str = Battle.Status.CONFIRMED) -> Battle:
    """What the report and confirm flow (another issue) leaves on a battle."""
    battle.status = status
    battle.result = result
    battle.winner_id = {"a": battle.warband_a_id, "b": battle.warband_b_id}.get(result)
    battle.save()
    return battle


def fought(league: League, a: Warband, b: Warband) -> Battle:
    """A battle straight on the model (its warbands' owners need not be members any more)."""
    return Battle.objects.create(campaign=league.world.campaign, week=league.week, warband_a=a, warband_b=b)


def standings(league: League, user: Any = None) -> list[dict[str, Any]]:
    client = league.world.client(user or league.world.bob)
    response = client.get(f"/api/v1/campaigns/{league.world.campaign.pk}/standings/")
    assert response.status_code == 200, response.json()
    return list(response.json())


def row(rows: list[dict[str, Any]], warband: Warband) -> dict[str, Any]:
    return next(r for r in rows if r["warband"] == warband.pk)


def test_it_counts_wins_draws_losses_and_points(league: League) -> None:
    w = league.world
    dwarfs = make_warband(w.campaign, make_user("dave"), "Dwarfs", rating=130)
    played(pair(league.week, league.bobs, league.carols, w.alice), "a")
    played(fought(league, dwarfs, league.bobs), "draw", Battle.Status.RESOLVED)
    rows = standings(league)
    bob, carol, dave = row(rows, league.bobs), row(rows, league.carols), row(rows, dwarfs)
    assert (bob["played"], bob["wins"], bob["draws"], bob["losses"], bob["points"]) == (2, 1, 1, 0, 4)
    assert (carol["wins"], carol["losses"], carol["points"]) == (0, 1, 0)
    assert (dave["draws"], dave["points"]) == (1, 1)
    assert [r["rank"] for r in rows] == [1, 2, 3]
    assert rows[0]["warband"] == league.bobs.pk


def test_the_league_sets_the_points(league: League) -> None:
    campaign_update(
        campaign=league.world.campaign,
        actor=league.world.alice,
        settings={"points_win": 2, "points_loss": 1, "points_bye": 1},
    )
    played(pair(league.week, league.bobs, league.carols, league.world.alice), "b")
    spare = make_warband(league.world.campaign, league.world.bob, "Spare")
    pair(league.week, spare, None, league.world.alice)
    rows = standings(league)
    assert row(rows, league.carols)["points"] == 2
    assert row(rows, league.bobs)["points"] == 1
    assert (row(rows, spare)["byes"], row(rows, spare)["points"], row(rows, spare)["played"]) == (1, 1, 0)


def test_only_final_results_count(league: League) -> None:
    battle = pair(league.week, league.bobs, league.carols, league.world.alice)
    played(battle, "a", Battle.Status.REPORTED)
    assert row(standings(league), league.bobs)["played"] == 0
    played(battle, "a", Battle.Status.DISPUTED)
    assert row(standings(league), league.bobs)["played"] == 0
    played(battle, "a", Battle.Status.RESOLVED)
    assert row(standings(league), league.bobs)["wins"] == 1


def test_pending_warbands_are_left_out_and_retired_ones_stay(league: League) -> None:
    pending = make_warband(league.world.campaign, league.world.bob, "Pending", status=Warband.Status.PENDING)
    retired = make_warband(league.world.campaign, league.world.carol, "Retired", status=Warband.Status.RETIRED)
    names = {r["name"] for r in standings(league)}
    assert pending.name not in names
    assert retired.name in names


def test_xp_and_shards_come_from_the_timeline_events(league: League) -> None:
    w = league.world
    battle = played(pair(league.week, league.bobs, league.carols, w.alice), "a")
    event_record(campaign=w.campaign, kind="xp_gained", warband=league.bobs, battle=battle, payload={"amount": 5})
    event_record(campaign=w.campaign, kind="xp_gained", warband=league.bobs, payload={"amount": 2})
    event_record(campaign=w.campaign, kind="shards_found", warband=league.carols, payload={"amount": 3})
    event_record(
        campaign=w.campaign, kind="shards_found", warband=league.carols, payload={"amount": 4}, visibility="gm"
    )
    bob = row(standings(league), league.bobs)
    assert (bob["xp_gained"], bob["shards_found"]) == (7, 0)
    assert row(standings(league), league.carols)["shards_found"] == 3
    assert row(standings(league, w.gina), league.carols)["shards_found"] == 7  # the GM sees the hidden find


def test_shards_found_count_for_their_warband_in_the_standings(league: League) -> None:
    # The aftermath records what each warband took home; standings add it up per warband.
    battle = played(pair(league.week, league.bobs, league.carols, league.world.alice), "a")
    for warband, amount in ((league.bobs, 3), (league.carols, 1), (league.bobs, 1)):
        event_record(
            campaign=league.world.campaign,
            kind="shards_found",
            warband=warband,
            battle=battle,
            payload={"amount": amount},
        )
    rows = standings(league)
    assert (row(rows, league.bobs)["shards_found"], row(rows, league.carols)["shards_found"]) == (4, 1)


def test_a_draw_counts_for_both_in_the_standings(league: League) -> None:
    battle = pair(league.week, league.bobs, league.carols, league.world.alice)
    Battle.objects.filter(pk=battle.pk).update(scenario="occupy")
    played(Battle.objects.get(pk=battle.pk), "draw")
    rows = standings(league)
    assert row(rows, league.bobs)["draws"] == row(rows, league.carols)["draws"] == 1
    assert row(rows, league.bobs)["points"] == row(rows, league.carols)["points"] == 1


def test_ties_are_broken_by_wins_then_losses_then_xp_shards_and_rating(league: League) -> None:
    w = league.world
    campaign_update(campaign=w.campaign, actor=w.alice, settings={"points_win": 2, "points_draw": 1})
    x = make_warband(w.campaign, make_user("xena"), "X", rating=100)
    y = make_warband(w.campaign, make_user("yuri"), "Y", rating=100)
    # Bob: one win (2 points). Carol: two draws (2 points). Bob ranks first on wins.
    played(fought(league, league.bobs, x), "a")
    played(fought(league, league.carols, y), "draw")
    played(fought(league, league.carols, x), "draw")
    rows = standings(league)
    assert [r["name"] for r in rows[:2]] == ["Bob's Reiklanders", "Carol's Skaven"]
    # X: a loss and a draw (1 point); Y: a draw (1 point) and no loss: Y is ahead on fewer losses.
    assert [r["name"] for r in rows[2:]] == ["Y", "X"]
    # Equal on everything but XP: more XP gained ranks first.
    Battle.objects.all().delete()
    event_record(campaign=w.campaign, kind="xp_gained", warband=y, payload={"amount": 1})
    rows = standings(league)
    assert rows[0]["name"] == "Y"
    event_record(campaign=w.campaign, kind="xp_gained", warband=x, payload={"amount": 1})
    event_record(campaign=w.campaign, kind="shards_found", warband=x, payload={"amount": 1})
    assert standings(league)[0]["name"] == "X"
    # Equal on everything but rating: the higher rating ranks first (Carol 150).
    event_record(campaign=w.campaign, kind="xp_gained", warband=league.carols, payload={"amount": 1})
    event_record(campaign=w.campaign, kind="shards_found", warband=league.carols, payload={"amount": 1})
    rows = standings(league)
    assert [r["name"] for r in rows[:2]] == ["Carol's Skaven", "X"]
    assert (rows[0]["rank"], rows[1]["rank"]) == (1, 2)


def test_event_record_refuses_what_would_corrupt_the_standings(league: League) -> None:
    foreign = make_warband(league.world.other_campaign, league.world.oscar, "Foreign")
    with pytest.raises(ValueError, match="integer"):
        event_record(campaign=league.world.campaign, kind="xp_gained", warband=league.bobs, payload={"amount": "5"})
    with pytest.raises(ValueError, match="needs its warband"):
        event_record(campaign=league.world.campaign, kind="shards_found", payload={"amount": 1})
    with pytest.raises(ValueError, match="not in campaign"):
        event_record(campaign=league.world.campaign, kind="xp_gained", warband=foreign, payload={"amount": 1})


def test_the_timeline_lists_events_newest_first_with_filters(league: League) -> None:
    w = league.world
    battle = pair(league.week, league.bobs, league.carols, w.alice)
    event_record(
        campaign=w.campaign,
        kind="injury",
        warband=league.bobs,
        battle=battle,
        payload={"warrior": 1, "name": "Hans", "result": "deep_wound"},
    )
    event_record(campaign=w.campaign, kind="advance", warband=league.carols, payload={"warrior": 2})
    event_record(campaign=w.campaign, kind="secret", payload={}, visibility="gm")
    client = w.client(w.carol)
    url = f"/api/v1/campaigns/{w.campaign.pk}/timeline/"
    kinds = [e["kind"] for e in client.get(url).json()["results"]]
    assert kinds[:3] == ["advance", "injury", "battle_paired"]
    assert "secret" not in kinds
    assert "secret" in [e["kind"] for e in w.client(w.gina).get(url).json()["results"]]
    assert [e["kind"] for e in client.get(url + "?kind=injury").json()["results"]] == ["injury"]
    assert {e["kind"] for e in client.get(f"{url}?battle={battle.pk}").json()["results"]} == {"injury", "battle_paired"}
    assert [e["kind"] for e in client.get(f"{url}?warband={league.carols.pk}").json()["results"]] == ["advance"]
    assert client.get(url + "?week=1").json()["count"] >= 2
    injury = client.get(url + "?kind=injury").json()["results"][0]
    assert (injury["week_number"], injury["payload"]["warband"]) == (1, league.bobs.pk)


def test_the_organiser_corrects_a_result_with_a_reason(league: League) -> None:
    w = league.world
    battle = played(pair(league.week, league.bobs, league.carols, w.alice), "a")
    url = f"/api/v1/battles/{battle.pk}/correct/"
    assert w.client(w.bob).post(url, {"reason": "I won", "result": "a"}, format="json").status_code == 403
    assert w.client(w.gina).post(url, {"reason": "x", "result": "b"}, format="json").status_code == 403
    no_reason = w.client(w.alice).post(url, {"reason": " ", "result": "b"}, format="json")
    assert no_reason.status_code == 400
    response = w.client(w.alice).post(
        url, {"reason": "Carol's leader was still standing", "result": "b"}, format="json"
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["battle"]["result"], body["battle"]["winner"]) == ("b", league.carols.pk)
    correction = Correction.objects.get(pk=body["correction"])
    assert (correction.actor, correction.target) == (w.alice, f"battle:{battle.pk}")
    assert correction.changes == {"result": ["a", "b"]}
    event = CampaignEvent.objects.get(kind="correction")
    assert (event.payload["reason"], event.actor, event.battle_id) == (correction.reason, w.alice, battle.pk)
    assert row(standings(league), league.carols)["wins"] == 1
    timeline = w.client(w.bob).get(f"/api/v1/campaigns/{w.campaign.pk}/timeline/?kind=correction").json()
    assert timeline["results"][0]["payload"]["changes"] == {"result": ["a", "b"]}


def test_the_organiser_corrects_a_scenario(league: League) -> None:
    w = league.world
    battle = pair(league.week, league.bobs, league.carols, w.alice)
    url = f"/api/v1/battles/{battle.pk}/correct/"
    bad = w.client(w.alice).post(url, {"reason": "typo", "scenario": "tea_party"}, format="json")
    assert bad.status_code == 400
    response = w.client(w.alice).post(url, {"reason": "They played Occupy", "scenario": "occupy"}, format="json")
    assert response.status_code == 200
    assert response.json()["battle"]["scenario"] == "occupy"
    assert response.json()["battle"]["scenario_sheet"]["scenario"] == "occupy"
    # A result needs a played battle; the same value again changes nothing.
    assert w.client(w.alice).post(url, {"reason": "x", "result": "a"}, format="json").json()["code"] == (
        "battle_not_played"
    )
    same = w.client(w.alice).post(url, {"reason": "again", "scenario": "occupy"}, format="json")
    assert same.json()["code"] == "nothing_changed"
    assert Correction.objects.count() == 1

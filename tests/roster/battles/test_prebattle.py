"""The pre-battle sequence through the API (spec 8, MH-PRE-*; the scenario table, MH-SCN-01).

Every roll is made by ``LedgerRoller`` on the battle's week stream and stored in the
ledger before the battle changes; the faces are scripted (``dice``) so each rule's
case is chosen, not hoped for.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from referee.models import LedgerEntry
from roster.models import Battle
from tests.support.dice import DiceScript
from tests.support.league import League, hero, make_warband, pair

pytestmark = pytest.mark.django_db

TABLE = {
    3: "street_fight",
    4: "hidden_treasure",
    5: "wyrdstone_hunt",
    6: "occupy",
    7: "skirmish",
    8: "breakthrough",
    9: "surprise_attack",
    10: "chance_encounter",
    11: "defend_the_find",
}
ROLES = {"breakthrough", "surprise_attack"}


def two_d6(total: int) -> tuple[int, int]:
    first = max(1, total - 6)
    return first, total - first


def run(league: League, user: Any, battle: Battle, **body: Any) -> Any:
    return league.world.client(user).post(f"/api/v1/battles/{battle.pk}/prebattle/", body, format="json")


def answer(league: League, user: Any, battle: Battle, decision: str, value: Any) -> Any:
    return league.world.client(user).post(
        f"/api/v1/battles/{battle.pk}/prebattle/answer/", {"decision": decision, "answer": value}, format="json"
    )


def rules_in_ledger(battle: Battle) -> list[str]:
    return list(LedgerEntry.objects.filter(ref=f"battle:{battle.pk}").order_by("seq").values_list("rule_id", flat=True))


def facts(body: dict[str, Any]) -> dict[str, Any]:
    return {f["fact"]: f["value"] for f in body["prebattle"]["facts"]}


@pytest.fixture
def battle(league: League) -> Battle:
    return pair(league.week, league.bobs, league.carols, league.world.alice)


def test_mh_pre_01_the_lower_rated_warband_rolls_on_the_scenario_table(
    league: League, battle: Battle, dice: DiceScript
) -> None:
    dice.then(3, 4)  # 7: Skirmish
    response = run(league, league.world.bob, battle)
    assert response.status_code == 200, response.json()
    pre = response.json()["prebattle"]
    assert pre["rolled_by"] == league.bobs.pk  # 120 against Carol's 150
    assert pre["table_roll"] == 7
    table = LedgerEntry.objects.get(ref=f"battle:{battle.pk}", rule_id="MH-SCN-01")
    assert table.roller == league.world.bob
    assert table.purpose == "prebattle"
    assert table.week == league.week
    assert table.pk in pre["ledger"]


def test_mh_pre_01_equal_ratings_roll_off_to_decide_who_rolls(league: League, battle: Battle, dice: DiceScript) -> None:
    type(league.carols).objects.filter(pk=league.carols.pk).update(rating=120)
    dice.then(2, 5, 3, 4)  # roll-off: Bob 2, Carol 5; then 7 on the table
    body = run(league, league.world.alice, battle).json()
    assert body["prebattle"]["rolled_by"] == league.carols.pk
    assert rules_in_ledger(battle)[:3] == ["MH-PRE-01", "MH-PRE-01", "MH-SCN-01"]


@pytest.mark.parametrize("total", sorted(TABLE))
def test_mh_scn_01_the_table_roll_picks_the_scenario(
    league: League, battle: Battle, dice: DiceScript, total: int
) -> None:
    dice.then(*two_d6(total))
    body = run(league, league.world.carol, battle).json()
    assert body["scenario"] == TABLE[total]
    assert body["prebattle"]["table_roll"] == total
    pending = body["prebattle"]["pending"]
    if TABLE[total] in ROLES:
        assert [p["kind"] for p in pending] == ["scenario_role"]
        assert body["status"] == "paired"
    else:
        assert pending == []
        assert body["status"] == "ready"
        assert body["scenario_sheet"]["scenario"] == TABLE[total]


@pytest.mark.parametrize("total", [2, 12])
def test_mh_scn_01_on_2_or_12_the_lower_rated_player_chooses(
    league: League, battle: Battle, dice: DiceScript, total: int
) -> None:
    dice.then(*two_d6(total))
    body = run(league, league.world.carol, battle).json()
    assert body["scenario"] == ""
    [choice] = body["prebattle"]["pending"]
    assert choice["kind"] == "choose_scenario"
    assert choice["warband"] == league.bobs.pk
    assert {o["value"] for o in choice["questions"][0]["options"]} == set(TABLE.values())
    # The other player, and the organiser, cannot make Bob's choice.
    for user in (league.world.carol, league.world.alice):
        refused = answer(league, user, battle, choice["id"], "occupy")
        assert refused.status_code == 403
        assert refused.json()["code"] == "not_your_decision"
    chosen = answer(league, league.world.bob, battle, choice["id"], "occupy")
    assert chosen.status_code == 200, chosen.json()
    body = chosen.json()
    assert body["scenario"] == "occupy"
    assert body["status"] == "ready"
    assert "objectives" in facts(body)
    again = answer(league, league.world.bob, battle, choice["id"], "skirmish")
    assert again.status_code == 409
    assert again.json()["code"] == "decision_answered"


def test_mh_scn_01_a_choice_must_be_one_of_the_scenarios(league: League, battle: Battle, dice: DiceScript) -> None:
    dice.then(1, 1)
    body = run(league, league.world.bob, battle).json()
    decision = body["prebattle"]["pending"][0]["id"]
    refused = answer(league, league.world.bob, battle, decision, "tea_party")
    assert refused.status_code == 400
    assert refused.json()["code"] == "invalid_answer"
    assert Battle.objects.get(pk=battle.pk).prebattle["pending"][0]["id"] == decision


def test_mh_pre_02_the_player_who_rolled_chooses_attack_or_defence(
    league: League, battle: Battle, dice: DiceScript
) -> None:
    dice.then(4, 4)  # 8: Breakthrough, which has an attacker and a defender
    body = run(league, league.world.carol, battle).json()
    [role] = body["prebattle"]["pending"]
    assert (role["kind"], role["warband"], role["rule"]) == ("scenario_role", league.bobs.pk, "MH-PRE-02")
    assert answer(league, league.world.carol, battle, role["id"], "attacker").status_code == 403
    body = answer(league, league.world.bob, battle, role["id"], "defender").json()
    assert body["status"] == "ready"
    got = facts(body)
    assert got["attacker"] == str(league.carols.pk)
    assert got["defender"] == str(league.bobs.pk)


def test_mh_pre_03_old_battle_wounds_and_missed_games_keep_heroes_out(
    league: League, battle: Battle, dice: DiceScript
) -> None:
    limping = hero(league.bobs, "Limping Hans", flags={"old_battle_wounds": 2})
    lucky = hero(league.carols, "Lucky Rat", flags={"old_battle_wounds": 1})
    resting = hero(league.bobs, "Resting Otto", missed_games=1)
    taken = hero(league.carols, "Taken Skritch", status="captive", flags={"captive_of": str(league.bobs.pk)})
    # 7 on the table, then one D6 per Old Battle Wound: Hans rolls 4 and 1, the Rat rolls 3.
    dice.then(3, 4, 4, 1, 3)
    body = run(league, league.world.bob, battle).json()
    out = {s["warrior"]: s for s in body["prebattle"]["sit_out"]}
    assert out[limping.pk]["reason"] == "old_battle_wound"
    assert out[limping.pk]["rolls"] == [4, 1]
    assert out[limping.pk]["name"] == "Limping Hans"
    assert out[resting.pk]["reason"] == "missing_games"
    assert out[taken.pk]["reason"] == "captive"
    assert lucky.pk not in out
    wounds = LedgerEntry.objects.filter(ref=f"battle:{battle.pk}", rule_id="MH-INJ-H-12")
    assert sorted(wounds.values_list("total", flat=True)) == [1, 3, 4]
    # Serving the missed game belongs to the aftermath: the roster is not touched before the battle.
    resting.refresh_from_db()
    assert resting.missed_games == 1


def test_mh_pre_04_the_battle_shows_how_to_set_up_its_scenario(
    league: League, battle: Battle, dice: DiceScript
) -> None:
    dice.then(5, 6)  # 11: Defend the Find
    body = run(league, league.world.bob, battle).json()
    assert facts(body)["scenario"] == "defend_the_find"
    sheet = body["scenario_sheet"]
    assert sheet["name"] == {"en": "Defend the Find", "ru": "Защита добычи"}
    assert set(sheet["details"]["deploy"]) == {"attacker", "defender"}
    assert sheet["setup"]["terrain"] == "alternate"
    assert [f["fact"] for f in sheet["facts"]] == [f["fact"] for f in body["prebattle"]["facts"]]


def test_mh_pre_05_the_organiser_records_a_scenario_the_players_agreed(
    league: League, battle: Battle, dice: DiceScript
) -> None:
    refused = run(league, league.world.bob, battle, scenario="occupy")
    assert refused.status_code == 403
    assert refused.json()["code"] == "agreed_scenario_organiser_only"
    assert not LedgerEntry.objects.filter(ref=f"battle:{battle.pk}").exists()
    body = run(league, league.world.alice, battle, scenario="occupy").json()
    assert body["scenario"] == "occupy"
    assert body["prebattle"]["agreed"] is True
    assert body["prebattle"]["table_roll"] is None
    assert "MH-SCN-01" not in rules_in_ledger(battle)


def test_mh_pre_05_an_unknown_agreed_scenario_is_refused(league: League, battle: Battle) -> None:
    response = run(league, league.world.alice, battle, scenario="tea_party")
    assert response.status_code == 400
    assert response.json()["code"] == "unknown_scenario"
    assert "scenario" in response.json()["fields"]
    assert Battle.objects.get(pk=battle.pk).prebattle == {}


def test_it_rolls_the_sequence_once_and_answers_a_second_call_with_the_stored_outcome(
    league: League, battle: Battle
) -> None:
    first = run(league, league.world.bob, battle).json()
    stored = LedgerEntry.objects.filter(ref=f"battle:{battle.pk}").count()
    assert stored == len(first["prebattle"]["ledger"]) > 0
    second = run(league, league.world.carol, battle).json()
    assert second["prebattle"] == first["prebattle"]
    assert LedgerEntry.objects.filter(ref=f"battle:{battle.pk}").count() == stored


def test_it_replays_a_retried_request_with_the_same_idempotency_key(league: League, battle: Battle) -> None:
    client = league.world.client(league.world.bob)
    url = f"/api/v1/battles/{battle.pk}/prebattle/"
    first = client.post(url, {}, format="json", HTTP_IDEMPOTENCY_KEY="pre-1")
    again = client.post(url, {}, format="json", HTTP_IDEMPOTENCY_KEY="pre-1")
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"


def test_it_stores_the_rolls_in_the_week_stream_chain(league: League, battle: Battle) -> None:
    body = run(league, league.world.bob, battle).json()
    entries = list(LedgerEntry.objects.filter(pk__in=body["prebattle"]["ledger"]).order_by("seq"))
    assert {e.stream_id for e in entries} == {league.week.roll_stream.pk}
    for before, after in itertools.pairwise(entries):
        assert after.prev_hash == before.hash


def test_it_refuses_the_gm_and_players_of_other_battles(league: League, battle: Battle) -> None:
    dave = league.world.oscar
    from campaign.services.members import membership_add

    membership_add(campaign=league.world.campaign, user=dave, role="player")
    for user, status in ((league.world.gina, 403), (dave, 403)):
        response = run(league, user, battle)
        assert response.status_code == status
    assert Battle.objects.get(pk=battle.pk).prebattle == {}


def test_it_refuses_a_bye(league: League) -> None:
    lone = make_warband(league.world.campaign, league.world.bob, "Lone band")
    bye = pair(league.week, lone, None, league.world.alice)
    response = run(league, league.world.bob, bye)
    assert response.status_code == 409
    assert response.json()["code"] == "no_prebattle"


def test_it_refuses_when_the_week_has_closed(league: League, battle: Battle) -> None:
    from campaign.services.weeks import week_close

    week_close(week=league.week)
    response = run(league, league.world.bob, battle)
    assert response.status_code == 409
    assert response.json()["code"] == "week_not_open"
    assert not LedgerEntry.objects.filter(ref=f"battle:{battle.pk}").exists()


def test_it_records_the_sequence_on_the_timeline(league: League, battle: Battle, dice: DiceScript) -> None:
    dice.then(1, 1)
    body = run(league, league.world.bob, battle).json()
    answer(league, league.world.bob, battle, body["prebattle"]["pending"][0]["id"], "skirmish")
    kinds = list(league.world.campaign.events.filter(battle=battle).order_by("id").values_list("kind", flat=True))
    assert kinds == ["battle_paired", "prebattle", "scenario_chosen"]

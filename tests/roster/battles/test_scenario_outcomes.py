"""Scenario rules through the product path: the organiser records the agreed scenario, the server rolls its
pre-battle sequence, a player reports, the opponent confirms, and the aftermath applies what the spec states.
Rules the product cannot see on the table are reminders on the scenario sheet, tested as such."""

from __future__ import annotations

from typing import Any

import pytest

from roster.models import Aftermath, Battle, Warrior
from tests.roster.aftermath.helpers import Fight, fight
from tests.roster.helpers import hire
from tests.support.dice import DiceScript
from tests.support.world import World

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]  # confirm runs the aftermath


def agreed(world: World, f: Fight, scenario: str) -> None:
    response = world.client(world.alice).post(f"/api/v1/battles/{f.battle.pk}/prebattle/", {"scenario": scenario})
    assert response.status_code == 200, response.json()


def answer_roles(world: World, f: Fight, attacker: int) -> None:
    """Whoever the pending role choice belongs to makes ``attacker`` the attacking warband."""
    for decision in Battle.objects.get(pk=f.battle.pk).prebattle["pending"]:
        chooser = world.bob if decision["warband"] == f.reavers.pk else world.carol
        role = "attacker" if decision["warband"] == attacker else "defender"
        body = {"decision": decision["id"], "answer": role}
        answered = world.client(chooser).post(f"/api/v1/battles/{f.battle.pk}/prebattle/answer/", body, format="json")
        assert answered.status_code == 200, answered.json()


def report(world: World, f: Fight, **data: Any) -> Any:
    body = {"scenario": Battle.objects.get(pk=f.battle.pk).scenario, "winner": f.reavers.pk, "out_of_action": []}
    return world.client(world.bob).post(f"/api/v1/battles/{f.battle.pk}/report/", body | data, format="json")


def confirmed(world: World, f: Fight, capture: Any, **data: Any) -> dict[str, Any]:
    sent = report(world, f, **data)
    assert sent.status_code == 200, sent.json()
    with capture(execute=True):
        assert world.client(world.carol).post(f"/api/v1/battles/{f.battle.pk}/confirm/").status_code == 200
    assert Aftermath.objects.get(battle=f.battle).status == "applied"
    return dict(world.client(world.bob).get(f"/api/v1/battles/{f.battle.pk}/aftermath/").json())


def shards(body: dict[str, Any], rule: str) -> dict[str, int]:
    """The shards each warband got by ``rule``, by the warband's id (an integer, as the API has it)."""
    added = [e for e in body["effects"] if e.get("kind") == "add_shards" and e["rule"] == rule]
    return {str(e["warband"]): e["amount"] for e in added}


def xp(body: dict[str, Any], warrior: int) -> dict[str, int]:
    entry: dict[str, Any] = next((x for x in body["experience"] if x["warrior"] == warrior), {"awards": []})
    return {a["award"]: a["xp"] for a in entry["awards"]}


@pytest.fixture
def f(world: World) -> Fight:
    return fight(world, confirmed=False)


def test_mh_scn1_04_each_hero_inside_brings_a_shard_up_to_three(
    world: World, f: Fight, django_capture_on_commit_callbacks: Any
) -> None:
    kids = [hire(f.reavers, "youngblood", name=f"Kid {i}") for i in range(2)]
    agreed(world, f, "defend_the_find")
    inside = [f.captain.pk, f.champion.pk, *(k.pk for k in kids), f.enemy_captain.pk]
    body = confirmed(world, f, django_capture_on_commit_callbacks, objectives={"heroes_in_building": inside})
    assert shards(body, "MH-SCN1-04") == {str(f.reavers.pk): 3, str(f.raiders.pk): 1}


def test_mh_scn3_06_mh_scn3_05_counters_carried_home_are_shards_and_xp(
    world: World, f: Fight, dice: DiceScript, django_capture_on_commit_callbacks: Any
) -> None:
    dice.then(5)  # D3 from a 5: 3, so four counters
    agreed(world, f, "wyrdstone_hunt")
    counters = {f.captain.pk: 2, f.enemy_group.pk: 1}
    body = confirmed(world, f, django_capture_on_commit_callbacks, objectives={"wyrdstone_counters": counters})
    assert shards(body, "MH-SCN3-06") == {str(f.reavers.pk): 2, str(f.raiders.pk): 1}
    assert xp(body, f.captain.pk)["XP_WYRDSTONE_COUNTER"] == 2  # +1 per counter (the league's default)
    assert xp(body, f.enemy_group.pk)["XP_WYRDSTONE_COUNTER"] == 1


def test_mh_scn3_01_no_more_counters_come_home_than_were_placed(world: World, f: Fight, dice: DiceScript) -> None:
    dice.then(1)  # D3 from a 1: 1, so two counters
    agreed(world, f, "wyrdstone_hunt")
    refused = report(world, f, objectives={"wyrdstone_counters": {f.captain.pk: 2, f.enemy_captain.pk: 1}})
    assert (refused.status_code, refused.json()["code"]) == (400, "invalid_report")
    assert "Only 2 wyrdstone counters were placed" in refused.json()["detail"]


def test_mh_scn6_04_shards_kept_lost_and_taken_from_the_pre_battle_roll(
    world: World, f: Fight, dice: DiceScript, django_capture_on_commit_callbacks: Any
) -> None:
    dice.then(6, 1, 1, 6, 4, 5)  # deployment; carried: Reavers D3 from 1 = 1, Raiders D3 from 6 = 3; first turn
    agreed(world, f, "chance_encounter")
    ooa = [
        {"victim": f.champion.pk, "by": f.enemy_captain.pk},  # a Reaver Hero lost to the Raiders
        {"victim": f.enemy_captain.pk, "by": f.captain.pk},  # a Raider Hero lost to the Reavers
    ]
    body = confirmed(
        world, f, django_capture_on_commit_callbacks, out_of_action=ooa
    )  # the report gives no carried shards: the roll counts
    # Reavers: max(0, 1 - 1) + min(1, 3) = 1. Raiders: max(0, 3 - 1) + min(1, 1) = 3.
    assert shards(body, "MH-SCN6-04") == {str(f.reavers.pk): 1, str(f.raiders.pk): 3}


def test_mh_scn6_03_a_report_cannot_change_the_shards_rolled_before_the_game(
    world: World, f: Fight, dice: DiceScript
) -> None:
    dice.then(6, 1, 1, 6, 4, 5)
    agreed(world, f, "chance_encounter")
    refused = report(world, f, objectives={"carried_shards": {f.reavers.pk: 3, f.raiders.pk: 3}})
    assert refused.status_code == 400
    assert "rolled the shards each warband carried" in refused.json()["detail"]


def test_mh_scn4_02_two_attackers_through_win_it_for_the_attacker(
    world: World, f: Fight, dice: DiceScript, django_capture_on_commit_callbacks: Any
) -> None:
    agreed(world, f, "breakthrough")
    answer_roles(world, f, attacker=f.reavers.pk)
    through = [f.captain.pk, f.champion.pk]
    wrong = report(world, f, winner=f.raiders.pk, objectives={"broke_through": through})
    assert (wrong.status_code, wrong.json()["fields"]) == (400, {"winner": [wrong.json()["detail"]]})
    defender = report(world, f, objectives={"broke_through": [f.enemy_captain.pk]})
    assert defender.json()["detail"] == "Only the attacker's warriors break through."
    body = confirmed(world, f, django_capture_on_commit_callbacks, objectives={"broke_through": through})
    assert xp(body, f.captain.pk)["XP_BREAKTHROUGH"] == 1  # MH-SCN4-03
    assert xp(body, f.champion.pk)["XP_BREAKTHROUGH"] == 1


def test_mh_scn4_03_a_group_that_breaks_through_gets_one_for_the_group(
    world: World, f: Fight, django_capture_on_commit_callbacks: Any
) -> None:
    agreed(world, f, "breakthrough")
    answer_roles(world, f, attacker=f.reavers.pk)
    body = confirmed(world, f, django_capture_on_commit_callbacks, objectives={"broke_through": [f.warriors.pk]})
    assert xp(body, f.warriors.pk)["XP_BREAKTHROUGH"] == 1


def test_mh_scn5_05_only_the_first_hero_off_the_far_end_earns_it(
    world: World, f: Fight, django_capture_on_commit_callbacks: Any
) -> None:
    agreed(world, f, "street_fight")
    body = confirmed(world, f, django_capture_on_commit_callbacks, objectives={"first_to_escape": f.champion.pk})
    assert xp(body, f.champion.pk)["XP_ESCAPING"] == 1
    assert "XP_ESCAPING" not in xp(body, f.captain.pk)


def test_mh_scn7_06_the_hero_who_finds_the_chest_gets_two(
    world: World, f: Fight, django_capture_on_commit_callbacks: Any
) -> None:
    agreed(world, f, "hidden_treasure")
    body = confirmed(world, f, django_capture_on_commit_callbacks, objectives={"chest_found_by": f.champion.pk})
    assert xp(body, f.champion.pk)["XP_FINDING_CHEST"] == 2


def test_mh_scn7_06_a_henchman_who_finds_it_earns_nothing(
    world: World, f: Fight, django_capture_on_commit_callbacks: Any
) -> None:
    agreed(world, f, "hidden_treasure")
    body = confirmed(world, f, django_capture_on_commit_callbacks, objectives={"chest_found_by": f.warriors.pk})
    assert "XP_FINDING_CHEST" not in xp(body, f.warriors.pk)


def test_mh_scn8_05_equal_buildings_are_a_draw_and_no_leader_bonus(
    world: World, f: Fight, django_capture_on_commit_callbacks: Any
) -> None:
    agreed(world, f, "occupy")
    held = {"buildings_held": {f.reavers.pk: 1, f.raiders.pk: 1}}
    claimed = report(world, f, objectives=held)  # the reporter claims a win the buildings do not give
    assert claimed.status_code == 400 and "a draw" in claimed.json()["detail"]
    body = confirmed(world, f, django_capture_on_commit_callbacks, winner=None, objectives=held)
    assert Battle.objects.get(pk=f.battle.pk).result == "draw"
    assert "XP_WINNING_LEADER" not in xp(body, f.captain.pk)
    assert "XP_WINNING_LEADER" not in xp(body, f.enemy_captain.pk)


def test_mh_scn8_02_no_more_buildings_are_held_than_were_objectives(world: World, f: Fight, dice: DiceScript) -> None:
    dice.then(3, 4, 2)  # deployment roll-off; D3 from a 2: 1, so three objectives
    agreed(world, f, "occupy")
    refused = report(world, f, objectives={"buildings_held": {f.reavers.pk: 3, f.raiders.pk: 1}})
    assert refused.status_code == 400 and "There were 3 objective buildings" in refused.json()["detail"]


def test_mh_scn9_07_surprise_attack_gives_no_extra_xp_and_no_wyrdstone(
    world: World, f: Fight, django_capture_on_commit_callbacks: Any
) -> None:
    agreed(world, f, "surprise_attack")
    answer_roles(world, f, attacker=f.reavers.pk)
    body = confirmed(
        world,
        f,
        django_capture_on_commit_callbacks,
        objectives={"chest_found_by": f.champion.pk, "first_to_escape": f.captain.pk},
    )
    awards = {a["award"] for x in body["experience"] for a in x["awards"]}
    assert awards <= {"XP_SURVIVES", "XP_WINNING_LEADER", "XP_PER_ENEMY_OOA", "XP_UNDERDOG"}
    assert not [e for e in body["effects"] if e.get("kind") == "add_shards" and e["rule"].startswith("MH-SCN")]


REMINDED = {
    "defend_the_find": ["MH-SCN1-03", "MH-SCN1-04"],
    "wyrdstone_hunt": ["MH-SCN3-02"],
    "breakthrough": ["MH-SCN4-02"],
    "street_fight": ["MH-SCN5-03", "MH-SCN5-04"],
    "chance_encounter": ["MH-SCN6-04"],
    "hidden_treasure": ["MH-SCN7-02", "MH-SCN7-03", "MH-SCN7-04"],
    "occupy": ["MH-SCN8-03", "MH-SCN8-04"],
    "surprise_attack": ["MH-SCN9-03", "MH-SCN9-06"],
}


@pytest.mark.parametrize("scenario", sorted(REMINDED))
def test_mh_scn5_03_mh_scn5_04_mh_scn7_02_mh_scn7_03_mh_scn8_03_mh_scn9_03_mh_scn9_06_are_sheet_reminders(
    world: World, f: Fight, scenario: str
) -> None:
    agreed(world, f, scenario)
    sheet = world.client(world.carol).get(f"/api/v1/battles/{f.battle.pk}/").json()["scenario_sheet"]
    assert [r["rule"] for r in sheet["reminders"]] == REMINDED[scenario]
    assert all(r["text"] for r in sheet["reminders"])


def test_mh_scn1_03_the_defend_the_find_reminder_states_the_win_condition(world: World, f: Fight) -> None:
    agreed(world, f, "defend_the_find")
    sheet = world.client(world.carol).get(f"/api/v1/battles/{f.battle.pk}/").json()["scenario_sheet"]
    text = next(r["text"] for r in sheet["reminders"] if r["rule"] == "MH-SCN1-03")
    assert 'more standing models within 6"' in text and "end of any defender turn" in text


def test_mh_scn6_04_a_hero_taken_out_who_then_dies_still_counts_lost_and_taken(
    world: World, f: Fight, dice: DiceScript, django_capture_on_commit_callbacks: Any
) -> None:
    # Pre-battle: deployment, carried (Reavers 1, Raiders 3), first turn. Aftermath: the champion's D66 is 11
    # (dead, MH-INJ-H-01), the enemy captain's 55 (full recovery): the shards are counted as the game ended.
    dice.then(6, 1, 1, 6, 4, 5).then(1, 1, 5, 5)
    agreed(world, f, "chance_encounter")
    ooa = [
        {"victim": f.champion.pk, "by": f.enemy_captain.pk},
        {"victim": f.enemy_captain.pk, "by": f.captain.pk},
    ]
    body = confirmed(world, f, django_capture_on_commit_callbacks, out_of_action=ooa)
    assert [i["result"] for i in Warrior.objects.get(pk=f.champion.pk).injuries] == ["INJ_DEAD"]
    assert shards(body, "MH-SCN6-04") == {str(f.reavers.pk): 1, str(f.raiders.pk): 3}


def test_mh_scn3_02_a_group_with_every_model_out_of_action_brings_no_counter_home(
    world: World, f: Fight, dice: DiceScript
) -> None:
    dice.then(5)  # D3 from a 5: 3, so four counters
    agreed(world, f, "wyrdstone_hunt")
    all_down = [{"victim": f.enemy_group.pk, "by": f.captain.pk}] * 2  # both Raider warriors
    refused = report(world, f, out_of_action=all_down, objectives={"wyrdstone_counters": {f.enemy_group.pk: 1}})
    assert (refused.status_code, refused.json()["code"]) == (400, "invalid_report")
    assert "dropped his counters" in refused.json()["detail"]
    one_down = [{"victim": f.warriors.pk, "by": f.enemy_captain.pk}]  # one of three Reaver warriors: two carry on
    kept = report(world, f, out_of_action=one_down, objectives={"wyrdstone_counters": {f.warriors.pk: 1}})
    assert kept.status_code == 200, kept.json()


def test_mh_scn3_02_a_hero_taken_out_of_action_is_refused_his_counters_at_the_report(
    world: World, f: Fight, dice: DiceScript
) -> None:
    dice.then(5)
    agreed(world, f, "wyrdstone_hunt")
    ooa = [{"victim": f.champion.pk, "by": f.enemy_captain.pk}]
    refused = report(world, f, out_of_action=ooa, objectives={"wyrdstone_counters": {f.champion.pk: 2}})
    assert (refused.status_code, refused.json()["code"]) == (400, "invalid_report")
    assert Aftermath.objects.filter(battle=f.battle).count() == 0

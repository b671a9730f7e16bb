"""Each Doomtrooper command kind only when the rules call for it and from whom (#22 item 2): through the API, a
refusal is a 400 whose words say why (in the reader's language) and it changes nothing; a player who conceded a
game of three sends nothing more."""

from __future__ import annotations

from typing import Any

import pytest

from tests.campaign.api.tables.helpers import Phones
from tests.support.world import World

pytestmark = pytest.mark.django_db


def _refused(phones: Phones, who: str, kind: str, code: str, words: str, **payload: Any) -> dict:
    """``kind`` from ``who`` is refused with ``code`` and ``words``, and every seat's view is unchanged."""
    before = {name: phones.view(name) for name in ("bob", "carol")}
    body = phones.send(who, kind, status=400, **payload)
    assert body["code"] == code, body
    assert words in body["detail"], body
    assert {name: phones.view(name) for name in ("bob", "carol")} == before
    offered = {c["kind"] for c in phones[who].get(phones.url("commands/")).json()}
    assert kind not in offered, f"{kind} is refused yet offered"
    return body


def _second_turn(phones: Phones) -> Phones:
    """Bob and Carol each deploy a warrior in their first turns; Bob's second turn, Action step."""
    phones.send("bob", "deploy", slug="line_trooper")
    phones.send("bob", "end_actions")
    phones.send("bob", "end_turn")
    phones.send("carol", "report_draw", hand_count=7)
    phones.send("carol", "deploy", slug="legion_necromutant")
    phones.send("carol", "end_actions")
    phones.send("carol", "end_turn")
    phones.send("bob", "report_draw", hand_count=7)
    return phones


def test_dt_draw_01_report_draw_only_in_the_draw_step(world: World) -> None:
    phones = Phones(world).started()  # past Bob's Draw step
    _refused(phones, "bob", "report_draw", "wrong_phase", "not possible in this step", hand_count=7)


def test_dt_set_06_nothing_to_report_at_an_app_held_table(world: World) -> None:
    from tests.referee.engine.systems.doomtrooper.game import deck

    phones = Phones(world)
    phones.open(settings={"deck_mode": "app_held"}, options={"deck": deck(20)}, contribution="b")
    phones.join(options={"deck": deck(20)}, contribution="c")
    phones.start()
    _refused(phones, "bob", "report_library_empty", "app_holds_decks", "The app holds the decks")


def test_dt_end_01_a_library_is_reported_empty_once(world: World) -> None:
    phones = Phones(world).started()
    phones.send("carol", "report_library_empty")
    _refused(phones, "carol", "report_library_empty", "library_already_empty", "already reported empty")


def test_dt_act_03_the_actions_are_the_active_players(world: World) -> None:
    phones = Phones(world).started()
    for kind, payload in (("deploy", {"slug": "line_trooper"}), ("meditate", {}), ("end_actions", {})):
        _refused(phones, "carol", kind, "not_your_turn", "It is not your turn.", **payload)


def test_dt_cov_02_deploy_into_cover_needs_three_actions_left(world: World) -> None:
    phones = Phones(world).started()
    phones.send("bob", "meditate")
    _refused(phones, "bob", "deploy_cover", "no_actions", "needs 3 action(s) and you have 2 left", slug="heavy_trooper")


def test_dt_act_01_no_action_with_none_left(world: World) -> None:
    phones = Phones(world).started()
    for _ in range(3):
        phones.send("bob", "meditate")
    _refused(phones, "bob", "meditate", "no_actions", "you have 0 left")


def test_dt_atk_01_no_attack_in_the_first_turn_nor_twice(world: World) -> None:
    phones = Phones(world).started()
    phones.send("bob", "deploy", slug="line_trooper")
    mine = phones.handles("bob", "squad:s1")[0]["handle"]
    _refused(
        phones,
        "bob",
        "attack",
        "first_turn_attack",
        "not attack in your first turn",
        attacker=mine,
        defender=mine,
        tactic="fight",
    )


def test_dt_cmb_04_combat_cards_and_passes_only_in_a_combat(world: World) -> None:
    phones = _second_turn(Phones(world).started(starting_fate=10))
    _refused(phones, "bob", "pass", "wrong_phase", "not possible in this step")
    _refused(
        phones,
        "bob",
        "modifier",
        "wrong_phase",
        "not possible in this step",
        slug="fury",
        warrior=phones.handles("bob", "squad:s1")[0]["handle"],
    )


def test_dt_cmb_04_in_a_combat_only_the_seat_with_priority_plays_or_passes(world: World) -> None:
    phones = _second_turn(Phones(world).started(starting_fate=10))
    mine = phones.handles("bob", "squad:s1")[0]["handle"]
    theirs = phones.handles("bob", "cohort:s2")[0]["handle"]
    phones.send("bob", "attack", attacker=mine, defender=theirs, tactic="fight")
    _refused(phones, "carol", "pass", "not_your_priority", "not your turn to play a card or pass")
    _refused(phones, "bob", "meditate", "wrong_phase", "not possible in this step")


def test_dt_dis_01_the_turn_ends_only_in_the_discard_step(world: World) -> None:
    phones = Phones(world).started()
    _refused(phones, "bob", "end_turn", "wrong_phase", "not possible in this step")


def test_dt_pts_02_an_answer_only_when_a_decision_waits(world: World) -> None:
    phones = Phones(world).started()
    _refused(phones, "bob", "answer", "no_decision", "nothing for you to decide", decision="d1", vp=1)


def test_dt_mis_04_a_mission_is_reported_done_only_by_a_player_with_one_open(world: World) -> None:
    phones = Phones(world).started()
    _refused(
        phones,
        "carol",
        "complete_mission",
        "no_open_mission",
        "no open mission",
        mission=phones.handles("carol", "squad:s1")[0]["handle"] if phones.handles("carol", "squad:s1") else "x",
    )


def test_the_refusal_reads_in_russian_and_in_czech(world: World) -> None:
    phones = Phones(world).started()
    for lang, words in (("ru", "Сейчас не ваш ход."), ("cs", "Nejste na tahu.")):
        body = (
            phones["carol"]
            .post(
                phones.url("commands/meditate/"),
                {"payload": {}},
                format="json",
                HTTP_ACCEPT_LANGUAGE=lang,
                HTTP_IDEMPOTENCY_KEY=f"lang-{lang}",
            )
            .json()
        )
        assert body["code"] == "not_your_turn" and body["detail"] == words, body


def test_a_player_who_conceded_a_game_of_three_sends_nothing_more(world: World) -> None:
    phones = Phones(world)
    phones.open()
    phones.join("carol")
    phones.join("alice")
    phones.start(first="s2")  # Carol begins
    phones.send("carol", "concede")
    game = phones.game("bob")
    assert game["status"] == "playing" and game["turn"]["active"] == "s3", "the game goes on without Carol"
    assert phones["carol"].get(phones.url("commands/")).json() == []
    before = phones.view("bob")
    for kind in ("concede", "report_library_empty", "complete_mission"):  # the kinds of no step, nor turn
        body = phones.send("carol", kind, status=400, **({"mission": "x"} if kind == "complete_mission" else {}))
        assert body["code"] == "conceded" and "You conceded this game" in body["detail"], body
    assert phones.send("carol", "meditate", status=400)["code"] in ("wrong_phase", "not_your_turn")
    assert phones.view("bob") == before
    phones.send("alice", "report_draw", hand_count=7)
    phones.send("alice", "end_actions")
    phones.send("alice", "end_turn")
    assert phones.game("bob")["turn"]["active"] == "s1", "Carol's seat is skipped"
    phones.send("alice", "concede")
    assert phones.game("bob")["outcome"]["winner"] == "s1"

"""The live-table mechanism through a toy system: views, handles, knowledge, windows, replay, audit."""

from __future__ import annotations

import json
from typing import Any

import pytest

from referee.engine.dice import SeededRoller
from referee.engine.live import (
    Command,
    CommandError,
    Group,
    TableState,
    TrailEvent,
    allowed,
    audit_trail,
    keep_knowledge,
    render,
    replay,
    run,
    run_setup,
)
from referee.engine.live.events import SEALED, audience_sees, handle
from referee.engine.live.views import board, redact
from tests.referee.engine.live.toy import Toy

KEY = "ab" * 16
SEATS = {"s1": "player", "s2": "player", "s3": "observer"}
DECKS = {"s1": {"deck": ["a1", "a2", "a3", "a4", "a5"]}, "s2": {"deck": ["b1", "b2", "b3", "b4"]}}


def table(seed: bytes = b"seed") -> tuple[Toy, TableState, SeededRoller, list[Any]]:
    toy = Toy()
    state = toy.new_state(seats=SEATS, key=KEY, settings={}, options=DECKS)
    initial = state.copy()
    roller = SeededRoller(seed=seed * 4, salt=b"toy")
    setup = run_setup(toy, state, {}, roller)
    return toy, state, roller, [("start", initial, setup)]


def hand(state, seat: str) -> list[str]:
    return list(state.zones[f"hand:{seat}"].cards)


def test_it_shows_a_hand_to_its_owner_and_only_its_count_to_others() -> None:
    _toy, state, _, _ = table()
    mine = {z["key"]: z for z in board(state, "s1")["zones"]}
    theirs = {z["key"]: z for z in board(state, "s2")["zones"]}
    assert [c["card"] for c in mine["hand:s1"]["cards"]] == sorted(
        [state.cards[c].card for c in hand(state, "s1")],
        key=lambda s: next(c["handle"] for c in mine["hand:s1"]["cards"] if c.get("card") == s),
    )
    assert "cards" not in theirs["hand:s1"] and theirs["hand:s1"]["count"] == 2
    assert "cards" not in mine["library:s1"] and mine["library:s1"]["count"] == 3


def test_handles_differ_per_viewer_and_are_drawn_anew_when_a_card_is_hidden() -> None:
    toy, state, roller, _ = table()
    card = hand(state, "s1")[0]
    mine = [c["handle"] for c in board(state, "s1")["zones"][1]["cards"]]
    played = {"card": next(h for h in mine if toy_card(state, "s1", h) == card), "face_up": True}
    run(toy, state, Command("play", "s1", played), roller)
    seen_by_s2 = handle(KEY, "s2", card, state.cards[card].epoch)
    assert seen_by_s2 != handle(KEY, "s1", card, state.cards[card].epoch)
    run(toy, state, Command("flip", "s1", {"card": handle(KEY, "s1", card, state.cards[card].epoch)}), roller)
    assert handle(KEY, "s2", card, state.cards[card].epoch) != seen_by_s2
    # Knowledge stays: s2 saw it face up, so it still knows the face-down card.
    area = {z["key"]: z for z in board(state, "s2")["zones"]}["area:s1"]
    assert area["cards"][0]["card"] == state.cards[card].card and not area["cards"][0]["face_up"]


def toy_card(state, viewer: str, value: str) -> str:
    from referee.engine.live.views import resolve_handle

    return resolve_handle(state, viewer, value) or ""


def test_a_face_down_play_is_anonymous_to_the_others_in_views_and_events() -> None:
    toy, state, roller, _ = table()
    card = hand(state, "s1")[0]
    applied = run(toy, state, Command("play", "s1", {"card": handle(KEY, "s1", card, state.cards[card].epoch),
                                                     "face_up": False}), roller)
    played = next(e for e in applied.events if e.code == "played")
    assert "card" not in render(played.data, key=KEY, viewer="s2")["card"]
    assert render(played.data, key=KEY, viewer="s1")["card"]["card"] == state.cards[card].card
    assert not applied.revealed
    assert redact(state, "s2").cards[card].card == ""


def test_a_card_the_sender_cannot_see_is_no_such_card() -> None:
    toy, state, roller, _ = table()
    theirs = hand(state, "s2")[0]
    with pytest.raises(CommandError) as refused:
        run(toy, state, Command("play", "s1", {"card": handle(KEY, "s1", theirs, state.cards[theirs].epoch),
                                               "face_up": True}), roller)
    assert refused.value.code == "no_such_card"


def test_who_and_shape_are_checked_before_the_system_sees_the_command() -> None:
    toy, state, roller, _ = table()
    for command, code in [
        (Command("draw", "s2", {}), "not_your_turn"),
        (Command("draw", "s9", {}), "not_seated"),
        (Command("nope", "s1", {}), "unknown_command"),
        (Command("gain", "s1", {"amount": 9}), "invalid_field"),
        (Command("gain", "s1", {}), "missing_field"),
        (Command("gain", "s1", {"amount": 1, "x": 1}), "unknown_field"),
        (Command("pass", "s1", {}), "not_your_priority"),
        (Command("gain", "s1", {"amount": -5}), "below_floor"),
    ]:
        with pytest.raises(CommandError) as refused:
            run(toy, state, command, roller)
        assert refused.value.code == code


def test_a_priority_window_closes_when_everyone_passes_in_a_row() -> None:
    toy, state, roller, _ = table()
    run(toy, state, Command("react", "s1", {}), roller)
    run(toy, state, Command("respond", "s1", {}), roller)
    run(toy, state, Command("pass", "s1", {}), roller)
    run(toy, state, Command("respond", "s2", {}), roller)
    run(toy, state, Command("pass", "s2", {}), roller)
    assert state.window is not None
    last = run(toy, state, Command("pass", "s1", {}), roller)
    assert state.window is None and last.events[-1].data["closed"] is True


def test_allowed_lists_only_what_the_seat_may_send_now() -> None:
    toy, state, _, _ = table()
    assert {a["kind"] for a in allowed(toy, state, "s1")} == {"draw", "play", "flip", "gain", "react", "end"}
    assert allowed(toy, state, "s2") == []


def test_replay_rebuilds_the_same_table_from_stored_rolls() -> None:
    toy, state, roller, groups = table()
    run(toy, state, Command("draw", "s1", {}), roller)
    _, initial, setup = groups[0]
    rebuilt, _ = replay(toy, initial, [Group(Command("start", "", {}), setup.rolls), Group(Command("draw", "s1"), [])])
    assert rebuilt.to_dict() == state.to_dict()


def test_undo_by_replay_keeps_what_was_seen() -> None:
    toy, state, roller, groups = table()
    card = hand(state, "s1")[0]
    run(toy, state, Command("play", "s1", {"card": handle(KEY, "s1", card, state.cards[card].epoch),
                                           "face_up": True}), roller)
    _, initial, setup = groups[0]
    undone, _ = replay(toy, initial, [Group(Command("start", "", {}), setup.rolls)])
    keep_knowledge(undone, state)
    assert undone.cards[card].zone == "hand:s1"
    assert "*" in undone.cards[card].known_to


def test_the_audit_passes_an_honest_trail_and_catches_an_altered_deal() -> None:
    toy, state, roller, groups = table()
    applied = run(toy, state, Command("draw", "s1", {}), roller)
    setup = groups[0][2]
    trail = [TrailEvent(i, 0, e.code, e.data) for i, e in enumerate(setup.events)]
    trail += [TrailEvent(100 + i, 1, e.code, e.data) for i, e in enumerate(applied.events)]
    rolls = {0: setup.rolls, 1: applied.rolls}
    report = audit_trail(trail, lambda g: rolls.get(g, []))
    assert report.ok and report.shuffles == 2 and report.moves == 5
    drawn = next(t for t in trail if t.code == "card.moved" and t.group == 1)
    forged = {**drawn.data, "card": state.zones["library:s1"].cards[0]}
    altered = [TrailEvent(t.seq, t.group, t.code, forged) if t is drawn else t for t in trail]
    bad = audit_trail(altered, lambda g: rolls.get(g, []))
    assert not bad.ok and "was not at place 1" in bad.problems[0].message


def test_the_audit_catches_a_shuffle_that_is_not_the_ledger_s() -> None:
    _toy, _state, _roller, groups = table()
    setup = groups[0][2]
    trail = [TrailEvent(i, 0, e.code, e.data) for i, e in enumerate(setup.events)]
    other = table(b"other")[3][0][2].rolls
    assert not audit_trail(trail, lambda g: other).ok


def test_sealed_events_are_seen_by_nobody_until_close() -> None:
    assert not audience_sees([SEALED], "s1")
    assert audience_sees([SEALED], "s1", closed=True)
    assert audience_sees(["*"], "s3") and not audience_sees(["s1"], "s2")


def test_the_state_round_trips_through_json() -> None:
    _, state, _, _ = table()
    again = type(state).from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.to_dict() == state.to_dict()

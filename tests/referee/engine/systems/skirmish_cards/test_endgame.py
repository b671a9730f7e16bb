"""End of turn and end of game (SC-END)."""

from __future__ import annotations

import pytest

from referee.engine.live import CommandError
from tests.referee.engine.systems.skirmish_cards.table import BASE, Table, finish_turn, ready


def _empty_pile(t: Table, side: str) -> None:
    """Arrange: every card of the side's draw pile already spent (in the discard)."""
    pile = t.state.zones[f"deck:{side}"]
    for card_id in pile.cards:
        t.state.cards[card_id].zone, t.state.cards[card_id].face_up = f"discard:{side}", True
    t.state.zones[f"discard:{side}"].cards += pile.cards
    pile.cards.clear()


def test_sc_end_01_the_end_of_turn_steps_run_in_order() -> None:
    t = ready()
    t.declare("marshal", "move")
    t.send("bob", "move", character="marshal")
    t.pass_all()
    t.send("bob", "play_card", card=t.handle_in("bob", "hand:bob", "5-black"))
    finish_turn(t, draws=False)
    assert t.state.turn.phase == "end_of_turn" and t.c("marshal")["movement"] == 0
    mark = len(t.log)
    t.send("bob", "eot_draw", draw=True)
    assert t.state.turn.phase == "end_of_turn", "step 2 waits for every player"
    t.send("carol", "eot_draw", draw=False)
    codes = t.codes(mark)
    assert codes.index("card.drawn.count") < codes.index("turn.started")
    assert t.state.turn.number == 2 and t.state.turn.phase == "initiative"


def test_sc_end_01_a_draw_from_an_empty_pile_reshuffles_the_discard_first() -> None:
    t = ready()
    t.send("bob", "play_card", card=t.handle_in("bob", "hand:bob", "5-black"))
    finish_turn(t, draws=False)
    _empty_pile(t, "bob")
    t.send("bob", "eot_draw", draw=True)
    assert t.events("deck.reshuffled")[0]["side"] == "bob" and len(t.hand("bob")) == 2
    assert [r.rule for r in t.rolls if r.notation.startswith("shuffle")][-1] == "SC-END-01"
    off = ready(settings={"reshuffle_on_empty_draw": False})
    off.send("bob", "play_card", card=off.handle_in("bob", "hand:bob", "5-black"))
    finish_turn(off, draws=False)
    _empty_pile(off, "bob")
    off.send("bob", "eot_draw", draw=True)
    assert "deck.empty" in off.codes() and len(off.hand("bob")) == 1


def test_sc_end_02_the_scenario_supplies_victory_and_a_game_ends_by_concession_or_the_gm() -> None:
    t = ready()
    started = t.events("game.started")[0]
    assert started["scenario"] == "showdown" and "last faction" in started["victory"]
    t.send("bob", "concede")
    assert t.state.outcome == {"result": "win", "winner": "carol", "rule": "SC-END-02"} and t.state.status == "ended"
    gm = ready(seats={"bob": "player", "carol": "player", "gina": "gm"})
    assert gm.refused("bob", "declare_result", winner="bob").code == "gm_only"
    gm.send("gina", "declare_result", winner="draw")
    assert (gm.state.outcome or {})["result"] == "draw"


def test_sc_end_03_hp_stress_and_hand_size_must_be_filled_in_before_play() -> None:
    with pytest.raises(CommandError) as refused:
        Table(settings={"profile_hp": {}, "hand_size": {"lawmen": 2}})
    assert refused.value.code == "values_missing"
    message = refused.value.message
    assert "profile_hp.lawmen_boss" in message and "hand_size.outlaws" in message
    assert "profile_stress" not in message
    scavengers = Table(settings={"scenario": "haunted_town", "profile_hp": {**BASE["profile_hp"]}},
                       start={"operator": "bob"})
    assert scavengers.c("flock")["hp"] == 2, "the seed's 2 HP is the scavengers' default"

"""Decks and hands held by the app (SC-DECK), through the live system."""

from __future__ import annotations

from collections import Counter

from tests.referee.engine.systems.skirmish_cards.table import Table, ready, top


def test_sc_deck_01_a_default_deck_is_2_to_10_of_one_colour_and_the_joker() -> None:
    t = Table(settings={"faction_cards_in_deck": False})
    bob = Counter(t.state.cards[c].card for c in t.state.cards if t.state.cards[c].owner == "bob")
    assert sorted(bob) == sorted([f"{r}-black" for r in range(2, 11)] + ["joker"])
    assert sum(bob.values()) == 10
    both = Table(settings={"faction_cards_in_deck": False, "deck_numbered_copies": 2})
    assert sum(1 for c in both.state.cards.values() if c.owner == "bob") == 19


def test_sc_deck_02_the_four_faction_cards_are_shuffled_in_by_default() -> None:
    t = Table()
    mine = [c.card for c in t.state.cards.values() if c.owner == "carol"]
    assert {"J-faction", "Q-faction", "K-faction", "A-faction"} <= set(mine) and len(mine) == 14


def test_sc_deck_03_setup_shuffles_on_the_table_roller_and_deals_the_hand() -> None:
    t = Table(faces=top("black", ["Q-faction", "3-black"]))
    assert t.hand("bob") == ["Q-faction", "3-black"]
    assert [r.notation for r in t.rolls[:2]] == ["shuffle(14)", "shuffle(14)"]
    assert all(r.rule == "SC-DECK-03" for r in t.rolls[:2])
    assert len(t.state.zones["deck:bob"].cards) == 14 - 2 - 1  # the hand, then the first card
    assert t.view("carol")["skirmish"]["sides"]["bob"]["hand"] == 2


def test_sc_deck_04_any_number_of_hand_cards_may_be_played_in_a_turn() -> None:
    t = ready()
    for slug in ("5-black", "6-black"):
        t.send("bob", "play_card", card=t.handle_in("bob", "hand:bob", slug))
    assert t.hand("bob") == [] and t.zone("discard:bob")[-2:] == ["5-black", "6-black"]


def test_sc_deck_05_an_opponent_answers_a_card_and_the_last_card_prevails() -> None:
    t = ready()
    t.send("bob", "play_card", card=t.handle_in("bob", "hand:bob", "5-black"))
    assert t.refused("bob", "play_card", card=t.handle_in("bob", "hand:bob", "6-black"),
                     answer=True).code == "nothing_to_answer"
    t.send("carol", "play_card", card=t.handle_in("carol", "hand:carol", "7-red"), answer=True)
    t.send("bob", "play_card", card=t.handle_in("bob", "hand:bob", "6-black"), answer=True)
    prevails = t.events("card.prevails")
    assert [p["side"] for p in prevails] == ["carol", "bob"] and prevails[-1]["chain"] == 3
    two = ready(settings={"counter_chain": "two"})
    two.send("bob", "play_card", card=two.handle_in("bob", "hand:bob", "5-black"))
    two.send("carol", "play_card", card=two.handle_in("carol", "hand:carol", "7-red"), answer=True)
    assert two.refused("bob", "play_card", card=two.handle_in("bob", "hand:bob", "6-black"),
                       answer=True).code == "chain_closed"


def test_sc_deck_06_a_lasting_card_stays_in_play_until_end_of_turn_step_one() -> None:
    from referee.engine.systems.skirmish_cards.pack import default_pack
    from referee.engine.systems.skirmish_cards.system import SkirmishLive

    base = default_pack()
    league = type(base)(base.factions, base.profiles, base.scenarios, cards={"5-black": {"lasts": "turn"}})
    t = ready(system=SkirmishLive(league))
    t.send("bob", "play_card", card=t.handle_in("bob", "hand:bob", "5-black"))
    t.send("bob", "play_card", card=t.handle_in("bob", "hand:bob", "6-black"))
    assert t.zone("play:bob") == ["5-black"] and t.zone("discard:bob")[-1] == "6-black"
    for cid in ("marshal", "leader", "deputy", "gunman"):
        t.declare(cid, "aim")
        t.send(t.seat_of(cid), "aim", character=cid)
    assert t.state.turn.phase == "end_of_turn" and t.zone("play:bob") == []
    assert "5-black" in t.zone("discard:bob")


def _to_end_of_turn(t: Table) -> None:
    for cid in list(t.data["order"]):
        if t.c(cid)["state"] == "waiting":
            t.declare(cid, "aim")
            t.send(t.seat_of(cid), "aim", character=cid)


def test_sc_deck_07_a_player_who_played_a_hand_card_may_draw_one_and_only_one() -> None:
    t = ready()
    t.send("bob", "play_card", card=t.handle_in("bob", "hand:bob", "5-black"))
    _to_end_of_turn(t)
    assert t.kinds("bob") >= {"eot_draw"}
    t.send("bob", "eot_draw", draw=True)
    assert len(t.hand("bob")) == 2
    assert t.refused("bob", "eot_draw", draw=True).code in ("already_drawn", "wrong_phase")


def test_sc_deck_07_placing_initiative_cards_does_not_count_as_using_a_card() -> None:
    t = ready()
    _to_end_of_turn(t)
    assert t.refused("bob", "eot_draw", draw=True).code == "discard_to_draw"
    counted = ready(settings={"initiative_cards_count_for_draw": True})
    _to_end_of_turn(counted)
    counted.send("bob", "eot_draw", draw=True)
    assert len(counted.hand("bob")) == 3


def test_sc_deck_08_a_player_who_played_no_card_may_discard_one_to_draw_one() -> None:
    t = ready()
    _to_end_of_turn(t)
    t.send("bob", "eot_draw", draw=True, discard=t.handle_in("bob", "hand:bob", "5-black"))
    assert len(t.hand("bob")) == 2 and "5-black" not in t.hand("bob")
    assert "5-black" in t.zone("discard:bob") or t.state.turn.number == 2


def test_sc_deck_09_a_pile_that_cannot_supply_the_initiative_deal_is_reshuffled_with_its_leftovers() -> None:
    t = ready()
    pile = t.state.zones["deck:bob"]
    # Leave one card in Bob's pile: the deal of turn 2 needs two.
    t.state.zones["discard:bob"].cards += pile.cards[1:]
    for card_id in pile.cards[1:]:
        t.state.cards[card_id].zone, t.state.cards[card_id].face_up = "discard:bob", True
    pile.cards[:] = pile.cards[:1]
    _to_end_of_turn(t)
    t.send("bob", "eot_draw", draw=False)
    t.send("carol", "eot_draw", draw=False)
    shuffles = [r for r in t.rolls if r.rule == "SC-DECK-09"]
    assert shuffles and t.state.turn.number == 2
    assert t.events("deck.reshuffled")[0]["side"] == "bob"

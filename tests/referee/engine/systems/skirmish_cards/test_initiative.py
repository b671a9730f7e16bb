"""Initiative (SC-INIT): first cards, the deal, the reveal, the order and its tie-breaks, the swap."""

from __future__ import annotations

from tests.referee.engine.systems.skirmish_cards.table import POSSES, Table, ready, top

FOUR = {
    "bob": {"faction": "lawmen", "characters": [{"id": "marshal", "profile": "lawmen_boss"},
                                                {"id": "deputy", "profile": "lawmen_deputy"},
                                                {"id": "scout", "profile": "lawmen_deputy"}]},
    "carol": POSSES["carol"],
}


def test_sc_init_01_first_cards_are_placed_simultaneously_and_hidden_until_all_have_placed() -> None:
    t = Table(faces=top("black", ["5-black", "6-black", "10-black"]) + top("red", ["7-red", "8-red", "9-red"]))
    t.send("bob", "place_first", character="deputy")
    carol_sees = t.view("carol")
    assert all(c["card"] is None for c in carol_sees["skirmish"]["characters"])
    assert "deputy" not in str(t.seen_by("carol")) and carol_sees["skirmish"]["my_first_card_by"] == {}
    assert t.view("bob")["skirmish"]["my_first_card_by"] == {"bob": "deputy"}
    assert t.refused("bob", "place_first", character="marshal").code == "already_placed"
    t.send("carol", "place_first", character="gunman")
    assert t.card("deputy") == "10-black" and t.card("gunman") == "9-red"


def test_sc_init_01_open_placement_goes_face_up_in_seat_order() -> None:
    t = Table(settings={"first_card_placement": "open"})
    assert t.refused("carol", "place_first", character="gunman").code == "not_your_turn_to_place"
    t.send("bob", "place_first", character="deputy")
    shown = {c["id"]: c["card"] for c in t.view("carol")["skirmish"]["characters"]}
    assert shown["deputy"]["card"] == t.card("deputy")


def test_sc_init_02_every_other_character_gets_the_next_card_of_its_own_deck() -> None:
    t = Table(posses=FOUR, faces=top("black", ["5-black", "6-black", "9-black", "2-black", "8-black"])
              + top("red", ["4-red", "5-red", "10-red", "7-red"]))
    t.place(bob="deputy", carol="leader")
    assert (t.card("deputy"), t.card("marshal"), t.card("scout")) == ("9-black", "2-black", "8-black")
    assert {t.state.cards[t.c(c)["card"]].owner for c in ("marshal", "scout")} == {"bob"}


def test_sc_init_03_all_face_down_cards_are_revealed_at_once() -> None:
    t = ready()
    revealed = t.events("initiative.revealed")
    assert len(revealed) == 1 and len(revealed[0]["cards"]) == 4
    for seat in ("bob", "carol"):
        assert all(c["card"]["card"] for c in t.view(seat)["skirmish"]["characters"])


def test_sc_init_04_characters_activate_from_highest_card_to_lowest() -> None:
    t = ready()
    assert t.data["order"] == ["marshal", "leader", "deputy", "gunman"]
    assert t.state.turn.phase == "activations" and t.state.turn.active == "bob"
    faces = ready(bob=["5-black", "6-black", "A-faction", "J-faction"], carol=["7-red", "8-red", "K-faction", "2-red"])
    assert faces.data["order"][:3] == ["marshal", "leader", "deputy"]


def test_sc_init_05_a_tie_between_players_goes_to_the_higher_first_card() -> None:
    # Bob: first 9 (marshal), deputy 7; Carol: first 10 (leader), gunman 7: Carol's 7 goes first.
    t = ready(bob=["5-black", "6-black", "9-black", "7-black"], carol=["4-red", "8-red", "10-red", "7-red"])
    assert t.data["order"] == ["leader", "marshal", "gunman", "deputy"]


def test_sc_init_05_equal_first_cards_hold_a_d10_roll_off_and_reroll_ties() -> None:
    t = Table(faces=top("black", ["5-black", "6-black", "9-black", "3-black"])
              + top("red", ["4-red", "8-red", "9-red", "2-red"]))
    t.dice(6, 6, 3, 8)
    t.place(bob="marshal", carol="leader")
    t.send("carol", "decide", key="swap.1", choice="decline")
    rolloff = t.events("rolloff.made")[0]
    assert rolloff["rolls"] == [{"bob": 6, "carol": 6}, {"bob": 3, "carol": 8}]
    assert t.data["order"][:2] == ["leader", "marshal"]
    assert [r.notation for r in t.rolls if r.rule == "SC-INIT-05"] == ["D10"] * 4


def test_sc_init_05_the_owner_orders_their_own_tied_cards() -> None:
    posses = {"bob": FOUR["bob"], "carol": POSSES["carol"]}
    t = Table(posses=posses, settings={"deck_numbered_copies": 2},
              faces=top("black", ["5-black", "6-black", "9-black", "8-black", "8-red"], copies=2)
              + top("red", ["4-black", "5-red", "10-red", "3-red"], copies=2))
    t.place(bob="marshal", carol="leader")
    swap = next(k for k, d in t.state.decisions.items() if d.kind == "swap")
    t.send("carol", "decide", key=swap, choice="decline")
    key = next(k for k, d in t.state.decisions.items() if d.kind == "order")
    assert t.refused("bob", "decide", key=key, order=["scout"]).code == "invalid_order"
    t.send("bob", "decide", key=key, order=["scout", "deputy"])
    assert t.data["order"] == ["leader", "marshal", "scout", "deputy", "gunman"]


def test_sc_init_06_the_joker_activates_after_all_others() -> None:
    t = ready(bob=["5-black", "6-black", "9-black", "joker"], carol=["4-red", "8-red", "10-red", "2-red"])
    assert t.card("deputy") == "joker" and t.data["order"][-1] == "deputy"


def test_sc_init_06_jokers_of_different_players_go_by_first_card() -> None:
    t = ready(bob=["5-black", "6-black", "9-black", "joker"], carol=["4-red", "8-red", "10-red", "joker"])
    assert t.data["order"][-2:] == ["gunman", "deputy"]


def test_sc_init_07_a_joker_character_may_interrupt_instead_and_that_is_its_activation() -> None:
    t = ready(bob=["5-black", "6-black", "9-black", "joker"], carol=["4-red", "8-red", "10-red", "2-red"])
    t.declare("leader", "move")
    t.send("carol", "move", character="leader")
    assert t.state.window is not None and "quick_shot" in t.kinds("bob")
    t.send("bob", "quick_shot", character="deputy")
    t.result("miss")
    assert t.c("deputy")["state"] == "done" and t.events("interrupted")[0]["joker"] is True


def test_sc_init_08_the_one_player_with_the_lowest_card_may_swap_with_any_character() -> None:
    t = ready(decline=False)
    key = next(iter(t.state.decisions))
    assert t.state.decisions[key].player == "carol"
    assert t.refused("bob", "decide", key=key, choice="gunman", **{"with": "marshal"}).code in (
        "no_such_decision", "no_decision")
    t.send("carol", "decide", key=key, choice="gunman", **{"with": "marshal"})
    assert t.card("gunman") == "10-black" and t.card("marshal") == "3-red"
    assert t.data["order"] == ["gunman", "leader", "deputy", "marshal"]


def test_sc_init_08_own_only_swaps_and_the_joker_is_never_the_lowest() -> None:
    own = ready(decline=False, settings={"swap_partner": "own"})
    key = next(iter(own.state.decisions))
    assert own.refused("carol", "decide", key=key, choice="gunman", **{"with": "marshal"}).code == "invalid_swap"
    joker = ready(bob=["5-black", "6-black", "9-black", "joker"], carol=["4-red", "8-red", "10-red", "3-red"],
                  decline=False)
    assert joker.state.decisions[next(iter(joker.state.decisions))].context["side"] == "carol"


def test_sc_init_09_a_shared_lowest_rank_means_nobody_swaps() -> None:
    t = ready(bob=["5-black", "6-black", "9-black", "3-black"], decline=False, rolls=(4, 7))
    assert not t.state.decisions and t.events("swap.none")[0]["sides"] == ["bob", "carol"]


def test_sc_init_09_one_player_holding_two_lowest_cards_may_still_swap() -> None:
    t = Table(posses=FOUR, settings={"deck_numbered_copies": 2},
              faces=top("black", ["5-black", "6-black", "9-black", "2-black", "2-red"], copies=2)
              + top("red", ["4-black", "5-red", "10-red", "7-red"], copies=2))
    t.place(bob="marshal", carol="leader")
    assert any(d.kind == "swap" and d.context["side"] == "bob" for d in t.state.decisions.values())


def test_sc_init_10_each_card_goes_to_the_discard_of_the_deck_that_dealt_it_even_after_a_swap() -> None:
    t = ready(decline=False)
    key = next(iter(t.state.decisions))
    t.send("carol", "decide", key=key, choice="gunman", **{"with": "marshal"})
    t.declare("gunman", "aim")
    t.send("carol", "aim", character="gunman")
    assert t.zone("discard:bob") == ["10-black"]


def test_sc_init_10_a_removed_character_s_unused_card_is_discarded_at_once() -> None:
    t = ready()
    from referee.engine.systems.skirmish_cards import nerve

    nerve.remove(t.state, t.c("gunman"), "SC-WND-04")
    assert t.zone("discard:carol") == ["3-red"] and t.c("gunman")["card"] == ""
    later = ready(settings={"removed_card_discard": "end_of_turn"})
    nerve.remove(later.state, later.c("gunman"), "SC-WND-04")
    assert later.zone("discard:carol") == []

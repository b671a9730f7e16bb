"""Doomtrooper setup, turn steps, draw, discard and the game's end, through the engine (DT-SET, DT-TURN,
DT-DRAW, DT-DIS, DT-END)."""

from __future__ import annotations

from referee.engine.live.views import board
from tests.referee.engine.systems.doomtrooper.game import Game, deck


def test_dt_set_01_the_server_shuffles_each_deck_with_the_cutting_seat_named() -> None:
    g = Game(mode="app_held")
    shuffles = [r for r in g.setup.rolls if r.notation.startswith("shuffle(")]
    assert [r.rule for r in shuffles] == ["DT-SET-01", "DT-SET-01"]
    cuts = {e.data["seat"]: e.data["cut_by"] for e in g.setup.events if e.code == "deck_shuffled"}
    assert cuts == {"s1": "s2", "s2": "s1"}
    # Another stream (another cut) orders the same deck differently: the order is the stream's, not the owner's.
    other = Game(mode="app_held", seed=b"cut!")
    assert [g.state.cards[c].card for c in g.state.zones["library:s1"].cards] != [
        other.state.cards[c].card for c in other.state.zones["library:s1"].cards]


def test_dt_set_01_with_three_players_the_next_seat_cuts() -> None:
    g = Game(mode="app_held", seats=3)
    cuts = {e.data["seat"]: e.data["cut_by"] for e in g.setup.events if e.code == "deck_shuffled"}
    assert cuts == {"s1": "s2", "s2": "s3", "s3": "s1"}


def test_dt_set_02_banks_start_at_five_and_vp_at_zero() -> None:
    g = Game()
    assert (g.fate("s1"), g.fate("s2"), g.vp("s1"), g.vp("s2")) == (5, 5, 0, 0)


def test_dt_set_03_each_player_draws_seven() -> None:
    held = Game(mode="app_held")
    assert len(held.state.zones["hand:s2"].cards) == 7
    assert Game().me("s2")["hand_count"] == 7


def test_dt_set_04_the_first_player_by_agreement_or_by_a_coin_toss() -> None:
    agreed = Game(first="s2")
    assert agreed.active == "s2"
    tossed = Game(first=None)
    toss = [r for r in tossed.setup.rolls if r.rule == "DT-SET-04"]
    assert len(toss) == 1 and tossed.active == f"s{toss[0].total}"


def test_dt_set_05_physical_mode_holds_no_cards_and_takes_reported_counts() -> None:
    g = Game()
    assert g.state.zones["library:s1"].cards == [] and g.state.zones["hand:s1"].cards == []
    assert g.state.turn.phase == "draw"
    g.send("s1", "report_draw", hand_count=7)
    assert g.state.turn.phase == "actions"
    card = g.deploy("s1", "line_trooper")
    assert g.state.cards[card].card == "line_trooper" and g.me("s1")["hand_count"] == 6
    assert g.refuse("s1", "deploy", slug="no_such_card") == "unknown_card"


def test_dt_set_06_app_held_mode_deals_holds_hands_and_plays_from_them() -> None:
    g = Game(mode="app_held", decks={"s1": deck(12), "s2": deck(12)})
    hand = g.state.zones["hand:s1"].cards
    assert len(hand) == 7 and len(g.state.zones["library:s1"].cards) == 5
    warrior = next(c for c in hand if g.state.cards[c].card == "line_trooper") if any(
        g.state.cards[c].card == "line_trooper" for c in hand) else None
    assert g.refuse("s1", "report_draw", hand_count=7) in ("app_holds_decks", "wrong_phase")
    if warrior:
        g.send("s1", "deploy", card=g.h(warrior, "s1"))
        assert g.state.cards[warrior].zone == "squad:s1"
    opponent_view = {z["key"]: z for z in board(g.state, "s2")["zones"]}
    assert "cards" not in opponent_view["hand:s1"] and "cards" not in opponent_view["library:s1"]


def test_dt_turn_01_draw_then_actions_then_discard_then_the_next_player() -> None:
    g = Game()
    phases = [g.state.turn.phase]
    g.send("s1", "report_draw", hand_count=7)
    phases.append(g.state.turn.phase)
    g.send("s1", "end_actions")
    phases.append(g.state.turn.phase)
    g.send("s1", "end_turn")
    assert phases == ["draw", "actions", "discard"] and (g.active, g.state.turn.phase) == ("s2", "draw")


def test_dt_turn_02_a_card_naming_a_step_is_played_only_in_that_step() -> None:
    g = Game()
    g.send("s1", "play_effect", slug="ambush_order")  # names the Draw step: fine now
    g.send("s1", "report_draw", hand_count=7)
    assert g.refuse("s1", "play_effect", slug="ambush_order") == "wrong_step"
    assert g.refuse("s1", "modifier", slug="aim", warrior="x") == "wrong_phase"


def test_dt_turn_03_each_player_counts_their_own_turns() -> None:
    g = Game()
    g.pass_turn()
    assert g.state.turn.taken == {"s1": 1, "s2": 0}
    started = [e for e in g.events if e.code == "turn_began"]
    assert [(e.data["seat"], e.data["first_turn"]) for e in started] == [("s1", True), ("s2", True)]
    g.pass_turn()
    assert [e.data["first_turn"] for e in g.events if e.code == "turn_began"][-1] is False


def test_dt_draw_01_drawing_to_seven_is_mandatory() -> None:
    g = Game()
    assert g.refuse("s1", "report_draw", hand_count=6) == "draw_to_seven"
    g.send("s1", "report_draw", hand_count=9)  # 7 or more draws nothing
    held = Game(mode="app_held")
    held.pass_turn()
    assert len(held.state.zones["hand:s2"].cards) == 7  # s2 already held 7: drew nothing
    drawn = [e for e in held.events if e.code == "drew_count"]
    assert drawn[-1].data == {"seat": "s2", "count": 0}


def test_dt_draw_02_an_emptied_library_stops_the_draw_and_the_game_goes_on() -> None:
    g = Game(mode="app_held", decks={"s1": ["line_trooper"] * 8, "s2": deck(20)}, starting_fate=10)
    hand = g.state.zones["hand:s1"].cards
    g.send("s1", "deploy", card=g.h(hand[0], "s1"))
    g.send("s1", "end_actions")
    g.send("s1", "end_turn", cards=[g.h(hand[0], "s1")])
    assert len(g.state.zones["hand:s1"].cards) == 5
    g.pass_turn()  # s2's turn; s1 needs 2 and its library holds 1
    assert len(g.state.zones["hand:s1"].cards) == 6 and g.state.zones["library:s1"].cards == []
    assert any(e.code == "library_emptied" and e.rule == "DT-DRAW-02" for e in g.events)
    assert g.state.status == "playing" and g.state.turn.phase == "actions"


def test_dt_draw_03_with_an_empty_library_the_turn_starts_at_actions() -> None:
    g = Game()
    g.send("s1", "report_library_empty")
    g.pass_turn()
    g.pass_turn()
    assert g.active == "s1" and g.state.turn.phase == "actions"
    assert any(e.code == "draw_skipped" for e in g.events)


def test_dt_dis_01_a_hand_over_seven_is_discarded_to_exactly_seven() -> None:
    g = Game()
    g.send("s1", "report_draw", hand_count=9)
    g.send("s1", "end_actions")
    assert g.refuse("s1", "end_turn") == "discard_count"
    assert g.refuse("s1", "end_turn", slugs=["aim"]) == "discard_count"
    g.send("s1", "end_turn", slugs=["aim", "fury"])
    assert g.me("s1")["hand_count"] == 7 and len(g.state.zones["discard:s1"].cards) == 2


def test_dt_dis_02_a_hand_of_seven_may_discard_one_card() -> None:
    g = Game(mode="app_held")
    g.send("s1", "end_actions")
    hand = g.state.zones["hand:s1"].cards
    assert g.refuse("s1", "end_turn", cards=[g.h(c, "s1") for c in hand[:2]]) == "discard_count"
    g.send("s1", "end_turn", cards=[g.h(hand[0], "s1")])
    assert len(g.state.zones["discard:s1"].cards) == 1


def test_dt_end_01_both_libraries_empty_end_the_game_at_once() -> None:
    g = Game(starting_fate=10)
    g.send("s1", "report_draw", hand_count=7)
    g.send("s1", "report_library_empty")
    assert g.state.status == "playing"
    g.send("s2", "report_library_empty")
    assert g.state.status == "ended" and g.outcome["rule"] == "DT-END-01"
    assert g.outcome["draw"] is True  # equal VP


def test_dt_end_01_in_app_held_mode_checked_whenever_a_card_leaves_a_library() -> None:
    g = Game(mode="app_held", decks={"s1": deck(7), "s2": deck(7)})
    assert g.state.status == "ended" and g.outcome["rule"] == "DT-END-01"


def test_dt_end_02_no_warrior_for_two_own_turns_with_an_empty_library_loses() -> None:
    g = Game(starting_fate=30)
    scout = g.deploy("s1", "tribal_scout")
    g.send("s1", "report_library_empty")
    g.pass_turn()
    killer = g.deploy("s2", "heavy_trooper")
    g.pass_turn()
    g.send("s1", "end_actions")
    g.send("s1", "end_turn")
    g.to_actions()
    g.send("s2", "play_effect", slug="sabotage", target=g.h(scout, "s2"))
    g.attack(killer, scout, "shoot")
    g.pass_combat()
    g.send("s2", "answer", decision=next(iter(g.state.decisions)), vp=2)
    assert g.warriors("s1") == []
    # The turns that count are s1's own turns that begin after the loss.
    g.send("s2", "end_turn")
    g.send("s1", "end_actions")
    g.send("s1", "end_turn")
    assert g.state.status == "playing"
    g.pass_turn()
    g.send("s1", "end_actions")
    g.send("s1", "end_turn")
    assert g.state.status == "ended"
    assert (g.outcome["winner"], g.outcome["rule"]) == ("s2", "DT-END-02")


def test_dt_end_02_by_default_a_player_with_cards_in_the_library_never_loses_this_way() -> None:
    g = Game()
    for _ in range(6):
        g.pass_turn()
    assert g.state.status == "playing"
    strict = Game(no_warrior_loss_scope="any_player")
    strict.me("s1")["warriorless"] = {"started": 0}  # as if s1's last warrior had just left
    for _ in range(5):
        strict.pass_turn()
    assert strict.outcome["winner"] == "s2"


def test_dt_end_03_a_player_with_warriors_goes_on_with_an_empty_library() -> None:
    g = Game()
    g.deploy("s1", "line_trooper")
    g.send("s1", "report_library_empty")
    for _ in range(6):
        g.pass_turn()
    assert g.state.status == "playing" and g.active == "s1"


def test_dt_end_04_reaching_the_vp_target_wins_at_once() -> None:
    g = Game(starting_fate=30, vp_target=2)
    heavy = g.deploy("s1", "heavy_trooper")
    g.pass_turn()
    scout = g.deploy("s2", "tribal_scout")
    g.pass_turn()
    g.send("s1", "play_effect", slug="sabotage", target=g.h(scout, "s1"))
    g.attack(heavy, scout, "shoot")
    g.pass_combat()
    assert g.state.status == "playing"  # the split is not in yet
    g.send("s1", "answer", decision=next(iter(g.state.decisions)), vp=2)
    assert g.state.status == "ended"
    assert (g.outcome["winner"], g.outcome["rule"]) == ("s1", "DT-END-04")


def test_dt_end_04_two_players_reaching_it_in_one_scoring_with_equal_vp_draw() -> None:
    g = Game(starting_fate=30, vp_target=3)
    mine = g.deploy("s1", "legion_necromutant")
    g.pass_turn()
    theirs = g.deploy("s2", "legion_necromutant")
    g.send("s2", "play_effect", slug="sabotage", target=g.h(mine, "s2"))
    g.pass_turn()
    g.send("s1", "play_effect", slug="sabotage", target=g.h(theirs, "s1"))
    g.attack(mine, theirs, "fight")
    g.pass_combat()
    splits = {d.player: k for k, d in g.state.decisions.items()}
    g.send("s1", "answer", decision=splits["s1"], vp=3)
    assert g.state.status == "playing"  # GAP-18: the whole scoring first
    g.send("s2", "answer", decision=splits["s2"], vp=3)
    assert g.outcome["rule"] == "DT-END-04" and g.outcome["draw"] is True


def test_dt_end_04_a_target_of_zero_turns_it_off() -> None:
    g = Game(vp_target=0)
    g.state.counters["vp:s1"].value = 99
    g.pass_turn()
    assert g.state.status == "playing"

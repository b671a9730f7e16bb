"""AD-SET, AD-STL, AD-ORD, AD-MULTI: the lane, Stealth, turn order, declarations, multi-action penalties."""

from __future__ import annotations

import json

from tests.referee.engine.systems.arena_duel.helpers import Duel, character, first_turn, in_fight, to_fight

SWORD = {"kind": "attack", "item": "long_sword"}


def test_ad_set_01_the_fighters_start_24_squares_apart_with_weapons_put_away() -> None:
    d = Duel()
    to_fight(d)
    first_turn(d)
    assert d.view("b")["fighters"]["a"]["position"] == 0 and d.view("b")["fighters"]["b"]["position"] == 25
    entered = next(e for e in d.events if e.code == "fight.entered")
    assert entered.data["distance"] == 24
    d.fight()["positions"]["b"] = 1
    assert d.refused("a", "declare", actions=[{**SWORD, "at": 0}]).code == "not_ready"
    d.send("a", "declare", actions=[{"kind": "ready", "item": "long_sword", "at": 0}, {**SWORD, "at": 0}])
    assert d.mine("a")["declaration"]["penalty"] == -2  # readying counts as an action (GAP-11)


def test_ad_set_02_no_fighter_moves_back_past_its_starting_line() -> None:
    d = Duel()
    in_fight(d, first="b")
    assert d.refused("b", "declare", move_to=26).code == "wall"
    d.send("b", "declare", move_to=20)
    d.send("b", "end_turn")
    d.send("a", "declare", move_to=0)
    assert d.refused("a", "declare", move_to=3).code == "declaration_locked"


def test_ad_set_03_distance_on_the_lane_is_the_squares_between_and_no_one_passes() -> None:
    d = Duel()
    in_fight(d, a_at=10, b_at=14)
    assert d.refused("a", "declare", move_to=14).code == "blocked"
    assert d.refused("a", "declare", move_to=15).code == "blocked"
    assert d.refused("a", "declare", move_to=17).code == "too_far"
    d.send("a", "declare", move_to=13, actions=[{"kind": "ready", "item": "long_sword", "at": 13}])
    d.send("a", "act")
    d.send("a", "end_turn")
    from referee.engine.systems.arena_duel.lane import distance
    from referee.engine.systems.arena_duel.system import SYSTEM

    assert distance(d.state, SYSTEM.ctx(d.state)) == 0  # adjacent
    gm = Duel(settings={"arena_geometry": "gm"})
    in_fight(gm)
    gm.send("gm", "distance_set", distance=3)
    assert distance(gm.state, SYSTEM.ctx(gm.state)) == 3
    assert d.refused("gm", "distance_set", distance=3).code == "lane_geometry"


def test_ad_stl_01_a_stealth_win_raises_the_ranged_attacker_s_tn_from_four_squares() -> None:
    d = Duel()
    to_fight(d, b_items=["knife"])
    d.send("a", "stealth", [5, 1, 2, 1])  # Stealth 5 against Notice 2
    d.decide("stealth")
    assert d.view("b")["fighters"]["a"]["stealth"] is True
    first_turn(d, "b")
    d.fight()["positions"].update(a=10, b=15)
    d.fight()["readied"]["b"] = ["knife"]
    d.send("b", "declare", actions=[{"kind": "throw", "item": "knife", "at": 15}])  # distance 4
    d.send("b", "act", [4, 1])
    assert d.mine("b")["rolls"][d.open_roll("b")]["tn"] == 5
    near = Duel()
    to_fight(near, b_items=["knife"])
    near.send("a", "stealth", [5, 1, 2, 1])
    near.decide("stealth")
    first_turn(near, "b")
    near.fight()["positions"].update(a=12, b=15)
    near.fight()["readied"]["b"] = ["knife"]
    near.send("b", "declare", actions=[{"kind": "throw", "item": "knife", "at": 15}])  # distance 2
    near.send("b", "act", [4, 1])
    assert near.mine("b")["rolls"][near.open_roll("b")]["tn"] == 4
    far = Duel(b=character("cb", edges=["marksman"]), settings={"stealth_counter_traits": ["marksman"]})
    to_fight(far, b_items=["knife"])
    far.send("a", "stealth", [5, 1, 2, 1])
    far.decide("stealth")
    first_turn(far, "b")
    far.fight()["positions"].update(a=8, b=15)
    far.fight()["readied"]["b"] = ["knife"]
    far.send("b", "declare", actions=[{"kind": "throw", "item": "knife", "at": 15}])  # distance 6 < 8
    far.send("b", "act", [4, 1])
    assert far.mine("b")["rolls"][far.open_roll("b")]["tn"] == 4
    assert Duel(a=character("ca", skills={"stealth": 4})).state is not None


def test_ad_ord_01_the_opposed_notice_winner_goes_first_and_turns_alternate() -> None:
    d = Duel()
    to_fight(d)
    assert d.refused("a", "declare").code == "not_your_turn"
    first_turn(d, "b")
    assert d.view("a")["turn"]["active"] == "b"
    d.send("b", "end_turn")
    assert d.view("a")["turn"]["active"] == "a"
    d.send("a", "end_turn")
    assert d.view("a")["turn"]["active"] == "b"


def test_ad_ord_02_a_declaration_shows_its_public_part_and_keeps_its_hold_hidden() -> None:
    d = Duel()
    in_fight(d, a_ready=("long_sword",))
    d.send("a", "declare", [5, 2], move_to=5, actions=[{"kind": "other", "at": 5}], hold_trigger=0,
           hold_actions=[SWORD])
    b_sees = json.dumps([d.view("b"), d.seen("b")])
    assert d.view("b")["declaration"]["move_to"] == 5 and d.view("b")["declaration"]["path"] == [0, 1, 2, 3, 4, 5]
    assert "hold" not in json.dumps(d.seen("b")) and "long_sword\", \"kind" not in b_sees
    assert d.view("b")["hold"] is None and d.view("gm")["hidden"]["a"]["hold"]["trigger"] == 0
    assert d.refused("a", "declare", move_to=4).code == "declaration_locked"
    quiet = Duel(settings={"declaration_public_part": "gm_only", "declaration_locked": False})
    in_fight(quiet)
    quiet.send("a", "declare", move_to=5)
    assert "move_to" not in json.dumps(quiet.view("b")["declaration"]) and "path" not in json.dumps(quiet.seen("b"))
    quiet.send("a", "declare", move_to=4)  # not locked: changed before anything resolves
    assert quiet.mine("a")["declaration"]["move_to"] == 4


def test_ad_multi_01_actions_now_and_held_actions_count_together() -> None:
    d = Duel()
    in_fight(d, a_at=10, b_at=14, a_ready=("long_sword",))
    d.send("a", "declare", [5, 2], actions=[{"kind": "taunt", "at": 10}], hold_trigger=0, hold_actions=[SWORD])
    assert d.mine("a")["declaration"]["penalty"] == -2 and d.mine("a")["hold"]["penalty"] == -2
    d.send("a", "act", [4, 1, 3, 1])  # the Taunt, at -2, against b's Smarts
    assert d.contest("will_fight")["spec"]["a"]["modifiers"] == {"multi_action": -2}
    three = Duel()
    in_fight(three, a_at=10, b_at=11, a_ready=("long_sword",))
    three.send("a", "declare", actions=[{"kind": "taunt", "at": 10}, {**SWORD, "at": 10}, {**SWORD, "at": 10}])
    assert three.mine("a")["declaration"]["penalty"] == -4

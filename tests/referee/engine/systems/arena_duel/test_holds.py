"""AD-HOLD and AD-EDGE: holds in the hidden part, their triggers, contests, interrupts; First Strike, Code of Honour."""

from __future__ import annotations

import json
from typing import Any

from tests.referee.engine.systems.arena_duel.helpers import Duel, character, hold, in_fight, strike

SWORD = {"kind": "attack", "item": "long_sword"}
AXE_AT_13 = [{"kind": "attack", "item": "axe", "at": 13}]


def holding(a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, settings: dict[str, Any] | None = None,
            a_items: list[str] | None = None, trigger: int = 0, actions: list[dict[str, Any]] | None = None,
            agility: tuple[int, int] = (6, 2)) -> Duel:
    """GIVEN a on square 12 holding (a blow at distance ``trigger``), b on 19 with its axe, b to move."""
    d = Duel(a=a, b=b, settings=settings)
    ready = tuple(i for i in (a_items or ["long_sword"]) if i != "leather_armour")
    in_fight(d, a_at=12, b_at=19, a_ready=ready, b_ready=("axe",), a_items=a_items or ["long_sword", "leather_armour"])
    hold(d, "a", trigger, actions or [SWORD], list(agility))
    return d


def queue(d: Duel) -> list[tuple[str, bool]]:
    return [(s["seat"], s.get("held", False)) for s in d.fight()["queue"] if s["status"] != "done"]


def test_ad_hold_01_a_hold_is_written_in_the_hidden_part_and_its_agility_rolled_at_once() -> None:
    d = Duel()
    in_fight(d, a_at=12, b_at=19, a_ready=("long_sword",))
    d.send("a", "declare", [2, 1], hold_trigger=0, hold_actions=[SWORD])
    key = d.mine("a")["hold"]["roll"]
    assert d.state.chains[key].rolls[0]["total"] == 2 and d.state.chains[key].status == "open"
    d.send("a", "reroll", [7, 1], roll=key)  # bennies reroll it until it is finalized
    d.send("a", "finalize", roll=key)
    assert d.mine("a")["rolls"][key]["total"] == 7
    assert key not in json.dumps([d.view("b"), d.seen("b")]) and d.view("b")["hold"] is None


def test_ad_hold_02_the_trigger_is_the_declared_path_within_distance_with_an_action_there() -> None:
    d = holding()
    d.send("b", "declare", [3, 1], move_to=13, actions=AXE_AT_13)
    assert d.contest("hold")["sides"] == {"a": d.fight()["hold"]["roll"], "b": "c3.1:b"}
    assert next(e for e in d.events if e.code == "hold.triggered").audience == ("*",)
    short = holding()
    short.send("b", "declare", move_to=16)  # distance 3: outside the trigger distance
    assert not [e for e in short.events if e.code == "hold.triggered"]


def test_ad_hold_03_the_opponent_wins_its_turn_goes_on_and_the_held_actions_are_lost() -> None:
    d = holding(agility=(3, 1))
    d.send("b", "declare", [6, 1], move_to=13, actions=AXE_AT_13)
    d.decide("hold")
    assert queue(d) == [("b", False)] and d.fight()["hold"] is None
    assert [e.code for e in d.last][-1] == "hold.lost"


def test_ad_hold_04_the_holder_wins_interrupts_and_the_opponent_finishes_and_may_unshake() -> None:
    d = holding(agility=(6, 2))
    d.send("b", "declare", [3, 1], move_to=13, actions=AXE_AT_13)
    d.decide("hold")
    assert queue(d) == [("a", True), ("b", False)]
    assert next(e for e in d.events if e.code == "hold.contest").data["holder_total"] == 6  # revealed now
    strike(d, "a", [6, 1])  # Fighting 6 against b's Parry 5 (6, axe -1)
    d.send("a", "damage", [5, 4])
    d.send("gm", "announce", roll=d.open_roll("a", "damage"))
    d.send("b", "take")
    assert d.fight()["shaken"]["b"] and d.refused("b", "act").code == "shaken"
    d.send("b", "unshake", [4, 1], by="spirit")
    d.send("b", "finalize", roll=d.open_roll("b", "spirit"))
    assert d.refused("b", "unshake", by="spirit").code == "no_spirit_roll"
    d.send("gm", "announce", roll=d.open_roll("b", "spirit"))
    assert not d.fight()["shaken"]["b"]
    d.send("b", "act", [2, 1])  # b finishes its turn
    printed = holding(agility=(6, 2), settings={"shaken_recovery": "raise_to_act"})
    printed.send("b", "declare", [3, 1], move_to=13, actions=AXE_AT_13)
    printed.decide("hold")
    strike(printed, "a", [6, 1])
    printed.send("a", "damage", [5, 4])
    printed.send("gm", "announce", roll=printed.open_roll("a", "damage"))
    printed.send("b", "take")
    printed.roll_and_announce("b", "unshake", [4, 1], by="spirit")
    assert printed.refused("b", "act").code == "may_not_act"  # a success without a raise (SWD as printed)


def test_ad_hold_05_a_path_going_closer_with_nothing_on_the_first_square_meets_the_hold_with_no_roll() -> None:
    spear = {"kind": "attack", "item": "spear"}
    d = holding(a_items=["spear"], trigger=1, actions=[spear])
    d.send("b", "declare", move_to=13, actions=AXE_AT_13)
    assert not [c for c in d.state.data["contests"].values() if c["kind"] == "hold"]
    assert queue(d) == [("a", True), ("b", False)] and d.fight()["positions"]["b"] == 14
    assert next(e for e in d.events if e.code == "hold.interrupts").rule == "AD-HOLD-05"


def test_ad_hold_06_a_holder_shaken_when_the_trigger_happens_loses_the_held_actions() -> None:
    d = holding()
    d.fight()["shaken"]["a"] = True
    d.send("b", "declare", move_to=13, actions=AXE_AT_13)
    assert [e.code for e in d.events][-1] == "hold.lost" and queue(d) == [("b", False)]


def test_ad_hold_07_two_melee_fighters_whoever_wins_the_agility_contest_strikes_first() -> None:
    for a_agility, b_agility, first in (((6, 2), (3, 1), "a"), ((2, 1), (5, 1), "b")):
        d = holding(agility=a_agility)
        d.send("b", "declare", list(b_agility), move_to=13, actions=AXE_AT_13)
        d.decide("hold")
        assert queue(d)[0][0] == first
        while queue(d):
            d.send("gm", "pass_step")
        d.send("b", "end_turn")
        assert d.view("a")["turn"]["active"] == "a"  # and then turns alternate


def test_ad_hold_07_hold_countered_by_intimidation_on_the_way_the_held_action_is_lost() -> None:
    d = holding()
    d.send("b", "declare", move_to=13, actions=[{"kind": "intimidate", "at": 18}, *AXE_AT_13])
    assert queue(d)[0] == ("b", False)  # the Intimidation comes first, at distance 5
    d.send("b", "act", [2, 1, 6, 4, 1])  # a's Spirit 2; b's Intimidation 10 at -2 (two actions) = 8
    d.decide("will_fight")
    assert d.fight()["shaken"]["a"] is True
    assert [e.code for e in d.events][-1] == "hold.lost" and queue(d) == [("b", False)]


def test_ad_hold_07_a_reach_weapon_held_interrupts_an_approaching_sword_with_no_roll() -> None:
    for reach in ("spear", "halberd"):
        d = holding(a_items=[reach], trigger=1, actions=[{"kind": "attack", "item": reach}])
        d.send("b", "declare", move_to=13, actions=AXE_AT_13)
        assert queue(d) == [("a", True), ("b", False)]
        d.send("a", "act", [4, 1])  # the reach-1 blow at distance 1
        assert d.mine("a")["rolls"][d.open_roll("a")]["purpose"] == "attack"


def test_ad_hold_08_an_untriggered_hold_lapses_when_the_holder_s_next_turn_begins() -> None:
    d = holding()
    d.send("b", "declare", move_to=16)
    d.send("b", "end_turn")
    assert d.mine("a")["hold"] is None and "hold.lapsed" in d.codes("a")[-2:]
    kept = holding(settings={"hold_lasts": "until_used"})
    kept.send("b", "declare", move_to=16)
    kept.send("b", "end_turn")
    assert kept.mine("a")["hold"] is not None


def test_ad_edge_01_first_strike_wins_the_hold_contest_with_no_roll_for_melee_declarations() -> None:
    fs = character("ca", edges=["first_strike"])
    d = holding(a=fs)
    d.send("b", "declare", move_to=13, actions=AXE_AT_13)  # no Agility roll for b
    assert queue(d) == [("a", True), ("b", False)] and next(e for e in d.events if e.code == "hold.decided").rule == \
        "AD-EDGE-01"
    approaching = holding(b=character("cb", edges=["first_strike"]))
    approaching.send("b", "declare", move_to=13, actions=AXE_AT_13)
    assert queue(approaching) == [("b", False)]  # whichever side is holding
    both = holding(a=fs, b=character("cb", edges=["first_strike"]))
    both.send("b", "declare", [3, 1], move_to=13, actions=AXE_AT_13)
    assert both.contest("hold")["status"] == "open"  # rolled normally
    ranged = holding(a=fs, a_items=["knife"], actions=[{"kind": "throw", "item": "knife"}])
    ranged.send("b", "declare", [3, 1], move_to=13, actions=AXE_AT_13)
    assert ranged.contest("hold")["kind"] == "hold"  # not a melee declaration: the edge does not apply


def test_ad_edge_02_code_of_honour_loses_the_melee_contest_and_its_combinations() -> None:
    coh = character("cb", hindrances=["code_of_honour"])
    d = holding(b=coh)
    d.send("b", "declare", move_to=13, actions=AXE_AT_13)
    assert queue(d) == [("a", True), ("b", False)]
    both = holding(a=character("ca", hindrances=["code_of_honour"]), b=coh)
    both.send("b", "declare", [3, 1], move_to=13, actions=AXE_AT_13)
    assert both.contest("hold")["status"] == "open"
    fs_vs_coh = holding(a=character("ca", hindrances=["code_of_honour"]), b=character("cb", edges=["first_strike"]))
    fs_vs_coh.send("b", "declare", move_to=13, actions=AXE_AT_13)
    assert queue(fs_vs_coh) == [("b", False)]
    cancelled = holding(b=character("cb", edges=["first_strike"], hindrances=["code_of_honour"]))
    cancelled.send("b", "declare", [3, 1], move_to=13, actions=AXE_AT_13)
    assert cancelled.contest("hold")["status"] == "open"

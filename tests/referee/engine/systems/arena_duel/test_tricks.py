"""AD-POI and AD-WILL: poison on one's own weapon, will duels before the ring and in the fight."""

from __future__ import annotations

import json

from tests.referee.engine.systems.arena_duel.helpers import Duel, character, in_fight, to_final


def leaked(d: Duel) -> bool:
    """Whether b reads anything of a's poison: its view but its own hidden part, or its events."""
    shown = {k: v for k, v in d.view("b").items() if k != "me"}
    return "poison" in json.dumps([shown, d.seen("b")]) or d.view("b")["me"]["poisoned"] != ""


def test_ad_poi_01_poison_is_hidden_on_a_stealth_success_and_a_failure_wastes_the_vial() -> None:
    d = Duel(a=character("ca", poison_vials=1))
    to_final(d)
    d.roll_and_announce("a", "poison", [5, 1], item="long_sword")
    assert d.mine("a")["poisoned"] == "long_sword" and d.mine("a")["vial_used"]
    assert not leaked(d) and d.view("gm")["hidden"]["a"]["poisoned"]
    assert d.refused("a", "poison", item="long_sword").code == "no_vial"
    failed = Duel(a=character("ca", poison_vials=1))
    to_final(failed)
    failed.roll_and_announce("a", "poison", [2, 1], item="long_sword")
    assert failed.mine("a")["poisoned"] == "" and failed.mine("a")["poison_failed"] == "long_sword"
    assert not leaked(failed)
    told = Duel(a=character("ca", poison_vials=1), settings={"poison_failure_told": True})
    to_final(told)
    told.roll_and_announce("a", "poison", [2, 1], item="long_sword")
    assert "poison.failed" in [e["code"] for e in told.seen("b")] and "long_sword" not in str(told.seen("b")[-1])
    none = Duel()
    to_final(none)
    assert none.refused("a", "poison", item="long_sword").code == "no_vial"
    late = Duel(a=character("ca", poison_vials=1))
    to_final(late)
    late.send("b", "will_duel", [2, 1, 3, 1], skill="taunt")
    assert late.refused("a", "poison", item="long_sword").code == "too_late"


def test_ad_will_01_each_fighter_may_use_intimidation_taunt_or_both_just_before_the_ring() -> None:
    d = Duel(b=character("cb", skills={"taunt": 6}))
    d.state.data["private"]["b"]["sheet"]["skills"].pop("intimidation")
    to_final(d)
    d.send("a", "will_duel", [2, 1, 3, 1], skill="intimidation")
    d.send("a", "will_duel", [2, 1, 3, 1], skill="taunt")
    assert d.refused("a", "will_duel", skill="taunt").code == "already_used"
    assert d.refused("b", "will_duel", skill="intimidation").code == "no_such_skill"
    assert d.refused("a", "will_duel", skill="taunt").code == "already_used"


def test_ad_will_02_a_success_gives_plus_two_on_the_first_action_and_a_raise_starts_the_foe_shaken() -> None:
    d = Duel()
    to_final(d)
    d.send("a", "will_duel", [5, 1, 2, 1], skill="intimidation")  # Intimidation 5 against Spirit 2
    d.decide("will")
    assert d.fight()["bonus"]["a"] == 2 and not d.fight()["shaken"]["b"]
    d.send("b", "will_duel", [1, 2, 6, 4, 1], skill="taunt")  # a's Smarts 2 against b's Taunt 10: a raise
    d.decide("will")
    assert d.fight()["shaken"]["a"] and d.fight()["bonus"]["b"] == 2
    d.send("gm", "phase_next")
    assert next(e for e in d.events if e.code == "fight.entered").data["shaken"] == {"a": True, "b": False}
    d.fight()["positions"].update(a=12, b=13)
    d.fight()["readied"]["b"] = ["axe"]
    d.send("gm", "signal", [2, 1, 5, 1])
    d.decide("first_turn")
    d.send("b", "declare", actions=[{"kind": "attack", "item": "axe", "at": 13}])
    d.send("b", "act", [3, 1])
    assert d.mine("b")["rolls"][d.open_roll("b")]["modifiers"]["will_duel"] == 2
    gm = Duel(settings={"will_duel_results": "gm"})
    to_final(gm)
    gm.send("a", "will_duel", [5, 1, 2, 1], skill="intimidation")
    gm.decide("will")
    assert gm.fight()["bonus"]["a"] == 0 and gm.codes()[-1] == "will.for_gm"


def test_ad_will_03_in_the_fight_taunt_reaches_the_smarts_die_and_intimidation_the_spirit_die() -> None:
    d = Duel(a=character("ca", attributes={"smarts": 4, "spirit": 8}))
    in_fight(d, a_at=10, b_at=16)  # distance 5
    assert d.refused("a", "declare", actions=[{"kind": "taunt", "at": 10}]).code == "out_of_range"
    d.send("a", "declare", actions=[{"kind": "intimidate", "at": 10}])
    d.send("a", "act", [5, 1, 2, 1])  # a's Intimidation 5, b's Spirit 2
    d.decide("will_fight")
    assert d.fight()["bonus"]["a"] == 2
    free = Duel(a=character("ca", attributes={"smarts": 4}), settings={"will_range_unit": "none"})
    in_fight(free)
    free.send("a", "declare", actions=[{"kind": "taunt", "at": 0}])

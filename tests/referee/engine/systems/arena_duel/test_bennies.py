"""AD-BEN: three private fight bennies, persistent bennies on the character, rerolls, Shaken, soak."""

from __future__ import annotations

from referee.engine.systems.arena_duel.post import character_after
from referee.engine.systems.arena_duel.sheets import Character
from tests.referee.engine.systems.arena_duel.helpers import Duel, character, first_turn, to_fight


def test_ad_ben_01_each_fighter_receives_exactly_three_bennies_when_the_duel_opens() -> None:
    d = Duel()
    assert (d.bennies("a"), d.bennies("b")) == (3, 3)
    assert d.view("a")["me"]["bennies"] == 3 and "bennies" not in str(d.view("b").get("me", {}).get("rolls"))
    given = [e for e in d.events if e.code == "bennies.given"]
    assert {e.audience for e in given} == {("a", "gm"), ("b", "gm")}


def test_ad_ben_02_bennies_work_in_every_phase_and_unspent_ones_are_lost_at_the_close() -> None:
    d = Duel()
    d.send("a", "notice", [1, 2])
    d.send("a", "reroll", [3, 2], roll=d.open_roll("a"))  # preparation
    assert d.bennies("a") == 2
    d.send("a", "finalize", roll=d.open_roll("a"))
    d.send("gm", "announce", roll=d.open_roll("a"))
    to_fight(d)
    d.send("gm", "phase_next")
    d.send("b", "skill_roll", [2, 1], skill="healing")
    d.send("b", "reroll", [4, 1], roll=d.open_roll("b"))  # after the fight
    d.send("b", "finalize", roll=d.open_roll("b"))
    d.send("gm", "announce", roll=d.open_roll("b"))
    d.send("gm", "close")
    assert (d.bennies("a"), d.bennies("b")) == (0, 0)
    again = Duel()
    assert again.bennies("a") == 3  # never carried over


def test_ad_ben_03_a_persistent_benny_lives_on_the_character_and_outlives_the_duel() -> None:
    ca = character("ca", persistent=1)
    d = Duel(a=ca)
    assert d.view("a")["me"]["persistent_bennies"] == ["ca-amulet-0"]
    d.send("a", "notice", [1, 2])
    d.send("a", "reroll", [4, 1], roll=d.open_roll("a"), source="persistent")
    assert d.bennies("a") == 3 and d.view("a")["me"]["persistent_bennies"] == []
    d.send("a", "finalize", roll=d.open_roll("a"))
    d.send("gm", "announce", roll=d.open_roll("a"))
    to_fight(d)
    d.send("gm", "award", seat="b", item="amulet")
    d.send("gm", "phase_next")
    d.send("gm", "close", winner="b", force=True)
    result = d.state.outcome
    assert result is not None
    assert result["winner"] == "b" and result["fighters"]["a"]["persistent_spent"] == ["ca-amulet-0"]
    after_a = character_after(Character.from_dict(ca), result["fighters"]["a"], duel_id="duel-9")
    assert [(b.id, b.spent_in) for b in after_a.persistent_bennies] == [("ca-amulet-0", "duel-9")]
    after_b = character_after(Character.from_dict(character("cb")), result["fighters"]["b"], duel_id="duel-9")
    assert [(b.item, b.awarded_in, b.spent_in) for b in after_b.persistent_bennies] == [("amulet", "duel-9", "")]
    later = Duel(b=after_b.to_dict())
    assert later.view("b")["me"]["persistent_bennies"] == [after_b.persistent_bennies[0].id]


def test_ad_ben_04_a_benny_rerolls_a_trait_roll_or_ends_shaken_but_never_rerolls_damage() -> None:
    d = Duel()
    to_fight(d)
    d.fight()["shaken"]["b"] = True
    d.send("b", "unshake", by="benny")  # at any moment, even outside its turn
    assert d.fight()["shaken"]["b"] is False and d.bennies("b") == 2
    first_turn(d)
    d.fight()["positions"]["a"] = 12
    d.fight()["positions"]["b"] = 13
    d.fight()["readied"]["a"] = ["long_sword"]
    d.send("a", "declare", move_to=12, actions=[{"kind": "attack", "item": "long_sword", "at": 12}])
    d.send("a", "act", [6, 1])  # Fighting 6, +2 against an unarmed defender, against Parry 6: a hit
    d.send("a", "finalize", roll=d.open_roll("a"))
    d.send("gm", "announce", roll=d.open_roll("a"))
    d.send("a", "damage", [2, 3])
    key = d.open_roll("a", "damage")
    assert d.state.chains[key].status == "final"  # damage is never rerolled: final at once
    assert d.refused("a", "reroll", roll=key).code == "roll_final"


def test_ad_ben_05_a_critical_failure_is_final_at_once_unless_the_table_allows_rerolling_it() -> None:
    d = Duel()
    d.send("a", "notice", [1, 1])
    key = d.open_roll("a")
    assert d.state.chains[key].status == "final" and d.mine("a")["rolls"][key]["kept_critical_failure"]
    assert d.refused("a", "reroll", roll=key).code == "roll_final" and d.bennies("a") == 3
    d.send("gm", "announce", roll=key)
    assert d.mine("a")["reveals"] == 0
    lenient = Duel(settings={"crit_fail_reroll": True})
    lenient.send("a", "notice", [1, 1])
    lenient.send("a", "reroll", [5, 1], roll=lenient.open_roll("a"))
    assert lenient.state.chains[lenient.open_roll("a")].status == "open"


def _hit_for_wounds(d: Duel) -> None:
    to_fight(d)
    first_turn(d)
    d.fight()["positions"].update(a=12, b=13)
    d.fight()["readied"]["a"] = ["long_sword"]
    d.send("a", "declare", move_to=12, actions=[{"kind": "attack", "item": "long_sword", "at": 12}])
    d.send("a", "act", [7, 3])
    d.send("a", "finalize", roll=d.open_roll("a"))
    d.send("gm", "announce", roll=d.open_roll("a"))
    d.send("a", "damage", [8, 8, 6, 1])  # d8!+d8!: 8+8+6 and 1 = 23 against Toughness 5 + leather 1: 4 wounds


def test_ad_ben_06_a_soak_roll_cancels_a_wound_per_success_and_all_cancelled_ends_shaken() -> None:
    d = Duel()
    _hit_for_wounds(d)
    d.send("gm", "announce", roll=d.open_roll("a", "damage"))
    assert d.fight()["harm"]["wounds"] == 4 and d.view("b")["harm"]["wounds"] == 4
    d.send("b", "soak", [6, 6, 6, 2, 1])  # Vigor d6: 20 -> four successes and raises
    assert d.bennies("b") == 2
    assert d.refused("b", "soak").code == "nothing_to_soak"  # one soak roll per attack
    d.send("b", "finalize", roll=d.open_roll("b", "soak"))
    d.send("gm", "announce", roll=d.open_roll("b", "soak"))
    assert d.fight()["wounds"]["b"] == 0 and d.fight()["shaken"]["b"] is False
    partly = Duel()
    _hit_for_wounds(partly)
    partly.send("gm", "announce", roll=partly.open_roll("a", "damage"))
    partly.send("b", "soak", [4, 1])
    partly.send("b", "finalize", roll=partly.open_roll("b", "soak"))
    partly.send("gm", "announce", roll=partly.open_roll("b", "soak"))
    assert partly.fight()["wounds"]["b"] == 3 and partly.fight()["shaken"]["b"] is True
    none = Duel(settings={"soak_rule": "none"})
    _hit_for_wounds(none)
    none.send("gm", "announce", roll=none.open_roll("a", "damage"))
    assert none.refused("b", "soak").code == "no_soak"

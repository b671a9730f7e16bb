"""Secrecy and replay: what b may not see, permuted, leaves b's view, events, commands and errors byte-identical;
a reroll chain replayed after a crash rolls nothing twice."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.dice import ReplayMismatch
from referee.engine.live import Command, CommandError, replay, run
from referee.engine.systems.arena_duel import SYSTEM
from tests.referee.engine.systems.arena_duel.helpers import Duel, character, to_bans, to_final, to_selection
from tests.support.dice import ScriptedRoller

DIE = st.sampled_from([4, 6, 8, 10, 12])
FACE = st.integers(min_value=1, max_value=3)  # no aces, even on a d4: each roll takes two faces
PAIR = st.tuples(FACE, FACE).filter(lambda p: p != (1, 1))  # a critical failure ends a chain at once


def a_character(draw: Any) -> dict[str, Any]:
    return character("ca", persistent=draw(st.integers(0, 2)), arcane=draw(st.sampled_from(["", "magic", "miracles"])),
                     attributes={"agility": draw(DIE), "spirit": draw(DIE), "vigor": draw(DIE)},
                     skills={"fighting": draw(DIE), "notice": draw(DIE), "stealth": draw(DIE)},
                     edges=draw(st.lists(st.sampled_from(["brawny", "quick", "alertness"]), unique=True)),
                     poison_vials=1)


def probe(d: Duel, a_key: str) -> list[Any]:
    """b's refusals when it names a's roll, or a roll that does not exist."""
    out = []
    for kind, payload in (("reroll", {"roll": a_key}), ("finalize", {"roll": a_key}), ("finalize", {"roll": "hx"}),
                          ("soak", {}), ("unshake", {"by": "spirit"})):
        try:
            run(SYSTEM, d.state.copy(), Command(kind, "b", payload), ScriptedRoller([]))
            out.append("accepted")
        except CommandError as exc:
            out.append([exc.code, exc.message, exc.field])
    return out


def observed(d: Duel, a_key: str = "") -> str:
    return json.dumps([d.view("b"), d.seen("b"), d.allowed("b"), probe(d, a_key)], sort_keys=True)


def rerolls(d: Duel, seat: str, key: str, faces: list[tuple[int, int]]) -> None:
    for face in faces:
        d.send(seat, "reroll", list(face), roll=key, source="fight")


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_it_hides_a_s_sheet_information_rolls_rerolls_and_bennies_from_b(data: Any) -> None:
    def play(a: dict[str, Any], notice: list[tuple[int, int]], magic: tuple[int, int]) -> tuple[str, str]:
        d = Duel(a=a)
        d.send("a", "notice", list(notice[0]))
        key = d.open_roll("a")
        rerolls(d, "a", key, notice[1:])
        d.send("a", "finalize", roll=key)
        d.send("gm", "announce", roll=key)
        before = observed(d, key)
        d.send("a", "knowledge_magic", list(magic))
        d.send("a", "finalize", roll=d.open_roll("a"))
        d.send("gm", "announce", [1] if sum(magic) > 0 and max(magic) >= 8 else [], roll=d.open_roll("a"))
        return before, observed(d, key)

    baseline = play(character("ca"), [(1, 2)], (1, 2))
    variant = play(a_character(data.draw),
                   data.draw(st.lists(PAIR, min_size=1, max_size=4)),
                   data.draw(PAIR))
    assert variant == baseline


@settings(max_examples=25, deadline=None)
@given(items=st.lists(st.sampled_from(["long_sword", "axe", "spear", "knife", "chain_mail", "leather_armour"]),
                      max_size=4),
       gambling=st.lists(PAIR, max_size=3))
def test_it_hides_a_s_loadout_before_both_chose_and_a_s_gambling_rerolls(items: list[str],
                                                                           gambling: list[tuple[int, int]]) -> None:
    def play(chosen: list[str], faces: list[tuple[int, int]]) -> str:
        d = Duel()
        d.send("gm", "phase_next", [5, 2, 3, 2])
        rerolls(d, "a", d.contest("gambling")["sides"]["a"], faces)  # the best (5) still counts
        d.decide("gambling")
        d.send("gm", "phase_next")
        d.send("b", "ban", group="bows")
        d.send("a", "ban", group="crossbow")
        d.send("a", "bans_done")
        d.send("gm", "phase_next")
        d.send("a", "choose", items=chosen)
        return observed(d, d.contest("gambling")["sides"]["a"])

    assert play(items, gambling) == play(["long_sword"], [])


@settings(max_examples=25, deadline=None)
@given(trigger=st.integers(0, 2), agility=PAIR, tries=st.lists(PAIR, max_size=2),
       poison=PAIR, kind=st.sampled_from(["attack", "throw"]))
def test_it_hides_a_s_poison_hold_orders_and_their_agility_from_b(trigger: int, agility: tuple[int, int],
                                                                  tries: list[tuple[int, int]],
                                                                  poison: tuple[int, int], kind: str) -> None:
    def play(trigger: int, agility: tuple[int, int], tries: list[tuple[int, int]], poison: tuple[int, int],
             kind: str) -> str:
        d = Duel(a=character("ca", poison_vials=1))
        to_final(d, a_items=["knife", "leather_armour"])
        d.roll_and_announce("a", "poison", list(poison), item="knife")
        d.send("gm", "phase_next")
        d.send("gm", "signal", [5, 2, 3, 2])
        d.decide("first_turn")
        d.fight()["positions"].update(a=10, b=25)
        d.fight()["readied"]["a"] = ["knife"]
        d.send("a", "declare", list(agility), hold_trigger=trigger, hold_actions=[{"kind": kind, "item": "knife"}])
        rerolls(d, "a", d.mine("a")["hold"]["roll"], tries)
        d.send("a", "end_turn")
        d.send("b", "declare", move_to=20)  # outside every trigger distance
        return observed(d, d.mine("a")["hold"]["roll"])

    assert play(trigger, agility, tries, poison, kind) == play(0, (1, 2), [], (1, 2), "attack")


def test_another_seat_s_roll_and_a_missing_one_are_refused_alike() -> None:
    d = Duel()
    d.send("a", "notice", [3, 2])
    assert probe(d, d.open_roll("a"))[0] == probe(d, "hnothing")[0] == ["no_such_roll", "you have no such roll", "roll"]


def test_knowledge_is_never_taken_back_by_a_replay_without_the_command() -> None:
    from referee.engine.systems.arena_duel.sheets import keep_learned

    d = Duel()
    d.roll_and_announce("a", "notice", [4, 1])
    d.send("a", "learn", what="trait", name="vigor")
    rebuilt, _ = replay(SYSTEM, d.initial, d.groups[:-1])  # the learn undone
    assert rebuilt.data["private"]["a"]["knowledge"] == []
    keep_learned(rebuilt, d.state)
    assert rebuilt.data["private"]["a"]["knowledge"] == [{"kind": "trait", "name": "vigor", "die": 6}]


def test_a_reroll_chain_replayed_after_a_crash_rolls_nothing_twice() -> None:
    d = Duel()
    d.send("a", "notice", [1, 2])
    key = d.open_roll("a")
    rerolls(d, "a", key, [(2, 1), (3, 1)])  # the server stops here; the chain is stored with three rolls
    rebuilt, applied = replay(SYSTEM, d.initial, d.groups)
    assert rebuilt.to_dict() == d.state.to_dict() and [len(a.rolls) for a in applied] == [0, 1, 1, 1]
    d.state = rebuilt  # carry on from the rebuilt table: only the new command rolls
    d.send("a", "reroll", [4, 1], roll=key)
    d.send("a", "finalize", roll=key)
    assert [r["total"] for r in d.state.chains[key].rolls] == [2, 2, 3, 4] and d.mine("a")["rolls"][key]["total"] == 4
    tampered = [*d.groups[:2], type(d.groups[2])(d.groups[2].command, [])]
    with pytest.raises(ReplayMismatch):
        replay(SYSTEM, d.initial, tampered)  # a stored reroll missing: the replay refuses, it never rolls anew


def test_a_whole_preparation_and_opening_replays_to_the_same_table() -> None:
    d = Duel()
    to_selection(d)
    d.send("a", "choose", items=["long_sword"])
    d.send("b", "choose", items=["axe"])
    d.send("gm", "phase_next")
    d.send("gm", "phase_next")
    d.send("gm", "signal", [5, 2, 3, 2])
    d.decide("first_turn")
    rebuilt, applied = replay(SYSTEM, d.initial, d.groups)
    assert rebuilt.to_dict() == d.state.to_dict()
    assert sum(len(a.rolls) for a in applied) == sum(len(g.rolls) for g in d.groups)


@pytest.mark.parametrize("agility", [(2, 3), (3, 1)])
def test_ad_hold_01_whether_a_declaration_hides_a_hold_at_all_is_kept_from_b(agility: tuple[int, int]) -> None:
    """The public part shows the path and the actions, never the multi-action penalty the hold adds."""
    def play(held: bool) -> str:
        d = Duel()
        to_final(d, a_items=["knife", "leather_armour"])
        d.send("gm", "phase_next")
        d.send("gm", "signal", [5, 2, 3, 2])
        d.decide("first_turn")
        hold = {"hold_trigger": 1, "hold_actions": [{"kind": "attack", "item": "knife"}]} if held else {}
        d.send("a", "declare", list(agility) if held else [], move_to=3,
               actions=[{"kind": "ready", "item": "knife"}], **hold)
        return json.dumps([d.view("b"), d.seen("b"), d.allowed("b")], sort_keys=True)

    assert play(True) == play(False)


def test_the_gm_is_offered_each_roll_waiting_for_an_announcement_and_only_the_banning_fighter_a_ban() -> None:
    d = Duel()
    d.send("a", "notice", [3, 2])
    key = d.open_roll("a")
    assert "announce" not in {c["kind"] for c in d.allowed("gm")}
    d.send("a", "finalize", roll=key)
    offered = {c["kind"]: c for c in d.allowed("gm")}
    assert offered["announce"]["options"] == {"roll": [key], "contest": []}
    e = Duel()
    to_bans(e)  # a won the Gambling: b, the loser, bans first
    assert "ban" in {c["kind"] for c in e.allowed("b")} and "ban" not in {c["kind"] for c in e.allowed("a")}


def test_the_outcome_s_private_part_is_its_fighter_s_and_the_gm_s() -> None:
    d = Duel(a=character("ca", persistent=1))
    to_final(d)
    d.send("gm", "phase_next")
    d.send("gm", "phase_next")
    d.send("gm", "award", seat="b", item="ring")
    d.send("gm", "close", winner="a", force=True)
    mine, theirs = d.view("b")["outcome"]["fighters"], d.view("a")["outcome"]["fighters"]
    assert mine["b"]["persistent_awarded"][0]["item"] == "ring" and "persistent_awarded" not in theirs["b"]
    assert d.view("gm")["outcome"] == d.state.outcome and theirs["b"]["result"] == "lost"

"""AD-ROLL: hidden rolls, rerolls until finalized, the GM's announcement, opposed rolls, private counts."""

from __future__ import annotations

import json

from tests.referee.engine.systems.arena_duel.helpers import Duel, to_gambling


def test_ad_roll_01_every_roll_is_private_to_the_roller_and_the_gm() -> None:
    d = Duel()
    d.send("a", "notice", [4, 2])
    key = d.open_roll("a")
    assert [r["key"] for r in d.view("a")["me"]["rolls"]] == [key]
    assert key in json.dumps(d.view("gm")["hidden"]["a"]["rolls"])
    assert key not in json.dumps(d.view("b")) and key not in json.dumps(d.seen("b"))
    assert [e["code"] for e in d.seen("b")] == [e["code"] for e in Duel().seen("b")]


def test_ad_roll_02_the_roller_rerolls_with_bennies_until_it_accepts_and_the_best_counts() -> None:
    d = Duel()
    d.send("a", "notice", [5, 1])
    key = d.open_roll("a")
    d.send("a", "reroll", [2, 1], roll=key)
    d.send("a", "reroll", [3, 1], roll=key)
    d.send("a", "reroll", [1, 2], roll=key)
    assert d.bennies("a") == 0 and d.refused("a", "reroll", roll=key).code == "no_benny"
    d.send("a", "finalize", roll=key)
    assert d.mine("a")["rolls"][key]["total"] == 5  # the best of 5, 2, 3, 2
    last = Duel(settings={"reroll_keeps": "last"})
    last.send("a", "notice", [5, 1])
    last.send("a", "reroll", [2, 1], roll=last.open_roll("a"))
    last.send("a", "finalize", roll=last.open_roll("a"))
    assert last.mine("a")["rolls"][last.open_roll("a")]["total"] == 2


def test_ad_roll_03_the_gm_announces_the_effect_after_finalizing_and_no_reroll_follows() -> None:
    d = Duel()
    d.send("a", "notice", [4, 2])
    key = d.open_roll("a")
    assert d.refused("gm", "announce", roll=key).code == "not_final"
    d.send("a", "finalize", roll=key)
    d.send("gm", "announce", roll=key)
    assert d.refused("a", "reroll", roll=key).code == "roll_final"
    assert d.refused("gm", "announce", roll=key).code == "announced"
    announced = next(e for e in d.events if e.code == "roll.announced")
    assert "totals" not in announced.data  # the effect, not the numbers (CONFIG)
    shown = Duel(settings={"announce_shows_total": True})
    shown.roll_and_announce("a", "notice", [4, 2])
    assert next(e for e in shown.events if e.code == "roll.announced").data["totals"] == {shown.open_roll("a"): 4}


def test_ad_roll_04_both_sides_of_an_opposed_roll_finalize_unseen_before_the_gm_compares() -> None:
    d = Duel()
    to_gambling(d, (5, 2), (3, 2))
    contest = d.contest("gambling")
    d.send("a", "finalize", roll=contest["sides"]["a"])
    assert d.refused("gm", "announce", contest="c1").code == "not_final"
    assert "c1.1:a" not in json.dumps(d.seen("b")) and "c1.1:a" in json.dumps(d.seen("a"))
    assert contest["sides"]["a"] not in json.dumps(d.view("b")["me"]["rolls"])
    d.send("b", "reroll", [4, 1], roll=contest["sides"]["b"])
    d.send("b", "finalize", roll=contest["sides"]["b"])
    d.send("gm", "announce", contest="c1")
    assert d.state.data["duel"]["gambling"]["winner"] == "a"


def test_ad_roll_05_benny_and_reroll_counts_stay_private_even_after_the_announcement() -> None:
    d = Duel()
    to_gambling(d, (2, 2), (3, 2))
    a_key = d.contest("gambling")["sides"]["a"]
    d.send("a", "reroll", [5, 1], roll=a_key)
    d.send("a", "reroll", [6, 1, 1], roll=a_key)
    d.decide("gambling")
    b_sees = json.dumps([d.view("b"), d.seen("b")])
    assert "tries" not in b_sees and '"bennies": 1' not in b_sees and "bennies:a" not in b_sees
    assert d.view("a")["me"]["bennies"] == 1 and d.view("gm")["hidden"]["a"]["bennies"] == 1
    public = Duel(settings={"benny_counts_private": False})
    to_gambling(public, (2, 2), (3, 2))
    public.send("a", "reroll", [5, 1], roll=public.contest("gambling")["sides"]["a"])
    public.decide("gambling")
    assert next(e for e in public.events if e.code == "roll.announced").data["rolls"]["c1.1:a"]["tries"] == 2

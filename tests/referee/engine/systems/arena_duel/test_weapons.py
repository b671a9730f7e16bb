"""AD-WPN: the weapon table as a rules pack, strength caps, minimum strength, crossbow, knuckles, buckler, helmet."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

import pytest

from referee.engine.packfiles import PackError, load_pack
from referee.engine.systems.arena_duel import SYSTEM
from referee.engine.systems.arena_duel.pack import PACK_DIR, default_pack, parse_arena_pack
from tests.referee.engine.systems.arena_duel.helpers import Duel, character, in_fight, strike, to_selection


def test_ad_wpn_01_the_shipped_pack_holds_the_source_table() -> None:
    pack = load_pack(PACK_DIR, parser_for=lambda s: parse_arena_pack).typed
    assert pack.groups == ("bows", "crossbow", "small", "light", "medium", "heavy", "thrown", "shields", "armour")
    longbow, crossbow, halberd = pack.items["longbow"], pack.items["crossbow"], pack.items["halberd"]
    assert (longbow.range, longbow.damage_dice, longbow.min_str, longbow.weight) == ((15, 30, 60), "2d6", 8, 2)
    assert (crossbow.ap, crossbow.reload) == (2, 1)
    assert (halberd.damage_die, halberd.ap, halberd.reach, halberd.parry_at_contact) == (8, 1, 1, -1)
    assert (pack.items["long_sword"].weight, pack.items["long_sword"].weight_unit) == (4, "kg")
    assert pack.items["plate_greaves"].covers == ("legs",)  # GAP-08
    assert pack.always == ("leather_armour",) and len(pack.items) == 28


@pytest.mark.parametrize(("file", "entry", "change"), [
    ("items.json", "knife", lambda raw: raw["items"][7].update(group="swords")),
    ("items.json", "bow", lambda raw: raw["items"][0].update(range=[24, 12, 48])),
    ("items.json", "axe", lambda raw: raw["items"][13].update(damage={"str": True, "die": 7})),
    ("items.json", "helmet", lambda raw: raw["items"][25]["armour"].update(covers=["tail"])),
    ("groups.json", "always", lambda raw: raw.update(always=["plate_boots"])),
])
def test_ad_wpn_01_a_malformed_pack_is_refused_naming_the_file_and_entry(tmp_path: Path, file, entry, change) -> None:
    for name in ("pack.json", "groups.json", "items.json"):
        raw = json.loads((PACK_DIR / name).read_text())
        if name == file:
            raw = copy.deepcopy(raw)
            change(raw)
        (tmp_path / name).write_text(json.dumps(raw))
    with pytest.raises(PackError) as refused:
        load_pack(tmp_path, parser_for=lambda s: parse_arena_pack)
    assert refused.value.file == file and refused.value.entry == entry


def _attack(d: Duel, seat: str, item: str, kind: str = "attack", faces: tuple[int, ...] = (6, 1), **extra) -> str:
    at = d.fight()["positions"][seat]
    d.send(seat, "declare", actions=[{"kind": kind, "item": item, "at": at, **extra}])
    strike(d, seat, list(faces))
    return d.open_roll(seat)


def test_ad_wpn_02_the_damage_die_never_exceeds_the_strength_die() -> None:
    for strength, notation in ((10, "d10!+d8!"), (8, "d8!+d8!"), (6, "d6!+d6!")):
        d = Duel(a=character("ca", attributes={"strength": strength}))
        in_fight(d, a_at=12, b_at=13, a_ready=("long_sword",))
        _attack(d, "a", "long_sword", faces=(7, 1))
        d.send("a", "damage", [2, 2])
        assert d.state.chains[d.open_roll("a", "damage")].notation == notation
    bow = Duel(a=character("ca", attributes={"strength": 12}))
    in_fight(bow, a_at=10, b_at=14, a_ready=("throwing_axe",), a_items=["throwing_axe"])
    _attack(bow, "a", "throwing_axe", "throw", faces=(6, 1, 1))
    bow.send("a", "damage", [2, 2])
    assert bow.state.chains[bow.open_roll("a", "damage")].notation == "d12!+d6!"


def test_ad_wpn_03_minimum_strength_costs_one_per_die_step_short_on_ranged_and_thrown() -> None:
    d = Duel(a=character("ca", attributes={"strength": 4}))
    in_fight(d, a_at=5, b_at=15, a_ready=("throwing_spear",), a_items=["throwing_spear"])
    key = _attack(d, "a", "throwing_spear", "throw", faces=(5, 1))
    assert d.mine("a")["rolls"][key]["modifiers"]["min_strength"] == -1  # d4 against d6
    from referee.engine.systems.arena_duel.pack import default_pack
    from referee.engine.systems.arena_duel.weapons import min_strength_penalty

    assert min_strength_penalty(default_pack().items["longbow"], 4, "shoot") == -2  # the source's example
    assert min_strength_penalty(default_pack().items["longbow"], 4, "attack") == 0


def test_ad_wpn_04_a_crossbow_shot_right_after_another_takes_the_multi_action_penalty() -> None:
    d = Duel()
    in_fight(d, a_at=5, b_at=20, a_ready=("crossbow",), a_items=["crossbow", "bolts"], bans=("bows", "light"))
    shot = {"kind": "shoot", "item": "crossbow", "at": 5}
    d.send("a", "declare", actions=[shot])
    assert d.mine("a")["declaration"]["penalty"] == 0  # the first shot is normal
    strike(d, "a", [2, 1])
    d.send("a", "end_turn")
    d.send("b", "end_turn")
    d.send("a", "declare", actions=[shot])
    assert d.mine("a")["declaration"]["penalty"] == -2
    strike(d, "a", [2, 1])
    d.send("a", "end_turn")
    d.send("b", "end_turn")
    d.send("a", "declare")
    d.send("a", "end_turn")
    d.send("b", "end_turn")
    d.send("a", "declare", actions=[shot])  # a turn skipped in between
    assert d.mine("a")["declaration"]["penalty"] == 0


def test_ad_wpn_05_knuckles_count_as_unarmed_for_defence_and_give_a_martial_artist_no_extra_d4() -> None:
    d = Duel(b=character("cb", edges=["martial_artist"]))
    in_fight(d, a_at=12, b_at=13, a_ready=("long_sword",), b_ready=("knuckles",), b_items=["knuckles"])
    key = _attack(d, "a", "long_sword", faces=(2, 1))
    assert d.mine("a")["rolls"][key]["modifiers"]["unarmed_defender"] == 2
    d.send("a", "end_turn")
    _attack(d, "b", "knuckles", faces=(7, 1))
    d.send("b", "damage", [2, 2])
    assert d.state.chains[d.open_roll("b", "damage")].notation == "d8!+d4!"


def test_ad_wpn_06_a_buckler_strikes_at_minus_one_and_loses_its_parry_on_the_opponent_s_next_turn() -> None:
    from referee.engine.systems.arena_duel.system import SYSTEM
    from referee.engine.systems.arena_duel.weapons import parry

    d = Duel()
    in_fight(d, a_at=12, b_at=13, a_ready=("buckler",), b_ready=("axe",), a_items=["buckler"])
    assert parry(d.state, SYSTEM.ctx(d.state), "a", gap_=0) == 7
    key = _attack(d, "a", "buckler", faces=(2, 1))
    assert d.mine("a")["rolls"][key]["modifiers"]["buckler"] == -1
    d.send("a", "end_turn")
    assert parry(d.state, SYSTEM.ctx(d.state), "a", gap_=0) == 6
    d.send("b", "end_turn")
    d.send("a", "end_turn")
    assert parry(d.state, SYSTEM.ctx(d.state), "a", gap_=0) == 7


def test_ad_wpn_07_a_plain_helmet_is_checked_fifty_fifty_on_each_head_hit() -> None:
    for faces, armour_holds in (([50], True), ([51], False)):
        d = Duel()
        in_fight(d, a_at=12, b_at=13, a_ready=("long_sword",), b_items=["helmet"])
        _attack(d, "a", "long_sword", faces=(6, 6, 6, 1), called="head")
        d.send("a", "damage", [4, 4, 6, 1])
        d.send("gm", "announce", faces, roll=d.open_roll("a", "damage"))
        announced = [e for e in d.events if e.code == "roll.announced"][-1]
        assert announced.data["helmet"] == [{"item": "helmet", "rolled": faces[0], "holds": armour_holds}]
    steel = Duel()
    in_fight(steel, a_at=12, b_at=13, a_ready=("long_sword",), b_items=["steel_helmet"])
    _attack(steel, "a", "long_sword", faces=(6, 6, 6, 1), called="head")
    steel.send("a", "damage", [4, 4, 6, 1])
    steel.send("gm", "announce", roll=steel.open_roll("a", "damage"))  # no check: always +3


def test_ad_wpn_01_the_table_s_pinned_pack_is_the_one_its_duel_uses() -> None:
    """A league's own pack version (a house rule dropping the rapier) is what a loaded table plays with."""
    shipped = default_pack()
    house = dataclasses.replace(shipped, items={s: i for s, i in shipped.items.items() if s != "rapier"})
    d = Duel()
    assert "rapier" in SYSTEM.ctx(d.state).pack.items
    d.state.rules = house
    assert SYSTEM.ctx(d.state).pack is house
    to_selection(d)
    offered = {c["kind"]: c for c in d.allowed("a")}["choose"]["options"]["items"]
    assert "rapier" not in offered and "long_sword" in offered

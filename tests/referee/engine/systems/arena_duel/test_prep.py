"""AD-INFO and AD-PREP: hidden sheets, information rolls, Gambling, bans, the hidden selection."""

from __future__ import annotations

import json

import pytest

from referee.engine.system_settings import SettingsInvalid
from referee.engine.systems.arena_duel.settings import ArenaDuelSettings
from tests.referee.engine.systems.arena_duel.helpers import Duel, character, to_bans, to_final, to_selection


def test_ad_info_01_at_the_start_only_the_final_charisma_is_visible() -> None:
    d = Duel()
    b_view = d.view("b")
    assert b_view["fighters"]["a"]["charisma"] == 2 and "me" in b_view
    assert "attributes" not in json.dumps(b_view["fighters"]) and "hidden" not in b_view
    assert b_view["me"]["sheet"]["charisma"] == -1
    assert "fighting" not in json.dumps(d.seen("b")).replace(json.dumps(b_view["me"]["sheet"]), "")
    assert set(d.view("gm")["hidden"]) == {"a", "b"}


def test_ad_prep_01_preparation_runs_in_order_and_the_order_is_a_setting() -> None:
    d = Duel()
    assert d.view("a")["phase"] == "prep_info"
    assert d.refused("a", "ban", group="bows").code == "wrong_phase"
    to_final(d)
    assert d.view("a")["phase"] == "prep_final"
    d.send("gm", "phase_next")
    assert d.view("a")["phase"] == "fight"
    moved = Duel(settings={"prep_order": ["prep_gambling", "prep_info", "prep_bans", "prep_selection",
                                          "prep_final"]})
    assert moved.view("a")["phase"] == "prep_gambling"
    assert moved.refused("a", "notice").code == "wrong_phase"


@pytest.mark.parametrize("order", [
    ["prep_info", "prep_gambling", "prep_bans", "prep_final", "prep_selection"],  # poison before the weapons
    ["prep_final", "prep_info", "prep_gambling", "prep_bans", "prep_selection"],
])
def test_ad_prep_01_poison_and_will_duels_come_after_weapon_selection_and_last(order: list[str]) -> None:
    with pytest.raises(SettingsInvalid, match="prep_order"):
        ArenaDuelSettings.from_dict({"prep_order": order})


def test_ad_prep_02_notice_reveals_a_trait_chosen_by_the_roller_or_a_random_unrevealed_feature() -> None:
    d = Duel(b=character("cb", edges=["first_strike"], hindrances=["code_of_honour"]))
    d.roll_and_announce("a", "notice", [6, 6, 1, 2])  # 13: a success and two raises, three reveals
    assert d.mine("a")["reveals"] == 3
    d.send("a", "learn", what="trait", name="fighting")
    d.send("a", "learn", what="feature", dice=[2])  # the second of the two unrevealed: the hindrance
    d.send("a", "learn", what="feature", dice=[1])
    assert d.view("a")["me"]["knowledge"] == [
        {"kind": "trait", "name": "fighting", "die": 8},
        {"kind": "feature", "name": "code_of_honour", "edge": False},
        {"kind": "feature", "name": "first_strike", "edge": True}]
    assert "first_strike" not in json.dumps([d.view("b")["fighters"], d.seen("b")])
    again = Duel()
    again.roll_and_announce("a", "notice", [4, 1])
    again.send("a", "learn", what="feature")
    assert again.mine("a")["knowledge"] == [{"kind": "no_feature_left"}]  # told so (Default)
    assert again.refused("a", "learn", what="feature").code == "no_reveals"


def test_ad_prep_03_knowledge_magic_tells_the_gift_and_a_raise_one_random_skill_without_its_die() -> None:
    d = Duel(b=character("cb", arcane="magic", skills={"spellcasting": 10}))
    d.roll_and_announce("a", "knowledge_magic", [6, 4, 1], then=[12])  # 10: a raise; b's twelfth skill
    facts = d.mine("a")["knowledge"]
    assert facts[0] == {"kind": "gift", "value": "magic"}
    assert facts[1] == {"kind": "skill", "name": "throwing"}  # its die hidden (GAP-17)
    plain = Duel(b=character("cb", arcane="magic"))
    plain.roll_and_announce("a", "knowledge_magic", [4, 1])
    assert plain.mine("a")["knowledge"] == [{"kind": "gift", "value": "magic"}]
    shows = Duel(settings={"magic_raise_shows_die": True})
    shows.send("a", "knowledge_magic", [6, 2, 1])
    shows.send("a", "finalize", roll=shows.open_roll("a"))
    shows.send("gm", "announce", roll=shows.open_roll("a"), dice=[1])
    assert shows.mine("a")["knowledge"][1] == {"kind": "skill", "name": "fighting", "die": 8}


def test_ad_prep_04_one_notice_and_one_knowledge_attempt_each_by_default() -> None:
    d = Duel()
    d.roll_and_announce("a", "notice", [2, 1])
    assert d.refused("a", "notice").code == "no_attempts_left"
    d.roll_and_announce("a", "knowledge_magic", [2, 1])
    assert d.refused("a", "knowledge_magic").code == "no_attempts_left"
    two = Duel(settings={"info_attempts": 2})
    two.roll_and_announce("a", "notice", [2, 1])
    two.roll_and_announce("a", "notice", [2, 1])
    assert two.refused("a", "notice").code == "no_attempts_left"


def test_ad_prep_05_the_gambling_loser_must_ban_exactly_one_group_first() -> None:
    d = Duel()
    to_bans(d)
    assert d.view("b")["duel"]["gambling"]["winner"] == "a"
    assert d.refused("a", "ban", group="bows").code == "not_your_ban"
    assert d.refused("gm", "phase_next").code == "step_unfinished"
    d.send("b", "ban", group="bows")
    assert d.refused("b", "ban", group="heavy").code == "not_your_ban"


def test_ad_prep_06_the_winner_bans_one_and_persuasion_buys_optional_extra_bans() -> None:
    d = Duel()
    to_bans(d)
    d.send("b", "ban", group="bows")
    assert d.refused("a", "ban", group="bows").code == "already_banned"
    d.send("a", "ban", group="heavy")
    assert d.refused("a", "ban", group="light").code == "no_bans_left"
    d.roll_and_announce("a", "persuade", [6, 3, 1])  # 9: a success and a raise, two extra bans
    assert d.state.data["duel"]["extra_bans"] == 2
    d.send("a", "ban", group="light")
    d.send("a", "bans_done")  # the second extra is optional
    assert [b["group"] for b in d.view("b")["duel"]["bans"]] == ["bows", "heavy", "light"]
    many = Duel()
    to_bans(many)
    many.send("b", "ban", group="bows")
    many.send("a", "ban", group="crossbow")
    many.roll_and_announce("a", "persuade", [6, 6, 6, 6, 6, 2, 1])  # 32: eight more, seven groups left
    for group in ("small", "light", "medium", "heavy", "thrown", "shields", "armour"):
        many.send("a", "ban", group=group)
    assert many.state.data["duel"]["extra_bans"] == 0  # the extra bans beyond the groups left are ignored


def test_ad_prep_07_the_nine_groups_and_leather_armour_always_allowed() -> None:
    d = Duel()
    to_bans(d)
    d.send("b", "ban", group="armour")
    assert d.refused("a", "ban", group="swords").code == "no_such_group"
    d.send("a", "ban", group="shields")
    d.send("a", "bans_done")
    d.send("gm", "phase_next")
    assert d.refused("a", "choose", items=["chain_mail"]).code == "item_not_allowed"
    d.send("a", "choose", items=["long_sword", "leather_armour"])
    assert d.mine("a")["loadout"] == ["long_sword", "leather_armour"]


def test_ad_prep_08_selection_is_hidden_until_both_chose_unless_the_winner_makes_the_loser_first() -> None:
    d = Duel()
    to_selection(d)
    d.send("a", "choose", items=["long_sword"])
    assert "long_sword" not in json.dumps([d.view("b"), d.seen("b")])
    d.send("b", "choose", items=["axe"])
    assert d.view("b")["fighters"]["a"]["loadout"] == ["long_sword"]
    first = Duel()
    to_selection(first)
    first.send("a", "loser_first")
    assert first.refused("a", "choose", items=["axe"]).code == "loser_first"
    first.send("b", "choose", items=["spear"])
    assert first.view("a")["me"]["seen_loadout"] == ["spear"]
    first.send("a", "choose", items=["axe"])
    assert first.refused("a", "choose", items=["knife"]).code == "already_chosen"


def test_ad_prep_09_items_are_for_this_fight_and_their_weight_is_recorded_with_a_warning() -> None:
    d = Duel(a=character("ca", attributes={"strength": 4}))
    to_selection(d)
    d.send("a", "choose", items=["axe", "large_shield", "chain_mail"])  # 31 against 5 x d4 = 20
    chosen = next(e for e in d.events if e.code == "loadout.chosen")
    assert chosen.data["weight"] == 31 and chosen.data["overweight"] is True and chosen.audience == ("a", "gm")
    d.send("b", "choose", items=["axe"])
    d.send("gm", "phase_next")
    d.send("gm", "phase_next")
    d.send("gm", "phase_next")
    d.send("gm", "close")
    assert d.state.outcome is not None and d.mine("a")["loadout"] == []
    assert d.state.outcome["items_returned"]["a"] == ["axe", "large_shield", "chain_mail"]

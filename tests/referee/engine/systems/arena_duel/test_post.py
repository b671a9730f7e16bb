"""AD-POST: healing and other skills after the fight, rerolled with the bennies left, the ritual, the close."""

from __future__ import annotations

from tests.referee.engine.systems.arena_duel.helpers import Duel, character, to_fight


def after(d: Duel) -> None:
    to_fight(d)
    d.send("gm", "phase_next")


def test_ad_post_01_healing_and_other_skills_may_be_used_after_the_fight() -> None:
    d = Duel()
    after(d)
    d.fight()["wounds"]["b"] = 2
    d.roll_and_announce("a", "skill_roll", [6, 2, 1], skill="healing", target="b")  # 8: two wounds healed
    assert d.fight()["wounds"]["b"] == 0
    d.roll_and_announce("b", "skill_roll", [4, 1], skill="notice")
    assert d.codes()[-1] == "roll.announced"


def test_ad_post_02_unspent_fight_bennies_reroll_these_rolls_and_are_then_lost() -> None:
    d = Duel()
    after(d)
    d.send("a", "skill_roll", [1, 2], skill="healing")
    for face in (2, 3, 2):
        d.send("a", "reroll", [face, 1], roll=d.open_roll("a"))
    assert d.refused("a", "reroll", roll=d.open_roll("a")).code == "no_benny"
    d.send("a", "finalize", roll=d.open_roll("a"))
    d.send("gm", "announce", roll=d.open_roll("a"))
    d.send("gm", "close")
    assert d.bennies("b") == 0


def test_ad_post_03_the_ritual_restores_power_points_equal_to_the_total_capped() -> None:
    d = Duel(a=character("ca", power_points=2, max_power_points=10, skills={"spellcasting": 8}))
    after(d)
    assert d.refused("a", "ritual", skill="spellcasting").code == "not_the_ritual_skill"
    d.send("gm", "ritual_skill", seat="a", skill="spellcasting")
    d.roll_and_announce("a", "ritual", [6, 1], skill="spellcasting")
    assert d.mine("a")["sheet"]["power_points"] == 8
    assert d.refused("a", "ritual", skill="spellcasting").code == "already_done"
    capped = Duel(a=character("ca", power_points=8, max_power_points=10), settings={"ritual_skills": ["healing"]})
    after(capped)
    capped.roll_and_announce("a", "ritual", [6, 6, 1, 1], skill="healing")
    assert capped.mine("a")["sheet"]["power_points"] == 10
    capped.send("gm", "close")
    assert capped.state.outcome is not None and capped.state.outcome["fighters"]["a"]["power_points"] == 10


def test_ad_post_04_closing_the_duel_takes_back_the_items_issued_for_the_fight() -> None:
    d = Duel()
    after(d)
    assert d.view("a")["fighters"]["b"]["loadout"] == ["axe", "leather_armour"]
    d.send("gm", "close", winner="a")
    assert d.view("a")["fighters"]["b"]["loadout"] == [] and d.mine("a")["loadout"] == []
    assert d.state.outcome is not None
    assert d.state.outcome["items_returned"] == {"a": ["long_sword", "leather_armour"],
                                                 "b": ["axe", "leather_armour"]}
    assert d.state.outcome["fighters"]["a"]["result"] == "won" and d.state.status == "ended"
    assert d.refused("a", "skill_roll", skill="healing").code == "table_ended"

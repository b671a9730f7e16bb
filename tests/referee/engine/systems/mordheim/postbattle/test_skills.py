"""Skills that change campaign logic (MH-SKL-04..08)."""

from __future__ import annotations

from referee.engine.systems.mordheim.postbattle.skills import (
    may_learn_lesser_magic,
)
from referee.engine.systems.mordheim.warband.trading import SearchingHero, apply_haggle, search_modifiers
from tests.support.dice import ScriptedRoller

from ..helpers import hero, raw_tables, tables

SPEC_SKILLS = {
    "combat": [
        "strike_to_injure",
        "combat_master",
        "weapons_training",
        "web_of_steel",
        "expert_swordsman",
        "step_aside",
    ],
    "shooting": [
        "quick_shot",
        "pistolier",
        "eagle_eyes",
        "weapons_expert",
        "nimble",
        "trick_shooter",
        "hunter",
        "knife_fighter",
    ],
    "academic": [
        "battle_tongue",
        "sorcery",
        "streetwise",
        "haggle",
        "arcane_lore",
        "wyrdstone_hunter",
        "warrior_wizard",
    ],
    "strength": ["mighty_blow", "pit_fighter", "resilient", "fearsome", "strongman", "unstoppable_charge"],
    "speed": ["leap", "sprint", "acrobat", "lightning_reflexes", "jump_up", "dodge", "scale_sheer_surfaces"],
}


def test_mh_skl_04_streetwise_adds_two_to_the_heros_own_rare_item_rolls():
    # The one implementation is the roster engine's (warband/trading.py); the API test is
    # tests/roster/api/test_trading_api.py.
    assert search_modifiers(SearchingHero("h", skills=frozenset({"streetwise"})), None) == (("streetwise", 2),)
    assert search_modifiers(SearchingHero("h"), None) == ()


def test_mh_skl_05_haggle_takes_2d6_off_one_price_never_below_one():
    assert apply_haggle(roller=ScriptedRoller([3, 4]), price=40, skills={"haggle"}).price == 33
    assert apply_haggle(roller=ScriptedRoller([6, 6]), price=10, skills={"haggle"}).price == 1


def test_mh_skl_07_arcane_lore_learns_lesser_magic_with_a_tome():
    lore = hero("h", skills=("arcane_lore",))
    assert may_learn_lesser_magic(lore, owns_tome_of_magic=True)
    assert not may_learn_lesser_magic(lore, owns_tome_of_magic=False)
    assert not may_learn_lesser_magic(hero("h"), owns_tome_of_magic=True)


def test_mh_skl_08_every_skill_has_its_list_and_effect_text():
    assert {k: list(v) for k, v in tables().skill_lists.items()} == SPEC_SKILLS
    assert len(tables().skills) == 34
    for list_id, skills in SPEC_SKILLS.items():
        for s in skills:
            assert tables().skills[s].list == list_id and tables().skills[s].effect
    assert tables().skills["sprint"].effect == "triples Movement when running or charging"
    assert tables().skills["lightning_reflexes"].en == "Lightning Reflexes"
    assert [s["id"] for s in raw_tables()["skills"]] == [s for v in SPEC_SKILLS.values() for s in v]

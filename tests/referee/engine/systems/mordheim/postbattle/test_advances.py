"""Advance rolls (spec 6), characteristic maximums (spec 7.1) and choosing skills (6.3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.engine.systems.mordheim.answers import resolve_decision
from referee.engine.systems.mordheim.apply import apply_effects
from referee.engine.systems.mordheim.decisions import DecisionError
from referee.engine.systems.mordheim.effects import GainSkill, GainSpell, Note, PromoteToHero, StatChange
from referee.engine.systems.mordheim.postbattle.advances import AdvanceSession, thresholds_crossed
from referee.engine.systems.mordheim.state import STATS, MordheimSettings, Profile, find_warrior
from tests.support.dice import ScriptedRoller, endless

from ..helpers import HERO_PROFILE, SETTINGS, at_max, group, hero, leader, raw_tables, rules_of, tables, warband


def advance(w, faces, *, others=(), settings=SETTINGS, slots=6, **wb_kw):
    """One advance for ``w`` (threshold 2) in warband A."""
    wbs = (warband("A", w, *others, hero_slots_max=slots, **wb_kw),)
    roller = ScriptedRoller(faces)
    session = AdvanceSession(wbs, tables(), settings, roller, "t")
    if w.is_hero:
        session.hero_advance(w.id, 2)
    else:
        session.henchman_advance(w.id, 2)
    return session, roller, wbs


def answer(decision, value, wbs, faces=()):
    return resolve_decision(
        request=decision,
        answer=value,
        warbands=wbs,
        tables=tables(),
        settings=SETTINGS,
        roller=ScriptedRoller(faces),
    )


# Heroes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "result"),
    [([1, 1], "ADV_H_SKILL"), ([2, 3], "ADV_H_SKILL"), ([5, 5], "ADV_H_SKILL"), ([6, 6], "ADV_H_SKILL")],
)
def test_mh_adv_h_01_two_to_five_and_ten_to_twelve_give_a_skill(faces, result):
    s, roller, _ = advance(hero("h1"), faces)
    assert s.records[0].result == result and s.decisions[0].kind == "skill"
    assert [(r.notation, r.rule) for r in roller.made] == [("2D6", "MH-ADV-H-01")]


@pytest.mark.parametrize(
    ("faces", "stat"),
    [
        ([3, 3, 3], "S"),
        ([3, 3, 4], "A"),
        ([4, 4, 1], "I"),
        ([4, 4, 6], "Ld"),
        ([4, 5, 2], "W"),
        ([4, 5, 5], "T"),
    ],
)
def test_mh_adv_h_01_six_eight_nine_roll_d6_for_the_characteristic(faces, stat):
    s, roller, _ = advance(hero("h1"), faces)
    assert s.effects == [StatChange("h1", stat, 1, "MH-ADV-H-01")]
    assert rules_of(roller.made) == ["MH-ADV-H-01", "MH-ADV-H-01"] and s.records[0].sub_roll == faces[2]


def test_mh_adv_h_01_seven_is_the_players_choice_of_ws_or_bs():
    s, _, wbs = advance(hero("h1"), [3, 4])
    (d,) = s.decisions
    assert d.kind == "ws_or_bs" and [o.value for o in d.options] == ["WS", "BS"] and s.effects == []
    res = answer(d, "BS", wbs)
    assert res.effects == (StatChange("h1", "BS", 1, "MH-ADV-H-01"),)


def test_mh_adv_h_02_a_wizard_may_take_a_random_spell_instead_of_a_skill():
    s, _, wbs = advance(hero("h1", is_wizard=True, skill_lists=("academic",)), [1, 2])
    (d,) = s.decisions
    assert d.options[-1].value == "spell"
    assert answer(d, "spell", wbs).effects == (GainSpell("h1", "MH-ADV-H-02"),)


def test_mh_adv_h_03_maximums_apply_to_hero_advances():
    # GIVEN Strength at the human maximum and a 6 (S or A) whose D6 says S
    s, _, _ = advance(at_max(hero("h1"), "S"), [3, 3, 2])
    assert s.effects == [StatChange("h1", "A", 1, "MH-CAP-02")]


# Maximums -------------------------------------------------------------------------------


def test_mh_cap_01_no_characteristic_goes_above_the_racial_maximum():
    # GIVEN every characteristic but M at maximum, and W and T both at maximum (a 9)
    h1 = at_max(hero("h1", profile=HERO_PROFILE.with_delta("M", -1)), *[s for s in STATS if s != "M"])
    s, _, wbs = advance(h1, [4, 5, 3])
    (d,) = s.decisions
    assert [o.value for o in d.options] == ["M"]
    with pytest.raises(DecisionError):
        answer(d, "WS", wbs)


def test_mh_cap_02_if_the_selected_one_is_at_maximum_take_the_other():
    s, _, _ = advance(at_max(hero("h1"), "WS"), [3, 4])
    assert s.effects == [StatChange("h1", "BS", 1, "MH-CAP-02")] and s.decisions == []
    s, _, _ = advance(at_max(hero("h1"), "Ld"), [4, 4, 6])
    assert s.effects == [StatChange("h1", "I", 1, "MH-CAP-02")]


def test_mh_cap_03_both_at_maximum_any_other_below_maximum_movement_included():
    s, _, wbs = advance(at_max(hero("h1", profile=HERO_PROFILE.with_delta("M", -1)), "W", "T"), [4, 5, 1])
    (d,) = s.decisions
    assert d.kind == "any_stat" and d.rule == "MH-CAP-03"
    assert [o.value for o in d.options] == ["M", "WS", "BS", "S", "I", "A", "Ld"]
    assert answer(d, "M", wbs).effects == (StatChange("h1", "M", 1, "MH-CAP-03"),)


def test_mh_cap_04_henchman_single_characteristic_at_maximum_rolls_again():
    # GIVEN a group at its maximum Initiative: a 3 (I) is re-rolled, then a 5 (S)
    s, roller, _ = advance(at_max(group("g"), "I"), [1, 2, 2, 3])
    assert s.effects == [StatChange("g", "S", 1, "MH-ADV-K-01")]
    assert rules_of(roller.made) == ["MH-ADV-K-01", "MH-ADV-K-03"] and s.records[0].rolls == (3, 5)


def test_mh_cap_05_a_hero_with_every_characteristic_at_maximum_loses_the_advance():
    s, _, _ = advance(at_max(hero("h1"), *STATS), [3, 3, 1])
    assert s.effects == [Note("h1", "advance_lost", "every characteristic is at its maximum", "MH-CAP-05")]
    assert s.records[0].lost == "all_at_maximum"


def test_mh_cap_06_racial_maximum_profiles():
    t = tables()
    expected = {
        "human": (4, 6, 6, 4, 4, 3, 6, 4, 9),
        "elf": (5, 7, 7, 4, 4, 3, 9, 4, 10),
        "dwarf": (3, 7, 6, 4, 5, 3, 5, 4, 10),
        "ogre": (6, 6, 5, 5, 5, 5, 6, 5, 9),
        "halfling": (4, 5, 7, 3, 3, 3, 9, 4, 10),
        "possessed": (6, 8, 0, 6, 6, 4, 7, 5, 10),
        "vampire": (6, 8, 6, 7, 6, 4, 9, 4, 10),
        "skaven": (6, 6, 6, 4, 4, 3, 7, 4, 7),
        "ghoul": (5, 5, 2, 4, 5, 3, 5, 5, 7),
    }
    for race, values in expected.items():
        assert t.race_maximum(race, SETTINGS) == Profile(values), race
    # [DISC] Halfling I 9 (S1) or 8 (S5); Gor is only S1's unverified "Other Beastmen" row
    assert t.race_maximum("halfling", MordheimSettings(halfling_initiative_max=8))["I"] == 8
    assert t.race_maximum("beastman_gor", SETTINGS) == Profile((5, 7, 6, 4, 5, 4, 6, 4, 9))
    assert not t.races["beastman_gor"].verified
    with pytest.raises(KeyError):
        t.race_maximum("beastman_gor", MordheimSettings(gor_uses_candidate_maximum=False))


def test_mh_cap_07_maximums_bind_henchmen_too():
    # GIVEN a group at its racial maximum Attacks (never raised): an 8 (A) rolls again, then 9 (Ld)
    g = replace(group("g"), max_profile=group("g").profile.with_delta("Ld", 1))  # all at maximum but Ld
    s, _roller, _ = advance(g, [4, 4, 4, 5])
    assert s.effects == [StatChange("g", "Ld", 1, "MH-ADV-K-01")]


# Henchmen -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "stat"), [([1, 1], "I"), ([1, 3], "I"), ([2, 3], "S"), ([4, 4], "A"), ([4, 5], "Ld")]
)
def test_mh_adv_k_01_henchman_table(faces, stat):
    s, roller, _ = advance(group("g"), faces)
    assert s.effects == [StatChange("g", stat, 1, "MH-ADV-K-01")]
    assert [(r.notation, r.rule) for r in roller.made] == [("2D6", "MH-ADV-K-01")]


def test_mh_adv_k_01_six_or_seven_is_a_choice_and_ten_to_twelve_the_lads_got_talent():
    s, _, _ = advance(group("g"), [3, 3])
    assert s.decisions[0].kind == "ws_or_bs"
    s, _, _ = advance(group("g"), [5, 5, 1, 2])  # talent; the two models left roll again (3 -> I)
    assert s.decisions[0].kind == "lads_got_talent"


def test_mh_adv_k_02_a_group_raises_each_characteristic_once_in_its_career():
    g = group("g", raised=("A",))
    s, _roller, wbs = advance(g, [4, 4, 4, 5])  # A again: re-roll; then Ld
    assert s.effects == [StatChange("g", "Ld", 1, "MH-ADV-K-01")]
    after = find_warrior(apply_effects(wbs, s.effects), "g")[1]
    assert after.raised == ("A", "Ld")


def test_mh_adv_k_03_rolls_again_until_an_eligible_characteristic():
    g = group("g", raised=("I", "S"))
    s, roller, _ = advance(g, [1, 1, 2, 3, 1, 2, 4, 5])  # I, S, I, then Ld
    assert s.records[0].rolls == (2, 5, 3, 9)
    assert rules_of(roller.made) == ["MH-ADV-K-01", "MH-ADV-K-03", "MH-ADV-K-03", "MH-ADV-K-03"]


def test_mh_adv_k_04_ws_or_bs_with_one_eligible_is_applied_and_with_none_rolls_again():
    s, _, _ = advance(group("g", raised=("WS",)), [3, 4])
    assert s.effects == [StatChange("g", "BS", 1, "MH-ADV-K-04")] and s.decisions == []
    s, roller, _ = advance(group("g", raised=("WS", "BS")), [3, 4, 1, 1])
    assert s.effects == [StatChange("g", "I", 1, "MH-ADV-K-01")]
    assert rules_of(roller.made) == ["MH-ADV-K-01", "MH-ADV-K-04"]


def test_mh_adv_k_05_lads_got_talent_makes_a_hero_with_two_chosen_lists_and_one_hero_roll():
    # GIVEN a group of three with 5 XP and a free Hero slot; the other two roll again: 2D6 = 2 (I)
    g = group("g", 3, xp=5, raised=("S",), models=("Ulf", "Hans", "Jorg"))
    s, _, wbs = advance(g, [6, 4, 1, 1], hero_skill_lists=("combat", "shooting", "speed"))
    (talent,) = [d for d in s.decisions if d.kind == "lads_got_talent"]
    assert [q.name for q in talent.questions] == ["choice", "model"]
    assert talent.questions[0].pick == 2 and [o.value for o in talent.options] == [
        "combat",
        "shooting",
        "speed",
    ]
    wbs = apply_effects(wbs, s.effects)
    # WHEN the player picks Hans and combat + speed (his Hero roll: 2D6 = 4+5 (W or T), D6 = 5 -> T)
    res = answer(talent, {"choice": ["combat", "speed"], "model": ["Hans"]}, wbs, faces=[4, 5, 5])
    new = f"{talent.id}:hero"
    assert res.effects == (
        PromoteToHero("g", new, ("combat", "speed"), "Hans", "MH-ADV-K-05"),
        StatChange(new, "T", 1, "MH-ADV-H-01"),
    )
    after = apply_effects(wbs, res.effects)
    promoted = find_warrior(after, new)[1]
    assert (
        promoted.is_hero
        and promoted.type == g.type
        and promoted.xp == 5
        and promoted.skill_lists == ("combat", "speed")
    )
    assert promoted.profile["S"] == g.profile["S"] and promoted.profile["I"] == g.profile["I"] + 1
    assert find_warrior(after, "g")[1].count == 2
    with pytest.raises(DecisionError):
        answer(talent, {"choice": ["combat", "combat"], "model": ["Hans"]}, wbs)


def test_mh_adv_k_05_no_hero_slot_rolls_again_and_so_does_a_further_ten_to_twelve():
    others = tuple(hero(f"h{i}") for i in range(2))
    s, roller, _ = advance(group("g"), [5, 5, 6, 6, 1, 2], others=others, slots=2)
    assert s.effects == [StatChange("g", "I", 1, "MH-ADV-K-01")] and s.decisions == []
    assert rules_of(roller.made) == ["MH-ADV-K-01", "MH-ADV-K-05", "MH-ADV-K-05"]


def test_mh_adv_k_06_the_rest_of_the_group_rolls_again_rerolling_ten_to_twelve():
    s, roller, _ = advance(group("g", 2), [5, 6, 6, 6, 4, 4])
    assert [d.kind for d in s.decisions] == ["lads_got_talent"]
    assert s.effects == [StatChange("g", "A", 1, "MH-ADV-K-01")]
    assert rules_of(roller.made) == ["MH-ADV-K-01", "MH-ADV-K-06", "MH-ADV-K-06"]
    # AND a group of one has nobody left to roll
    s, roller, _ = advance(group("g", 1), [5, 6])
    assert len(roller.made) == 1 and s.effects == []


def test_mh_adv_k_07_the_new_hero_follows_hero_thresholds_from_his_current_xp():
    wbs = (warband("A", group("g", 2, xp=5)),)
    wbs = apply_effects(wbs, [PromoteToHero("g", "new", ("combat", "speed"))])
    new = find_warrior(wbs, "new")[1]
    assert new.starting_xp == 5
    assert thresholds_crossed(new.kind, 5, 9, new.starting_xp, tables())[0] == (6, 8)
    # the Henchman threshold 9 means nothing to him, and Hero thresholds 2 and 4 are never given back
    assert thresholds_crossed(new.kind, 0, 9, new.starting_xp, tables())[0] == (6, 8)


def test_mh_adv_k_08_no_eligible_result_loses_the_advance_without_rolling():
    g = group("g", raised=("I", "S", "A", "Ld", "WS", "BS"))
    s, roller, _ = advance(g, [], others=(hero("h1"),), slots=1)
    assert roller.made == [] and s.records[0].lost == "no_eligible_result"
    assert s.effects == [Note("g", "advance_lost", "no result on the table can apply", "MH-ADV-K-08")]


def test_mh_adv_k_08_adversarial_dice_cannot_loop_for_ever():
    # GIVEN only Ld is still eligible and the dice show 2 (I) for ever
    g = group("g", raised=("I", "S", "A", "WS", "BS"))
    wbs = (warband("A", g, hero("h1"), hero_slots_max=1),)
    roller = endless([1, 1])
    session = AdvanceSession(wbs, tables(), MordheimSettings(reroll_guard=50), roller, "t")
    # WHEN the advance is rolled, THEN the guard ends it and records the advance as lost
    session.henchman_advance("g", 2)
    assert session.records[0].lost == "reroll_guard" and len(roller.made) == 50
    assert session.effects == [Note("g", "advance_lost", "re-roll guard reached", "MH-ADV-K-08")]


# Skills ---------------------------------------------------------------------------------


def _skill_options(h, **wb_kw):
    s, _, wbs = advance(h, [1, 1], **wb_kw)
    return [o.value for o in s.decisions[0].options], s.decisions[0], wbs


def test_mh_skl_01_skills_come_only_from_the_heros_own_lists():
    values, d, wbs = _skill_options(hero("h1", skill_lists=("speed",)))
    assert values == list(raw_tables()["skill_lists"][4]["skills"])
    assert answer(d, "sprint", wbs).effects == (GainSkill("h1", "sprint", "MH-SKL-01"),)


def test_mh_skl_02_never_the_same_skill_twice():
    values, d, wbs = _skill_options(hero("h1", skill_lists=("speed",), skills=("sprint",)))
    assert "sprint" not in values
    # AND two pending picks cannot both take the same skill
    values, d, wbs = _skill_options(hero("h1", skill_lists=("speed",)))
    wbs = apply_effects(wbs, [GainSkill("h1", "dodge")])
    with pytest.raises(DecisionError):
        answer(d, "dodge", wbs)


def test_mh_skl_03_restricted_skills_are_not_offered():
    academic = ("academic",)
    values, _, _ = _skill_options(hero("h1", skill_lists=academic))
    assert "battle_tongue" not in values and "sorcery" not in values and "warrior_wizard" not in values
    values, _, _ = _skill_options(leader("h1", skill_lists=academic, is_wizard=True))
    assert {"battle_tongue", "sorcery", "warrior_wizard", "arcane_lore"} <= set(values)
    values, _, _ = _skill_options(leader("h1", skill_lists=academic), faction="undead")
    assert "battle_tongue" not in values
    values, _, _ = _skill_options(
        hero("h1", skill_lists=academic, is_wizard=True), faction="sisters_of_sigmar"
    )
    assert "sorcery" not in values and "arcane_lore" not in values
    values, _, _ = _skill_options(
        hero("h1", skill_lists=academic, type="warrior_priest"), faction="witch_hunters"
    )
    assert "arcane_lore" not in values


def test_mh_skl_03_incompatible_skills_are_allowed_with_a_warning_unless_the_league_forbids():
    _, d, _ = _skill_options(hero("h1", skill_lists=("shooting",), skills=("quick_shot",)))
    labels = {o.value: o.label for o in d.options}
    assert "cannot be used together with quick_shot" in labels["nimble"]
    assert "quick_shot" not in labels["trick_shooter"]
    strict = MordheimSettings(allow_incompatible_skills=False)
    s, _, _ = advance(hero("h1", skill_lists=("shooting",), skills=("nimble",)), [1, 1], settings=strict)
    assert "quick_shot" not in [o.value for o in s.decisions[0].options]

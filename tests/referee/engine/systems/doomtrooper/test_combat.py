"""Attack, combat and points through the engine (DT-ATK, DT-CMB, DT-PTS)."""

from __future__ import annotations

from referee.engine.systems.doomtrooper.combat import stat
from tests.referee.engine.systems.doomtrooper.game import Game


def duel(a: str = "heavy_trooper", d: str = "line_trooper", **settings) -> tuple[Game, str, str]:
    """s1's ``a`` against s2's ``d``, s1 in its second Action step."""
    g = Game(starting_fate=40, **settings)
    attacker = g.deploy("s1", a)
    g.pass_turn()
    defender = g.deploy("s2", d)
    g.pass_turn()
    return g, attacker, defender


def test_dt_atk_01_one_attack_the_last_action_never_in_the_first_turn() -> None:
    g = Game(starting_fate=40)
    mine = g.deploy("s1", "heavy_trooper")
    g.send("s1", "meditate")
    theirs = g.deploy("s1", "line_trooper")
    g.pass_turn()
    g.pass_turn()
    g.attack(mine, theirs)
    assert g.me("s1")["actions_left"] == 0  # the rest are lost
    g.pass_combat()
    assert g.state.turn.phase == "discard"
    assert g.refuse("s1", "meditate") == "wrong_phase"
    g.state.turn.phase = "actions"  # even with actions back, a second attack is refused
    g.me("s1")["actions_left"] = 2
    assert g.refuse("s1", "attack", attacker=g.h(mine, "s1"), defender=g.h(theirs, "s1"),
                    tactic="fight") == "second_attack"


def test_dt_atk_02_any_other_warrior_may_be_the_defender_and_roles_stay() -> None:
    g = Game(starting_fate=40)
    mine = g.deploy("s1", "heavy_trooper")
    other = g.deploy("s1", "tribal_scout")
    g.pass_turn()
    g.pass_turn()
    assert g.refuse("s1", "attack", attacker=g.h(mine, "s1"), defender=g.h(mine, "s1"),
                    tactic="fight") == "bad_defender"
    g.attack(mine, other)  # your own warrior may be the defender
    assert (g.state.data["combat"]["attackers"], g.state.data["combat"]["defenders"]) == ([mine], [other])


def test_dt_atk_03_the_tactic_is_used_by_both_warriors() -> None:
    g, attacker, defender = duel()
    g.attack(attacker, defender, "shoot")
    assert (stat(g.state, attacker, "shoot"), stat(g.state, defender, "shoot")) == (7, 5)
    values = g.state.data["combat"]
    assert values["tactic"] == "shoot"


def test_dt_cmb_01_the_preliminary_check_applies_nothing() -> None:
    g, attacker, defender = duel()
    g.attack(attacker, defender, "shoot")
    pre = [e for e in g.events if e.code == "combat_preliminary"][-1]
    # Shoot 7 against Armour 4 would wound; Shoot 5 against Armour 6 would not.
    assert [ref["$card"] for ref in pre.data["would_wound"]] == [defender]
    assert g.state.cards[defender].data["status"] == "unwounded"


def test_dt_cmb_02_weapons_must_fit_the_tactic_and_one_per_warrior() -> None:
    g, attacker, defender = duel()
    g.send("s1", "equip", slug="combat_blade", warrior=g.h(attacker, "s1"))
    blade = g.newest()
    g.send("s1", "equip", slug="chain_axe", warrior=g.h(attacker, "s1"))
    axe = g.newest()
    g.attack(attacker, defender, "shoot")
    assert g.refuse("s1", "weapon", warrior=g.h(attacker, "s1"), weapons=[g.h(blade, "s1")]) == "weapon_tactic"
    assert stat(g.state, attacker, "shoot") == 7  # a sword adds nothing when shooting
    g2, attacker, defender = duel()
    for slug in ("combat_blade", "chain_axe"):
        g2.send("s1", "equip", slug=slug, warrior=g2.h(attacker, "s1"))
    blade, axe = list(g2.state.cards[attacker].data["attachments"])
    g2.attack(attacker, defender, "fight")
    both = [g2.h(blade, "s1"), g2.h(axe, "s1")]
    assert g2.refuse("s1", "weapon", warrior=g2.h(attacker, "s1"), weapons=both) == "one_weapon"
    g2.send("s1", "weapon", warrior=g2.h(attacker, "s1"), weapons=[g2.h(axe, "s1")])
    assert stat(g2.state, attacker, "fight") == 8
    g3, attacker, defender = duel(weapon_limit="one_class")
    for slug in ("combat_blade", "chain_axe"):
        g3.send("s1", "equip", slug=slug, warrior=g3.h(attacker, "s1"))
    g3.attack(attacker, defender, "fight")
    g3.send("s1", "weapon", warrior=g3.h(attacker, "s1"),
            weapons=[g3.h(c, "s1") for c in g3.state.cards[attacker].data["attachments"]])
    assert stat(g3.state, attacker, "fight") == 10


def test_dt_cmb_03_a_wounded_warrior_fights_unchanged() -> None:
    g, attacker, defender = duel()
    before = stat_after_attack(g, attacker, defender)
    g2, attacker2, defender2 = duel()
    g2.state.cards[attacker2].data["status"] = "wounded"
    assert stat_after_attack(g2, attacker2, defender2) == before


def stat_after_attack(g: Game, attacker: str, defender: str) -> tuple[int, int]:
    g.attack(attacker, defender, "fight")
    return stat(g.state, attacker, "fight"), stat(g.state, attacker, "armour")


def test_dt_cmb_04_modifier_rounds_alternate_until_both_pass_in_a_row() -> None:
    g, attacker, defender = duel()
    g.attack(attacker, defender, "shoot")
    assert g.state.window.priority == "s1"
    g.send("s1", "modifier", slug="aim", warrior=g.h(attacker, "s1"))
    g.send("s1", "pass")
    g.send("s2", "modifier", slug="brace", warrior=g.h(defender, "s2"))
    g.send("s2", "pass")
    assert g.state.window is not None  # a card was played since s1's pass
    g.send("s1", "pass")
    assert g.state.window is None and any(e.code == "combat_resolved" for e in g.events)


def test_dt_cmb_05_one_card_of_a_kind_per_player_per_warrior() -> None:
    g, attacker, defender = duel()
    g.attack(attacker, defender, "shoot")
    g.send("s1", "modifier", slug="aim", warrior=g.h(attacker, "s1"))
    assert g.refuse("s1", "modifier", slug="aim", warrior=g.h(attacker, "s1")) == "modifier_kind_used"
    g.send("s1", "pass")
    g.send("s2", "modifier", slug="aim", warrior=g.h(attacker, "s2"))  # GAP-09: per player


def test_dt_cmb_06_a_replacement_s_controller_plays_for_it_and_roles_stay() -> None:
    g = Game(starting_fate=40)
    attacker = g.deploy("s1", "heavy_trooper")
    g.pass_turn()
    first = g.deploy("s2", "tribal_scout")
    stand_in = g.deploy("s2", "line_trooper")
    g.pass_turn()
    g.attack(attacker, first, "shoot")
    g.send("s1", "pass")
    g.send("s2", "replace_combatant", slug="swap_in", side="defenders", warrior=g.h(stand_in, "s2"))
    assert g.state.data["combat"]["defenders"] == [stand_in]
    g.send("s2", "modifier", slug="brace", warrior=g.h(stand_in, "s2"))
    assert stat(g.state, stand_in, "armour") == 6


def test_dt_cmb_07_values_may_be_zero_or_negative() -> None:
    g, attacker, defender = duel("tribal_scout", "tribal_scout")
    g.attack(attacker, defender, "fight")
    g.send("s1", "modifier", slug="dark_curse", warrior=g.h(defender, "s1"))
    g.send("s1", "modifier", slug="brace", warrior=g.h(attacker, "s1"))
    assert stat(g.state, defender, "fight") == 0  # 3 - 3
    g.send("s1", "pass")
    g.send("s2", "modifier", slug="dark_curse", warrior=g.h(defender, "s2"))
    assert stat(g.state, defender, "fight") == -3
    g.pass_combat()
    assert g.state.cards[attacker].data["status"] == "unwounded"


def test_dt_cmb_08_a_value_at_least_the_armour_wounds_otherwise_nothing() -> None:
    g, attacker, defender = duel("line_trooper", "line_trooper")  # Fight 4 against Armour 4: both hit
    g.attack(attacker, defender, "fight")
    g.pass_combat()
    assert {g.state.cards[w].data["status"] for w in (attacker, defender)} == {"wounded"}
    g2, attacker, defender = duel("tribal_scout", "heavy_trooper")  # Fight 3 against Armour 6: nothing
    g2.attack(attacker, defender, "fight")
    g2.pass_combat()
    assert g2.state.cards[defender].data["status"] == "unwounded"


def test_dt_cmb_09_a_hit_wounds_a_second_hit_kills() -> None:
    g, attacker, defender = duel()
    g.state.cards[defender].data["status"] = "wounded"
    g.attack(attacker, defender, "shoot")
    g.pass_combat()
    assert g.state.cards[defender].zone == "discard:s2" and g.state.cards[attacker].data["status"] == "unwounded"


def test_dt_cmb_10_added_warriors_pair_with_the_first_opponent_and_two_hits_kill() -> None:
    g = Game(starting_fate=40)
    lead = g.deploy("s1", "line_trooper")
    helper = g.deploy("s1", "heavy_trooper")
    g.pass_turn()
    target = g.deploy("s2", "line_trooper")
    g.pass_turn()
    g.attack(lead, target, "fight")
    g.send("s1", "add_combatant", slug="reinforcements", side="attackers", warrior=g.h(helper, "s1"))
    g.pass_combat()
    assert g.state.cards[target].zone == "discard:s2"  # two hits in one resolution
    scored = [e for e in g.events if e.code == "killed"]
    assert scored[-1].data["scorer"] == "s1"


def test_dt_pts_01_the_killer_s_controller_scores_both_when_both_die() -> None:
    g, attacker, defender = duel("line_trooper", "line_trooper")
    for w in (attacker, defender):
        g.state.cards[w].data["status"] = "wounded"
    g.attack(attacker, defender, "fight")
    g.pass_combat()
    assert sorted((d.player, d.context["points"]) for d in g.state.decisions.values()) == [("s1", 3), ("s2", 3)]


def test_dt_pts_02_the_scorer_splits_points_freely() -> None:
    g, attacker, defender = duel()
    g.state.cards[defender].data["status"] = "wounded"
    g.attack(attacker, defender, "shoot")
    g.pass_combat()
    key = next(iter(g.state.decisions))
    assert g.refuse("s1", "answer", decision=key, vp=4) == "bad_split"
    assert g.refuse("s2", "answer", decision=key, vp=1) == "no_decision"
    fate = g.fate("s1")
    g.send("s1", "answer", decision=key, vp=1)
    assert (g.vp("s1"), g.fate("s1") - fate) == (1, 2)


def test_dt_pts_03_killing_your_own_warrior_scores_double_as_fate() -> None:
    g = Game(starting_fate=40)
    mine = g.deploy("s1", "heavy_trooper")
    own = g.deploy("s1", "tribal_scout")
    g.pass_turn()
    g.pass_turn()
    g.state.cards[own].data["status"] = "wounded"
    fate = g.fate("s1")
    g.attack(mine, own, "shoot")
    g.pass_combat()
    assert (g.fate("s1") - fate, g.vp("s1"), g.state.decisions) == (4, 0, {})


def test_dt_pts_04_points_use_the_printed_value() -> None:
    g, attacker, defender = duel("heavy_trooper", "veteran_captain")
    g.send("s1", "equip", slug="assault_rifle", warrior=g.h(attacker, "s1"))
    g.state.cards[defender].data["status"] = "wounded"
    g.attack(attacker, defender, "shoot")
    g.send("s1", "weapon", warrior=g.h(attacker, "s1"), weapons=[g.h(g.newest(), "s1")])
    g.pass_combat()
    assert [d.context["points"] for d in g.state.decisions.values()] == [6]


def test_dt_cmb_07_the_seeds_example_a_fight_of_minus_four_wounds_an_armour_of_minus_four() -> None:
    """002_e225915b98f9d3d8.txt: «bojovník s upravenou hodnotou zápasu -4 stále zraní protivníka, jehož upravená
    hodnota obrany je -4 nebo nižší» (a warrior with a modified Fight of -4 still wounds an opponent whose
    modified Armour is -4 or lower). A league's house card lowers every value by 7."""
    from dataclasses import replace

    from referee.engine.systems.doomtrooper.cards import CardDef

    base = duel("tribal_scout", "tribal_scout")[0].state.rules
    curse: CardDef = base.cards["dark_curse"]
    hex_card = replace(curse, slug="hex", modifier={"fight": -7, "shoot": -7, "armour": -7})
    for brace, defender_wounded in ((False, True), (True, False)):
        g, attacker, defender = duel("tribal_scout", "tribal_scout")
        g.state.rules = replace(base, cards={**base.cards, "hex": hex_card})
        g.attack(attacker, defender, "fight")
        g.send("s1", "modifier", slug="hex", warrior=g.h(attacker, "s1"))
        g.send("s1", "pass")
        g.send("s2", "modifier", slug="hex", warrior=g.h(defender, "s2"))
        if brace:
            g.send("s2", "pass")
            g.send("s1", "modifier", slug="brace", warrior=g.h(defender, "s1"))
        assert (stat(g.state, attacker, "fight"), stat(g.state, defender, "armour")) == (-4, -2 if brace else -4)
        g.pass_combat()
        wounded = g.state.cards[defender].data["status"] == "wounded"
        assert wounded is defender_wounded  # -4 against -4 wounds; against -2 it does not
        assert g.state.cards[attacker].data["status"] == "wounded"  # his -4 Armour is hit by her -4 Fight

"""The Action step through the engine: actions, deploy, cover, meditate, equip, gifts, missions (DT-ACT,
DT-DEP, DT-COV, DT-MED, DT-EQP, DT-DSG, DT-MIS)."""

from __future__ import annotations

from referee.engine.live.events import render
from referee.engine.live.views import board
from tests.referee.engine.systems.doomtrooper.game import KEY, Game


def opponent_sees(g: Game, card: str, viewer: str = "s2") -> dict:
    for zone in board(g.state, viewer)["zones"]:
        for shown in zone.get("cards", []):
            if shown["handle"] == g.h(card, viewer):
                return shown
    raise AssertionError("not shown")


def test_dt_act_01_three_actions_more_from_cards_unused_ones_lost() -> None:
    g = Game(starting_fate=30)
    g.to_actions()
    assert g.me("s1")["actions_left"] == 3
    g.deploy("s1", "veteran_captain")  # grants one more action from the next turn on
    g.send("s1", "end_actions")
    assert g.me("s1")["actions_left"] == 0 and g.events[-1].data["lost"] == 2
    g.send("s1", "end_turn")
    g.pass_turn()
    assert g.active == "s1" and g.me("s1")["actions_left"] == 4


def test_dt_act_02_actions_in_any_order_and_repeated() -> None:
    g = Game()
    g.to_actions()
    for _ in range(3):
        g.send("s1", "meditate")
    assert g.fate("s1") == 8
    assert g.refuse("s1", "meditate") == "no_actions"


def test_dt_act_03_the_action_menu() -> None:
    g = Game(starting_fate=30)
    g.ready_to_fight()
    # With no warrior in play, only what needs none is offered (#25: the menu holds what the rules allow now).
    assert {"deploy", "deploy_cover", "meditate", "assign_mission"} <= g.kinds("s1")
    assert not {"take_cover", "equip", "grant_gift", "attack", "leave_cover"} & g.kinds("s1")
    g.deploy("s1", "legion_centurion")
    assert {"deploy", "take_cover", "meditate", "equip", "grant_gift", "assign_mission", "attack"} <= g.kinds("s1")
    assert "deploy_cover" not in g.kinds("s1")  # two actions left: it needs three
    g.send("s1", "take_cover", warrior=g.h(g.state.zones["cohort:s1"].cards[0], "s1"))
    assert "leave_cover" in g.kinds("s1")


def test_dt_dep_01_deploying_pays_the_value_into_the_pool_face_up_unwounded() -> None:
    g = Game()
    card = g.deploy("s1", "line_trooper")
    assert (g.fate("s1"), g.state.counters["pool"].value, g.me("s1")["actions_left"]) == (2, 3, 2)
    assert g.state.cards[card].face_up and g.state.cards[card].data["status"] == "unwounded"


def test_dt_dep_02_no_deploy_without_enough_fate() -> None:
    g = Game()
    g.to_actions()
    assert g.refuse("s1", "deploy", slug="veteran_captain") == "not_enough_fate"


def test_dt_dep_03_the_zone_follows_the_affiliation() -> None:
    g = Game(starting_fate=30)
    zones = {slug: g.state.cards[g.deploy("s1", slug)].zone for slug in ("line_trooper", "brotherhood_mystic")}
    g.pass_turn()
    zones |= {slug: g.state.cards[g.deploy("s2", slug)].zone for slug in ("legion_centurion", "tribal_scout")}
    assert zones == {"line_trooper": "squad:s1", "brotherhood_mystic": "squad:s1",
                     "legion_centurion": "cohort:s2", "tribal_scout": "station:s2"}


def test_dt_dep_04_a_new_warrior_may_attack_at_once_but_not_in_the_first_turn() -> None:
    g = Game(starting_fate=30)
    early = g.deploy("s1", "line_trooper")
    g.pass_turn()
    target = g.deploy("s2", "line_trooper")
    assert g.refuse("s2", "attack", attacker=g.h(target, "s2"), defender=g.h(early, "s2"),
                    tactic="fight") == "first_turn_attack"
    g.pass_turn()
    fresh = g.deploy("s1", "heavy_trooper")
    g.attack(fresh, target, "shoot")
    assert g.state.window is not None


def test_dt_cov_01_take_cover_turns_a_warrior_face_down_and_it_stays_wounded() -> None:
    g = Game(starting_fate=30)
    scout = g.deploy("s1", "tribal_scout")
    g.state.cards[scout].data["status"] = "wounded"
    g.send("s1", "take_cover", warrior=g.h(scout, "s1"))
    card = g.state.cards[scout]
    assert (card.face_up, card.data["in_cover"], card.data["status"]) == (False, True, "wounded")
    assert opponent_sees(g, scout)["card"] == "tribal_scout"  # it was seen face up: never hidden


def test_dt_cov_02_deploy_into_cover_costs_three_actions_and_no_fate() -> None:
    g = Game()
    card = g.cover("s1", "heavy_trooper")
    c = g.state.cards[card]
    assert (g.fate("s1"), g.me("s1")["actions_left"]) == (5, 0)
    assert (c.zone, c.face_up, c.data["unpaid"], c.data["revealed"]) == ("cover:s1", False, True, False)
    assert "card" not in opponent_sees(g, card)
    g.pass_turn()
    g.send("s2", "meditate")
    assert g.refuse("s2", "deploy_cover", slug="line_trooper") == "no_actions"


def test_dt_cov_02_with_a_fourth_action_one_remains_and_base_three_refuses_after_an_action() -> None:
    g = Game(starting_fate=30)
    g.deploy("s1", "veteran_captain")
    g.pass_turn()
    g.pass_turn()
    g.send("s1", "meditate")
    g.send("s1", "deploy_cover", slug="line_trooper")
    assert g.me("s1")["actions_left"] == 0
    strict = Game(starting_fate=30, cover_deploy_cost="base_three")
    strict.deploy("s1", "veteran_captain")
    strict.pass_turn()
    strict.pass_turn()
    strict.send("s1", "meditate")
    assert strict.refuse("s1", "deploy_cover", slug="line_trooper") == "cover_needs_base_actions"
    other = Game(starting_fate=30, cover_deploy_cost="base_three")
    other.deploy("s1", "veteran_captain")
    other.pass_turn()
    other.pass_turn()
    other.send("s1", "deploy_cover", slug="line_trooper")
    assert other.me("s1")["actions_left"] == 1


def test_dt_cov_03_leaving_cover_reveals_and_the_value_falls_due() -> None:
    g = Game()
    card = g.cover("s1", "line_trooper")
    g.pass_turn()
    g.pass_turn()
    g.send("s1", "leave_cover", warrior=g.h(card, "s1"), slug="line_trooper")
    c = g.state.cards[card]
    assert (c.face_up, c.data["revealed"], c.data["unpaid"], g.fate("s1")) == (True, True, False, 2)
    assert opponent_sees(g, card)["card"] == "line_trooper"


def test_dt_cov_04_a_shortfall_on_reveal_removes_the_warrior_and_takes_vp() -> None:
    g = Game(starting_fate=2)
    card = g.cover("s1", "veteran_captain")  # value 6
    g.state.counters["vp:s1"].value = 3
    g.pass_turn()
    g.pass_turn()
    g.send("s1", "leave_cover", warrior=g.h(card, "s1"), slug="veteran_captain")
    assert (g.fate("s1"), g.vp("s1"), g.state.cards[card].zone) == (0, 0, "discard:s1")


def test_dt_cov_04_gap_05_a_defender_removed_on_reveal_ends_the_combat_unscored() -> None:
    g = Game(starting_fate=20)
    heavy = g.deploy("s1", "heavy_trooper")
    g.pass_turn()
    hidden = g.cover("s2", "veteran_captain")
    g.state.counters["fate:s2"].value = 1
    g.pass_turn()
    g.attack(heavy, hidden)
    assert g.state.window is None and g.state.cards[hidden].zone == "discard:s2"
    assert g.state.turn.phase == "discard" and not g.state.decisions and g.vp("s1") == 0


def test_dt_cov_05_a_defender_in_cover_gets_three_armour_and_goes_face_down_again() -> None:
    g = Game(starting_fate=30)
    heavy = g.deploy("s1", "heavy_trooper")  # Shoot 7
    g.pass_turn()
    scout = g.cover("s2", "heavy_trooper")  # Armour 6, +3 in cover = 9
    g.pass_turn()
    g.attack(heavy, scout, "shoot")
    values = board(g.state, "s1")
    assert values["turn"]["phase"] == "combat"
    assert g.state.cards[scout].face_up  # shown during the combat
    g.pass_combat()
    card = g.state.cards[scout]
    assert (card.data["status"], card.face_up, card.data["in_cover"]) == ("unwounded", False, True)
    assert g.state.cards[heavy].data["status"] == "wounded"  # GAP-13: the defender strikes back


def test_dt_cov_05_gap_06_a_warrior_in_cover_may_not_attack_by_default() -> None:
    g = Game(starting_fate=30)
    mine = g.cover("s1", "heavy_trooper")
    g.pass_turn()
    theirs = g.deploy("s2", "line_trooper")
    g.pass_turn()
    assert g.refuse("s1", "attack", attacker=g.h(mine, "s1"), defender=g.h(theirs, "s1"),
                    tactic="fight") == "attacker_in_cover"


def test_dt_cov_06_the_sealed_identity_and_zone_are_hidden_and_must_match_on_reveal() -> None:
    g = Game()
    card = g.cover("s1", "legion_necromutant")
    seen = g.view("s2").cards[card]
    assert seen.card == "" and "hidden_zone" not in seen.data
    event = next(e for e in g.events if e.code == "deployed_into_cover")
    assert "card" not in render(event.data, key=KEY, viewer="s2")["card"]
    g.pass_turn()
    g.pass_turn()
    assert g.refuse("s1", "leave_cover", warrior=g.h(card, "s1"), slug="line_trooper") == "seal_mismatch"
    g.send("s1", "leave_cover", warrior=g.h(card, "s1"), slug="legion_necromutant")
    assert g.state.cards[card].zone == "cohort:s1"  # the sealed zone


def test_dt_cov_07_a_revealed_warrior_stays_known_when_face_down_again() -> None:
    g = Game(starting_fate=30)
    heavy = g.deploy("s1", "heavy_trooper")
    g.pass_turn()
    hidden = g.cover("s2", "heavy_trooper")
    g.pass_turn()
    g.attack(heavy, hidden, "shoot")
    g.pass_combat()
    assert not g.state.cards[hidden].face_up
    assert opponent_sees(g, hidden, "s1")["card"] == "heavy_trooper"


def test_dt_cov_08_an_effect_on_a_face_down_warrior_reveals_it_then_it_goes_down_again() -> None:
    g = Game(starting_fate=30)
    g.pass_turn()
    hidden = g.cover("s2", "legion_necromutant")
    g.pass_turn()
    g.send("s1", "play_effect", slug="sabotage", target=g.h(hidden, "s1"))
    card = g.state.cards[hidden]
    assert (card.face_up, card.data["status"], card.data["unpaid"], g.fate("s2")) == (False, "wounded", False, 27)
    assert opponent_sees(g, hidden, "s1")["card"] == "legion_necromutant"


def test_dt_cov_08_an_illegal_effect_does_nothing_but_is_spent_and_untargetable_refuses() -> None:
    g = Game(starting_fate=30)
    g.pass_turn()
    hidden = g.cover("s2", "line_trooper")  # sabotage targets Dark Legion and Tribal only
    g.pass_turn()
    g.send("s1", "play_effect", slug="sabotage", target=g.h(hidden, "s1"))
    assert g.events[-1].data["outcome"] == "no_effect"
    assert g.state.cards[hidden].data["status"] == "unwounded"
    assert [g.state.cards[c].card for c in g.state.zones["discard:s1"].cards] == ["sabotage"]
    strict = Game(starting_fate=30, facedown_effect_target="untargetable")
    strict.pass_turn()
    hidden = strict.cover("s2", "line_trooper")
    strict.pass_turn()
    assert strict.refuse("s1", "play_effect", slug="sabotage", target=strict.h(hidden, "s1")) == "target_face_down"


def test_dt_med_01_meditate_adds_one_fate_even_without_warriors() -> None:
    g = Game()
    g.to_actions()
    g.send("s1", "meditate")
    assert g.fate("s1") == 6 and g.warriors("s1") == []


def test_dt_eqp_01_equip_attaches_equipment_to_your_warrior_without_limit() -> None:
    g = Game(starting_fate=30)
    trooper = g.deploy("s1", "line_trooper")
    g.send("s1", "equip", slug="combat_blade", warrior=g.h(trooper, "s1"))
    g.send("s1", "equip", slug="armour_plate", warrior=g.h(trooper, "s1"))
    assert [g.state.cards[c].card for c in g.state.cards[trooper].data["attachments"]] == [
        "combat_blade", "armour_plate"]


def test_dt_eqp_02_restricted_equipment_goes_only_to_a_doomtrooper() -> None:
    g = Game(starting_fate=30)
    mystic = g.deploy("s1", "brotherhood_mystic")
    assert g.refuse("s1", "equip", slug="assault_rifle", warrior=g.h(mystic, "s1")) == "doomtroopers_only"
    trooper = g.deploy("s1", "line_trooper")
    g.send("s1", "equip", slug="assault_rifle", warrior=g.h(trooper, "s1"))
    lax = Game(starting_fate=30, brotherhood_is_doomtrooper=True)
    mystic = lax.deploy("s1", "brotherhood_mystic")
    lax.send("s1", "equip", slug="assault_rifle", warrior=lax.h(mystic, "s1"))


def test_dt_eqp_02_gap_07_nothing_attaches_to_a_face_down_warrior() -> None:
    g = Game(starting_fate=30)
    trooper = g.deploy("s1", "line_trooper")
    g.send("s1", "take_cover", warrior=g.h(trooper, "s1"))
    assert g.refuse("s1", "equip", slug="combat_blade", warrior=g.h(trooper, "s1")) == "target_face_down"


def test_dt_eqp_03_attached_equipment_never_moves() -> None:
    g = Game(starting_fate=30)
    first = g.deploy("s1", "line_trooper")
    g.send("s1", "equip", slug="combat_blade", warrior=g.h(first, "s1"))
    blade = g.newest()
    second = g.deploy("s1", "tribal_scout")
    assert g.refuse("s1", "reattach", card=g.h(blade, "s1"), warrior=g.h(second, "s1")) == "equipment_permanent"
    assert "reattach" not in g.kinds("s1")


def test_dt_eqp_04_equipment_leaves_with_its_warrior_to_its_owner_s_discard() -> None:
    g = Game(starting_fate=30)
    heavy = g.deploy("s1", "heavy_trooper")
    g.pass_turn()
    scout = g.deploy("s2", "tribal_scout")
    g.send("s2", "equip", slug="armour_plate", warrior=g.h(scout, "s2"))
    plate = g.newest()
    g.pass_turn()
    g.send("s1", "play_effect", slug="sabotage", target=g.h(scout, "s1"))
    g.attack(heavy, scout, "shoot")
    g.pass_combat()
    assert g.state.cards[plate].zone == "discard:s2" and g.state.cards[scout].zone == "discard:s2"
    off = Game(starting_fate=30, equipment_discard_on_death=False)
    heavy = off.deploy("s1", "heavy_trooper")
    off.pass_turn()
    scout = off.deploy("s2", "tribal_scout")
    off.send("s2", "equip", slug="armour_plate", warrior=off.h(scout, "s2"))
    off.pass_turn()
    off.send("s1", "play_effect", slug="sabotage", target=off.h(scout, "s1"))
    off.attack(heavy, scout, "shoot")
    off.pass_combat()
    assert {d.kind for d in off.state.decisions.values()} == {"equipment_destination", "points_split"}


def test_dt_dsg_01_a_gift_needs_a_dark_legion_warrior_in_play() -> None:
    g = Game(starting_fate=30)
    trooper = g.deploy("s1", "line_trooper")
    assert g.refuse("s1", "grant_gift", slug="gift_of_dark_symmetry", warrior=g.h(trooper, "s1")) == "no_dark_legion"
    legion = g.deploy("s1", "legion_centurion")
    g.send("s1", "grant_gift", slug="gift_of_dark_symmetry", warrior=g.h(legion, "s1"))
    assert g.me("s1")["actions_left"] == 0


def test_dt_dsg_02_an_apostle_s_gift_goes_only_to_that_apostle_s_followers() -> None:
    g = Game(starting_fate=30)
    plague = g.deploy("s1", "plague_bearer")
    assert g.refuse("s1", "grant_gift", slug="distortion", warrior=g.h(plague, "s1")) == "wrong_apostle"
    g.send("s1", "grant_gift", slug="gift_of_dark_symmetry", warrior=g.h(plague, "s1"))
    centurion = g.deploy("s1", "legion_centurion")
    g.pass_turn()
    g.pass_turn()
    g.send("s1", "grant_gift", slug="distortion", warrior=g.h(centurion, "s1"))


def test_dt_dsg_03_a_gift_stays_and_works_at_once() -> None:
    g = Game(starting_fate=30)
    centurion = g.deploy("s1", "legion_centurion")  # Armour 5
    g.send("s1", "grant_gift", slug="distortion", warrior=g.h(centurion, "s1"))  # +2 Armour
    g.pass_turn()
    heavy = g.deploy("s2", "heavy_trooper")
    g.pass_turn()
    g.pass_turn()
    g.attack(heavy, centurion, "fight")  # Fight 5 against Armour 7: no wound
    g.pass_combat()
    assert g.state.cards[centurion].data["status"] == "unwounded"
    assert len(g.state.cards[centurion].data["attachments"]) == 1


def test_dt_dsg_04_immunity_to_gifts_differs_from_immunity_to_all_dark_symmetry() -> None:
    from tests.referee.engine.systems.doomtrooper.game import cards

    assert (cards().get("blessed_trooper").immunity, cards().get("warded_inquisitor").immunity) == (
        "gifts", "dark_symmetry")
    g = Game(starting_fate=40)
    legion = g.deploy("s1", "legion_centurion")
    g.pass_turn()
    blessed = g.deploy("s2", "blessed_trooper")
    warded = g.deploy("s2", "warded_inquisitor")
    g.pass_turn()
    g.attack(legion, blessed)
    g.send("s1", "modifier", slug="dark_curse", warrior=g.h(blessed, "s1"))  # a DS card, not a gift: fine
    g.pass_combat()
    g.pass_turn()
    g.pass_turn()
    g.attack(legion, warded)
    assert g.refuse("s1", "modifier", slug="dark_curse", warrior=g.h(warded, "s1")) == "immune"


def test_dt_dsg_05_one_dark_symmetry_card_of_each_title_when_set() -> None:
    g = Game(starting_fate=30, dsg_one_per_kind=True)
    legion = g.deploy("s1", "legion_centurion")
    g.send("s1", "grant_gift", slug="gift_of_dark_symmetry", warrior=g.h(legion, "s1"))
    assert g.refuse("s1", "grant_gift", slug="gift_of_dark_symmetry", warrior=g.h(legion, "s1")) == "gift_kind_taken"
    loose = Game(starting_fate=30)
    legion = loose.deploy("s1", "legion_centurion")
    loose.send("s1", "grant_gift", slug="gift_of_dark_symmetry", warrior=loose.h(legion, "s1"))
    loose.send("s1", "grant_gift", slug="gift_of_dark_symmetry", warrior=loose.h(legion, "s1"))


def test_dt_mis_01_a_mission_targets_what_the_card_allows() -> None:
    g = Game(starting_fate=30)
    mine = g.deploy("s1", "line_trooper")
    assert g.refuse("s1", "assign_mission", slug="hunt_mission", warrior=g.h(mine, "s1")) == "wrong_target"
    g.send("s1", "assign_mission", slug="guard_mission", warrior=g.h(mine, "s1"))
    g.send("s1", "assign_mission", slug="hunt_mission", player="s2")


def test_dt_mis_02_a_warrior_s_mission_attaches_a_player_s_lies_by_them() -> None:
    g = Game(starting_fate=30)
    mine = g.deploy("s1", "line_trooper")
    g.send("s1", "assign_mission", slug="guard_mission", warrior=g.h(mine, "s1"))
    guard = g.newest()
    g.send("s1", "assign_mission", slug="hunt_mission", player="s2")
    hunt = g.newest()
    assert guard in g.state.cards[mine].data["attachments"]
    assert (g.state.cards[hunt].zone, g.state.cards[hunt].data["on"]) == ("attached:s2", "seat:s2")


def test_dt_mis_03_a_mission_counts_from_its_assignment() -> None:
    g = Game(starting_fate=30)
    g.pass_turn()
    g.pass_turn()
    g.send("s1", "assign_mission", slug="hunt_mission", player="s2")
    hunt = g.newest()
    assert g.state.cards[hunt].data["assigned_turn"] == 3
    g.send("s1", "complete_mission", mission=g.h(hunt, "s1"))
    assert g.events[-1].data["assigned_turn"] == 3


def test_dt_mis_04_a_done_mission_is_discarded_and_remembered_for_its_owner() -> None:
    g = Game(starting_fate=30)
    g.to_actions()
    g.send("s1", "assign_mission", slug="hunt_mission", player="s2")
    hunt = g.newest()
    # s2 owns no open mission: the kind itself is refused before the payload is read (CommandType.when)
    assert g.refuse("s2", "complete_mission", mission=g.h(hunt, "s2")) == "no_open_mission"
    g.send("s1", "complete_mission", mission=g.h(hunt, "s1"))
    card = g.state.cards[hunt]
    assert (card.zone, card.data["status"], card.data["return_to"]) == ("discard:s1", "done", "s1")


def test_dt_mis_05_no_duplicate_open_mission_on_one_target_when_set() -> None:
    g = Game(starting_fate=30, mission_no_duplicate=True)
    g.to_actions()
    g.send("s1", "assign_mission", slug="hunt_mission", player="s2")
    assert g.refuse("s1", "assign_mission", slug="hunt_mission", player="s2") == "mission_duplicate"
    loose = Game(starting_fate=30)
    loose.to_actions()
    loose.send("s1", "assign_mission", slug="hunt_mission", player="s2")
    loose.send("s1", "assign_mission", slug="hunt_mission", player="s2")

"""Equipment between battles (MH-EQP-01..06): buying, swapping, the stash, and who may carry what."""

from __future__ import annotations

import pytest

from referee.engine.systems.mordheim.lists.types import Item
from referee.engine.systems.mordheim.warband.equipment import (
    STASH,
    EquipmentChange,
    check_affordable,
    check_equip,
    check_transfer,
    equipment_lost_on_death,
    purchase_price,
)
from referee.engine.systems.mordheim.warband.errors import EquipmentRefused, TradeRefused
from tests.referee.engine.systems.mordheim.roster_helpers import catalogue, warband
from tests.support.dice import ScriptedRoller

REIKLAND = warband("reikland")
CAPTAIN = REIKLAND.warrior_type("mercenary_captain")
WARRIOR = REIKLAND.warrior_type("warrior")
MARKSMAN = REIKLAND.warrior_type("marksman")


def item(item_id: str) -> Item:
    return catalogue().item(item_id)


def test_mh_eqp_01_a_purchase_comes_out_of_the_treasury() -> None:
    quote = purchase_price(REIKLAND, CAPTAIN, item("sword"), catalogue())
    assert check_affordable(treasury=100, price=quote.total) == 90
    assert check_affordable(treasury=10, price=10) == 0
    with pytest.raises(TradeRefused) as refused:
        check_affordable(treasury=9, price=quote.total)
    assert refused.value.code == "insufficient_funds"
    assert refused.value.context == {"cost": 10, "treasury": 9}


def test_mh_eqp_01_a_henchman_group_buys_for_every_member() -> None:
    quote = purchase_price(REIKLAND, WARRIOR, item("shield"), catalogue(), 4)
    assert (quote.unit_price, quote.count, quote.total) == (5, 4, 20)


def test_mh_eqp_01_the_lists_own_price_replaces_the_chart_price() -> None:
    mercenary = purchase_price(REIKLAND, CAPTAIN, item("duelling_pistol"), catalogue())
    assert (mercenary.unit_price, mercenary.list_price) == (25, True)
    cult = warband("cult_of_the_possessed")
    bow = purchase_price(cult, cult.warrior_type("brethren"), item("bow"), catalogue(), 3)
    assert bow.total == 45  # 15 gc each on the Possessed list


def test_mh_eqp_01_a_variable_price_is_rolled_through_the_roller() -> None:
    sisters = warband("sisters_of_sigmar")
    roller = ScriptedRoller([2, 5, 6])
    quote = purchase_price(sisters, sisters.warrior_type("augur"), item("holy_relic"), catalogue(), roller=roller)
    assert quote.unit_price == 15 + 13
    assert quote.roll is not None and quote.roll.rule == "MH-TRD-01" and quote.roll.notation == "3D6"
    undead = warband("undead")
    necromancer = undead.warrior_type("necromancer")
    tome = purchase_price(undead, necromancer, item("book_of_the_dead"), catalogue(), roller=ScriptedRoller([3]))
    assert tome.unit_price == 200 + 3 * 25
    with pytest.raises(TradeRefused) as refused:
        purchase_price(sisters, sisters.warrior_type("augur"), item("holy_relic"), catalogue())
    assert refused.value.code == "price_roll_required"


def test_mh_eqp_02_items_move_between_warriors_and_the_stash() -> None:
    to_stash = check_transfer(
        REIKLAND, item=item("heavy_armour"), source="hero:7", destination=STASH, destination_type=None
    )
    assert to_stash == EquipmentChange(action="move", item="heavy_armour", source="hero:7", destination=STASH)
    back = check_transfer(
        REIKLAND, item=item("heavy_armour"), source=STASH, destination="hero:8", destination_type=CAPTAIN
    )
    assert (back.source, back.destination) == (STASH, "hero:8")


@pytest.mark.parametrize(
    ("slug", "type_id", "item_id", "code"),
    [
        ("reikland", "marksman", "heavy_armour", "not_allowed_for_warrior"),
        ("reikland", "warrior", "hochland_long_rifle", "not_allowed_for_warrior"),
        ("witch_hunters", "flagellant", "crossbow", "not_allowed_for_warrior"),
        ("witch_hunters", "witch_hunter", "holy_tome", "not_allowed_for_warrior"),  # the Warrior-Priest's
        ("cult_of_the_possessed", "possessed", "sword", "no_equipment"),
        ("undead", "ghoul", "dagger", "no_equipment"),
        ("sisters_of_sigmar", "augur", "light_armour", "category_excluded"),
        ("skaven_eshin", "verminkin", "weeping_blades", "not_allowed_for_warrior"),
    ],
)
def test_mh_eqp_03_an_item_off_the_warriors_list_is_refused(slug: str, type_id: str, item_id: str, code: str) -> None:
    w = warband(slug)
    with pytest.raises(EquipmentRefused) as refused:
        check_equip(w, w.warrior_type(type_id), item(item_id))
    assert refused.value.code == code


def test_mh_eqp_03_holds_for_buying_swapping_and_the_stash_alike() -> None:
    with pytest.raises(EquipmentRefused) as bought:
        purchase_price(REIKLAND, MARKSMAN, item("halberd"), catalogue())
    with pytest.raises(EquipmentRefused) as from_stash:
        check_transfer(REIKLAND, item=item("halberd"), source=STASH, destination="group:2", destination_type=MARKSMAN)
    assert bought.value.code == from_stash.value.code == "not_allowed_for_warrior"
    assert check_equip(REIKLAND, MARKSMAN, item("hochland_long_rifle")) is not None


def test_mh_eqp_04_every_change_is_a_record_naming_item_source_and_destination() -> None:
    change = check_transfer(
        REIKLAND, item=item("sword"), source="hero:1", destination="hero:2", destination_type=CAPTAIN
    )
    assert (change.action, change.item, change.source, change.destination) == (
        "move",
        "sword",
        "hero:1",
        "hero:2",
    )
    lost = equipment_lost_on_death("hero:3", ["sword", "helmet"])
    assert [(c.action, c.item, c.destination) for c in lost] == [
        ("lost", "sword", None),
        ("lost", "helmet", None),
    ]


def test_mh_eqp_05_a_dead_warriors_equipment_is_lost_not_stashed() -> None:
    lost = equipment_lost_on_death("hero:3", ["sword", "light_armour"])
    assert all(c.destination is None for c in lost) and STASH not in {c.destination for c in lost}
    with pytest.raises(EquipmentRefused) as refused:
        check_transfer(
            REIKLAND,
            item=item("sword"),
            source="hero:3",
            destination=STASH,
            destination_type=None,
            source_dead=True,
        )
    assert refused.value.code == "equipment_lost_on_death"


def test_mh_eqp_06_weapons_training_opens_any_close_combat_weapon_to_a_hero() -> None:
    weeping = item("weeping_blades")
    with pytest.raises(EquipmentRefused):
        check_equip(REIKLAND, CAPTAIN, weeping)
    assert check_equip(REIKLAND, CAPTAIN, weeping, skills={"weapons_training"}) is None
    price = purchase_price(REIKLAND, CAPTAIN, weeping, catalogue(), skills={"weapons_training"})
    assert price.unit_price == 50 and not price.list_price
    with pytest.raises(EquipmentRefused):  # a missile weapon still needs Weapons Expert
        check_equip(REIKLAND, CAPTAIN, item("warplock_pistol"), skills={"weapons_training"})


def test_mh_eqp_06_weapons_expert_opens_any_missile_weapon_but_nothing_else() -> None:
    assert check_equip(REIKLAND, CAPTAIN, item("warplock_pistol"), skills={"weapons_expert"}) is None
    with pytest.raises(EquipmentRefused):
        check_equip(REIKLAND, CAPTAIN, item("gromril_armour"), skills={"weapons_expert", "weapons_training"})


def test_mh_eqp_06_is_for_heroes_who_use_equipment_at_all() -> None:
    with pytest.raises(EquipmentRefused):  # a Henchman cannot have the skill's benefit
        check_equip(REIKLAND, WARRIOR, item("weeping_blades"), skills={"weapons_training"})
    cult = warband("cult_of_the_possessed")
    with pytest.raises(EquipmentRefused) as refused:
        check_equip(cult, cult.warrior_type("possessed"), item("sword"), skills={"weapons_training"})
    assert refused.value.code == "no_equipment"


def test_mh_eqp_06_an_amputated_arm_still_limits_the_hero() -> None:
    with pytest.raises(EquipmentRefused) as refused:
        check_equip(REIKLAND, CAPTAIN, item("halberd"), amputated=True)
    assert refused.value.code == "arm_amputated"
    assert check_equip(REIKLAND, CAPTAIN, item("sword"), amputated=True) is not None


def test_mh_trd_01_a_variable_price_for_the_stash_is_rolled_the_same_way() -> None:
    from referee.engine.systems.mordheim.warband.equipment import variable_price

    unit, roll = variable_price(item("holy_relic"), ScriptedRoller([2, 5, 6]))
    assert (unit, roll.rule, roll.notation) == (15 + 13, "MH-TRD-01", "3D6")
    with pytest.raises(ValueError, match="fixed price"):
        variable_price(item("sword"), ScriptedRoller([]))

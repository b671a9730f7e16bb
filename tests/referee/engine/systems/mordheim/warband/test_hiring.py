"""Hiring follows the warband list: one leader, Hero and type limits, group and warband size, funds."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.engine.systems.mordheim.warband.errors import EquipmentRefused, HireRefused, TradeRefused
from referee.engine.systems.mordheim.warband.hiring import HenchmanGroup, RosterSummary, check_hire
from tests.referee.engine.systems.mordheim.roster_helpers import catalogue, warband

REIKLAND = warband("reikland")
CAPTAIN = REIKLAND.warrior_type("mercenary_captain")
CHAMPION = REIKLAND.warrior_type("champion")
YOUNGBLOOD = REIKLAND.warrior_type("youngblood")
WARRIOR = REIKLAND.warrior_type("warrior")
MARKSMAN = REIKLAND.warrior_type("marksman")


def led(
    treasury: int = 500,
    *,
    heroes: dict[str, int] | None = None,
    groups: tuple[HenchmanGroup, ...] = (),
    hired_swords: int = 0,
) -> RosterSummary:
    """A Reikland roster that already has its Captain."""
    return RosterSummary(
        treasury=treasury,
        heroes={"mercenary_captain": 1, **(heroes or {})},
        groups=groups,
        hired_swords=hired_swords,
    )


def refused(code: str, *args: Any, **kwargs: Any) -> HireRefused:
    with pytest.raises(HireRefused) as caught:
        check_hire(*args, **kwargs)
    assert caught.value.code == code, caught.value.message
    return caught.value


def test_it_prices_a_captain_with_his_equipment_and_free_dagger() -> None:
    quote = check_hire(
        REIKLAND,
        RosterSummary(treasury=500),
        CAPTAIN,
        equipment=["dagger", "sword", "helmet"],
        catalogue=catalogue(),
    )
    assert (quote.hire_cost, quote.equipment_cost, quote.total, quote.treasury_after) == (60, 20, 80, 420)


def test_it_charges_for_a_second_dagger() -> None:
    quote = check_hire(REIKLAND, led(), CHAMPION, equipment=["dagger", "dagger"], catalogue=catalogue())
    assert quote.equipment_cost == 2


def test_it_uses_the_lists_own_price_for_equipment() -> None:
    quote = check_hire(REIKLAND, led(), CHAMPION, equipment=["duelling_pistol"], catalogue=catalogue())
    assert quote.equipment_cost == 25  # the price chart says 30


def test_it_makes_a_henchman_group_pay_for_every_member() -> None:
    quote = check_hire(REIKLAND, led(), WARRIOR, 5, equipment=["sword", "shield"], catalogue=catalogue())
    assert (quote.equipment_cost, quote.total) == (15, 200)


def test_it_requires_the_leader_first() -> None:
    error = refused("leader_required", REIKLAND, RosterSummary(treasury=500), WARRIOR)
    assert "Mercenary Captain" in error.message


def test_it_takes_a_promoted_leader_as_the_leader() -> None:
    roster = RosterSummary(treasury=500, heroes={"champion": 1}, has_leader=True)
    assert check_hire(REIKLAND, roster, YOUNGBLOOD).total == 15


def test_it_refuses_a_second_leader() -> None:
    refused("leader_exists", REIKLAND, led(), CAPTAIN)
    promoted = RosterSummary(treasury=500, heroes={"champion": 1}, has_leader=True)
    refused("leader_exists", REIKLAND, promoted, CAPTAIN)


def test_it_lets_undead_led_by_their_necromancer_buy_a_new_vampire() -> None:
    undead = warband("undead")
    vampire = undead.warrior_type("vampire")
    roster = RosterSummary(treasury=500, heroes={"necromancer": 1}, has_leader=True)
    assert check_hire(undead, roster, vampire).total == 110
    refused("leader_exists", undead, RosterSummary(treasury=500, heroes={"vampire": 1}), vampire)


def test_it_holds_each_hero_type_to_its_maximum() -> None:
    error = refused("type_limit", REIKLAND, led(heroes={"champion": 2}), CHAMPION)
    assert error.context == {"max": 2, "type": "Champion", "current": 2}


def test_it_lets_a_warband_fill_all_six_hero_places() -> None:
    skaven = warband("skaven_eshin")
    five = RosterSummary(treasury=500, heroes={"assassin_adept": 1, "black_skaven": 2, "night_runner": 2})
    assert check_hire(skaven, five, skaven.warrior_type("eshin_sorcerer")).total == 45


def test_it_refuses_a_hero_beyond_max_heroes() -> None:
    sisters = warband("sisters_of_sigmar")
    # Six Heroes already: two Sisters promoted by "the lad's got talent" keep their type (MH-ADV-K-05).
    six = RosterSummary(
        treasury=500,
        heroes={"sigmarite_matriarch": 1, "sister_superior": 2, "augur": 1, "sigmarite_sister": 2},
    )
    error = refused("hero_limit", sisters, six, sisters.warrior_type("sister_superior"))
    assert error.context == {"max": 6, "current": 6}


def test_it_counts_every_henchman_model_of_a_type_against_its_maximum() -> None:
    roster = led(groups=(HenchmanGroup("marksman", 4), HenchmanGroup("marksman", 3)))
    refused("type_limit", REIKLAND, roster, MARKSMAN)


def test_it_holds_a_henchman_group_to_five_models() -> None:
    refused("group_full", REIKLAND, led(), WARRIOR, 6)
    roster = led(groups=(HenchmanGroup("warrior", 4),))
    assert check_hire(REIKLAND, roster, WARRIOR, 1, group=0).total == 25
    error = refused("group_full", REIKLAND, roster, WARRIOR, 2, group=0)
    assert error.context["size"] == 6


def test_it_refuses_joining_a_missing_or_foreign_group() -> None:
    roster = led(groups=(HenchmanGroup("warrior", 2),))
    refused("unknown_group", REIKLAND, roster, WARRIOR, 1, group=3)
    refused("wrong_group", REIKLAND, roster, MARKSMAN, 1, group=0)


def test_it_counts_every_model_and_hired_sword_against_the_warband_size() -> None:
    groups = (HenchmanGroup("warrior", 5), HenchmanGroup("warrior", 5), HenchmanGroup("swordsman", 3))
    roster = led(treasury=1000, heroes={"champion": 1}, groups=groups)
    assert roster.warrior_count == 15
    refused("warband_full", REIKLAND, roster, YOUNGBLOOD)
    smaller = led(treasury=1000, groups=(*groups[:2], HenchmanGroup("swordsman", 2)), hired_swords=2)
    refused("warband_full", REIKLAND, smaller, YOUNGBLOOD)


def test_it_refuses_what_the_treasury_cannot_pay_including_equipment() -> None:
    error = refused(
        "insufficient_funds",
        REIKLAND,
        led(treasury=30),
        WARRIOR,
        1,
        equipment=["sword"],
        catalogue=catalogue(),
    )
    assert error.context == {"cost": 35, "treasury": 30}
    assert check_hire(REIKLAND, led(treasury=35), WARRIOR, 1, equipment=["sword"], catalogue=catalogue())


def test_it_refuses_equipment_off_the_list_at_hire() -> None:
    with pytest.raises(EquipmentRefused) as caught:
        check_hire(REIKLAND, led(), WARRIOR, 1, equipment=["hochland_long_rifle"], catalogue=catalogue())
    assert caught.value.code == "not_allowed_for_warrior"


def test_it_refuses_a_variable_price_item_at_hire() -> None:
    witch_hunters = warband("witch_hunters")
    roster = RosterSummary(treasury=500, heroes={"witch_hunter_captain": 1})
    with pytest.raises(TradeRefused) as caught:
        priest = witch_hunters.warrior_type("warrior_priest")
        check_hire(witch_hunters, roster, priest, equipment=["holy_tome"], catalogue=catalogue())
    assert caught.value.code == "price_roll_required"


def test_it_refuses_a_type_from_another_list_and_a_count_below_one() -> None:
    refused("unknown_warrior_type", REIKLAND, led(), warband("undead").warrior_type("zombie"))
    refused("invalid_count", REIKLAND, led(), WARRIOR, 0)


@given(count=st.integers(min_value=1, max_value=5), treasury=st.integers(min_value=0, max_value=400))
def test_it_prices_warriors_at_their_cost_times_count_or_refuses_for_funds(count: int, treasury: int) -> None:
    roster = led(treasury=treasury)
    if treasury >= 25 * count:
        quote = check_hire(REIKLAND, roster, WARRIOR, count)
        assert quote.total == 25 * count and quote.treasury_after == treasury - 25 * count >= 0
    else:
        refused("insufficient_funds", REIKLAND, roster, WARRIOR, count)

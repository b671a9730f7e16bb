"""Buying, selling, rare-item searches and moving equipment, through the services with the real rules pack."""

import pytest
from django.db.models import Sum

from campaign.lib.errors import Conflict, RuleViolation
from referee.models import LedgerEntry
from roster.models import Holding, RareSearch, TreasuryEntry, Warband, Warrior
from roster.services.trading import warband_buy, warband_move_item, warband_search_rare, warband_sell
from tests.roster.helpers import fresh, hire, reikland
from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db


def after_first_battle(warband: Warband) -> Warband:
    """Move the warband past founding, into its first post-battle sequence."""
    Warband.objects.filter(pk=warband.pk).update(trading_sequence=1)
    return fresh(warband)


def assert_treasury_matches_ledger(warband: Warband) -> None:
    total = TreasuryEntry.objects.filter(warband=warband).aggregate(s=Sum("amount"))["s"]
    assert fresh(warband).treasury == total >= 0


def test_mh_eqp_01_purchases_come_out_of_the_treasury_with_a_ledger_line(world: World) -> None:
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    warband_buy(warband=warband, actor=world.bob, item_slug="sword", warrior=captain.pk)
    assert fresh(warband).treasury == 500 - 60 - 10
    assert TreasuryEntry.objects.filter(warband=warband).values_list("reason", flat=True).last() == "buy"
    assert_treasury_matches_ledger(warband)


def test_a_henchman_group_pays_for_every_model(world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    group = hire(warband, "warrior", count=4)
    warband_buy(warband=warband, actor=world.bob, item_slug="spear", warrior=group.pk)
    assert fresh(warband).treasury == 500 - 60 - 100 - 4 * 10


def test_mh_eqp_03_it_refuses_an_item_not_on_the_warriors_list(world: World) -> None:
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    with pytest.raises(RuleViolation) as err:
        warband_buy(warband=warband, actor=world.bob, item_slug="long_bow", warrior=captain.pk)
    assert err.value.code == "not_allowed_for_warrior"
    assert fresh(warband).treasury == 440


def test_a_founding_warband_buys_rare_items_of_its_own_list_without_a_search(world: World) -> None:
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    warband_buy(warband=warband, actor=world.bob, item_slug="pistol", warrior=captain.pk)
    assert Holding.objects.filter(warrior=captain, item_slug="pistol").exists()


def test_mh_trd_02_after_founding_a_rare_item_needs_a_successful_search(world: World) -> None:
    open_week(world.campaign)
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    warband = after_first_battle(warband)
    with pytest.raises(RuleViolation) as err:
        warband_buy(warband=warband, actor=world.bob, item_slug="pistol", warrior=captain.pk)
    assert err.value.code == "rare_item_not_found"
    search = warband_search_rare(warband=warband, actor=world.bob, warrior=captain.pk, item_slug="pistol")
    entry = LedgerEntry.objects.get(pk=search.roll_id)
    assert entry.rule_id == "MH-TRD-02" and entry.notation == "2D6"
    assert search.total == entry.total and search.target == 8
    if search.success:
        warband_buy(warband=warband, actor=world.bob, item_slug="pistol", warrior=captain.pk)
        assert RareSearch.objects.get(pk=search.pk).bought
        with pytest.raises(RuleViolation):  # one success gives exactly one item
            warband_buy(warband=warband, actor=world.bob, item_slug="pistol", warrior=captain.pk)
    else:
        with pytest.raises(RuleViolation):
            warband_buy(warband=warband, actor=world.bob, item_slug="pistol", warrior=captain.pk)


def test_mh_trd_02_one_search_per_hero_per_post_battle_sequence(world: World) -> None:
    open_week(world.campaign)
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    warband = after_first_battle(warband)
    warband_search_rare(warband=warband, actor=world.bob, warrior=captain.pk, item_slug="pistol")
    with pytest.raises(RuleViolation) as err:
        warband_search_rare(warband=warband, actor=world.bob, warrior=captain.pk, item_slug="handgun")
    assert err.value.code == "already_searched"
    assert RareSearch.objects.count() == 1 and LedgerEntry.objects.count() == 1


def test_mh_trd_04_henchmen_may_not_search_and_nothing_is_rolled(world: World) -> None:
    open_week(world.campaign)
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    group = hire(warband, "warrior")
    warband = after_first_battle(warband)
    with pytest.raises(RuleViolation) as err:
        warband_search_rare(warband=warband, actor=world.bob, warrior=group.pk, item_slug="pistol")
    assert err.value.code == "henchman_cannot_search"
    assert not LedgerEntry.objects.exists()


def test_mh_trd_05_a_new_recruit_cannot_search_in_the_sequence_he_is_hired(world: World) -> None:
    open_week(world.campaign)
    warband = after_first_battle(reikland(world))
    captain = hire(warband, "mercenary_captain")
    with pytest.raises(RuleViolation) as err:
        warband_search_rare(warband=warband, actor=world.bob, warrior=captain.pk, item_slug="pistol")
    assert err.value.code == "new_recruit_rare_item"


def test_a_search_needs_an_open_week_to_roll_in(world: World) -> None:
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    warband = after_first_battle(warband)
    with pytest.raises(Conflict) as err:
        warband_search_rare(warband=warband, actor=world.bob, warrior=captain.pk, item_slug="pistol")
    assert err.value.code == "no_open_week"


def test_mh_trd_06_it_sells_for_half_the_price(world: World) -> None:
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    (sword,) = warband_buy(warband=warband, actor=world.bob, item_slug="sword", warrior=captain.pk)
    gold = warband_sell(warband=warband, actor=world.bob, holding=sword.pk)
    assert gold == 5
    assert fresh(warband).treasury == 500 - 60 - 10 + 5
    assert_treasury_matches_ledger(warband)


def test_mh_eqp_02_items_move_between_warriors_and_the_stash(world: World) -> None:
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    champion = hire(warband, "champion")
    (sword,) = warband_buy(warband=warband, actor=world.bob, item_slug="sword", warrior=captain.pk)
    warband_move_item(warband=warband, actor=world.bob, holding=sword.pk, to_warrior=champion.pk)
    assert Holding.objects.get(pk=sword.pk).warrior_id == champion.pk
    (stashed,) = warband_move_item(warband=warband, actor=world.bob, holding=sword.pk, to_warrior=None)
    assert stashed.warrior_id is None


def test_equipping_a_group_takes_one_item_per_model_from_the_stash(world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    group = hire(warband, "warrior", count=2)
    first, second = (warband_buy(warband=warband, actor=world.bob, item_slug="axe")[0] for _ in range(2))
    warband_move_item(warband=warband, actor=world.bob, holding=first.pk, to_warrior=group.pk)
    assert Holding.objects.filter(warrior=group).count() == 1
    assert not Holding.objects.filter(warband=warband, warrior=None).exists()
    with pytest.raises(RuleViolation) as err:  # one axe is not enough for a group of two
        lone = warband_buy(warband=warband, actor=world.bob, item_slug="sword")[0]
        warband_move_item(warband=warband, actor=world.bob, holding=lone.pk, to_warrior=group.pk)
    assert err.value.code == "group_needs_one_each"
    assert second.pk != first.pk


def test_mh_eqp_04_every_equipment_change_is_recorded_with_who_made_it(world: World) -> None:
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    (sword,) = warband_buy(warband=warband, actor=world.bob, item_slug="sword", warrior=captain.pk)
    warband_move_item(warband=warband, actor=world.bob, holding=sword.pk, to_warrior=None)
    history = list(Holding.history.filter(id=sword.pk).order_by("history_id").values_list("history_type", "warrior_id"))
    assert history == [("+", captain.pk), ("~", None)]


def test_the_stash_takes_any_item_of_the_price_chart(world: World) -> None:
    warband = reikland(world)
    (bow,) = warband_buy(warband=warband, actor=world.bob, item_slug="long_bow")
    assert bow.warrior_id is None
    assert Warrior.objects.count() == 0

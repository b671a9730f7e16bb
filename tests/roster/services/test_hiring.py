"""Hiring within the list's rules; every refusal changes nothing."""

import pytest

from campaign.lib.errors import NotAllowed, NotFound, RuleViolation
from roster.models import Holding, TreasuryEntry, Warrior
from roster.services.hiring import warband_dismiss
from tests.roster.helpers import fresh, hire, reikland
from tests.support.world import World

pytestmark = pytest.mark.django_db


def test_it_founds_a_warband_with_the_lists_starting_gold_on_its_ledger(world: World) -> None:
    warband = reikland(world)
    assert warband.treasury == 500
    assert list(TreasuryEntry.objects.filter(warband=warband).values_list("amount", "reason")) == [
        (500, "starting_gold")
    ]


def test_it_refuses_anyone_before_the_leader(world: World) -> None:
    warband = reikland(world)
    with pytest.raises(RuleViolation) as err:
        hire(warband, "champion")
    assert err.value.code == "leader_required"
    assert fresh(warband).treasury == 500 and not Warrior.objects.exists()


def test_it_allows_one_leader_only(world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    with pytest.raises(RuleViolation) as err:
        hire(warband, "mercenary_captain")
    assert err.value.code == "leader_exists"


def test_it_enforces_the_per_type_limit(world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    hire(warband, "champion", count=1)
    hire(warband, "champion", count=1)
    with pytest.raises(RuleViolation) as err:
        hire(warband, "champion")
    assert err.value.code == "type_limit"


def test_a_group_joiner_shares_the_groups_equipment_and_pays_for_it(world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")  # 60
    group = hire(warband, "warrior", count=2, equipment=["sword", "shield"])  # 2 × (25 + 10 + 5) = 80
    assert fresh(warband).treasury == 500 - 60 - 80
    joined = hire(warband, "warrior", count=1, group=group.pk)  # 25 + 15
    assert joined.pk == group.pk and Warrior.objects.get(pk=group.pk).count == 3
    assert fresh(warband).treasury == 500 - 60 - 80 - 40
    assert sorted(Holding.objects.filter(warrior=group).values_list("item_slug", flat=True)) == ["shield", "sword"]


def test_it_refuses_a_group_bigger_than_the_list_allows(world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    with pytest.raises(RuleViolation) as err:
        hire(warband, "warrior", count=6)
    assert err.value.code == "group_full"


def test_it_refuses_what_the_treasury_cannot_pay_and_changes_nothing(world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    before = list(TreasuryEntry.objects.values_list("id", flat=True))
    with pytest.raises(RuleViolation) as err:
        hire(warband, "marksman", count=5, equipment=["hochland_long_rifle"])
    assert err.value.code == "insufficient_funds"
    assert list(TreasuryEntry.objects.values_list("id", flat=True)) == before
    assert fresh(warband).treasury == 440


def test_it_refuses_a_warband_over_its_size(world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    for _ in range(2):
        hire(warband, "youngblood")
    hire(warband, "warrior", count=5)
    hire(warband, "warrior", count=5)
    with pytest.raises(RuleViolation) as err:
        hire(warband, "warrior", count=3)
    assert err.value.code == "warband_full"


def test_only_the_owner_changes_a_warband(world: World) -> None:
    warband = reikland(world)
    with pytest.raises(NotAllowed):
        hire(warband, "mercenary_captain", actor=world.carol)
    with pytest.raises(NotAllowed):
        hire(warband, "mercenary_captain", actor=world.alice)
    with pytest.raises(NotFound):
        hire(warband, "mercenary_captain", actor=world.oscar)


def test_dismissing_part_of_a_group_puts_their_equipment_in_the_stash(world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    group = hire(warband, "warrior", count=3, equipment=["sword"])
    warband_dismiss(warband=warband, actor=world.bob, warrior=group.pk, count=2)
    group.refresh_from_db()
    assert group.count == 1 and group.status == "active"
    assert Holding.objects.filter(warband=warband, warrior=None, item_slug="sword").count() == 2
    assert fresh(warband).rating == 5 * 2 + 20  # captain (20 xp) and one warrior

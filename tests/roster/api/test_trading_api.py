"""Trading where a player trades, through the API: kit bought with a hire at the prices /buy/ charges,
Haggle on /buy/ (MH-SKL-05, MH-TRD-07), Streetwise on /search/ (MH-SKL-04; a kept gem, MH-TRD-03,
in tests/roster/aftermath/test_found_items.py)."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.services.campaigns import campaign_update
from referee.models import LedgerEntry
from roster.models import Holding, Warband, Warrior
from tests.roster.helpers import fresh, hire, reikland
from tests.support.dice import DiceScript
from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db


def post(world: World, warband: Warband, command: str, data: dict[str, Any]) -> Any:
    return world.client(world.bob).post(f"/api/v1/warbands/{warband.pk}/{command}/", data, format="json")


def with_skill(warrior: Warrior, skill: str) -> Warrior:
    warrior.skills = [*warrior.skills, skill]
    warrior.save()
    return warrior


def test_kit_bought_with_a_hire_is_recorded_at_the_prices_buy_charges(world: World) -> None:
    warband = reikland(world)
    hired = post(world, warband, "hire", {"type": "mercenary_captain", "equipment": ["sword", "light_armour"]})
    assert hired.status_code == 200, hired.json()
    [captain] = hired.json()["warband"]["warriors"]
    assert sorted((e["item"], e["price_paid"]) for e in captain["equipment"]) == [("light_armour", 20), ("sword", 10)]
    assert hired.json()["warband"]["treasury"] == 500 - 60 - 30
    armour = next(e for e in captain["equipment"] if e["item"] == "light_armour")
    sold = post(world, warband, "sell", {"holding": armour["id"]})
    assert sold.json()["result"]["gold"] == 10  # half of 20, not half of an even split of 30
    bought = post(world, warband, "buy", {"item": "light_armour", "warrior": captain["id"]})
    assert bought.json()["result"]["price"] == 20


def test_mh_trd_06_the_free_dagger_is_recorded_at_its_listed_price(world: World) -> None:
    warband = reikland(world)
    hired = post(world, warband, "hire", {"type": "mercenary_captain", "equipment": ["dagger", "dagger"]})
    assert hired.json()["warband"]["treasury"] == 500 - 60 - 2  # the first dagger is free
    prices = [e["price_paid"] for e in hired.json()["warband"]["warriors"][0]["equipment"]]
    assert prices == [2, 2]


def test_mh_skl_05_a_hero_with_haggle_takes_2d6_off_one_item_once_per_sequence(world: World, dice: DiceScript) -> None:
    open_week(world.campaign)
    warband = reikland(world)
    captain = with_skill(hire(warband, "mercenary_captain"), "haggle")
    gold = fresh(warband).treasury
    dice.then(3, 4)
    bought = post(world, warband, "buy", {"item": "light_armour", "warrior": captain.pk, "haggler": captain.pk})
    assert bought.status_code == 200, bought.json()
    result = bought.json()["result"]
    assert (result["price"], result["paid"], result["discount"]) == (20, 13, 7)
    assert fresh(warband).treasury == gold - 13
    [roll] = LedgerEntry.objects.filter(pk__in=result["rolls"])
    assert (roll.rule_id, roll.faces, roll.ref) == ("MH-SKL-05", [3, 4], f"warband:{warband.pk}")
    assert Holding.objects.get(pk=result["holdings"][0]).price_paid == 20  # resale stays half the listed price
    again = post(world, warband, "buy", {"item": "sword", "warrior": captain.pk, "haggler": captain.pk})
    assert (again.status_code, again.json()["code"]) == (400, "no_haggle")
    assert fresh(warband).treasury == gold - 13


def test_mh_skl_05_haggle_never_takes_a_price_below_one(world: World, dice: DiceScript) -> None:
    open_week(world.campaign)
    warband = reikland(world)
    captain = with_skill(hire(warband, "mercenary_captain"), "haggle")
    dice.then(6, 6)
    result = post(world, warband, "buy", {"item": "sword", "warrior": captain.pk, "haggler": captain.pk}).json()
    assert (result["result"]["paid"], result["result"]["discount"]) == (1, 9)


def test_mh_skl_05_only_a_hero_with_the_skill_haggles_and_the_league_sets_the_uses(
    world: World, dice: DiceScript
) -> None:
    open_week(world.campaign)
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    refused = post(world, warband, "buy", {"item": "sword", "warrior": captain.pk, "haggler": captain.pk})
    assert refused.json()["code"] == "no_haggle"
    assert not LedgerEntry.objects.filter(rule_id="MH-SKL-05").exists()  # a refusal rolls nothing
    with_skill(captain, "haggle")
    campaign_update(campaign=world.campaign, actor=world.alice, settings={"haggle_uses_per_hero": 2})
    for _ in range(2):
        dice.then(1, 1)
        assert post(world, warband, "buy", {"item": "sword", "haggler": captain.pk}).json()["result"]["paid"] == 8
    assert post(world, warband, "buy", {"item": "sword", "haggler": captain.pk}).json()["code"] == "no_haggle"


def test_mh_skl_05_uses_come_back_with_the_next_post_battle_sequence(world: World, dice: DiceScript) -> None:
    open_week(world.campaign)
    warband = reikland(world)
    captain = with_skill(hire(warband, "mercenary_captain"), "haggle")
    dice.then(1, 1, 1, 1)
    assert post(world, warband, "buy", {"item": "sword", "haggler": captain.pk}).status_code == 200
    Warband.objects.filter(pk=warband.pk).update(trading_sequence=1)
    assert post(world, warband, "buy", {"item": "sword", "haggler": captain.pk}).json()["result"]["discount"] == 2


def _search(world: World, warband: Warband, hero: Warrior, item: str = "pistol") -> dict[str, Any]:
    response = post(world, warband, "search", {"warrior": hero.pk, "item": item})
    assert response.status_code == 200, response.json()
    return dict(response.json()["result"])


def test_mh_skl_04_streetwise_adds_two_to_the_heros_rare_item_roll(world: World, dice: DiceScript) -> None:
    open_week(world.campaign)
    warband = reikland(world)
    captain = with_skill(hire(warband, "mercenary_captain"), "streetwise")
    champion = hire(warband, "champion")
    Warband.objects.filter(pk=warband.pk).update(trading_sequence=1)  # past founding: new sequence
    dice.then(3, 3, 3, 3)
    found = _search(world, warband, captain)
    plain = _search(world, warband, champion)
    assert (found["total"], found["modifier"], found["found"]) == (8, 2, True)  # pistol: Rare 8
    assert (plain["total"], plain["modifier"], plain["found"]) == (6, 0, False)
    bought = post(world, warband, "buy", {"item": "pistol", "warrior": captain.pk})
    assert bought.status_code == 200, bought.json()

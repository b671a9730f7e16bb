"""Items a warband finds (MH-INC-07, MH-INC-08, MH-SCN7-05) are equipment like any other: the aftermath puts
them in the stash, a player hands them out and sells them through the API, and a Hero who keeps a gem adds +1
to his rare-item rolls (MH-TRD-03). Found through the product path, on the server's own dice."""

from __future__ import annotations

from typing import Any

import pytest

from roster.aftermath.run import aftermath_run
from roster.models import Holding, Warband
from tests.roster.aftermath.helpers import Fight, fight, queued
from tests.roster.helpers import hire
from tests.support.dice import DiceScript
from tests.support.world import World

pytestmark = pytest.mark.django_db

NO_INJURIES: dict[str, Any] = {"out_of_action": []}


def post(world: World, warband: Warband, command: str, data: dict[str, Any]) -> Any:
    return world.client(world.bob).post(f"/api/v1/warbands/{warband.pk}/{command}/", data, format="json")


def explored(f: Fight, dice: DiceScript, *faces: int, heroes: int = 2) -> list[Holding]:
    """The Reavers win with nobody out of action: each Hero and the win give a die (two Heroes: three)."""
    for n, type_slug in enumerate(("champion", "youngblood", "youngblood")[: heroes - 2]):
        hire(f.reavers, type_slug, name=f"Searcher {n}")
    dice.then(*faces)
    aftermath_run(aftermath_id=queued(f, **NO_INJURIES).pk)
    return list(Holding.objects.filter(warband=f.reavers, warrior=None).order_by("pk"))


def test_mh_trd_03_a_jewelsmith_gem_the_hero_keeps_adds_one_to_his_search(world: World, dice: DiceScript) -> None:
    f = fight(world)
    # Five Heroes and the win: six dice, five 3s are the Jewelsmith (MH-INC-08); its D6 3: an amethyst, 20 gc.
    [gem] = [h for h in explored(f, dice, 3, 3, 3, 3, 3, 1, 3, heroes=5) if h.item_slug != "gc"]
    assert gem.item_slug == "amethyst"
    moved = post(world, f.reavers, "move-item", {"holding": gem.pk, "warrior": f.captain.pk})
    assert moved.status_code == 200, moved.json()
    Warband.objects.filter(pk=f.reavers.pk).update(trading_sequence=f.reavers.trading_sequence + 1)
    dice.then(4, 3)
    searched = post(world, f.reavers, "search", {"warrior": f.captain.pk, "item": "pistol"})
    assert searched.status_code == 200, searched.json()
    assert (searched.json()["result"]["modifier"], searched.json()["result"]["total"]) == (1, 8)


def test_mh_inc_07_a_gem_found_sells_for_what_it_is_worth(world: World, dice: DiceScript) -> None:
    f = fight(world)
    [gem] = [h for h in explored(f, dice, 3, 3, 3, 3, 3, 1, 4, heroes=5) if h.item_slug != "gc"]  # 4: amethyst
    gold = Warband.objects.get(pk=f.reavers.pk).treasury
    sold = post(world, f.reavers, "sell", {"holding": gem.pk})
    assert sold.status_code == 200, sold.json()
    assert sold.json()["result"]["gold"] == 20
    assert Warband.objects.get(pk=f.reavers.pk).treasury == gold + 20


def test_mh_inc_08_the_smithys_double_handed_weapon_can_be_given_and_sold(world: World, dice: DiceScript) -> None:
    f = fight(world)
    holdings = explored(f, dice, 2, 2, 2, 2)  # triple 2s: the Smithy; its D6 2: a double-handed weapon
    [weapon] = [h for h in holdings if h.item_slug != "gc"]
    assert weapon.item_slug == "double_handed"
    moved = post(world, f.reavers, "move-item", {"holding": weapon.pk, "warrior": f.champion.pk})
    assert moved.status_code == 200, moved.json()
    sold = post(world, f.reavers, "sell", {"holding": weapon.pk})
    assert sold.status_code == 200, sold.json()
    assert sold.json()["result"]["gold"] == 7  # half of the chart's 15 gc, rounded down (MH-TRD-06)


def test_mh_eqp_03_a_lucky_charm_found_at_the_trading_post_can_be_given_to_a_hero(
    world: World, dice: DiceScript
) -> None:
    f = fight(world)
    Warband.objects.filter(pk=f.reavers.pk).update(trading_sequence=1)
    dice.then(3, 3)  # 2D6 6 against the charm's Rare 6
    searched = post(world, f.reavers, "search", {"warrior": f.captain.pk, "item": "lucky_charm"})
    assert searched.json()["result"]["found"] is True, searched.json()
    bought = post(world, f.reavers, "buy", {"item": "lucky_charm"})
    assert bought.status_code == 200, bought.json()
    [charm] = Holding.objects.filter(warband=f.reavers, item_slug="lucky_charm")
    moved = post(world, f.reavers, "move-item", {"holding": charm.pk, "warrior": f.champion.pk})
    assert moved.status_code == 200, moved.json()  # miscellaneous kit is not bound by the list (a Hero's)
    to_group = post(world, f.reavers, "move-item", {"holding": charm.pk, "warrior": f.warriors.pk})
    assert to_group.status_code == 400 and to_group.json()["code"] == "not_allowed_for_warrior"


def test_mh_trd_01_a_gem_is_found_never_bought_or_searched_for(world: World, dice: DiceScript) -> None:
    f = fight(world)
    gold = Warband.objects.get(pk=f.reavers.pk).treasury
    bought = post(world, f.reavers, "buy", {"item": "amethyst"})
    assert (bought.status_code, bought.json()["code"]) == (400, "not_for_sale")
    searched = post(world, f.reavers, "search", {"warrior": f.captain.pk, "item": "ruby"})
    assert (searched.status_code, searched.json()["code"]) == (400, "not_for_sale")
    assert Warband.objects.get(pk=f.reavers.pk).treasury == gold and not dice.rolled

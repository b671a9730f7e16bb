"""The Savage Worlds trait roll: trait die and wild die, both aces, the higher counts (AD-DICE-01/02)."""

from __future__ import annotations

from referee.engine.dice import bounds
from tests.support.dice import ScriptedRoller


def test_ad_dice_01_the_higher_die_counts_plus_modifiers() -> None:
    made = ScriptedRoller([3, 5]).roll("trait(d8)+2")
    assert made.faces == (3, 5)
    assert made.kept == (5,)
    assert made.total == 7
    assert made.detail == (("trait D8", (3,)), ("wild D6", (5,)), ("counted wild", (5,)))


def test_ad_dice_01_the_trait_die_counts_when_higher() -> None:
    made = ScriptedRoller([7, 2]).roll("trait(d8)")
    assert (made.kept, made.total) == ((7,), 7)
    assert made.detail[-1] == ("counted trait", (7,))


def test_it_names_the_trait_die_on_a_tie() -> None:
    made = ScriptedRoller([4, 4]).roll("trait(d8)")
    assert made.detail[-1] == ("counted trait", (4,))


def test_ad_dice_02_both_dice_ace() -> None:
    # d8 shows 8 then 8 then 1 (17); the d6 wild die shows 6 then 2 (8).
    made = ScriptedRoller([8, 8, 1, 6, 2]).roll("trait(d8)")
    assert made.faces == (8, 8, 1, 6, 2)
    assert made.detail[:2] == (("trait D8", (8, 8, 1)), ("wild D6", (6, 2)))
    assert (made.kept, made.total) == ((17,), 17)


def test_it_lets_the_wild_die_size_be_chosen() -> None:
    made = ScriptedRoller([2, 10, 4]).roll("trait(d8, d10)")
    assert made.notation == "trait(D8,D10)"
    assert made.detail[:2] == (("trait D8", (2,)), ("wild D10", (10, 4)))
    assert made.total == 14


def test_it_has_a_floor_but_no_ceiling() -> None:
    assert bounds("trait(d8)+2") == (3, None)
    assert bounds("5-trait(d4)") == (None, 4)

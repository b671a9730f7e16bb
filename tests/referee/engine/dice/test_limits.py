"""Every limit is refused at once, before any die is drawn, with a message saying what is allowed."""

from __future__ import annotations

import tracemalloc

import pytest

from referee.engine.dice import (
    MAX_DICE,
    MAX_EXPLOSIONS,
    MAX_NOTATION_LENGTH,
    MAX_SIDES,
    MAX_TERMS,
    DiceError,
    SeededRoller,
    bounds,
    roll,
)
from tests.referee.engine.dice.helpers import MaxSource, NoDrawSource

REFUSED = [
    ("1000000d1000000", "too_many_dice", "at most 100 dice in one roll (asked for 1000000)"),
    ("101d6", "too_many_dice", "at most 100 dice in one roll (asked for 101)"),
    ("60d6+41d6", "too_many_dice", "at most 100 dice in one roll (asked for 101)"),
    ("50d6+49d6+trait(d8)", "too_many_dice", "at most 100 dice in one roll (asked for 101)"),
    ("99d6+trait(d8)", "too_many_dice", "at most 100 dice in one roll (asked for 101)"),
    ("d1001", "too_many_sides", "a die can have at most 1000 sides (asked for 1001)"),
    ("2d" + "9" * 150, "too_many_sides", "a die can have at most 1000 sides"),
    ("trait(d8, d2000)", "too_many_sides", "at most 1000 sides (asked for 2000)"),
    ("0d6", "no_dice", "a dice term rolls at least 1 die (0d6 asks for 0)"),
    ("d0", "no_sides", "a die needs at least 1 side"),
    ("d1!", "explode_sides", "an exploding die needs at least 2 sides (d1! has 1)"),
    ("trait(d1)", "explode_sides", "an exploding die needs at least 2 sides"),
    ("d3!", "explode_special", "only plain dice can explode, not D3 or D66"),
    ("2d66!", "explode_special", "only plain dice can explode, not D3 or D66"),
    ("trait(d66)", "trait_special", "trait(...) takes plain dice such as trait(d8)"),
    ("trait(d8, d3)", "trait_special", "not D3 or D66"),
    ("4d6kh5", "keep_range", "4d6kh5 rolls 4 dice, so it can keep between 1 and 4 of them (asked for 5)"),
    ("4d6kl0", "keep_range", "can keep between 1 and 4 of them (asked for 0)"),
    ("d6+10001", "constant_too_big", "a constant can be at most 10000 (asked for 10001)"),
    ("+".join(["1"] * (MAX_TERMS + 1)), "too_many_terms", "at most 20 terms in one roll (asked for 21)"),
    ("d6" + " " * MAX_NOTATION_LENGTH, "too_long", "dice notation can be at most 200 characters long"),
    ("d6 # " + "x" * 200, "too_long", "(this one has 205)"),
]


@pytest.mark.parametrize(("notation", "code", "message"), REFUSED)
def test_it_refuses_before_drawing_any_die(notation: str, code: str, message: str) -> None:
    with pytest.raises(DiceError) as caught:
        roll(notation, NoDrawSource())
    assert caught.value.code == code
    assert message in str(caught.value)


@pytest.mark.parametrize(("notation", "code", "message"), REFUSED)
def test_it_refuses_in_bounds_and_rollers_without_using_a_sequence_number(
    notation: str, code: str, message: str
) -> None:
    roller = SeededRoller(seed=b"s", salt=b"t", start_seq=5)
    with pytest.raises(DiceError):
        roller.roll(notation)
    with pytest.raises(DiceError):
        bounds(notation)
    assert roller.next_seq == 5
    assert roller.made == []


def test_it_allows_exactly_the_limits() -> None:
    made = roll(f"{MAX_DICE}d{MAX_SIDES}", MaxSource())
    assert made.total == MAX_DICE * MAX_SIDES
    assert roll("+".join(["1"] * MAX_TERMS), NoDrawSource()).total == MAX_TERMS
    assert roll("d6".ljust(MAX_NOTATION_LENGTH), MaxSource()).total == 6
    assert roll("98d6+trait(d4)", MaxSource()).notation == "98D6+trait(D4)"


def test_it_refuses_huge_requests_without_a_big_allocation() -> None:
    tracemalloc.start()
    try:
        for notation in ("1000000d1000000", "99999999999999d6", "d99999999999999999!", "9" * 200):
            with pytest.raises(DiceError):
                roll(notation, NoDrawSource())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


def test_it_stops_an_explosion_chain_at_the_cap() -> None:
    # MAX_EXPLOSIONS extra faces at most: a die that always shows its maximum draws 1 + 20 faces.
    source = MaxSource()
    made = roll("2d6!", source)
    assert source.draws == 2 * (1 + MAX_EXPLOSIONS)
    assert len(made.faces) == 2 * (1 + MAX_EXPLOSIONS)
    assert made.kept == (6 * (1 + MAX_EXPLOSIONS),) * 2


def test_it_stops_trait_aces_at_the_cap() -> None:
    source = MaxSource()
    made = roll("trait(d4, d6)", source)
    assert source.draws == 2 * (1 + MAX_EXPLOSIONS)
    assert made.total == 6 * (1 + MAX_EXPLOSIONS)

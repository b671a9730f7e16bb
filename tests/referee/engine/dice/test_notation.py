"""Reading notation: every form, its canonical text, labels, and how each die is read."""

from __future__ import annotations

import pytest

from referee.engine.dice import DiceError, ScriptError, normalize, parse, roll
from referee.engine.dice.sources import SequenceFaceSource
from tests.support.dice import ScriptedRoller


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("d6", "D6"),
        ("1d6", "D6"),
        ("D6", "D6"),
        ("2d6", "2D6"),
        ("2D6+1", "2D6+1"),
        ("2d6 + 1", "2D6+1"),
        ("  2d6+1  ", "2D6+1"),
        ("d66", "D66"),
        ("D3", "D3"),
        ("3d6-d3+2", "3D6-D3+2"),
        ("-2+d6", "-2+D6"),
        ("+d6", "D6"),
        ("4d6kh3", "4D6kh3"),
        ("4d6k3", "4D6kh3"),
        ("4D6KL1", "4D6kl1"),
        ("d6!", "D6!"),
        ("3d6!", "3D6!"),
        ("4d6!kh3", "4D6!kh3"),
        ("trait(d8)", "trait(D8)"),
        ("TRAIT(D8, d6)", "trait(D8)"),
        ("trait(d8,d10)+2", "trait(D8,D10)+2"),
        ("02d06", "2D6"),
        ("7", "7"),
        ("2d6+1 # to hit", "2D6+1"),
    ],
)
def test_it_normalizes_to_one_canonical_form(written: str, canonical: str) -> None:
    assert normalize(written) == canonical
    assert normalize(canonical) == canonical


def test_it_reads_the_label_after_the_hash() -> None:
    made = ScriptedRoller([2, 3]).roll("2d6+1 # to hit")
    assert made.label == "to hit"
    assert made.notation == "2D6+1"
    assert made.total == 6


def test_it_lets_the_label_argument_win() -> None:
    assert ScriptedRoller([2]).roll("d6 # written", label="given").label == "given"
    assert ScriptedRoller([2]).roll("d6", label="given").label == "given"
    assert ScriptedRoller([2]).roll("d6 #").label == ""


def test_it_reads_d66_as_tens_then_units() -> None:
    # MH-GEN-03: 3 and 5 -> 35; both faces recorded, tens first.
    made = ScriptedRoller([3, 5]).roll("D66")
    assert (made.faces, made.kept, made.total) == ((3, 5), (35,), 35)


@pytest.mark.parametrize(("face", "value"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_it_reads_d3_from_one_d6_face(face: int, value: int) -> None:
    # MH-GEN-02: the d6 face is recorded, the mapped value is the total.
    made = ScriptedRoller([face]).roll("D3")
    assert (made.faces, made.kept, made.total) == ((face,), (value,), value)


def test_it_draws_a_d3_as_a_d6() -> None:
    with pytest.raises(ScriptError, match="a d6 cannot show"):
        roll("d3", SequenceFaceSource([7]))


def test_it_subtracts_terms_and_signs_their_kept_values() -> None:
    made = ScriptedRoller([4, 2, 6, 5]).roll("3d6-d3+2")
    assert made.faces == (4, 2, 6, 5)
    assert made.kept == (4, 2, 6, -3)
    assert made.total == 4 + 2 + 6 - 3 + 2
    assert made.detail == (("3D6", (4, 2, 6)), ("-D3", (5,)))


def test_it_keeps_the_highest_in_draw_order() -> None:
    made = ScriptedRoller([3, 6, 1, 5]).roll("4d6kh3")
    assert made.faces == (3, 6, 1, 5)
    assert made.kept == (3, 6, 5)
    assert made.total == 14


def test_it_keeps_the_lowest() -> None:
    made = ScriptedRoller([3, 6, 1, 5]).roll("4d6kl1")
    assert (made.kept, made.total) == ((1,), 1)


def test_it_explodes_a_die_showing_its_maximum() -> None:
    made = ScriptedRoller([6, 6, 2, 3]).roll("2d6!")
    assert made.faces == (6, 6, 2, 3)
    assert made.kept == (14, 3)
    assert made.total == 17


def test_it_keeps_exploded_dice_by_their_chain_total() -> None:
    made = ScriptedRoller([4, 6, 1, 5]).roll("3d6!kh1")
    assert made.faces == (4, 6, 1, 5)
    assert made.kept == (7,)


def test_it_rolls_constants_alone() -> None:
    made = roll("7", SequenceFaceSource([]))
    assert (made.faces, made.kept, made.total) == ((), (), 7)


def test_it_caches_parses() -> None:
    assert parse("2d6+1 # cached") is parse("2d6+1 # cached")


def test_it_refuses_a_non_string() -> None:
    with pytest.raises(TypeError):
        parse(b"2d6")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "written", ["garbage", "2d6+", "d6d6", "k3", "2d", "d", "2d6 ++ 1", "trait(8)", "4d6kh", "d6!!", "2x6"]
)
def test_it_refuses_garbage_saying_what_to_write(written: str) -> None:
    with pytest.raises(DiceError, match=r"cannot read .* write dice like 2d6\+1") as caught:
        parse(written)
    assert caught.value.code == "unreadable"
    assert isinstance(caught.value.params["column"], int)


@pytest.mark.parametrize("written", ["", "   ", "# only a label"])
def test_it_refuses_empty_notation(written: str) -> None:
    with pytest.raises(DiceError, match="no dice notation given") as caught:
        parse(written)
    assert caught.value.code == "empty"


def test_it_is_a_value_error_with_a_code_and_params() -> None:
    with pytest.raises(ValueError) as caught:
        parse("4d6kh5")
    error = caught.value
    assert isinstance(error, DiceError)
    assert error.code == "keep_range"
    assert error.template.format(**error.params) == str(error)

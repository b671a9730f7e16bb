"""``shuffle(N)``: a Fisher-Yates shuffle drawn from the stream, recomputable like any roll (LIVE-TABLES §3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.engine import fairness
from referee.engine.chain import face_sides
from referee.engine.dice import DiceError, SeededRoller, SequenceFaceSource, normalize, roll, shuffled
from tests.referee.engine.dice.helpers import PROPERTY


def test_it_swaps_from_the_bottom_up_as_documented() -> None:
    # i=4: j=1 swaps 4<->1 -> [4,2,3,1]; i=3: j=3 keeps; i=2: j=1 swaps -> [2,4,3,1].
    made = roll("shuffle(4)", SequenceFaceSource([1, 3, 1]))
    assert made.faces == (1, 3, 1)
    assert made.kept == (2, 4, 3, 1)
    assert made.total == 10


def test_it_keeps_the_deck_hash_in_the_label() -> None:
    made = roll("shuffle(3) # deck:abc", SequenceFaceSource([1, 1]))
    assert made.label == "deck:abc"
    assert normalize("SHUFFLE(3) # deck:abc") == "shuffle(3)"


def test_a_seeded_shuffle_is_recomputed_by_the_verifier() -> None:
    seed, salt = b"s" * 32, b"table:1"
    made = SeededRoller(seed=seed, salt=salt, start_seq=4)
    shuffle = made.roll("shuffle(60)")
    assert sorted(shuffle.kept) == list(range(1, 61))
    assert fairness.verify_roll(seed=seed, salt=salt, seq=4, roll=shuffle)
    forged = type(shuffle)(shuffle.notation, shuffle.faces[::-1], shuffle.kept, shuffle.total)
    assert not fairness.verify_roll(seed=seed, salt=salt, seq=4, roll=forged)


def test_its_faces_are_dice_from_n_down_to_2() -> None:
    made = roll("shuffle(5)", SequenceFaceSource([5, 4, 3, 2]))
    assert face_sides(made.notation, made.faces) == (5, 4, 3, 2)


@pytest.mark.parametrize("notation", ["shuffle(0)", "shuffle(1001)", "shuffle(5)+1", "-shuffle(3)", "d6+shuffle(2)"])
def test_it_refuses_what_is_not_a_deck_shuffle(notation: str) -> None:
    with pytest.raises(DiceError):
        roll(notation, SequenceFaceSource([1] * 10))


@PROPERTY
@given(st.integers(min_value=1, max_value=80), st.binary(min_size=1, max_size=8))
def test_every_shuffle_is_a_permutation(size: int, seed: bytes) -> None:
    made = SeededRoller(seed=seed, salt=b"p").roll(f"shuffle({size})")
    assert sorted(made.kept) == list(range(1, size + 1))
    assert len(made.faces) == size - 1
    assert shuffled(list(range(size)), made.kept) == [p - 1 for p in made.kept]

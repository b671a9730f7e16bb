"""Face sources: the HMAC stream as documented (with known answers), scripted faces, injected Random."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.engine.dice import HmacFaceSource, RandomFaceSource, ScriptError, SequenceFaceSource
from tests.referee.engine.dice.helpers import PROPERTY, keys, reference_faces, reference_words

KEY = bytes(range(32))


def test_it_matches_the_documented_stream_word_for_word() -> None:
    # d(2**32) never rejects, so each face is exactly the next stream word plus one.
    source = HmacFaceSource(KEY, b"words")
    words = reference_words(KEY, b"words")
    assert [source.face(2**32) for _ in range(20)] == [next(words) + 1 for _ in range(20)]


def test_it_knows_the_first_block_of_a_fixed_stream() -> None:
    # Known answer: HMAC-SHA256(KEY, b"kat" + 8 zero bytes), read as eight big-endian words.
    block = "94f36c71b306d4dc39cc568b488fecb5a0275fc490de2a92dfb2e44abd2f690b"
    words = [int(block[i : i + 8], 16) for i in range(0, 64, 8)]
    assert words == [next(w) for w in [reference_words(KEY, b"kat")] for _ in range(8)]
    source = HmacFaceSource(KEY, b"kat")
    assert [source.face(2**32) - 1 for _ in range(8)] == words
    assert HmacFaceSource(KEY, b"kat").face(6) == words[0] % 6 + 1


def test_it_rejects_words_that_would_bias_the_face() -> None:
    # With 2**31 + 1 sides about half the words are rejected: the engine must skip exactly those.
    sides = 2**31 + 1
    source = HmacFaceSource(KEY, b"reject")
    got = [source.face(sides) for _ in range(50)]
    assert got == reference_faces(KEY, b"reject", [sides] * 50)
    used = 0
    words = reference_words(KEY, b"reject")
    for _ in range(50):
        while next(words) >= sides:
            used += 1
        used += 1
    assert used > 60  # the test really crossed rejected words and block boundaries


@PROPERTY
@given(key=keys(), message=st.binary(max_size=40), sides=st.lists(st.integers(1, 1000), min_size=1, max_size=40))
def test_it_agrees_with_the_reference_for_any_dice(key: bytes, message: bytes, sides: list[int]) -> None:
    source = HmacFaceSource(key, message)
    assert [source.face(s) for s in sides] == reference_faces(key, message, sides)


def test_it_separates_streams_by_message() -> None:
    first = [HmacFaceSource(KEY, b"a").face(2**32) for _ in range(8)]
    second = [HmacFaceSource(KEY, b"b").face(2**32) for _ in range(8)]
    assert first != second


@pytest.mark.parametrize("sides", [0, -1, 2**32 + 1])
def test_it_refuses_impossible_dice(sides: int) -> None:
    with pytest.raises(ValueError, match="sides"):
        HmacFaceSource(KEY, b"x").face(sides)


def test_it_plays_scripted_faces_in_order() -> None:
    source = SequenceFaceSource([1, 6, 20])
    assert [source.face(6), source.face(6), source.face(20)] == [1, 6, 20]
    assert source.remaining == 0


def test_it_refuses_a_scripted_face_the_die_cannot_show() -> None:
    source = SequenceFaceSource([4, 7])
    source.face(6)
    with pytest.raises(ScriptError, match="scripted face #2 is 7, which a d6 cannot show"):
        source.face(6)


def test_it_says_when_the_script_runs_out() -> None:
    source = SequenceFaceSource([4])
    source.face(6)
    with pytest.raises(ScriptError, match="the script ran out: a d8 asked for face #2 and the script has 1"):
        source.face(8)


def test_it_draws_from_an_injected_random_instance() -> None:
    source = RandomFaceSource(random.Random(7))
    assert [source.face(6) for _ in range(5)] == [3, 2, 4, 6, 1]
    assert all(1 <= source.face(20) <= 20 for _ in range(500))

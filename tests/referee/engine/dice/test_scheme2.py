"""Dice scheme 2 (several faces per HMAC block): exactly unbiased, checked exhaustively over every byte value
(and every 16-bit value) rather than by a statistical threshold; the HMAC shortcut is RFC 2104's HMAC; the
engine reads the blocks exactly as docs/verifying-rolls.md (and its reference helper) says."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.engine.dice import HmacByteFaceSource, SeededRoller, hmac_source, roll, seeded_message
from referee.engine.dice.hmac_streams import KeyedHmac
from tests.referee.engine.dice.helpers import PROPERTY, keys, reference_faces_v2


class CountingBlocks:
    """Stands in for the keyed HMAC: block ``i`` is the ``i``-th 32 bytes of ``pattern``, repeated."""

    def __init__(self, pattern: bytes) -> None:
        assert len(pattern) % 32 == 0
        self.pattern = pattern
        self.blocks = 0

    def digest(self, data: bytes) -> bytes:
        block = int.from_bytes(data[-8:], "big")  # the message ends in the block number
        assert block == self.blocks, "blocks are read in order, each once"
        self.blocks += 1
        at = (32 * block) % len(self.pattern)
        return self.pattern[at : at + 32]


EVERY_BYTE = bytes(range(256))
EVERY_WORD16 = b"".join(x.to_bytes(2, "big") for x in range(1 << 16))


@pytest.mark.parametrize("sides", range(1, 257))
def test_every_byte_value_gives_each_face_equally_often_and_the_rest_are_rejected(sides: int) -> None:
    source = HmacByteFaceSource(b"", b"m", keyed=CountingBlocks(EVERY_BYTE))  # type: ignore[arg-type]
    kept = 256 - 256 % sides  # the byte values 0 .. kept-1 make faces; kept .. 255 are thrown away
    faces = [source.face(sides) for _ in range(kept)]
    assert Counter(faces) == dict.fromkeys(range(1, sides + 1), 256 // sides)
    assert faces == [b % sides + 1 for b in range(kept)]
    # The next die skips exactly the rejected values and starts again at byte value 0 (the 9th block).
    assert source.face(sides) == 1
    assert source._block == 9


@pytest.mark.parametrize("sides", [257, 300, 1000, 4097, 65535, 65536])
def test_every_16_bit_value_gives_each_face_of_a_big_die_equally_often(sides: int) -> None:
    source = HmacByteFaceSource(b"", b"m", keyed=CountingBlocks(EVERY_WORD16))  # type: ignore[arg-type]
    kept = 65536 - 65536 % sides
    counts = Counter(source.face(sides) for _ in range(kept))
    assert set(counts.values()) == {65536 // sides} and len(counts) == sides
    assert source.face(sides) == 1  # the rejected values 'kept'..65535 were skipped


def test_a_two_byte_read_runs_on_from_one_block_into_the_next() -> None:
    pattern = bytes(range(64))
    source = HmacByteFaceSource(b"", b"m", keyed=CountingBlocks(pattern))  # type: ignore[arg-type]
    assert [source.face(256) for _ in range(31)] == list(range(1, 32))  # bytes 0..30
    # Bytes 31 (last of block 0) and 32 (first of block 1): 31 * 256 + 32 = 7968.
    assert source.face(1000) == 7968 % 1000 + 1
    assert source.face(256) == 34  # byte 33


@pytest.mark.parametrize("length", [0, 1, 16, 32, 63, 64, 65, 100])
def test_the_keyed_shortcut_is_hmac_sha256(length: int) -> None:
    key = bytes(range(length))
    for message in (b"", b"abc", bytes(100)):
        assert KeyedHmac(key).digest(message) == hmac.new(key, message, hashlib.sha256).digest()
        assert KeyedHmac(key).prefixed(b"salt|").digest(message) == hmac.new(key, b"salt|" + message, "sha256").digest()


@PROPERTY
@given(seed=keys(), message=st.binary(max_size=40), sides=st.lists(st.sampled_from([1, 2, 3, 6, 20, 100, 129,
                                                                                     256, 257, 1000, 70000]),
                                                                   min_size=1, max_size=60))
def test_the_engine_reads_the_blocks_as_the_documentation_says(seed: bytes, message: bytes, sides: list[int]) -> None:
    source = HmacByteFaceSource(seed, message)
    assert [source.face(s) for s in sides] == reference_faces_v2(seed, message, sides)


def test_one_block_gives_a_handful_of_d6_faces_from_one_hmac() -> None:
    calls = []

    class Counting(KeyedHmac):
        def digest(self, data: bytes) -> bytes:
            calls.append(data)
            return super().digest(data)

    seed, salt = bytes(range(32)), b"s"
    made = roll("10d6", HmacByteFaceSource(b"", seeded_message(salt, 0), keyed=Counting(seed)))
    assert len(made.faces) == 10 and len(calls) == 1
    assert made == SeededRoller(seed=seed, salt=salt).roll("10d6")


def documented_faces() -> Any:
    """The ``faces`` function printed in docs/verifying-rolls.md section 4, run as a reader would run it."""
    text = (Path(__file__).resolve().parents[4] / "docs" / "verifying-rolls.md").read_text()
    section = text[text.index("## 4.") : text.index("## 5.")]
    block = section[section.index("    import hashlib, hmac") : section.index("\nExamples, with")]
    code = "\n".join(line[4:] for line in block.splitlines())
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/verifying-rolls.md", "exec"), namespace)  # noqa: S102 - the documented recipe
    return namespace["faces"]


@PROPERTY
@given(seed=keys(), salt=st.binary(max_size=40), seq=st.integers(0, 10**6), scheme=st.sampled_from([1, 2]),
       notation=st.sampled_from(["d6", "3d6", "d1000", "2d20", "d256", "d257", "10d6", "40d100"]),
       big=st.lists(st.sampled_from([6, 300, 70000, 2**32]), max_size=5))
def test_the_documented_recipe_gives_the_engines_faces(
    seed: bytes, salt: bytes, seq: int, scheme: int, notation: str, big: list[int]
) -> None:
    made = SeededRoller(seed=seed, salt=salt, start_seq=seq, scheme=scheme).roll(notation)
    count, _, sides = notation.partition("d")
    recipe = documented_faces()
    assert tuple(recipe(seed, salt, seq, [int(sides)] * int(count or 1), scheme)) == made.faces
    source = hmac_source(seed, seeded_message(salt, seq), scheme=scheme)  # dice bigger than notation allows
    assert recipe(seed, salt, seq, big, scheme) == [source.face(s) for s in big]


def test_the_documented_examples_hold() -> None:
    from referee.engine import fairness

    seed = bytes(range(32))
    salt = fairness.salt_for(stream="campaign:1:week:1", contributions={"7": "bob's luck"})
    faces = documented_faces()
    assert faces(seed, salt, 0, [6, 6], 2) == [4, 6]
    assert faces(seed, salt, 2, [1000], 2) == [759]
    assert faces(seed, salt, 0, [6, 6], 1) == [1, 3]
    assert SeededRoller(seed=seed, salt=salt, start_seq=1).roll("D66").kept == (43,)
    assert SeededRoller(seed=seed, salt=salt, start_seq=1, scheme=1).roll("D66").kept == (63,)

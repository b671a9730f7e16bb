"""Commit-reveal fairness: commitments, salts, and recomputing a roll from the revealed seed."""

from __future__ import annotations

import hashlib
import string

from hypothesis import given
from hypothesis import strategies as st

from referee.engine.dice import SeededRoller
from referee.engine.fairness import commitment, new_seed, salt_for, seed_matches, verify_roll
from tests.referee.engine.dice.helpers import PROPERTY

CONTRIBUTIONS = {"bob": "pineapple", "alice": "42", "carol": ""}


def test_it_draws_fresh_32_byte_seeds() -> None:
    seeds = {new_seed() for _ in range(10)}
    assert len(seeds) == 10
    assert all(len(s) == 32 for s in seeds)


def test_it_commits_with_sha256_hex() -> None:
    seed = bytes(32)
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()
    assert seed_matches(seed=seed, published=commitment(seed).upper())
    assert not seed_matches(seed=b"other", published=commitment(seed))


def test_it_lays_out_the_salt_as_documented() -> None:
    def chunk(text: str) -> bytes:
        data = text.encode()
        return len(data).to_bytes(4, "big") + data

    layout = b"muster-salt-v1" + chunk("week-7") + (3).to_bytes(4, "big")
    layout += chunk("alice") + chunk("42") + chunk("bob") + chunk("pineapple") + chunk("carol") + chunk("")
    expected = hashlib.sha256(layout).digest()
    got = salt_for(stream="week-7", contributions=CONTRIBUTIONS)
    assert got == expected
    # Known answer, pinned so a change to the layout cannot go unnoticed.
    assert got.hex() == "a35f3600936ef9083ea9df5110b7df660bda5e786a5ba06e85df65e91c84649a"


def test_it_does_not_depend_on_the_order_contributions_arrive_in() -> None:
    reordered = dict(reversed(list(CONTRIBUTIONS.items())))
    original = salt_for(stream="week-7", contributions=CONTRIBUTIONS)
    assert salt_for(stream="week-7", contributions=reordered) == original


def test_it_keeps_field_boundaries_unambiguous() -> None:
    assert salt_for(stream="s", contributions={"ab": "c"}) != salt_for(stream="s", contributions={"a": "bc"})
    assert salt_for(stream="ab", contributions={}) != salt_for(stream="a", contributions={"b": ""})
    assert salt_for(stream="w", contributions={}) != salt_for(stream="x", contributions={})


@PROPERTY
@given(
    seed=st.binary(min_size=32, max_size=32),
    stream=st.text(string.printable, max_size=20),
    seq=st.integers(0, 10**6),
    notation=st.sampled_from(["d6", "2d6+1", "d66", "4d6kh3", "3d6!", "trait(d8)+2", "3d6-d3+2"]),
)
def test_it_verifies_what_the_seeded_roller_rolled(seed: bytes, stream: str, seq: int, notation: str) -> None:
    salt = salt_for(stream=stream, contributions=CONTRIBUTIONS)
    made = SeededRoller(seed=seed, salt=salt, start_seq=seq).roll(notation)
    assert verify_roll(seed=seed, salt=salt, seq=seq, roll=made)
    other_seq = verify_roll(seed=seed, salt=salt, seq=seq + 1, roll=made)
    assert not other_seq or _same_at(seed, salt, seq, notation)


def _same_at(seed: bytes, salt: bytes, seq: int, notation: str) -> bool:
    """Two sequence numbers may legitimately give the same faces (two d6 agree 1 time in 6)."""
    a = SeededRoller(seed=seed, salt=salt, start_seq=seq).roll(notation)
    b = SeededRoller(seed=seed, salt=salt, start_seq=seq + 1).roll(notation)
    return (a.faces, a.total) == (b.faces, b.total)


def test_it_rejects_a_tampered_roll() -> None:
    seed, salt = bytes(32), salt_for(stream="week-1", contributions={})
    made = SeededRoller(seed=seed, salt=salt).roll("d66")
    assert verify_roll(seed=seed, salt=salt, seq=0, roll=made)
    tampered_total = type(made)(made.notation, made.faces, made.kept, made.total + 1)
    tampered_faces = type(made)(made.notation, (*made.faces[::-1], 1), made.kept, made.total)
    unreadable = type(made)("not dice", made.faces, made.kept, made.total)
    assert not verify_roll(seed=seed, salt=salt, seq=0, roll=tampered_total)
    assert not verify_roll(seed=seed, salt=salt, seq=0, roll=tampered_faces)
    assert not verify_roll(seed=seed, salt=salt, seq=0, roll=unreadable)
    assert not verify_roll(seed=b"\x01" * 32, salt=salt, seq=0, roll=made)

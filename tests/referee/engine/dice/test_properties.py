"""Properties that hold for every notation and every stream, checked with hypothesis."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.engine.dice import MAX_EXPLOSIONS, HmacFaceSource, bounds, normalize, roll
from tests.referee.engine.dice.helpers import (
    D66_VALUES,
    PROPERTY,
    NotationSpec,
    TermSpec,
    dice_terms,
    keys,
    notations,
)


def _stream(key: bytes, n: int) -> HmacFaceSource:
    return HmacFaceSource(key, b"prop|" + str(n).encode())


def _chains(faces: tuple[int, ...], sides: int) -> list[tuple[int, ...]]:
    """Split an exploding term's faces into one chain per die."""
    chains, chain = [], []
    for face in faces:
        chain.append(face)
        if face != sides or len(chain) == 1 + MAX_EXPLOSIONS:
            chains.append(tuple(chain))
            chain = []
    assert not chain, "an unfinished chain"
    return chains


def _face_sides(term: TermSpec) -> list[int]:
    return [6 if term.kind in ("d3", "d66") else term.sides]


@PROPERTY
@given(spec=notations(), key=keys(), n=st.integers(0, 10**6))
def test_it_rolls_totals_within_bounds(spec: NotationSpec, key: bytes, n: int) -> None:
    lo, hi = bounds(spec.text)
    assert (lo, hi) == spec.bounds()
    made = roll(spec.text, _stream(key, n))
    if lo is not None:
        assert made.total >= lo
    if hi is not None:
        assert made.total <= hi


@PROPERTY
@given(spec=notations(), key=keys(), n=st.integers(0, 10**6))
def test_it_records_faces_in_range_and_kept_values_that_add_up(spec: NotationSpec, key: bytes, n: int) -> None:
    made = roll(spec.text, _stream(key, n))
    constants = sum(t.sign * t.value for t in spec.terms if t.kind == "const")
    assert made.total == sum(made.kept) + constants
    dice_specs = [t for t in spec.terms if t.kind != "const"]
    # One detail entry per dice term, three for a trait roll; faces concatenate in order.
    entries = iter(made.detail)
    all_faces: list[int] = []
    for term in dice_specs:
        if term.kind == "trait":
            (_, trait_faces), (_, wild_faces), (_, value) = next(entries), next(entries), next(entries)
            assert all(1 <= f <= term.sides for f in trait_faces)
            assert all(1 <= f <= term.wild for f in wild_faces)
            assert value == (max(sum(trait_faces), sum(wild_faces)),)
            all_faces += trait_faces + wild_faces
            continue
        _, faces = next(entries)
        (sides,) = _face_sides(term)
        assert all(1 <= f <= sides for f in faces)
        expected_faces = term.count * (2 if term.kind == "d66" else 1)
        assert len(faces) >= expected_faces if term.explode else len(faces) == expected_faces
        all_faces += faces
    assert next(entries, None) is None
    assert made.faces == tuple(all_faces)


@PROPERTY
@given(key=keys(), n=st.integers(0, 10**6), count=st.integers(1, 20))
def test_it_only_rolls_the_36_d66_values(key: bytes, n: int, count: int) -> None:
    made = roll(f"{count}d66", _stream(key, n))
    assert all(v in D66_VALUES for v in made.kept)
    assert made.kept == tuple(10 * t + u for t, u in zip(made.faces[::2], made.faces[1::2], strict=True))


@PROPERTY
@given(term=dice_terms(), key=keys(), n=st.integers(0, 10**6))
def test_it_keeps_highest_never_above_the_plain_sum(term: TermSpec, key: bytes, n: int) -> None:
    # The same stream gives the same faces whatever is kept, so the three rolls compare directly.
    base = term.text.lower().split("k")[0]
    every = roll(base, _stream(key, n))
    high = roll(f"{base}kh{max(term.keep, 1)}", _stream(key, n))
    low = roll(f"{base}kl{max(term.keep, 1)}", _stream(key, n))
    assert every.faces == high.faces == low.faces
    assert low.total <= high.total <= every.total
    assert high.total == sum(sorted(every.kept)[len(every.kept) - max(term.keep, 1) :])


@PROPERTY
@given(key=keys(), n=st.integers(0, 10**6), count=st.integers(1, 10), sides=st.sampled_from([2, 4, 6, 8, 20]))
def test_it_ends_every_explosion_chain_within_the_cap(key: bytes, n: int, count: int, sides: int) -> None:
    made = roll(f"{count}d{sides}!", _stream(key, n))
    chains = _chains(made.faces, sides)
    assert len(chains) == count
    assert all(1 <= len(chain) <= 1 + MAX_EXPLOSIONS for chain in chains)
    assert made.kept == tuple(sum(chain) for chain in chains)


@PROPERTY
@given(spec=notations(), key=keys(), n=st.integers(0, 10**6))
def test_it_is_deterministic_for_a_fixed_stream(spec: NotationSpec, key: bytes, n: int) -> None:
    first = roll(spec.text, _stream(key, n))
    assert roll(spec.text, _stream(key, n)) == first
    assert roll(first.notation, _stream(key, n)) == first
    assert normalize(first.notation) == first.notation

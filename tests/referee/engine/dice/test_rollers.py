"""Rollers: the seeded campaign roller (with a checked known-answer vector) and the scripted one."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.engine.dice import ScriptError, SeededRoller, hmac_source, roll, seeded_message
from referee.engine.rolls import Roll, Roller
from tests.referee.engine.dice.helpers import PROPERTY, keys, reference_faces
from tests.support.dice import ScriptedRoller

SEED = bytes(range(32))
SALT = b"muster-kat-salt"

#: Known answers: what SeededRoller(seed=SEED, salt=SALT) rolls under dice scheme 2 (the default), in
#: order (seq 0, 1, 2, ...), computed once and pinned here. ``dice`` lists the die sizes each roll draws,
#: in order, so the faces can be recomputed from the specification alone.
VECTOR = [
    ("d6", [6], (3,), 3),
    ("2d6", [6, 6], (3, 2), 5),
    ("d66", [6, 6], (4, 2), 42),
    ("d3", [6], (5,), 3),
    ("d20", [20], (10,), 10),
    ("4d6kh3", [6, 6, 6, 6], (2, 6, 5, 1), 13),
    ("3d6!", [6, 6, 6], (1, 1, 3), 5),
    ("trait(d8)", [8, 8, 6], (8, 6, 4), 14),
    ("d1000", [1000], (242,), 242),
]

#: The same seed and salt under scheme 1 (32-bit words), as every stream opened before scheme 2 rolled:
#: stored rolls of those streams must keep verifying.
VECTOR_V1 = [
    ("d6", [6], (1,), 1),
    ("2d6", [6, 6], (3, 5), 8),
    ("d66", [6, 6], (4, 3), 43),
    ("d3", [6], (1,), 1),
    ("d20", [20], (4,), 4),
    ("4d6kh3", [6, 6, 6, 6], (5, 3, 3, 5), 13),
    ("3d6!", [6, 6, 6, 6], (5, 6, 1, 4), 16),
    ("trait(d8)", [8, 6], (3, 1), 3),
    ("d1000", [1000], (618,), 618),
]
SCHEMES = [(2, VECTOR), (1, VECTOR_V1)]


@pytest.mark.parametrize(("scheme", "vector"), SCHEMES)
def test_it_rolls_the_known_answer_vector(scheme: int, vector: list) -> None:
    roller = SeededRoller(seed=SEED, salt=SALT, scheme=scheme)
    got = [(r.faces, r.total) for r in (roller.roll(notation) for notation, *_ in vector)]
    assert got == [(faces, total) for _, _, faces, total in vector]


def test_the_default_scheme_is_scheme_2() -> None:
    assert SeededRoller(seed=SEED, salt=SALT).scheme == 2


@pytest.mark.parametrize(("scheme", "seq", "entry"), [(s, i, e) for s, v in SCHEMES for i, e in enumerate(v)])
def test_it_checks_the_known_answers_against_the_specification(scheme: int, seq: int, entry: tuple) -> None:
    # Independent of the engine: HMAC-SHA256(SEED, SALT + b"|" + str(seq) + block), rejection sampled.
    _, dice, faces, _ = entry
    assert tuple(reference_faces(SEED, SALT + b"|" + str(seq).encode(), dice, scheme)) == faces


@pytest.mark.parametrize(
    ("scheme", "expected"),
    [(2, [2, 2, 3, 5, 3, 1, 2, 2, 3, 4, 4, 5]), (1, [3, 5, 4, 1, 6, 1, 3, 6, 4, 6, 1, 1])],
)
def test_it_continues_from_a_start_sequence_number(scheme: int, expected: list[int]) -> None:
    roller = SeededRoller(seed=SEED, salt=SALT, start_seq=1000, scheme=scheme)
    faces = [roller.roll("d6").faces[0] for _ in range(12)]
    assert faces == expected
    assert faces == [
        reference_faces(SEED, SALT + b"|" + str(1000 + i).encode(), [6], scheme)[0] for i in range(12)
    ]
    assert roller.next_seq == 1012
    assert roller.start_seq == 1000


def test_it_refuses_an_unknown_scheme() -> None:
    with pytest.raises(ValueError, match="scheme"):
        SeededRoller(seed=SEED, salt=SALT, scheme=3)


def test_it_records_every_roll_with_rule_and_label() -> None:
    roller = SeededRoller(seed=SEED, salt=SALT)
    first = roller.roll("2d6 # income", rule="MH-EXP-01")
    second = roller.roll("d66", rule="MH-INJ-H-01", label="injury")
    assert roller.made == [first, second]
    assert (first.rule, first.label, first.notation) == ("MH-EXP-01", "income", "2D6")
    assert (second.rule, second.label) == ("MH-INJ-H-01", "injury")
    assert roller.next_seq == 2


def test_it_is_a_roller() -> None:
    rollers: list[Roller] = [SeededRoller(seed=SEED, salt=SALT), ScriptedRoller([1])]
    for roller in rollers:
        made = roller.roll("d6", rule="R-1")
        assert isinstance(made, Roll)
        assert roller.made == [made]


@PROPERTY
@given(
    seed=keys(),
    salt=st.binary(max_size=40),
    start=st.integers(0, 10**9),
    notation=st.sampled_from(
        ["d6", "d20", "d1000", "d2", "d1", "D6 # label", "2d6", "d66", "d3", "-d6", "d6+1", "d6!", "d6kh1", "d256"]
    ),
    scheme=st.sampled_from([1, 2]),
    again=st.integers(0, 3),
)
def test_it_gives_the_same_roll_on_the_fast_path_as_on_the_full_stream(
    seed: bytes, salt: bytes, start: int, notation: str, scheme: int, again: int
) -> None:
    # Rolled once before, a plain die takes the fast path (its Roll for each face made once, then shared).
    roller = SeededRoller(seed=seed, salt=salt, start_seq=start, scheme=scheme)
    for i in range(again + 1):
        made = roller.roll(notation, rule="R")
        assert made == roll(notation, hmac_source(seed, seeded_message(salt, start + i), scheme=scheme), rule="R")


def test_it_refuses_a_negative_start() -> None:
    with pytest.raises(ValueError, match="start_seq"):
        SeededRoller(seed=SEED, salt=SALT, start_seq=-1)


def test_it_shares_one_script_across_rolls() -> None:
    roller = ScriptedRoller([3, 5, 2, 6, 1])
    assert roller.roll("D66").total == 35
    assert roller.roll("2d6").total == 8
    assert roller.remaining == [1]
    assert [r.notation for r in roller.made] == ["D66", "2D6"]


def test_it_fails_loudly_when_the_script_is_short() -> None:
    roller = ScriptedRoller([3])
    with pytest.raises(ScriptError, match="ran out"):
        roller.roll("D66")
    assert roller.made == []

"""Rollers: the seeded campaign roller (with a checked known-answer vector) and the scripted one."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.engine.dice import HmacFaceSource, ScriptError, SeededRoller, roll, seeded_message
from referee.engine.rolls import Roll, Roller
from tests.referee.engine.dice.helpers import PROPERTY, keys, reference_faces
from tests.support.dice import ScriptedRoller

SEED = bytes(range(32))
SALT = b"muster-kat-salt"

#: Known answers: what SeededRoller(seed=SEED, salt=SALT) rolls, in order (seq 0, 1, 2, ...),
#: computed once and pinned here. ``dice`` lists the die sizes each roll draws, in order, so the
#: faces can be recomputed from the specification alone.
VECTOR = [
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


def test_it_rolls_the_known_answer_vector() -> None:
    roller = SeededRoller(seed=SEED, salt=SALT)
    got = [(r.faces, r.total) for r in (roller.roll(notation) for notation, *_ in VECTOR)]
    assert got == [(faces, total) for _, _, faces, total in VECTOR]


@pytest.mark.parametrize(("seq", "entry"), list(enumerate(VECTOR)))
def test_it_checks_the_known_answers_against_the_specification(seq: int, entry: tuple) -> None:
    # Independent of the engine: HMAC-SHA256(SEED, SALT + b"|" + str(seq) + block), rejection sampled.
    _, dice, faces, _ = entry
    assert tuple(reference_faces(SEED, SALT + b"|" + str(seq).encode(), dice)) == faces


def test_it_continues_from_a_start_sequence_number() -> None:
    roller = SeededRoller(seed=SEED, salt=SALT, start_seq=1000)
    faces = [roller.roll("d6").faces[0] for _ in range(12)]
    assert faces == [3, 5, 4, 1, 6, 1, 3, 6, 4, 6, 1, 1]
    assert faces == [reference_faces(SEED, SALT + b"|" + str(1000 + i).encode(), [6])[0] for i in range(12)]
    assert roller.next_seq == 1012
    assert roller.start_seq == 1000


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
        ["d6", "d20", "d1000", "d2", "d1", "D6 # label", "2d6", "d66", "d3", "-d6", "d6+1", "d6!", "d6kh1"]
    ),
)
def test_it_gives_the_same_roll_on_the_fast_path_as_on_the_full_stream(
    seed: bytes, salt: bytes, start: int, notation: str
) -> None:
    made = SeededRoller(seed=seed, salt=salt, start_seq=start).roll(notation, rule="R")
    assert made == roll(notation, HmacFaceSource(seed, seeded_message(salt, start)), rule="R")


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

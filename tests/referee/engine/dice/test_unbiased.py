"""A rough chi-square check that the HMAC streams give fair dice (fixed seed: deterministic).

Scheme 2 is shown exactly unbiased, exhaustively over every byte value, in ``test_scheme2.py``; the
d66/d20 sample below is scheme 1's (32-bit words), the scheme of every stream opened before scheme 2."""

from __future__ import annotations

from collections import Counter

from referee.engine.dice import HmacFaceSource, SeededRoller
from referee.engine.stats import chi_square_uniform

SEED = b"muster fairness check seed".ljust(32, b"\0")


def test_it_rolls_fair_d6_through_the_seeded_roller() -> None:
    roller = SeededRoller(seed=SEED, salt=b"chi-square")
    counts = Counter(roller.roll("d6").total for _ in range(60_000))
    result = chi_square_uniform([counts[face] for face in range(1, 7)])
    assert sorted(counts) == [1, 2, 3, 4, 5, 6]
    assert result.p_value > 0.01, result


def test_it_draws_fair_faces_along_one_long_stream() -> None:
    source = HmacFaceSource(SEED, b"one stream")
    counts = Counter(source.face(6) for _ in range(60_000))
    assert chi_square_uniform([counts[face] for face in range(1, 7)]).p_value > 0.01


def test_it_draws_fair_d66_and_d20_under_scheme_1() -> None:
    roller = SeededRoller(seed=SEED, salt=b"d66", scheme=1)
    d66 = Counter(roller.roll("d66").total for _ in range(36_000))
    assert len(d66) == 36
    assert chi_square_uniform(list(d66.values())).p_value > 0.01
    d20 = Counter(roller.roll("d20").total for _ in range(20_000))
    assert chi_square_uniform([d20[f] for f in range(1, 21)]).p_value > 0.01

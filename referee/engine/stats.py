"""Small statistics for checking dice: Pearson's chi-square against a uniform distribution.

Pure Python (no scipy). The p-value is the regularized upper incomplete gamma
function ``Q(dof / 2, statistic / 2)``, computed as in Numerical Recipes
(section 6.2): a series for ``x < a + 1`` and a continued fraction (modified
Lentz) otherwise, both accurate to about 1e-14 relative.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

_EPS = 1e-15
_TINY = 1e-300
_MAX_ITERATIONS = 10_000


@dataclass(frozen=True, slots=True)
class ChiSquare:
    """A chi-square test result: the statistic, its degrees of freedom, and the p-value."""

    statistic: float
    dof: int
    p_value: float


def chi_square_uniform(counts: Sequence[int]) -> ChiSquare:
    """Test whether ``counts`` (observations per category) fit equal probabilities.

    With no observations at all there is no evidence against uniformity: the
    statistic is 0 and the p-value 1. A single category has 0 degrees of
    freedom and, likewise, p-value 1.
    """
    if not counts:
        raise ValueError("chi-square needs at least one category")
    if any(c < 0 for c in counts):
        raise ValueError("counts cannot be negative")
    dof = len(counts) - 1
    total = sum(counts)
    if total == 0 or dof == 0:
        return ChiSquare(statistic=0.0, dof=dof, p_value=1.0)
    expected = total / len(counts)
    statistic = math.fsum((c - expected) ** 2 for c in counts) / expected
    return ChiSquare(statistic=statistic, dof=dof, p_value=chi_square_sf(statistic, dof))


def chi_square_sf(statistic: float, dof: int) -> float:
    """P(X >= statistic) for X chi-square distributed with ``dof`` degrees of freedom."""
    if dof < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if statistic <= 0:
        return 1.0
    return gamma_q(dof / 2, statistic / 2)


def gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a)."""
    if a <= 0 or x < 0:
        raise ValueError("gamma_q needs a > 0 and x >= 0")
    if x == 0:
        return 1.0
    if x < a + 1:
        return max(0.0, 1.0 - _gamma_p_series(a, x))
    return _gamma_q_fraction(a, x)


def _prefactor(a: float, x: float) -> float:
    return math.exp(-x + a * math.log(x) - math.lgamma(a))


def _gamma_p_series(a: float, x: float) -> float:
    term = total = 1.0 / a
    ap = a
    for _ in range(_MAX_ITERATIONS):
        ap += 1
        term *= x / ap
        total += term
        if abs(term) < abs(total) * _EPS:
            return total * _prefactor(a, x)
    raise ArithmeticError(f"gamma series did not converge for a={a}, x={x}")


def _gamma_q_fraction(a: float, x: float) -> float:
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    h = d
    for i in range(1, _MAX_ITERATIONS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        if abs(d) < _TINY:
            d = _TINY
        c = b + an / c
        if abs(c) < _TINY:
            c = _TINY
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPS:
            return _prefactor(a, x) * h
    raise ArithmeticError(f"gamma continued fraction did not converge for a={a}, x={x}")

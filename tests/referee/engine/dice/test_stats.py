"""The pure-Python chi-square test, against known values."""

from __future__ import annotations

import math

import pytest

from referee.engine.stats import chi_square_sf, chi_square_uniform, gamma_q


@pytest.mark.parametrize(
    ("statistic", "dof", "p"),
    [(3.84, 1, 0.05004), (11.07, 5, 0.05001), (6.635, 1, 0.01), (18.307, 10, 0.05), (124.342, 100, 0.05)],
)
def test_it_matches_table_critical_values(statistic: float, dof: int, p: float) -> None:
    assert chi_square_sf(statistic, dof) == pytest.approx(p, abs=2e-4)


@pytest.mark.parametrize("statistic", [0.001, 0.5, 1.0, 3.84, 10.0, 50.0])
def test_it_matches_closed_forms(statistic: float) -> None:
    # dof 1: erfc(sqrt(x/2)); dof 2: exp(-x/2). Both paths of the gamma function get exercised.
    assert chi_square_sf(statistic, 1) == pytest.approx(math.erfc(math.sqrt(statistic / 2)), rel=1e-10)
    assert chi_square_sf(statistic, 2) == pytest.approx(math.exp(-statistic / 2), rel=1e-10)


def test_it_computes_the_statistic() -> None:
    result = chi_square_uniform([10, 20, 30])
    assert result.statistic == pytest.approx(10.0)
    assert result.dof == 2
    assert result.p_value == pytest.approx(math.exp(-5.0))


def test_it_handles_zero_counts() -> None:
    assert chi_square_uniform([0, 0, 0]).p_value == 1.0
    assert chi_square_uniform([0, 0, 0]).statistic == 0.0
    lopsided = chi_square_uniform([0, 0, 0, 0, 0, 600])
    assert lopsided.statistic == pytest.approx(3000.0)
    assert lopsided.p_value < 1e-300 or lopsided.p_value == 0.0
    assert chi_square_uniform([5]).p_value == 1.0
    assert chi_square_uniform([100, 100, 100]).p_value == 1.0


def test_it_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        chi_square_uniform([])
    with pytest.raises(ValueError):
        chi_square_uniform([1, -1])
    with pytest.raises(ValueError):
        gamma_q(0, 1)
    with pytest.raises(ValueError):
        chi_square_sf(1.0, 0)

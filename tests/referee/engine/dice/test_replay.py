"""Replaying stored rolls: a re-run job gets the same rolls back and never rolls again."""

from __future__ import annotations

import pytest

from referee.engine.dice import ReplayMismatch, ReplayRoller, SeededRoller


def _stored() -> list:
    roller = SeededRoller(seed=b"seed", salt=b"salt")
    roller.roll("2d6", rule="MH-EXP-01")
    roller.roll("d66", rule="MH-INJ-H-01", label="Bob's hero")
    return roller.made


def test_it_returns_the_stored_rolls_in_order() -> None:
    stored = _stored()
    replay = ReplayRoller(stored)
    assert replay.roll("2d6", rule="MH-EXP-01") is stored[0]
    assert replay.roll("D66", rule="MH-INJ-H-01") is stored[1]
    assert replay.made == stored
    assert replay.remaining == 0


def test_it_compares_notation_in_canonical_form() -> None:
    replay = ReplayRoller(_stored())
    assert replay.roll(" 2D6 # anything", rule="MH-EXP-01").total == _stored()[0].total


def test_it_refuses_a_different_notation() -> None:
    replay = ReplayRoller(_stored())
    expected = r"roll #0: asked for 3D6 .* but the stored roll is 2D6"
    with pytest.raises(ReplayMismatch, match=expected) as caught:
        replay.roll("3d6", rule="MH-EXP-01")
    assert caught.value.index == 0
    assert replay.made == []


def test_it_refuses_a_different_rule() -> None:
    replay = ReplayRoller(_stored())
    replay.roll("2d6", rule="MH-EXP-01")
    with pytest.raises(ReplayMismatch, match=r"rule MH-INJ-X-99.*rule MH-INJ-H-01"):
        replay.roll("d66", rule="MH-INJ-X-99")


def test_it_refuses_more_rolls_than_were_stored() -> None:
    replay = ReplayRoller(_stored()[:1])
    replay.roll("2d6", rule="MH-EXP-01")
    with pytest.raises(ReplayMismatch, match=r"roll #1: .* no stored roll left \(1 stored\)"):
        replay.roll("d66", rule="MH-INJ-H-01")


def test_it_is_not_a_notation_error() -> None:
    # A mismatch is a bug or changed code, not bad user input: it must not map to a 400.
    assert not issubclass(ReplayMismatch, ValueError)

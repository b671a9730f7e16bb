"""The casebook runner: every case under ``cases/`` played through the product path, one test each.

Mordheim cases go through the roster's services and the aftermath's Celery task (in-process); weekly
cases through the week's services and its resolution task; Doomtrooper, skirmish and arena cases through
the table HTTP API. A case marked ``known_bug`` is a strict xfail: it passes the day the bug is fixed,
and then the mark has to go.
"""

from __future__ import annotations

import pytest

from tests.casebook.cases import Case, all_cases
from tests.casebook.dice import CaseDice
from tests.casebook.players import play
from tests.support.world import World

CASES = all_cases()


def _param(case: Case) -> object:
    marks = [pytest.mark.xfail(strict=True, reason=f"known bug: {case.known_bug}")] if case.known_bug else []
    return pytest.param(case, id=case.id, marks=marks)


@pytest.mark.django_db
@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_casebook(case: Case, world: World, monkeypatch: pytest.MonkeyPatch, eager_celery: None) -> None:
    dice = CaseDice(case.dice)
    monkeypatch.setattr("referee.services.ledger.SeededRoller", dice.factory)
    play(case, world, dice)
    assert not dice.unused(), f"scripted dice no roll asked for: {dice.unused()}"

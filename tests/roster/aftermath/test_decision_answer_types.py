"""A decision answer of the wrong type (null, a float, true, a nested list) is a 400 naming ``answer`` and
changes nothing; a whole number stands for the option with its digits (a phone sending a count as a number)."""

from typing import Any

import pytest

from roster.aftermath.run import aftermath_run
from roster.models import Decision, Warband
from tests.roster.aftermath.helpers import fight, queued, settle_until
from tests.support.world import World

pytestmark = pytest.mark.django_db


def sale(world: World) -> tuple[Warband, Decision]:
    f = fight(world)
    aftermath_run(aftermath_id=queued(f).pk)
    return f.reavers, settle_until(f.reavers, "sell_wyrdstone")


@pytest.mark.parametrize("answer", [None, 1.5, True, [["0"]], {"shards": None}, {"shards": {"n": 1}}, [None]])
def test_an_answer_of_the_wrong_type_is_a_400_naming_answer(world: World, answer: Any) -> None:
    warband, decision = sale(world)
    before = Warband.objects.get(pk=warband.pk).treasury
    response = world.client(world.bob).post(f"/api/v1/decisions/{decision.pk}/", {"answer": answer}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] in ("invalid_answer", "invalid") and "answer" in response.json()["fields"]
    assert Decision.objects.get(pk=decision.pk).answered_at is None
    assert Warband.objects.get(pk=warband.pk).treasury == before


def test_a_whole_number_answers_the_option_with_its_digits(world: World) -> None:
    _warband, decision = sale(world)
    response = world.client(world.bob).post(f"/api/v1/decisions/{decision.pk}/", {"answer": 0}, format="json")
    assert response.status_code == 200, response.content
    assert Decision.objects.get(pk=decision.pk).answered_at is not None

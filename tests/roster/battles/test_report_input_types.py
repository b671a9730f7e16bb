"""A battle report's objectives and out-of-action list are checked against their types before the report is
stored: unknown keys, wrong types and ids beyond any column are a 400 naming the field; known ones are stored
as the engine reads them (ids as strings)."""

from typing import Any

import pytest

from roster.models import BattleReport
from tests.roster.aftermath.helpers import fight
from tests.roster.battles.test_reports import report_payload
from tests.support.world import World

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"objectives": {"treasure": 1}}, "objectives"),
        ({"objectives": {"wyrdstone_counters": {"1": "two"}}}, "objectives"),
        ({"objectives": {"wyrdstone_counters": [1, 2]}}, "objectives"),
        ({"objectives": {"heroes_in_building": [{"a": 1}]}}, "objectives"),
        ({"objectives": {"chest_holder": 10**30}}, "objectives"),
        ({"objectives": [1, 2]}, "objectives"),
        ({"out_of_action": [{"victim": "abc"}]}, "out_of_action"),
        ({"out_of_action": [{"victim": 1, "by": 2, "how": "sword"}]}, "out_of_action"),
        ({"out_of_action": [{"victim": 10**30}]}, "out_of_action"),
        ({"absent": [10**30]}, "absent"),
        ({"winner": 10**30}, "winner"),
    ],
)
def test_a_report_with_mistyped_parts_is_a_400_naming_the_field_and_stores_nothing(
    world: World, changes: dict[str, Any], field: str
) -> None:
    f = fight(world, confirmed=False)
    response = world.client(world.bob).post(
        f"/api/v1/battles/{f.battle.pk}/report/", report_payload(f, **changes), format="json"
    )
    assert response.status_code == 400, response.content
    assert field in {name.split(".")[0] for name in response.json()["fields"]}
    assert not BattleReport.objects.filter(battle=f.battle).exists()


def test_known_objectives_are_stored_with_the_engines_string_ids(world: World) -> None:
    f = fight(world, confirmed=False)
    objectives = {"wyrdstone_counters": {str(f.captain.pk): 2}, "heroes_in_building": [f.captain.pk]}
    response = world.client(world.bob).post(
        f"/api/v1/battles/{f.battle.pk}/report/", report_payload(f, objectives=objectives), format="json"
    )
    assert response.status_code == 200, response.content
    stored = BattleReport.objects.get(battle=f.battle).data["objectives"]
    assert stored["wyrdstone_counters"] == {str(f.captain.pk): 2}
    assert stored["heroes_in_building"] == [str(f.captain.pk)]

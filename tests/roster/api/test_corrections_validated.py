"""An organiser's correction goes through the rules of what it corrects: wrong types, values outside the
rules or the column, and unknown choices are a 400 naming the field, and change nothing."""

from typing import Any

import pytest

from campaign.models import Correction
from roster.models import Warband, Warrior
from tests.roster.helpers import fresh, hire, reikland
from tests.support.world import World

pytestmark = pytest.mark.django_db


def correct(world: World, warband: Warband, **body: Any) -> Any:
    return world.client(world.alice).post(
        f"/api/v1/warbands/{warband.pk}/corrections/", {"reason": "fixing the roster", **body}, format="json"
    )


def snapshot(warband: Warband) -> tuple[Any, ...]:
    fresh_warband = fresh(warband)
    warriors = list(Warrior.objects.filter(warband=warband).order_by("pk").values())
    return fresh_warband.treasury, fresh_warband.shards, warriors, Correction.objects.count()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"xp": "abc"}, "xp"),
        ({"xp": -1}, "xp"),
        ({"status": "zombie"}, "status"),
        ({"profile": [1, 2]}, "profile"),
        ({"profile": {"WS": "high"}}, "profile"),
        ({"profile": {"WS": 11}}, "profile"),
        ({"profile": {"Luck": 3}}, "profile"),
        ({"name": ""}, "name"),
        ({"name": ["a"]}, "name"),
        ({"skills": "sprint"}, "skills"),
        ({"skills": ["no_such_skill"]}, "skills"),
        ({"missed_games": -2}, "missed_games"),
        ({"count": 2}, "count"),
        ({"wounds": 3}, "changes"),
    ],
)
def test_a_warrior_correction_outside_the_rules_is_a_400_naming_the_field_and_changes_nothing(
    world: World, changes: dict[str, Any], field: str
) -> None:
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    before = snapshot(warband)
    response = correct(world, warband, warrior=captain.pk, changes=changes)
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] in ("invalid", "not_correctable", "unknown_skill", "hero_is_one_model")
    # ``fields`` is flat: a nested field is ``changes.xp`` (or ``changes.profile.WS``).
    named = {part for key in body["fields"] for part in key.split(".")[:2]}
    assert field in named, body
    assert snapshot(warband) == before
    assert world.client(world.bob).get(f"/api/v1/warbands/{warband.pk}/").status_code == 200


def test_a_valid_warrior_correction_sets_only_what_it_names(world: World) -> None:
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    response = correct(world, warband, warrior=captain.pk, changes={"xp": 25, "profile": {"WS": 5}, "status": "dead"})
    assert response.status_code == 200, response.content
    captain.refresh_from_db()
    assert (captain.xp, captain.profile["WS"], captain.profile["BS"], captain.status) == (25, 5, 4, "dead")


def test_a_group_size_correction_stays_within_the_list(world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    group = hire(warband, "warrior", count=2)
    assert correct(world, warband, warrior=group.pk, changes={"count": 3}).status_code == 200
    response = correct(world, warband, warrior=group.pk, changes={"count": 6})
    assert response.status_code == 400 and "changes.count" in response.json()["fields"]
    assert Warrior.objects.get(pk=group.pk).count == 3


@pytest.mark.postgres
@pytest.mark.parametrize(
    "body",
    [
        {"treasury": 10**30},
        {"treasury": 2**31},
        {"shards": 2**31},
        {"warrior": 10**30, "changes": {"xp": 1}},
    ],
)
def test_a_correction_beyond_the_columns_is_a_400_and_changes_nothing(world: World, body: dict[str, Any]) -> None:
    warband = reikland(world)
    before = snapshot(warband)
    response = correct(world, warband, **body)
    assert response.status_code in (400, 404), response.content
    assert response.json()["fields"] or response.status_code == 404
    assert snapshot(warband) == before


@pytest.mark.postgres
@pytest.mark.parametrize("changes", [{"xp": 2**31}, {"count": 2**31}, {"missed_games": 2**15}])
def test_a_warrior_correction_beyond_its_column_is_a_400_on_postgresql(world: World, changes: dict[str, Any]) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    group = hire(warband, "warrior", count=2)
    before = snapshot(warband)
    response = correct(world, warband, warrior=group.pk, changes=changes)
    assert response.status_code == 400, response.content
    assert snapshot(warband) == before


@pytest.mark.postgres
def test_a_treasury_that_would_pass_its_column_is_refused(world: World) -> None:
    warband = reikland(world)
    response = correct(world, warband, treasury=2**31 - 1)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "treasury_too_large"
    assert fresh(warband).treasury == 500

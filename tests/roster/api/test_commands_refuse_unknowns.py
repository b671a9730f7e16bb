"""Roster commands naming what the list does not have are a 400 naming the field, and change nothing."""

from typing import Any

import pytest

from roster.models import Holding, Warrior
from tests.roster.helpers import fresh, hire, reikland
from tests.support.world import World

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "body",
    [
        {"type": "mercenary_captain", "equipment": ["no_such_item"]},
        {"type": "mercenary_captain", "equipment": ["sword", "sword", "no_such_item"]},
    ],
)
def test_a_hire_naming_an_unknown_item_is_a_400_naming_equipment(world: World, body: dict[str, Any]) -> None:
    warband = reikland(world)
    response = world.client(world.bob).post(f"/api/v1/warbands/{warband.pk}/hire/", body, format="json")
    assert response.status_code == 400, response.content
    assert "equipment" in response.json()["fields"]
    assert fresh(warband).treasury == 500 and not Warrior.objects.filter(warband=warband).exists()
    assert not Holding.objects.filter(warband=warband).exists()


@pytest.mark.postgres
@pytest.mark.parametrize("field", ["group", "warrior", "holding"])
def test_ids_beyond_their_column_are_not_found_not_a_server_error(world: World, field: str) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    client = world.client(world.bob)
    path, body = {
        "group": ("hire", {"type": "warrior", "group": 10**30}),
        "warrior": ("buy", {"item": "sword", "warrior": 10**30}),
        "holding": ("sell", {"holding": 10**30}),
    }[field]
    response = client.post(f"/api/v1/warbands/{warband.pk}/{path}/", body, format="json")
    assert response.status_code in (400, 404), response.content
    assert fresh(warband).treasury == 500 - 60

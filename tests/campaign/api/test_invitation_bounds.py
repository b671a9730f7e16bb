"""Invitation ``max_uses`` and ``days`` behave as the schema says: 1 use when left out, any number for null,
and a 400 naming the field beyond the rules or the column (never a 500 on PostgreSQL)."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.models import Invitation
from tests.support.world import World

pytestmark = pytest.mark.django_db


def post(world: World, body: dict[str, Any]) -> Any:
    return world.client(world.alice).post(f"/api/v1/campaigns/{world.campaign.pk}/invitations/", body, format="json")


def test_max_uses_left_out_is_one_and_null_is_any_number(world: World) -> None:
    assert post(world, {}).json()["max_uses"] == 1
    assert post(world, {"max_uses": None}).json()["max_uses"] is None
    assert post(world, {"max_uses": 5}).json()["max_uses"] == 5


@pytest.mark.postgres
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"max_uses": 2**31}, "max_uses"),
        ({"max_uses": 10**30}, "max_uses"),
        ({"max_uses": 0}, "max_uses"),
        ({"days": 10**30}, "days"),
        ({"days": 0}, "days"),
    ],
)
def test_an_invitation_beyond_the_rules_or_its_column_is_a_400_naming_the_field(
    world: World, body: dict[str, Any], field: str
) -> None:
    response = post(world, body)
    assert response.status_code == 400, response.content
    assert field in response.json()["fields"]
    assert not Invitation.objects.exists()

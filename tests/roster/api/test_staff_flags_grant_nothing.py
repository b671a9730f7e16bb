"""Permissions come from campaign roles, never from a staff or superuser flag: a superuser who is only a
player here may do what a player may do, and a superuser outside the campaign may do nothing in it."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.services import membership_add
from roster.models import Warband
from roster.rules import may
from tests.roster.helpers import reikland
from tests.support.world import World, make_user

pytestmark = pytest.mark.django_db


def superuser(name: str) -> Any:
    user = make_user(name)
    user.is_staff = user.is_superuser = True
    user.save()
    return user


@pytest.fixture
def sam(world: World) -> Any:
    """A superuser and staff member who is only a player in the world's campaign."""
    user = superuser("sam")
    membership_add(campaign=world.campaign, user=user, role="player")
    return user


def test_it_never_lets_a_superuser_who_is_only_a_player_buy_approve_or_correct_anothers_warband(
    world: World, sam: Any
) -> None:
    warband = reikland(world)  # Bob's
    client = world.client(sam)
    buy = client.post(f"/api/v1/warbands/{warband.pk}/buy/", {"item": "dagger"}, format="json")
    assert buy.status_code == 403 and buy.json()["code"] == "not_allowed"
    assert client.post(f"/api/v1/warbands/{warband.pk}/approve/").status_code == 403
    correction = client.post(
        f"/api/v1/warbands/{warband.pk}/corrections/", {"reason": "mine now", "treasury": 1000}, format="json"
    )
    assert correction.status_code == 403
    fresh = Warband.objects.get(pk=warband.pk)
    assert (fresh.treasury, fresh.status) == (500, warband.status)


def test_a_superuser_who_is_only_a_player_cannot_read_a_private_roster(world: World, sam: Any) -> None:
    warband = reikland(world)
    world.campaign.settings = {"rosters_private": True}
    world.campaign.save()
    assert world.client(sam).get(f"/api/v1/warbands/{warband.pk}/").status_code == 404
    assert world.client(world.alice).get(f"/api/v1/warbands/{warband.pk}/").status_code == 200


def test_a_superuser_outside_the_campaign_sees_and_changes_nothing(world: World) -> None:
    warband = reikland(world)
    root = superuser("root")
    client = world.client(root)
    assert client.get(f"/api/v1/warbands/{warband.pk}/").status_code == 404
    assert client.post(f"/api/v1/warbands/{warband.pk}/buy/", {"item": "dagger"}, format="json").status_code == 404
    assert client.post(f"/api/v1/warbands/{warband.pk}/approve/").status_code == 404
    assert Warband.objects.get(pk=warband.pk).treasury == 500


def test_permissions_ask_the_roles_not_the_flags(world: World, sam: Any) -> None:
    warband = reikland(world)
    assert sam.has_perm("roster.change_warband", warband)  # Django's answer for any superuser...
    for perm in ("roster.change_warband", "roster.correct_warband", "roster.approve_warband"):
        assert not may(sam, perm, warband)  # ...which Muster never asks
    assert may(sam, "roster.view_warband", warband)  # a player reads a public roster
    assert may(world.bob, "roster.change_warband", warband) and may(world.alice, "roster.approve_warband", warband)


def test_the_web_page_offers_no_edit_to_a_superuser_who_is_only_a_player(world: World, sam: Any) -> None:
    from django.test import Client

    warband = reikland(world)
    client = Client()
    client.force_login(sam)
    page = client.get(f"/warbands/{warband.pk}/")
    assert page.status_code == 200
    assert page.context["can_change"] is False

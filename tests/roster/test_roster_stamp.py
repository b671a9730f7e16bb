"""The compiled stamp query answers as the visibility rule's queryset does, viewer by viewer, and its key is the
key a build stores under (so an unchanged roster is found in the cache)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from campaign.models import Membership
from roster.documents.cache import _key, roster_key
from roster.documents.stamp import stamp, stamp_queryset
from roster.models import Warband
from tests.roster.helpers import reikland
from tests.support.world import World

pytestmark = pytest.mark.django_db


def _viewers(world: World) -> dict[str, Any]:
    return {
        "owner": world.bob,
        "rival": world.carol,
        "organiser": world.alice,
        "gm": world.gina,
        "outsider": world.oscar,
        "anonymous": AnonymousUser(),
    }


def _expected(viewer: Any, warband: Warband) -> tuple[Any, ...] | None:
    if not viewer.is_authenticated:
        return None
    rows = list(stamp_queryset(viewer=viewer, warband_id=warband.pk))
    return tuple(rows[0]) if rows else None


@pytest.mark.parametrize("private", [False, True])
def test_the_stamp_answers_as_the_rule_does_for_every_viewer(world: World, private: bool) -> None:
    world.campaign.settings = {**world.campaign.settings, "rosters_private": private}
    world.campaign.save(update_fields=["settings"])
    warband = reikland(world)
    seen = {}
    for who, viewer in _viewers(world).items():
        found = stamp(viewer=viewer, warband_id=warband.pk)
        assert found == _expected(viewer, warband), who
        seen[who] = found is not None
    assert seen == {
        "owner": True,
        "rival": not private,
        "organiser": True,
        "gm": True,
        "outsider": False,
        "anonymous": False,
    }
    assert stamp(viewer=world.bob, warband_id=warband.pk + 1000) is None  # no such warband: as unseen


def test_a_member_who_left_no_longer_has_a_stamp(world: World) -> None:
    warband = reikland(world)
    assert stamp(viewer=world.carol, warband_id=warband.pk) is not None
    Membership.objects.filter(campaign=world.campaign, user=world.carol).update(left_at=timezone.now())
    assert stamp(viewer=world.carol, warband_id=warband.pk) is None
    assert _expected(world.carol, warband) is None


def test_the_stamp_s_key_is_the_key_a_build_stores_under(world: World) -> None:
    warband = reikland(world)
    found = stamp(viewer=world.carol, warband_id=warband.pk)
    assert found is not None
    row = Warband.objects.select_related("campaign", "owner").get(pk=warband.pk)
    assert _key(*found) == roster_key(row)


def test_a_campaign_whose_settings_lack_the_setting_shows_rosters_as_its_default_says(world: World) -> None:
    from campaign.models import Campaign
    from campaign.selectors.roles import rosters_private
    from roster.selectors import warbands_visible_to

    warband = reikland(world)
    settings = {k: v for k, v in world.campaign.settings.items() if k != "rosters_private"}
    Campaign.objects.filter(pk=world.campaign.pk).update(settings=settings)  # as a row stored before the setting
    world.campaign.refresh_from_db()
    assert not rosters_private(world.campaign)
    assert list(warbands_visible_to(viewer=world.carol)) == [warband]
    assert stamp(viewer=world.carol, warband_id=warband.pk) is not None

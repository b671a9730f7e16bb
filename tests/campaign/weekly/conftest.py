"""Fixtures of the weekly-moves tests: an intrigue campaign with the named world in it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from campaign.models import Campaign, Week
from campaign.services import campaign_create, campaign_start, membership_add
from campaign.services.weeks import week_claim
from campaign.weekly.models import Character
from campaign.weekly.resolution.run import week_moves_resolve
from campaign.weekly.services import character_create, info_set, move_submit
from referee.served_packs import get_pack
from referee.services.rules_packs import rules_pack_sync
from tests.support.world import World, make_user


@dataclass
class Intrigue:
    """Alice organises, Gina is the GM, Bob, Carol and Dave play; Oscar plays elsewhere."""

    world: World
    dave: Any
    campaign: Campaign
    week: Week
    bob: Character
    carol: Character
    dave_c: Character

    def client(self, user: Any | None) -> APIClient:
        return self.world.client(user)

    def refresh(self) -> None:
        for c in (self.bob, self.carol, self.dave_c):
            c.refresh_from_db()
        self.week.refresh_from_db()

    def know(self, holder: Character, subject: Character, count: int = 1) -> None:
        info_set(holder=holder, subject=subject, actor=self.world.gina, count=count)

    def submit(self, character: Character, kind: str, **payload: Any) -> Any:
        return move_submit(week=self.week, actor=character.user, kind=kind, payload=payload)

    def resolve(self, week: Week | None = None) -> str:
        """Claim the week now (as the GM's early resolution does) and resolve it in-process."""
        week = week or self.week
        token = week_claim(week_id=week.pk, now=timezone.now(), force=True)
        assert token is not None
        outcome = week_moves_resolve(week_id=week.pk)
        self.refresh()
        return outcome

    def next_week(self) -> Week:
        """Resolve the open week and return the one opened after it."""
        assert self.resolve() == "done"
        self.week = Week.objects.get(campaign=self.campaign, status=Week.Status.OPEN)
        return self.week


def weekly_pack() -> Any:
    pack = get_pack("weekly_moves")
    assert pack is not None
    row, _ = rules_pack_sync(pack=pack)
    return row


def make_intrigue(world: World, settings: Mapping[str, Any] | None = None, **sheets: Any) -> Intrigue:
    campaign = campaign_create(
        name="Intrigue", rules_pack=weekly_pack(), organiser=world.alice, settings=dict(settings or {})
    )
    dave = make_user("dave")
    for user in (world.bob, world.carol, dave):
        membership_add(campaign=campaign, user=user, role="player")
    membership_add(campaign=campaign, user=world.gina, role="gm")
    week = campaign_start(campaign=campaign, actor=world.alice)
    chars = {}
    for name, user in (("bob", world.bob), ("carol", world.carol), ("dave", dave)):
        sheet = {"name": name.title(), "preparedness": 3, **sheets.get(name, {})}
        chars[name] = character_create(campaign=campaign, actor=world.gina, user=user, sheet=sheet)
    return Intrigue(world, dave, campaign, week, chars["bob"], chars["carol"], chars["dave"])


@pytest.fixture
def intrigue(world: World) -> Intrigue:
    return make_intrigue(
        world,
        bob={"shadow": 1, "ingredients": ["grave_dust"], "companions": [{"name": "Rook", "dangerous": True}]},
        carol={"ingredients": ["wolfsbane", "mandrake_root"], "artifacts": ["silver_mirror"]},
        dave={"influence": 1},
    )

"""Building warbands for roster tests through the real services."""

from __future__ import annotations

from typing import Any

from roster.models import Warband, Warrior
from roster.services.hiring import warband_hire
from roster.services.warbands import warband_create
from tests.support.world import World


def reikland(world: World, owner: Any | None = None, name: str = "Reikland Reavers") -> Warband:
    return warband_create(campaign=world.campaign, owner=owner or world.bob, list_slug="reikland", name=name)


def hire(
    warband: Warband, type_slug: str, *, count: int = 1, actor: Any | None = None, name: str = "", **kw: Any
) -> Warrior:
    return warband_hire(
        warband=warband, actor=actor or warband.owner, type_slug=type_slug, name=name or type_slug, count=count, **kw
    )


def fresh(warband: Warband) -> Warband:
    return Warband.objects.get(pk=warband.pk)

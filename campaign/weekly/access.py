"""Who is asking about a week of an intrigue campaign: their standing, and their character if they have one.

Used by the services and the selectors alike, so "who may" is decided in one place. A
stranger gets the same 404 as for a week that does not exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from campaign.lib.errors import NotFound
from campaign.models import Campaign, Membership, Week
from campaign.selectors import week_for_viewer

from .models import Character

SYSTEM = "weekly_moves"


@dataclass(frozen=True)
class WeekViewer:
    """A viewer's standing in a week's campaign. ``character`` is theirs, if they play one."""

    week: Week
    user: Any
    role: str
    active: bool
    character: Character | None

    @property
    def campaign(self) -> Campaign:
        return self.week.campaign

    @property
    def is_gm(self) -> bool:
        return self.active and self.role == Membership.Role.GM

    @property
    def key(self) -> str | None:
        """The viewer's engine id, when they play a character."""
        return self.character.key if self.character is not None else None


def week_viewer(*, viewer: Any, week_id: int) -> WeekViewer:
    """The viewer's standing in the week's campaign; 404 for strangers and for weeks without secret moves."""
    week, access = week_for_viewer(viewer=viewer, week_id=week_id)
    if week.campaign.system != SYSTEM:
        raise NotFound(_("This campaign's weeks have no secret moves."), code="no_weekly_moves")
    character = Character.objects.filter(campaign_id=week.campaign_id, user=viewer).first()
    return WeekViewer(week=week, user=viewer, role=access.role, active=access.active, character=character)

"""The weekly-moves side of the notification inbox: a paused resolution tells whoever must answer."""

from __future__ import annotations

from campaign.models import Membership, Notification
from campaign.services.notifications import notify, notify_members

from .models import WeeklyDecision


def decision_notify(decision: WeeklyDecision) -> None:
    """The character's player answers their decision; a decision of nobody's (the GM's ruling) goes to the GM."""
    week = decision.week
    params = {"what": decision.kind.replace("_", " ")}
    url = f"/weeks/{week.pk}/moves/"
    key = f"weekly-decision:{decision.pk}"
    if decision.character is not None:
        notify(
            user=decision.character.user,
            kind=Notification.Kind.DECISION,
            key=key,
            campaign=week.campaign,
            params=params,
            url=url,
        )
    else:
        notify_members(
            campaign=week.campaign,
            kind=Notification.Kind.DECISION,
            key=key,
            roles=[Membership.Role.GM],
            params=params,
            url=url,
        )

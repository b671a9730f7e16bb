"""Who may act on a campaign: every write checks the actor's active role here.

A user with no membership at all gets "not found" (the campaign's existence
stays secret); a former member or a member in the wrong role gets "not allowed".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from campaign.lib.errors import NotAllowed
from campaign.models import Campaign, Membership
from campaign.selectors.campaigns import campaign_not_found
from campaign.selectors.roles import GM, ORGANISER, PLAYER, role_of

__all__ = ["GM", "ORGANISER", "PLAYER", "active_role", "campaign_not_found", "require_role"]


def active_role(*, campaign: Campaign | int, user: Any) -> str | None:
    """The user's role in the campaign, or None when they are not (or no longer) a member."""
    return role_of(viewer=user, campaign_id=campaign.pk if isinstance(campaign, Campaign) else campaign)


def require_role(*, campaign: Campaign, user: Any, roles: Iterable[str], message: str | None = None) -> str:
    """The actor's active role if it is one of ``roles``; otherwise 404 for strangers, 403 for members."""
    role = active_role(campaign=campaign, user=user)
    if role is None:
        ever = user is not None and Membership.objects.filter(campaign=campaign, user=user).exists()
        if not ever:
            raise campaign_not_found()
        raise NotAllowed(_("You are no longer a member of this campaign."), code="not_a_member")
    if role not in set(roles):
        raise NotAllowed(message or _("Only the organiser may do this."), code="permission_denied")
    return role

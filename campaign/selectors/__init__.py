"""Reads of the campaign app, always for a given viewer: who may see what lives here, once.

A viewer sees a campaign while they are a member, and keeps read-only access after
they leave (their history is there); anybody else is told it does not exist.
"""

from campaign.selectors.campaigns import (
    CampaignAccess,
    active_member,
    campaign_access,
    campaigns_visible_to,
    invitation_by_code,
    invitation_in,
    invitations_of,
    members_of,
    membership_in,
    memberships_of,
    week_for_viewer,
    week_in,
    weeks_of,
)
from campaign.selectors.timeline import events_visible, sees_party, timeline_of

__all__ = [
    "CampaignAccess",
    "active_member",
    "campaign_access",
    "campaigns_visible_to",
    "events_visible",
    "invitation_by_code",
    "invitation_in",
    "invitations_of",
    "members_of",
    "membership_in",
    "memberships_of",
    "sees_party",
    "timeline_of",
    "week_for_viewer",
    "week_in",
    "weeks_of",
]

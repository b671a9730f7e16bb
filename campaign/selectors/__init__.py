"""Reads of the campaign app, always for a given viewer: who may see what lives here, once.

A viewer sees a campaign while they are a member, and keeps read-only access after
they leave (their history is there); anybody else is told it does not exist.
"""

from campaign.selectors.campaigns import (
    CampaignAccess,
    campaign_access,
    campaigns_visible_to,
    invitations_of,
    members_of,
    memberships_of,
    week_for_viewer,
    weeks_of,
)
from campaign.selectors.timeline import events_visible, timeline_of

__all__ = [
    "CampaignAccess",
    "campaign_access",
    "campaigns_visible_to",
    "events_visible",
    "invitations_of",
    "members_of",
    "memberships_of",
    "timeline_of",
    "week_for_viewer",
    "weeks_of",
]

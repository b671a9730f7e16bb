"""Writes of the campaign app: every one in a transaction, keyword-only and typed.

Split by subdomain; the names other apps use are re-exported here.
"""

from campaign.services.campaigns import campaign_create, campaign_finish, campaign_start, campaign_update
from campaign.services.events import event_record
from campaign.services.members import (
    invitation_accept,
    invitation_create,
    invitation_revoke,
    membership_add,
    membership_leave,
    membership_remove,
)
from campaign.services.resolvers import register_week_resolver
from campaign.services.weeks import week_close, week_open, week_resolve, weeks_sweep

__all__ = [
    "campaign_create",
    "campaign_finish",
    "campaign_start",
    "campaign_update",
    "event_record",
    "invitation_accept",
    "invitation_create",
    "invitation_revoke",
    "membership_add",
    "membership_leave",
    "membership_remove",
    "register_week_resolver",
    "week_close",
    "week_open",
    "week_resolve",
    "weeks_sweep",
]

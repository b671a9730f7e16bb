"""Writes of the secret weekly moves, split by subdomain; every one in a transaction, keyword-only and typed."""

from campaign.weekly.services.characters import character_create, character_update, info_set, promise_set
from campaign.weekly.services.decisions import decision_answer
from campaign.weekly.services.moves import move_submit, move_update, move_withdraw
from campaign.weekly.services.weeks import week_queue_set, week_resolve_now

__all__ = [
    "character_create",
    "character_update",
    "decision_answer",
    "info_set",
    "move_submit",
    "move_update",
    "move_withdraw",
    "promise_set",
    "week_queue_set",
    "week_resolve_now",
]

"""The person a command names (a character's owner, a sheet's player), found by id or username.

Whether that person may be given the thing (a player of the campaign, an active member) is the service's
rule, refused in words there; this only finds them, or None.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model


def user_by_id(user_id: Any) -> Any | None:
    try:
        pk = int(user_id)
    except (TypeError, ValueError):
        return None
    return get_user_model().objects.filter(pk=pk).first()


def user_by_username(username: str) -> Any | None:
    return get_user_model().objects.filter(username=username).first()

"""The viewer's own notices and profile: each user reads only theirs."""

from __future__ import annotations

from typing import Any

from campaign.models import Notification, Profile


def _user_id(viewer: Any) -> int:
    return int(viewer.pk or 0) if getattr(viewer, "is_authenticated", False) else 0


def notices_of(*, viewer: Any, limit: int = 100) -> list[Notification]:
    """The viewer's notices, newest first (the model's order), with their campaigns."""
    return list(Notification.objects.filter(user_id=_user_id(viewer)).select_related("campaign")[:limit])


def notice_of(*, viewer: Any, notice_id: int) -> Notification | None:
    """One of the viewer's notices, or None (someone else's is as good as none)."""
    return Notification.objects.filter(pk=notice_id, user_id=_user_id(viewer)).first()


def unread_count(*, viewer: Any) -> int:
    return Notification.objects.filter(user_id=_user_id(viewer), read_at__isnull=True).count()


def locale_of(*, viewer: Any) -> Profile | None:
    """The viewer's profile with the language and time zone the pages use, or None before they have one."""
    return Profile.objects.filter(user_id=_user_id(viewer)).only("language", "time_zone").first()

"""What every web page's frame shows: the unread notices and the languages to switch to."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest

from campaign.selectors.inbox import unread_count


def web(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    unread = 0
    if user is not None and user.is_authenticated and not request.path.startswith("/api/"):
        unread = unread_count(viewer=user)
    return {"unread_notices": unread, "web_languages": settings.LANGUAGES}

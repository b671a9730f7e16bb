"""What every web page's frame shows: the unread notices and the languages to switch to."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest

from campaign.models import Notification


def web(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    unread = 0
    if user is not None and user.is_authenticated and not request.path.startswith("/api/"):
        unread = Notification.objects.filter(user=user, read_at__isnull=True).count()
    return {"unread_notices": unread, "web_languages": settings.LANGUAGES}

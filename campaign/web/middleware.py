"""Web pages speak the language, and show times in the time zone, that the user's profile keeps.

The API keeps answering in the language of ``Accept-Language`` (a phone app says what it wants).
"""

from __future__ import annotations

from collections.abc import Callable
from zoneinfo import ZoneInfo

from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from campaign.models import Profile


class ProfileLocaleMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated or request.path.startswith("/api/"):
            return self.get_response(request)
        profile = Profile.objects.filter(user=user).only("language", "time_zone").first()
        request.profile = profile  # type: ignore[attr-defined]
        if profile and profile.time_zone:
            timezone.activate(ZoneInfo(profile.time_zone))
        if profile and profile.language:
            translation.activate(profile.language)
            request.LANGUAGE_CODE = profile.language
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

"""Web pages speak the language, and show times in the time zone, that the user's profile keeps.

The API keeps answering in the language of ``Accept-Language`` (a phone app says what it wants).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from zoneinfo import ZoneInfo

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.crypto import salted_hmac

from campaign.selectors.inbox import locale_of


class ProfileLocaleMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated or request.path.startswith("/api/"):
            return self.get_response(request)
        profile = locale_of(viewer=user)
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


# Scripts, styles, images and connections from this origin only, and no inline script or style anywhere (the
# templates load campaign/static/ files); no framing, no plugins, forms post here. Live tables' WebSockets are
# this origin too ('self' covers ws:/wss: of it).
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
# The API's browsable docs (drf-spectacular's Swagger UI and ReDoc pages) start themselves from inline script.
_CSP_EXEMPT = ("/api/v1/docs/", "/api/v1/redoc/")


class PrivatePagesMiddleware:
    """Every answer carries the Content-Security-Policy; a page answered to a logged-in person is
    ``Cache-Control: private, no-store``: no shared cache, no disk cache, no back-button copy shows it to the
    next user of the machine. The API sets its own caching (ETags on rosters and tables; tokens, not cookies)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.path.startswith(_CSP_EXEMPT):
            response.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and not request.path.startswith("/api/"):
            response["Cache-Control"] = "private, no-store"
            response["X-Muster-Viewer"] = viewer_key(user)  # the service worker keeps pages per person
        if request.method == "POST" and request.path == reverse("logout"):
            # The service worker's copies of this person's pages, and any stored page, go with the session.
            response["Clear-Site-Data"] = '"cache", "storage"'
        return response


def viewer_key(user: Any) -> str:
    """An opaque name for the viewer (the service worker's cache of their pages): neither their id nor
    guessable from it."""
    return salted_hmac("muster.pwa.viewer", str(user.pk)).hexdigest()[:20]

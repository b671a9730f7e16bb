"""The installable web app: its manifest, a service worker served from the root (so its scope is the whole
site) and the page shown offline when a page was never seen."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache


def manifest(request: HttpRequest) -> JsonResponse:
    data = {
        "name": "Muster",
        "short_name": "Muster",
        "description": _("Campaigns, rosters and weekly moves for tabletop skirmish leagues."),
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#f6f5f2",
        "theme_color": "#2b2a33",
        "icons": [
            {"src": static("muster/icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static("muster/icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("muster/icons/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@never_cache
def service_worker(request: HttpRequest) -> HttpResponse:
    context = {
        "offline_url": reverse("pwa-offline"),
        "precache": [static("muster/app.css"), static("vendor/htmx.min.js"), static("muster/app.js")],
    }
    response = render(request, "campaign/pwa/sw.js", context, content_type="application/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


def offline(request: HttpRequest) -> HttpResponse:
    return render(request, "campaign/pwa/offline.html")

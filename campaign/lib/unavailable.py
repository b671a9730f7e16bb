"""A database that does not answer (a PostgreSQL restart) is a 503 with ``Retry-After``, never a 500 page.

``DatabaseUnavailableMiddleware`` answers a view's lost connection; ``handler500``
(``campaign.lib.http_guards.server_error``) answers one raised in a middleware (the session, the user) through
:func:`unavailable_or_none`. Under ``/api/`` the one error shape, elsewhere a plain page that needs no database
to render. Django closes the broken connection at the end of the request (``CONN_HEALTH_CHECKS`` checks a
kept one before reuse), so the first request after the restart connects afresh: no server restart needed.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils.html import escape
from django.utils.translation import gettext as _

from campaign.lib.http_guards import error_response, is_api

log = logging.getLogger(__name__)

#: Seconds a client is asked to wait: a PostgreSQL restart or fail-over takes a few.
RETRY_AFTER_SECONDS = 5


def database_down(exc: BaseException | None) -> bool:
    """A lost or refused connection (OperationalError, InterfaceError), not a bad query."""
    return isinstance(exc, (OperationalError, InterfaceError))


def unavailable_response(request: HttpRequest) -> HttpResponse:
    detail = _("Muster's database is briefly unavailable. Nothing was lost; please try again in a few seconds.")
    response: HttpResponse
    if is_api(request):
        response = error_response("unavailable", detail, 503)
    else:
        title = escape(_("Back in a moment"))
        response = HttpResponse(
            f"<!doctype html><title>{title}</title><h1>{title}</h1><p>{escape(detail)}</p>",
            status=503,
            content_type="text/html; charset=utf-8",
        )
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def unavailable_or_none(request: HttpRequest) -> HttpResponse | None:
    """The 503 when the exception being handled is a database away (``handler500`` calls this)."""
    exc = sys.exc_info()[1]
    if not database_down(exc):
        return None
    log.warning("database unavailable for %s %s: %s", request.method, request.path, exc.__class__.__name__)
    return unavailable_response(request)


class DatabaseUnavailableMiddleware:
    """A view that lost the database answers 503 + ``Retry-After``; any other exception goes on as before."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not database_down(exception):
            return None
        log.warning("database unavailable for %s %s: %s", request.method, request.path, exception)
        return unavailable_response(request)

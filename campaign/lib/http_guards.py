"""Under ``/api/``, every refusal and every failure answers in the one error shape, never in HTML.

- ``ApiInputGuardMiddleware`` refuses, before any view runs, a body larger than the limit (413),
  and NUL or a lone surrogate in the path or the query string (400: PostgreSQL refuses them, so a
  lookup with one is a 500 otherwise); and it turns Django's SuspiciousOperation refusals raised
  inside a view (body too big, too many fields) into JSON.
- ``bad_request`` and ``server_error`` are the URLconf's ``handler400`` and ``handler500``: JSON
  under ``/api/``, Django's own pages elsewhere. A 500 says nothing about its cause; the traceback
  goes to the log as Django always sends it.
- A database that does not answer (a PostgreSQL restart) is a 503 with ``Retry-After``, never a 500
  (issue 29): ``DatabaseUnavailableMiddleware`` answers a view's lost connection, ``server_error`` one
  raised in a middleware (the session, the user). Under ``/api/`` the one error shape, elsewhere a plain
  page that needs no database to render. Django closes the broken connection at the end of the request
  (``CONN_HEALTH_CHECKS`` checks a kept one before reuse), so the first request after the restart
  connects afresh: no server restart needed.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation, TooManyFieldsSent, TooManyFilesSent
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views import defaults

from campaign.lib.api.errors import error_body
from campaign.lib.input_checks import RefusedCharacter, check_texts, describe, refused_character
from campaign.lib.parsers import body_limit

API_PREFIX = "/api/"
log = logging.getLogger(__name__)


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def error_response(code: str, detail: str, status: int) -> JsonResponse:
    return JsonResponse(error_body(code, detail), status=status)


def too_large_response() -> JsonResponse:
    limit = body_limit()
    detail = (
        _("The request body is larger than the limit of %(limit)d bytes.") % {"limit": limit}
        if limit is not None
        else _("The request body is too large.")
    )
    return error_response("request_too_large", detail, 413)


def too_many_fields_response() -> JsonResponse:
    return error_response("too_many_fields", _("The request has too many fields or files."), 400)


def suspicious_response(exception: SuspiciousOperation) -> JsonResponse:
    if isinstance(exception, RequestDataTooBig):
        return too_large_response()
    if isinstance(exception, TooManyFieldsSent | TooManyFilesSent):
        return too_many_fields_response()
    return error_response("bad_request", _("The request could not be understood."), 400)


def _content_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except (TypeError, ValueError):
        return 0  # what Django reads too: no body


class ApiInputGuardMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if is_api(request):
            refusal = self.refusal(request)
            if refusal is not None:
                return refusal
        else:
            page_refusal = self.page_refusal(request)
            if page_refusal is not None:
                return page_refusal
        return self.get_response(request)

    def page_refusal(self, request: HttpRequest) -> HttpResponse | None:
        """A web address with NUL (or a lone surrogate) anywhere, path or query: 400 before any view looks
        something up by it (PostgreSQL refuses NUL in text, so the lookup would be a 500)."""
        char = refused_character(request.path_info)
        if char is None:
            try:
                check_texts(request.GET.lists())
            except TooManyFieldsSent:
                return None  # Django answers that one itself, as a 400
            except RefusedCharacter as refused:
                char = refused.char
        if char is None:
            return None
        text = _("The address contains %(character)s; remove it.") % {"character": describe(char)}
        return HttpResponseBadRequest(text, content_type="text/plain; charset=utf-8")

    def refusal(self, request: HttpRequest) -> JsonResponse | None:
        limit = body_limit()
        if limit is not None and _content_length(request) > limit:
            return too_large_response()
        char = refused_character(request.path_info)
        if char is not None:
            return error_response(
                "invalid_character",
                _("The address contains %(character)s; remove it.") % {"character": describe(char)},
                400,
            )
        try:
            check_texts(request.GET.lists())
        except TooManyFieldsSent:
            return too_many_fields_response()
        except RefusedCharacter as refused:
            return error_response(
                "invalid_character",
                _("The query string contains %(character)s; remove it (at %(where)s).")
                % {"character": describe(refused.char), "where": refused.where},
                400,
            )
        return None

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not (is_api(request) and isinstance(exception, SuspiciousOperation)):
            return None
        response = suspicious_response(exception)
        # Django logs these to django.security.<name> when it answers them itself; so do we.
        logging.getLogger(f"django.security.{exception.__class__.__name__}").warning(
            str(exception), extra={"status_code": response.status_code, "request": request}
        )
        return response


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """``handler400``: what Django answers a SuspiciousOperation raised outside a view with."""
    if is_api(request):
        if isinstance(exception, SuspiciousOperation):
            return suspicious_response(exception)
        return error_response("bad_request", _("The request could not be understood."), 400)
    return defaults.bad_request(request, exception or SuspiciousOperation())


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: JSON under /api/, naming no cause (the traceback is in the log); a database away is a 503."""
    unavailable = unavailable_or_none(request)
    if unavailable is not None:
        return unavailable
    if is_api(request):
        return error_response(
            "server_error", _("Something went wrong on our side. It has been logged; please try again later."), 500
        )
    return defaults.server_error(request)


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

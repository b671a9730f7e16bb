"""Under ``/api/``, every refusal and every failure answers in the one error shape, never in HTML.

- ``ApiInputGuardMiddleware`` refuses, before any view runs, a body larger than the limit (413),
  and NUL or a lone surrogate in the path or the query string (400: PostgreSQL refuses them, so a
  lookup with one is a 500 otherwise); and it turns Django's SuspiciousOperation refusals raised
  inside a view (body too big, too many fields) into JSON.
- ``bad_request`` and ``server_error`` are the URLconf's ``handler400`` and ``handler500``: JSON
  under ``/api/``, Django's own pages elsewhere. A 500 says nothing about its cause; the traceback
  goes to the log as Django always sends it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults

from campaign.lib.api.errors import error_body
from campaign.lib.input_checks import RefusedCharacter, check_texts, describe, refused_character
from campaign.lib.parsers import body_limit

API_PREFIX = "/api/"


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
    """``handler500``: JSON under /api/, naming no cause (the traceback is in the log)."""
    if is_api(request):
        return error_response(
            "server_error", _("Something went wrong on our side. It has been logged; please try again later."), 500
        )
    return defaults.server_error(request)

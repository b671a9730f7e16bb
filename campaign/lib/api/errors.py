"""One error shape for every 4xx: ``{"code": ..., "detail": ..., "fields": {...}}``."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from campaign.lib.errors import DomainError


def error_body(code: str, detail: str, fields: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"code": code, "detail": detail, "fields": flat_fields(fields or {})}


def flat_fields(fields: Any, prefix: str = "") -> dict[str, list[str]]:
    """``fields`` as the contract has it: a field -> its messages. A nested serializer's or a list's
    errors become ``outer.inner`` and ``items.0.name`` (DRF nests them as objects and lists)."""
    flat: dict[str, list[str]] = {}

    def walk(value: Any, at: str) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, f"{at}.{key}" if at else str(key))
        elif isinstance(value, (list, tuple)) and any(isinstance(v, (dict, list, tuple)) for v in value):
            for index, inner in enumerate(value):
                if inner:
                    walk(inner, f"{at}.{index}" if at else str(index))
        elif isinstance(value, (list, tuple)):
            flat.setdefault(at or "non_field_errors", []).extend(str(v) for v in value)
        else:
            flat.setdefault(at or "non_field_errors", []).append(str(value))

    walk(fields, prefix)
    return flat


def _first_message(data: Any) -> str:
    if isinstance(data, list) and data:
        return _first_message(data[0])
    if isinstance(data, dict) and data:
        key, value = next(iter(data.items()))
        message = _first_message(value)
        return message if key in ("non_field_errors", "detail") else f"{key}: {message}"
    return str(data)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DomainError):
        return Response(error_body(exc.code, exc.detail, exc.fields), status=exc.status)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    if isinstance(exc, exceptions.ValidationError):
        data = exc.detail
        fields = data if isinstance(data, dict) else {"non_field_errors": data}
        non_field = fields.pop("non_field_errors", None) if isinstance(fields, dict) else None
        detail = _first_message(non_field) if non_field else _first_message(fields) if fields else _("Invalid input.")
        if non_field:
            fields["non_field_errors"] = non_field
        response.data = error_body("invalid", detail, fields)
        return response
    codes = exc.get_codes()
    code = codes if isinstance(codes, str) else exc.default_code
    response.data = error_body(str(code), str(exc.detail))
    return response


def api_not_found(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """404 for URLs Django cannot route: JSON under /api/, plain page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse(
            error_body("not_found", _("No such endpoint: %(path)s") % {"path": request.path}),
            status=status.HTTP_404_NOT_FOUND,
        )
    from django.views.defaults import page_not_found

    return page_not_found(request, exception or Http404())  # type: ignore[return-value]

"""OpenAPI schema tweaks: component names, the one error shape on every operation, the idempotency header.

The schema is the mobile apps' contract, so what an operation can answer besides its success is
documented here once, from what the plumbing really does, instead of per view:

- 400 everywhere (a bad body, filter or character in the address: ``campaign.lib.http_guards``);
- 401 and 403 wherever a request is authenticated (no token, a bad one; a role that may not);
- 404 where the path names something, a body names something by id, or a page is past the last;
- 409 on writes (the state moved on, an Idempotency-Key reused for another request);
- 413 and 415 where a body is read (``campaign.lib.parsers``: JSON only); 429 everywhere (the throttles).

A view adds a status this cannot guess with ``extend_schema(responses=...)``; the error responses are
added only where the view did not document that status itself.
"""

from __future__ import annotations

from typing import Any

from django.db import connection, models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext_lazy as _
from drf_spectacular.openapi import AutoSchema as BaseAutoSchema
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers
from rest_framework.permissions import AllowAny

from campaign.lib.api.idempotency import HEADER, MAX_KEY, REPLAYED, is_idempotent

WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
BODIES = frozenset({"POST", "PUT", "PATCH"})


class ErrorSerializer(serializers.Serializer):
    """Every 4xx and 5xx under /api/: a stable code, a message a person can act on, and per-field messages."""

    code = serializers.CharField(
        help_text=_("Stable, for programs: one of the codes of the catalogue docs/api/errors.md (by status).")
    )
    detail = serializers.CharField(help_text=_("For people, in the language of Accept-Language."))
    fields = serializers.DictField(  # type: ignore[assignment]
        child=serializers.ListField(child=serializers.CharField()),
        help_text=_(
            "Field name -> its messages (never the value refused); a nested field is named outer.inner, an item "
            "of a list items.0; may be empty."
        ),
    )


ERROR_DESCRIPTIONS: dict[str, Any] = {
    "400": _("The input is not valid, or the rules forbid it; nothing changed."),
    "401": _("No valid token (or session) was sent."),
    "403": _("Your role in the campaign does not allow this."),
    "404": _("No such thing, or you may not know it exists."),
    "409": _(
        "The state moved on (already done, deadline passed), or the Idempotency-Key was used for another request."
    ),
    "413": _("The request body is larger than the limit."),
    "415": _("The body is not JSON (Content-Type: application/json): the API reads no other body."),
    "429": _("Too many requests; try again later (Retry-After says when)."),
}


def error_response(status: str) -> OpenApiResponse:
    return OpenApiResponse(response=ErrorSerializer, description=str(ERROR_DESCRIPTIONS[status]))


def errors(*statuses: int) -> dict[int, OpenApiResponse]:
    """``extend_schema(responses=...)`` entries for error statuses a view documents itself, in the one shape."""
    return {s: error_response(str(s)) for s in statuses}


def _model_integer(field: Any) -> Any:
    """The model integer field a ModelSerializer's IntegerField stands for, or None."""
    parent = getattr(field, "parent", None)
    model = getattr(getattr(parent, "Meta", None), "model", None)
    source = field.source if isinstance(getattr(field, "source", None), str) else ""
    if not isinstance(field, serializers.IntegerField) or model is None or not source or "." in source:
        return None
    try:
        model_field = model._meta.get_field(source)
    except Exception:
        return None
    return model_field if isinstance(model_field, models.IntegerField) else None


def _authenticated(view: Any) -> bool:
    return not all(isinstance(p, AllowAny) for p in view.get_permissions())


class AutoSchema(BaseAutoSchema):
    """Names nested serializers after their view: ``LoginView.OutputSerializer`` → ``LoginOutput``.

    Every command view keeps its own ``InputSerializer``/``OutputSerializer`` (HackSoft
    style); without this every one of them would be a component called ``Output``.
    """

    def _get_serializer_name(self, serializer: Any, direction: str, bypass_extensions: bool = False) -> str:
        name = super()._get_serializer_name(serializer, direction, bypass_extensions)
        qualname = type(serializer).__qualname__
        base = type(serializer).__name__.removesuffix("Serializer")
        if "." in qualname and name.startswith(base):
            outer = qualname.rsplit(".", 1)[0].replace(".", "")
            outer = outer.removesuffix("View").removesuffix("API").removesuffix("Api")
            name = outer + name
        return name

    def _map_serializer_field(self, field: Any, direction: Any, bypass_extensions: bool = False) -> Any:
        """A model integer's bounds are its column's on PostgreSQL, whatever database generates the schema
        (SQLite reports 64 bits for every integer, so the schema would differ between the two)."""
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        model_field = _model_integer(field)
        if model_field is not None and isinstance(schema, dict) and "maximum" in schema:
            kind = model_field.get_internal_type()
            here = connection.ops.integer_field_range(kind)
            portable = BaseDatabaseOperations.integer_field_ranges.get(kind)
            if portable is not None and (schema.get("minimum"), schema["maximum"]) in (here, (0, here[1])):
                schema["minimum"], schema["maximum"] = portable
                if portable[1] <= 2**31 - 1:
                    schema.pop("format", None)
                else:
                    schema["format"] = "int64"
        return schema

    def error_statuses(self) -> list[str]:
        """The error statuses this operation can answer with (see the module docstring)."""
        statuses = ["400"]
        authenticates = bool(getattr(self.view, "authentication_classes", None))
        if authenticates:
            statuses.append("401")
        if authenticates and _authenticated(self.view):
            statuses.append("403")
        if "{" in self.path or (self.method in BODIES and authenticates) or self._paginated():
            statuses.append("404")
        if self.method in WRITES:
            statuses.append("409")
        if self.method in BODIES:
            statuses += ["413", "415"]
        statuses.append("429")
        return statuses

    def _paginated(self) -> bool:
        """A list answering a page past the last with 404 (DRF's "Invalid page")."""
        return self.method == "GET" and self._is_list_view() and self._get_paginator() is not None

    def _get_response_bodies(self, direction: Any = "response") -> Any:
        responses = super()._get_response_bodies(direction)
        for status in self.error_statuses():
            if status not in responses:
                responses[status] = self._get_response_for_code(error_response(status), status, direction=direction)
        return dict(sorted(responses.items()))

    def get_override_parameters(self) -> list[Any]:
        parameters = list(super().get_override_parameters())
        idempotent_post = self.method == "POST" and is_idempotent(type(self.view), "post")
        return parameters + conditions(idempotent=idempotent_post, revalidated="304" in self._declared_statuses())

    def _declared_statuses(self) -> set[str]:
        declared = self.get_response_serializers()
        return {str(status) for status in declared} if isinstance(declared, dict) else set()


def _header(name: str, schema: dict[str, Any], description: Any, *, response: Any = False) -> OpenApiParameter:
    return OpenApiParameter(name, schema, OpenApiParameter.HEADER, description=str(description), response=response)


def etag_header(*statuses: int) -> OpenApiParameter:
    """The ``ETag`` response header, for ``extend_schema(parameters=...)`` of a view that tags a body it
    answers without a 304 (an operation that documents a 304 gets it from ``conditions``)."""
    return _header(
        "ETag",
        {"type": "string"},
        _("The tag of this body; send it back as If-None-Match to get a 304 while it is current."),
        response=list(statuses),
    )


def conditions(*, idempotent: bool, revalidated: bool) -> list[OpenApiParameter]:
    """The headers and conditions an operation has, documented from what the plumbing does: an
    ``Idempotency-Key`` and its replay header on idempotent posts (``campaign.lib.api.idempotency``),
    ``If-None-Match``/``ETag`` where a 304 is documented, ``Retry-After`` on every 429 (the throttles)."""
    found = [
        _header(
            "Retry-After",
            {"type": "integer", "minimum": 0},
            _("Seconds to wait before trying again."),
            response=[429],
        )
    ]
    if idempotent:
        found.append(
            _header(
                HEADER,
                {"type": "string", "minLength": 1, "maxLength": MAX_KEY},
                _(
                    "Up to %(n)d characters, unique per request you mean: a retry with the same key and body "
                    "answers with the first response (header Idempotent-Replayed: true) and does nothing "
                    "again; the same key with another body is a 409."
                )
                % {"n": MAX_KEY},
            )
        )
        found.append(
            _header(
                REPLAYED,
                {"type": "string", "enum": ["true"]},
                _("Present when this is the stored answer to an earlier request with the same Idempotency-Key."),
                response=[200, 201],
            )
        )
    if revalidated:
        found.append(
            _header(
                "If-None-Match",
                {"type": "string"},
                _("The ETag of the copy you have: 304 and no body while it is still current."),
            )
        )
        found.append(etag_header(200, 304))
    return found

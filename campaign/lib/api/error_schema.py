"""The one error shape, as the OpenAPI schema shows it: ``{"code", "detail", "fields"}``.

``error_responses(400, 404)`` gives the ``responses`` entries an ``extend_schema`` adds for the
error statuses an operation can answer, so a generated client knows each of them.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

_MEANING = {
    400: "The input breaks a rule; `fields` says which part.",
    401: "Not logged in.",
    403: "Logged in, but not allowed to do this.",
    404: "No such thing, or not one the viewer may see.",
    409: "The thing is not in a state that allows this now.",
}


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="A stable machine-readable code, e.g. `warband_not_found`.")
    detail = serializers.CharField(help_text="A message a person can act on, in the client's language.")
    fields = serializers.DictField(  # type: ignore[assignment]
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Which input fields are at fault, each with its messages.",
    )


def error_responses(*statuses: int) -> dict[int, Any]:
    """``extend_schema(responses=...)`` entries for these error statuses, all in the one error shape."""
    return {s: OpenApiResponse(response=ErrorSerializer, description=_MEANING.get(s, "")) for s in statuses}

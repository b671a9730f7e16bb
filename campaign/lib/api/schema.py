"""OpenAPI schema tweaks."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema as BaseAutoSchema


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

"""``/api/v1/schema/``: the committed contract (docs/api/openapi.yaml), read once per process and served with a
cache lifetime. Generating the schema costs about 0.6 s of CPU per call; the committed file is what
tests/test_schema.py proves the code generates, so it is the same answer for nothing."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import yaml
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

CONTRACT = Path(settings.BASE_DIR) / "docs" / "api" / "openapi.yaml"
MAX_AGE = 3600


@functools.cache
def _contract(fmt: str) -> bytes:
    raw = CONTRACT.read_bytes()
    if fmt == "json":
        return json.dumps(yaml.safe_load(raw), ensure_ascii=False).encode("utf-8")
    return raw


@require_GET
def schema_view(request: HttpRequest) -> HttpResponse:
    """The OpenAPI contract: YAML, or JSON with ``?format=json``."""
    fmt = "json" if request.GET.get("format") == "json" else "yaml"
    content_type = "application/vnd.oai.openapi+json" if fmt == "json" else "application/vnd.oai.openapi"
    response = HttpResponse(_contract(fmt), content_type=content_type)
    response["Cache-Control"] = f"public, max-age={MAX_AGE}"
    return response

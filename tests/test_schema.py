"""The OpenAPI schema is the mobile apps' contract: it must build without warnings."""

from pathlib import Path

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_it_builds_the_openapi_schema_without_warnings(tmp_path: Path) -> None:
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    assert "/api/v1/rulesets/{slug}/tables/{table}/" in out.read_text()

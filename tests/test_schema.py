"""The OpenAPI schema is the mobile apps' contract: it must build without warnings, and it is pinned in
``docs/api/openapi.yaml`` so that no change to it goes unnoticed (or unreviewed)."""

import difflib
from pathlib import Path

import pytest
from django.core.management import call_command

SNAPSHOT = Path(__file__).resolve().parent.parent / "docs" / "api" / "openapi.yaml"


@pytest.fixture
def generated(tmp_path: Path) -> str:
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    return out.read_text()


@pytest.mark.django_db
def test_it_builds_the_openapi_schema_without_warnings(generated: str) -> None:
    assert "/api/v1/rulesets/{slug}/tables/{table}/" in generated


@pytest.mark.django_db
def test_the_generated_schema_is_the_committed_snapshot(generated: str) -> None:
    committed = SNAPSHOT.read_text()
    if generated != committed:
        diff = "".join(
            list(
                difflib.unified_diff(
                    committed.splitlines(keepends=True),
                    generated.splitlines(keepends=True),
                    "docs/api/openapi.yaml (committed)",
                    "generated",
                )
            )[:80]
        )
        pytest.fail(
            "The API schema changed. If you meant it, run `make schema-snapshot` and commit docs/api/openapi.yaml "
            f"(the mobile apps are generated from it); if not, undo the change.\n\n{diff}",
            pytrace=False,
        )

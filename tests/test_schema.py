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


def test_the_schema_audit_finds_no_untyped_spot_beyond_the_allowed(capsys: pytest.CaptureFixture[str]) -> None:
    """tools/schema_audit.py over the committed contract: prints the count (CI shows it), fails on an
    untyped object or array not in tools/schema_audit_allowed.txt, or on a listed one since typed."""
    from tools import schema_audit

    rc = schema_audit.main([])
    printed = capsys.readouterr().out
    with capsys.disabled():
        print("\n" + printed.splitlines()[0])
    assert rc == 0, printed

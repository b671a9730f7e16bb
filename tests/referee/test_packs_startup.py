"""A malformed rules pack stops start-up with a message naming the file and the entry."""

import json
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.test import override_settings

from referee.models import RulesPack
from referee.served_packs import packs


def test_it_refuses_to_start_on_a_malformed_pack(tmp_path: Path) -> None:
    pack = tmp_path / "broken"
    pack.mkdir()
    (pack / "pack.json").write_text(
        json.dumps(
            {
                "system": "x",
                "slug": "x",
                "version": "1",
                "name": {"en": "X"},
                "files": ["t.json"],
                "tables": ["t.json"],
            }
        )
    )
    (pack / "t.json").write_text(json.dumps({"injury": {"dice": "2D6", "results": [{"id": "A", "range": [2, 11]}]}}))
    packs.cache_clear()
    try:
        with override_settings(FIXTURES_DIR=tmp_path), pytest.raises(ImproperlyConfigured) as err:
            packs()
        assert "t.json: injury: no entry covers 12" in str(err.value)
    finally:
        packs.cache_clear()


@pytest.mark.django_db
def test_it_stores_each_pack_version_once(capsys: pytest.CaptureFixture[str]) -> None:
    call_command("load_packs")
    call_command("load_packs")
    assert RulesPack.objects.filter(slug="mordheim").count() == 1
    assert "mordheim 1.0.0 (mordheim): unchanged" in capsys.readouterr().out

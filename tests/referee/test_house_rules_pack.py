"""A league adds its own warband list or house rules as a new pack version, without code changes."""

import json
import shutil
from pathlib import Path

import pytest
from django.test import override_settings

from referee.served_packs import get_pack, pack_versions, packs

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def test_a_new_pack_version_with_a_league_list_loads_beside_the_original(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "mordheim", tmp_path / "mordheim")
    house = tmp_path / "mordheim" / "league-2026"
    shutil.copytree(FIXTURES / "mordheim", house, ignore=shutil.ignore_patterns("league-2026"))
    manifest = json.loads((house / "pack.json").read_text())
    manifest |= {"version": "1.1.0", "name": {"en": "Mordheim, our league's house rules"}}
    (house / "pack.json").write_text(json.dumps(manifest))
    ostlanders = json.loads((house / "warbands" / "reikland.json").read_text())
    ostlanders |= {"slug": "ostland", "name": {"en": "Ostlanders (house list)", "ru": "Остландцы"}}
    (house / "warbands" / "ostland.json").write_text(json.dumps(ostlanders))
    packs.cache_clear()
    try:
        with override_settings(FIXTURES_DIR=tmp_path):
            assert [p.version for p in pack_versions("mordheim")] == ["1.0.0", "1.1.0"]
            newest, pinned = get_pack("mordheim"), get_pack("mordheim", "1.0.0")
            assert newest is not None and pinned is not None
            assert "ostland" in newest.typed.lists and "ostland" not in pinned.typed.lists
    finally:
        packs.cache_clear()


def test_a_broken_house_list_stops_start_up_naming_its_file(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "mordheim", tmp_path / "mordheim")
    broken = json.loads((tmp_path / "mordheim" / "warbands" / "reikland.json").read_text())
    broken["heroes"][0]["cost"] = "sixty"
    (tmp_path / "mordheim" / "warbands" / "reikland.json").write_text(json.dumps(broken))
    packs.cache_clear()
    try:
        from django.core.exceptions import ImproperlyConfigured

        with override_settings(FIXTURES_DIR=tmp_path), pytest.raises(ImproperlyConfigured) as err:
            packs()
        assert "warbands/reikland.json" in str(err.value) and "cost" in str(err.value)
    finally:
        packs.cache_clear()

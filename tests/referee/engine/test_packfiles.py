"""The pack loader refuses a malformed pack, naming the file and the entry."""

import json
from pathlib import Path
from typing import Any

import pytest

from referee.engine.game_systems import pack_parser_for
from referee.engine.packfiles import PackError, load_pack
from referee.engine.systems.mordheim.tables.pack_parser import MordheimPack

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"


def write_pack(tmp_path: Path, tables: Any, manifest: dict[str, Any] | None = None) -> Path:
    (tmp_path / "pack.json").write_text(
        json.dumps(
            manifest
            or {
                "system": "test",
                "slug": "test",
                "version": "1",
                "name": {"en": "Test"},
                "files": ["tables.json"],
                "tables": ["tables.json"],
            }
        )
    )
    (tmp_path / "tables.json").write_text(tables if isinstance(tables, str) else json.dumps(tables))
    return tmp_path


def d6_table(*rows: dict[str, Any]) -> dict[str, Any]:
    return {"injury": {"dice": "D6", "results": list(rows)}}


def test_it_loads_the_shipped_mordheim_pack() -> None:
    pack = load_pack(FIXTURES / "mordheim", parser_for=pack_parser_for)
    assert (pack.slug, pack.system) == ("mordheim", "mordheim")
    assert isinstance(pack.typed, MordheimPack)
    assert pack.roll_tables["serious_injury_hero"].lookup(35).id == "INJ_DEEP_WOUND"
    assert pack.roll_tables["serious_injury_hero"].lookup(16).id == "INJ_MULTIPLE"
    assert len(pack.checksum) == 64


def test_it_loads_a_well_formed_table(tmp_path: Path) -> None:
    pack = load_pack(write_pack(tmp_path, d6_table({"range": [1, 2], "id": "DEAD"}, {"range": [3, 6], "id": "OK"})))
    assert pack.roll_tables["injury"].lookup(2).id == "DEAD"


def test_it_names_the_entry_whose_rolls_overlap(tmp_path: Path) -> None:
    path = write_pack(tmp_path, d6_table({"range": [1, 3], "id": "DEAD"}, {"range": [3, 6], "id": "OK"}))
    with pytest.raises(PackError) as err:
        load_pack(path)
    assert err.value.file == "tables.json"
    assert err.value.entry == "injury[1] (OK)"
    assert "roll 3 is already covered by DEAD" in str(err.value)


def test_it_names_rolls_no_entry_covers(tmp_path: Path) -> None:
    with pytest.raises(PackError, match=r"tables.json: injury: no entry covers 5-6"):
        load_pack(write_pack(tmp_path, d6_table({"range": [1, 4], "id": "DEAD"})))


def test_it_refuses_a_roll_the_dice_cannot_make(tmp_path: Path) -> None:
    tables = {"hero": {"dice": "D66", "results": [{"id": "X", "d66_values": [11, 17]}]}}
    with pytest.raises(PackError, match=r"hero\[0\] \(X\): 17 is not a possible D66 roll"):
        load_pack(write_pack(tmp_path, tables))


def test_it_refuses_an_entry_without_an_id(tmp_path: Path) -> None:
    with pytest.raises(PackError, match=r"injury\[0\]: an entry needs an id"):
        load_pack(write_pack(tmp_path, d6_table({"range": [1, 6]})))


def test_it_refuses_unknown_dice(tmp_path: Path) -> None:
    with pytest.raises(PackError, match="unknown dice 'D7'"):
        load_pack(write_pack(tmp_path, {"t": {"dice": "D7", "results": [{"id": "A", "range": [1, 7]}]}}))


def test_it_reports_the_line_of_broken_json(tmp_path: Path) -> None:
    with pytest.raises(PackError, match=r"tables.json: line 2 column \d+: is not valid JSON"):
        load_pack(write_pack(tmp_path, '{"t":\n  {"dice": "D6",,}}'))


def test_it_refuses_a_manifest_missing_its_version(tmp_path: Path) -> None:
    manifest = {"system": "t", "slug": "t", "name": {"en": "T"}, "files": ["tables.json"]}
    with pytest.raises(PackError, match=r"pack\.json: version: is required"):
        load_pack(write_pack(tmp_path, {}, manifest))


def test_it_refuses_a_file_pattern_that_matches_nothing(tmp_path: Path) -> None:
    manifest = {"system": "t", "slug": "t", "version": "1", "name": {"en": "T"}, "files": ["lists/*.json"]}
    with pytest.raises(PackError, match=r"files: lists/\*.json: matches no file"):
        load_pack(write_pack(tmp_path, {}, manifest))

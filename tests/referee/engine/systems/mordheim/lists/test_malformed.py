"""A malformed warband list or catalogue is refused with the file and the entry named."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from referee.engine.packfiles import PackError
from referee.engine.systems.mordheim.lists.loading import load_roster_data, parse_equipment
from tests.referee.engine.systems.mordheim.roster_helpers import PACK, parse, raw_equipment, raw_list

Mutation = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Mutation:
    """Set ``a.b[2].c`` in the raw JSON."""

    def mutate(raw: dict[str, Any]) -> None:
        *parents, last = path.replace("[", ".").replace("]", "").split(".")
        node: Any = raw
        for part in parents:
            node = node[int(part)] if part.isdigit() else node[part]
        if value is _DELETE:
            del node[int(last) if last.isdigit() else last]
        else:
            node[int(last) if last.isdigit() else last] = value

    return mutate


_DELETE = object()

REIKLAND_CASES = [
    ("heroes[1].cost", -5, "heroes[1] (champion)", "cost must be a whole number of gold crowns ≥ 0"),
    ("heroes[1].cost", "35", "heroes[1] (champion)", "cost must be a whole number of gold crowns ≥ 0"),
    ("heroes[1].cost", True, "heroes[1] (champion)", "cost must be a whole number of gold crowns ≥ 0"),
    ("heroes[2].race", "elf_lord", "heroes[2] (youngblood)", "race 'elf_lord' is not a race in tables.json"),
    ("heroes[2].race", None, "heroes[2] (youngblood)", "race may be null only for a type that never gains"),
    (
        "heroes[1].skill_lists",
        ["combat", "sneaking"],
        "heroes[1] (champion)",
        "skill list 'sneaking' is neither",
    ),
    ("heroes[0].profile.Ld", 11, "heroes[0] (mercenary_captain).profile", "from 0 to 10"),
    ("heroes[0].profile.Ld", _DELETE, "heroes[0] (mercenary_captain).profile", "is missing Ld"),
    ("heroes[0].name.ru", "", "heroes[0] (mercenary_captain).name", "ru must be a non-empty string"),
    ("heroes[0].cots", 60, "heroes[0] (mercenary_captain)", "has unknown field(s) cots"),
    ("heroes[1].max", _DELETE, "heroes[1] (champion)", "is missing max"),
    ("heroes[1].min", 3, "heroes[1] (champion)", "min (3) is more than max (2)"),
    ("heroes[1].leader", True, "heroes[1] (champion)", "a leader must be a Hero type with min 1 and max 1"),
    ("heroes[0].leader", False, "heroes", "exactly one leader (leader: true), found 0"),
    ("heroes[1].type", "mercenary_captain", "heroes[1] (mercenary_captain)", "repeats the type id"),
    ("heroes[1].equipment_list", "knightly", "heroes[1] (champion)", "equipment_list 'knightly' is not one"),
    ("henchmen[0].skill_lists", ["combat"], "henchmen[0] (warrior)", "has unknown field(s) skill_lists"),
    ("henchmen[0].group_size_max", 0, "henchmen[0] (warrior)", "group_size_max must be a whole number ≥ 1"),
    ("henchmen[1].max", 0, "henchmen[1] (marksman)", "max must be null (no limit) or a whole number ≥ 1"),
    (
        "equipment_lists.mercenary[3].item",
        "war_wagon",
        "equipment_lists.mercenary[3] (war_wagon)",
        "not in equipment.json",
    ),
    (
        "equipment_lists.mercenary[3].item",
        "sword",
        "equipment_lists.mercenary[4] (sword)",
        "already on this list",
    ),
    ("equipment_lists.mercenary[3].cost", -1, "equipment_lists.mercenary[3] (axe)", "gold crowns ≥ 0"),
    ("equipment_lists.mercenary[3].rarity", 1, "equipment_lists.mercenary[3] (axe)", "rarity number ≥ 2"),
    (
        "equipment_lists.mercenary[3].only",
        ["knight"],
        "equipment_lists.mercenary[3] (axe)",
        "unknown warrior type",
    ),
    ("equipment_lists.mercenary", [], "equipment_lists.mercenary", "non-empty list of items"),
    ("starting_gold", -500, "", "starting_gold must be a whole number of gold crowns ≥ 0"),
    ("max_warriors", 2, "", "min_warriors (3) is more than max_warriors (2)"),
    ("slug", "Reikland!", "", "slug must be an id"),
    ("heroes", {"captain": {}}, "", "heroes must be a list"),
]


@pytest.mark.parametrize(("path", "value", "entry", "message"), REIKLAND_CASES)
def test_it_refuses_a_malformed_entry_naming_it(path: str, value: Any, entry: str, message: str) -> None:
    raw = raw_list("reikland")
    _set(path, value)(raw)
    with pytest.raises(PackError) as refused:
        parse(raw, file="reikland.json")
    assert (refused.value.file, refused.value.entry) == ("reikland.json", entry)
    assert message in refused.value.message


def test_it_refuses_a_list_specific_skill_list_that_reuses_a_common_id() -> None:
    raw = raw_list("sisters_of_sigmar")
    raw["skill_lists"][0]["id"] = "combat"
    with pytest.raises(PackError) as refused:
        parse(raw, file="sisters_of_sigmar.json")
    assert refused.value.entry == "skill_lists[0] (combat)"
    assert "already a common skill list" in refused.value.message


def test_it_refuses_a_skill_restricted_to_an_unknown_type() -> None:
    raw = raw_list("sisters_of_sigmar")
    raw["skill_lists"][0]["skills"][2]["only"] = ["abbess"]
    with pytest.raises(PackError) as refused:
        parse(raw, file="sisters_of_sigmar.json")
    assert refused.value.entry == "skill_lists[0] (sisters_of_sigmar).skills[2] (utter_determination)"


def test_it_refuses_a_list_that_is_not_an_object() -> None:
    with pytest.raises(PackError, match="must be a JSON object"):
        parse([], file="reikland.json")


CATALOGUE_CASES = [
    ("category", "polearm", "category must be one of close_combat, missile, armour, misc"),
    ("cost", -2, "cost must be a whole number of gold crowns ≥ 0"),
    ("rarity", 1, "rarity must be null (common) or a rarity number ≥ 2"),
    ("hands", 3, "hands must be 1 or 2"),
    ("variable_cost", "10 plus D6", "variable_cost must look like 25+2D6 or 200+D6x25"),
    ("variable_cost", "12+D6", "variable_cost starts at 12 but cost is 2"),
    ("id", "Dagger", "id must be an id"),
]


@pytest.mark.parametrize(("key", "value", "message"), CATALOGUE_CASES)
def test_it_refuses_a_malformed_item_naming_it(key: str, value: Any, message: str) -> None:
    raw = raw_equipment()
    raw["items"][0][key] = value
    with pytest.raises(PackError) as refused:
        parse_equipment(raw, file="equipment.json")
    assert refused.value.file == "equipment.json"
    assert refused.value.entry == f"items[0] ({raw['items'][0]['id']})"
    assert message in refused.value.message


def test_it_refuses_two_items_with_one_id() -> None:
    raw = raw_equipment()
    raw["items"][1]["id"] = "dagger"
    with pytest.raises(PackError) as refused:
        parse_equipment(raw, file="equipment.json")
    assert refused.value.entry == "items[1] (dagger)" and "repeats the id" in refused.value.message


def _copy_pack(tmp_path: Path) -> Path:
    for name in ("tables.json", "equipment.json"):
        shutil.copy(PACK / name, tmp_path / name)
    shutil.copytree(PACK / "warbands", tmp_path / "warbands")
    return tmp_path


def test_it_refuses_a_list_whose_slug_is_not_its_file_name(tmp_path: Path) -> None:
    pack = _copy_pack(tmp_path)
    raw = raw_list("undead")
    raw["slug"] = "the_undead"
    (pack / "warbands" / "undead.json").write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(PackError) as refused:
        load_roster_data(pack)
    assert (refused.value.file, refused.value.entry) == ("warbands/undead.json", "slug")


def test_it_refuses_a_file_that_is_not_json(tmp_path: Path) -> None:
    pack = _copy_pack(tmp_path)
    (pack / "warbands" / "undead.json").write_text("{ not json", encoding="utf-8")
    with pytest.raises(PackError, match=r"undead\.json: is not valid JSON"):
        load_roster_data(pack)


def test_it_checks_races_against_the_ids_it_is_given(tmp_path: Path) -> None:
    pack = _copy_pack(tmp_path)
    tables = json.loads((pack / "tables.json").read_text(encoding="utf-8"))
    tables["race_maximums"]["races"] = [r for r in tables["race_maximums"]["races"] if r["id"] != "skaven"]
    (pack / "tables.json").write_text(json.dumps(tables), encoding="utf-8")
    with pytest.raises(PackError) as refused:
        load_roster_data(pack)
    assert refused.value.file == "warbands/skaven_eshin.json"
    assert refused.value.entry == "heroes[0] (assassin_adept)"

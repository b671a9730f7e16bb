"""Mordheim warband lists and the equipment catalogue as typed, frozen values.

The data lives in ``fixtures/mordheim/``: ``equipment.json`` (the price chart and
the rare items) and one ``warbands/<slug>.json`` per warband list. The schema is
documented in ``fixtures/mordheim/PROVENANCE.md``. Parsing is in
:mod:`.parse`; it refuses a malformed entry with a
:class:`~referee.engine.packfiles.PackError` naming the file and the entry, so a bad
pack stops start-up instead of surfacing as a wrong price at the table.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from referee.engine.packfiles import PackError
from referee.engine.systems.mordheim.lists.parse import parse_catalogue, parse_list
from referee.engine.systems.mordheim.lists.types import (
    CATEGORIES,
    DEFAULT_GROUP_SIZE_MAX,
    HENCHMAN,
    HERO,
    STATS,
    Catalogue,
    EquipmentOption,
    Item,
    KnownIds,
    Name,
    Profile,
    SkillDef,
    SkillList,
    VariableCost,
    WarbandList,
    WarriorKind,
    WarriorType,
    known_ids_from_tables,
)

__all__ = [
    "CATEGORIES",
    "DEFAULT_GROUP_SIZE_MAX",
    "HENCHMAN",
    "HERO",
    "STATS",
    "Catalogue",
    "EquipmentOption",
    "Item",
    "KnownIds",
    "Name",
    "Profile",
    "RosterData",
    "SkillDef",
    "SkillList",
    "VariableCost",
    "WarbandList",
    "WarriorKind",
    "WarriorType",
    "known_ids_from_tables",
    "load_roster_data",
    "parse_equipment",
    "parse_warband_list",
]


def parse_equipment(raw: Any, *, file: str) -> Catalogue:
    """Turn ``equipment.json`` into a :class:`Catalogue`; refuse a malformed item by name."""
    return parse_catalogue(raw, file=file)


def parse_warband_list(
    raw: Any,
    *,
    file: str,
    catalogue: Catalogue,
    known_races: Collection[str],
    known_skill_lists: Collection[str],
) -> WarbandList:
    """Turn one ``warbands/<slug>.json`` into a :class:`WarbandList`.

    Refuses (with :class:`PackError` naming the entry) a malformed field, an item
    not in ``catalogue``, a race not in ``known_races`` and a skill list that is
    neither in ``known_skill_lists`` nor defined by the list itself.
    """
    return parse_list(
        raw, file=file, catalogue=catalogue, known_races=known_races, known_skill_lists=known_skill_lists
    )


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise PackError(path.name, "", f"is not valid JSON: {exc.msg} (line {exc.lineno})") from exc


@dataclass(frozen=True)
class RosterData:
    """Everything hiring and trading need: the catalogue and every warband list by slug."""

    catalogue: Catalogue
    lists: Mapping[str, WarbandList]


def load_roster_data(directory: Path, *, known: KnownIds | None = None) -> RosterData:
    """Load ``equipment.json`` and every ``warbands/*.json`` from a Mordheim pack folder.

    ``known`` defaults to the ids in the folder's ``tables.json``.
    """
    if known is None:
        known = known_ids_from_tables(_read_json(directory / "tables.json"))
    catalogue = parse_equipment(_read_json(directory / "equipment.json"), file="equipment.json")
    lists: dict[str, WarbandList] = {}
    for path in sorted((directory / "warbands").glob("*.json")):
        warband = parse_warband_list(
            _read_json(path),
            file=f"warbands/{path.name}",
            catalogue=catalogue,
            known_races=known.races,
            known_skill_lists=known.skill_lists,
        )
        if warband.slug != path.stem:
            raise PackError(f"warbands/{path.name}", "slug", f"must match the file name ({path.stem!r})")
        lists[warband.slug] = warband
    return RosterData(catalogue=catalogue, lists=MappingProxyType(lists))

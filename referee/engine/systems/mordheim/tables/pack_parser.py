"""The Mordheim rules pack as typed data: tables, the equipment catalogue and the warband lists."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.engine.packfiles import PackError, PackSource
from referee.engine.systems.mordheim.lists.loading import parse_equipment, parse_warband_list
from referee.engine.systems.mordheim.lists.types import Catalogue, WarbandList, known_ids_from_tables
from referee.engine.systems.mordheim.tables.book import MordheimTables

TABLES = "tables.json"
EQUIPMENT = "equipment.json"
LISTS_PREFIX = "warbands/"


@dataclass(frozen=True)
class MordheimPack:
    tables: MordheimTables
    catalogue: Catalogue
    lists: Mapping[str, WarbandList]

    def warband_list(self, slug: str) -> WarbandList | None:
        return self.lists.get(slug)


def _file(source: PackSource, name: str) -> Any:
    if name not in source.files:
        raise PackError("pack.json", "files", f"a Mordheim pack needs {name}")
    return source.files[name]


def parse_mordheim_pack(source: PackSource) -> MordheimPack:
    """Validate every file of a Mordheim pack; :class:`PackError` names the file and entry at fault."""
    raw_tables = _file(source, TABLES)
    tables = MordheimTables.from_json(raw_tables, file=TABLES)
    known = known_ids_from_tables(raw_tables)
    catalogue = parse_equipment(_file(source, EQUIPMENT), file=EQUIPMENT)
    lists: dict[str, WarbandList] = {}
    for name in sorted(n for n in source.files if n.startswith(LISTS_PREFIX)):
        warband = parse_warband_list(
            source.files[name], file=name, catalogue=catalogue,
            known_races=known.races, known_skill_lists=known.skill_lists,
        )
        if warband.slug in lists:
            raise PackError(name, "slug", f"{warband.slug!r} is already the slug of another list")
        lists[warband.slug] = warband
    return MordheimPack(tables=tables, catalogue=catalogue, lists=lists)

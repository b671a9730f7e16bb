"""The Mordheim rules pack as typed data: tables, the equipment catalogue and the warband lists."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from referee.engine.packfiles import PackError, PackSource
from referee.engine.systems.mordheim.lists.loading import parse_equipment, parse_warband_list
from referee.engine.systems.mordheim.lists.types import Catalogue, WarbandList, known_ids_from_tables
from referee.engine.systems.mordheim.tables.book import MordheimTables
from referee.engine.systems.mordheim.tables.types import Reward, SkillInfo

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
    known = known_ids_from_tables(raw_tables)
    catalogue = parse_equipment(_file(source, EQUIPMENT), file=EQUIPMENT)
    tables = bound_to_chart(MordheimTables.from_json(raw_tables, file=TABLES), catalogue)
    lists: dict[str, WarbandList] = {}
    for name in sorted(n for n in source.files if n.startswith(LISTS_PREFIX)):
        warband = parse_warband_list(
            source.files[name], file=name, catalogue=catalogue,
            known_races=known.races, known_skill_lists=known.skill_lists,
        )
        if warband.slug in lists:
            raise PackError(name, "slug", f"{warband.slug!r} is already the slug of another list")
        lists[warband.slug] = warband
    return MordheimPack(tables=with_own_skill_lists(tables, lists.values()), catalogue=catalogue, lists=lists)


def _bound(reward: Reward, catalogue: Catalogue, where: str) -> Reward:
    if reward.kind != "item":
        return reward
    found = catalogue.found(reward.item)
    if found is None:
        raise PackError(TABLES, where, f"{reward.en!r} ({reward.item}) is not an item of {EQUIPMENT} (id or found_as)")
    item, each = found
    quantity = reward.quantity if each == 1 else str(int(reward.quantity) * each) if reward.quantity.isdigit() else (
        f"{reward.quantity}x{each}"
    )
    return replace(reward, item=item, quantity=quantity)


def bound_to_chart(tables: MordheimTables, catalogue: Catalogue) -> MordheimTables:
    """Every item the exploration locations and the scenarios' chests hand out, as the price chart's item
    (MH-INC-07: found items go to the stash as equipment a warrior can be given and a warband can sell)."""
    locations = {
        key: replace(
            loc,
            items=tuple(_bound(r, catalogue, f"exploration.{loc.id}") for r in loc.items),
            sub_rewards=MappingProxyType(
                {k: _bound(r, catalogue, f"exploration.{loc.id}") for k, r in loc.sub_rewards.items()}
            ),
        )
        for key, loc in tables.locations.items()
    }
    scenarios = {
        sid: replace(info, chest=tuple(_bound(r, catalogue, f"scenarios.{sid}.chest") for r in info.chest))
        for sid, info in tables.scenarios.items()
    }
    return replace(tables, locations=MappingProxyType(locations), scenarios=MappingProxyType(scenarios))


def with_own_skill_lists(tables: MordheimTables, lists: Iterable[WarbandList]) -> MordheimTables:
    """The tables with every warband list's own skill lists (the Skaven skills of skaven_eshin.json) beside
    the five common ones, so a Hero whose type has such a list is offered its skills (MH-SKL-01)."""
    skill_lists, skills = dict(tables.skill_lists), dict(tables.skills)
    for warband in lists:
        for own in warband.skill_lists:
            skill_lists[own.id] = tuple(s.id for s in own.skills)
            for s in own.skills:
                only = {"only_types": list(s.only)} if s.only else {}
                skills[s.id] = SkillInfo(s.id, own.id, s.name.en, s.name.ru, s.text, MappingProxyType(only), {})
    return replace(tables, skill_lists=MappingProxyType(skill_lists), skills=MappingProxyType(skills))

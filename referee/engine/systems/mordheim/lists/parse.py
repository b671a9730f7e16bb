"""Parsing ``equipment.json`` and ``warbands/<slug>.json`` into the values of :mod:`.types`.

Every refusal is a :class:`PackError` whose ``entry`` names the place a pack
author has to look (``heroes[2] (champion)``, ``equipment_lists.mercenary[5]
(duelling_pistol)``), and whose message says what the value must be.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from types import MappingProxyType
from typing import Any

from referee.engine.systems.mordheim.lists.reader import GC, ID_PATTERN, RARITY, At, labelled
from referee.engine.systems.mordheim.lists.types import (
    CATEGORIES,
    DEFAULT_GROUP_SIZE_MAX,
    HENCHMAN,
    HERO,
    STATS,
    Catalogue,
    EquipmentOption,
    Item,
    Profile,
    SkillDef,
    SkillList,
    VariableCost,
    WarbandList,
    WarriorKind,
    WarriorType,
)

_VARIABLE = re.compile(r"^(?P<base>\d+)\+(?P<n>\d*)D6(?:x(?P<mult>\d+))?$")


def parse_catalogue(raw: Any, *, file: str) -> Catalogue:
    top = At(file, "")
    doc = top.obj(raw, ("items",), ("schema", "currency", "notes", "sources"))
    items: dict[str, Item] = {}
    for index, entry in enumerate(top.array(doc, "items")):
        item = _parse_item(labelled(top, "items", index, entry), entry)
        if item.id in items:
            labelled(top, "items", index, entry).fail(f"repeats the id {item.id!r}")
        items[item.id] = item
    return Catalogue(items=MappingProxyType(items))


def _parse_item(at: At, raw: Any) -> Item:
    item = at.obj(
        raw,
        ("id", "name", "category", "cost", "rarity"),
        ("variable_cost", "hands", "restriction", "source", "found_as", "found_only", "resale"),
    )
    category = at.text(item, "category")
    if category not in CATEGORIES:
        at.fail(f"category must be one of {', '.join(CATEGORIES)}")
    cost = at.whole(item, "cost", what=GC)
    variable = None
    if item.get("variable_cost") is not None:
        variable = _parse_variable(at, item["variable_cost"], cost)
    hands = at.opt_whole(item, "hands", minimum=1, what="1 or 2 (hands needed), or absent")
    if hands is not None and hands > 2:
        at.fail("hands must be 1 or 2 (hands needed), or absent")
    return Item(
        id=at.ident(item, "id"),
        name=at.name(item),
        category=category,
        cost=cost,
        rarity=at.opt_whole(item, "rarity", minimum=2, what=RARITY),
        variable_cost=variable,
        hands=hands,
        restriction=at.opt_text(item, "restriction"),
        source=at.texts(item, "source"),
        found_as=_found_as(at, item.get("found_as", {})),
        found_only=at.flag(item, "found_only"),
        resale=at.opt_whole(item, "resale", minimum=1, what="a whole multiple of the half price") or 1,
    )


def _found_as(at: At, raw: Any) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, dict) or not all(isinstance(k, str) and type(v) is int and v >= 1 for k, v in raw.items()):
        at.fail("found_as must map a table's item name to how many of this item it is (1 or more)")
    return tuple(sorted(raw.items()))


def _parse_variable(at: At, text: Any, cost: int) -> VariableCost:
    match = _VARIABLE.match(text) if isinstance(text, str) else None
    if match is None:
        at.fail("variable_cost must look like 25+2D6 or 200+D6x25")
    base = int(match["base"])
    if base != cost:
        at.fail(f"variable_cost starts at {base} but cost is {cost}; cost must be the base price")
    dice = "D6" if match["n"] in ("", "1") else f"{match['n']}D6"
    return VariableCost(base=base, dice=dice, multiplier=int(match["mult"] or 1), text=text)


def parse_list(
    raw: Any,
    *,
    file: str,
    catalogue: Catalogue,
    known_races: Collection[str],
    known_skill_lists: Collection[str],
) -> WarbandList:
    top = At(file, "")
    doc = top.obj(
        raw,
        ("slug", "name", "starting_gold", "max_warriors", "heroes", "henchmen", "equipment_lists"),
        ("min_warriors", "max_heroes", "rare_search_bonus", "sources", "special", "skill_lists", "notes"),
    )
    own_skill_lists = tuple(
        _parse_skill_list(labelled(top, "skill_lists", i, s), s, known_skill_lists)
        for i, s in enumerate(top.array(doc, "skill_lists"))
    )
    skill_list_ids = set(known_skill_lists) | {s.id for s in own_skill_lists}
    equipment_lists = _parse_equipment_lists(top.child("equipment_lists"), doc["equipment_lists"], catalogue)
    context = _TypeContext(known_races, skill_list_ids, equipment_lists)
    heroes = tuple(
        _parse_type(labelled(top, "heroes", i, h), h, HERO, context)
        for i, h in enumerate(top.array(doc, "heroes"))
    )
    henchmen = tuple(
        _parse_type(labelled(top, "henchmen", i, h), h, HENCHMAN, context)
        for i, h in enumerate(top.array(doc, "henchmen"))
    )
    warband = WarbandList(
        slug=top.ident(doc, "slug"),
        name=top.name(doc),
        starting_gold=top.whole(doc, "starting_gold", what=GC),
        max_warriors=top.whole(doc, "max_warriors", minimum=1),
        min_warriors=top.whole(doc, "min_warriors", default=3, minimum=1),
        max_heroes=top.whole(doc, "max_heroes", default=6, minimum=1),
        heroes=heroes,
        henchmen=henchmen,
        equipment_lists=MappingProxyType(equipment_lists),
        skill_lists=own_skill_lists,
        rare_search_bonus=top.whole(doc, "rare_search_bonus", default=0),
        special=top.texts(doc, "special"),
        sources=top.texts(doc, "sources"),
        notes=top.opt_text(doc, "notes"),
    )
    _check_whole_list(top, warband)
    return warband


def _parse_skill_list(at: At, raw: Any, known: Collection[str]) -> SkillList:
    doc = at.obj(raw, ("id", "name", "skills"))
    list_id = at.ident(doc, "id")
    if list_id in known:
        at.fail(f"id {list_id!r} is already a common skill list in tables.json; pick a new id")
    skills = []
    for index, skill in enumerate(at.array(doc, "skills")):
        s_at = labelled(at, "skills", index, skill)
        s = s_at.obj(skill, ("id", "name", "text"), ("only",))
        skills.append(
            SkillDef(
                id=s_at.ident(s, "id"),
                name=s_at.name(s),
                text=s_at.text(s, "text"),
                only=s_at.texts(s, "only"),
            )
        )
    return SkillList(id=list_id, name=at.name(doc), skills=tuple(skills))


def _parse_equipment_lists(at: At, raw: Any, catalogue: Catalogue) -> dict[str, tuple[EquipmentOption, ...]]:
    if not isinstance(raw, dict) or not raw:
        at.fail("must be an object mapping list names to lists of items")
    lists: dict[str, tuple[EquipmentOption, ...]] = {}
    for list_name, entries in raw.items():
        l_at = at.child(list_name)
        if not ID_PATTERN.match(list_name):
            l_at.fail("list names must be ids of lower-case letters, digits and underscores")
        if not isinstance(entries, list) or not entries:
            l_at.fail("must be a non-empty list of items")
        options: list[EquipmentOption] = []
        for index, entry in enumerate(entries):
            o_at = at.child(f"{list_name}[{index}]")
            option = _parse_option(o_at, entry, catalogue)
            o_at = at.child(f"{list_name}[{index}] ({option.item})")
            if any(o.item == option.item for o in options):
                o_at.fail(f"{option.item} is already on this list")
            options.append(option)
        lists[list_name] = tuple(options)
    return lists


def _parse_option(at: At, raw: Any, catalogue: Catalogue) -> EquipmentOption:
    doc = at.obj(raw, ("item",), ("cost", "first_free", "rarity", "only", "note"))
    item_id = at.ident(doc, "item")
    at = At(at.file, f"{at.entry} ({item_id})")
    if item_id not in catalogue:
        at.fail(f"item {item_id!r} is not in equipment.json")
    overrides = "rarity" in doc
    return EquipmentOption(
        item=item_id,
        cost=at.opt_whole(doc, "cost", what=GC),
        first_free=at.flag(doc, "first_free"),
        overrides_rarity=overrides,
        rarity=at.opt_whole(doc, "rarity", minimum=2, what=RARITY) if overrides else None,
        only=at.texts(doc, "only"),
        note=at.opt_text(doc, "note"),
    )


class _TypeContext:
    def __init__(
        self,
        races: Collection[str],
        skill_lists: Collection[str],
        equipment_lists: Mapping[str, tuple[EquipmentOption, ...]],
    ) -> None:
        self.races = races
        self.skill_lists = skill_lists
        self.equipment_lists = equipment_lists


_COMMON_TYPE_FIELDS = (
    "min", "max", "leader", "large", "gains_xp", "may_replace_leader", "starting_xp",
    "excluded_categories", "special", "race_note",
)  # fmt: skip


def _parse_type(at: At, raw: Any, kind: WarriorKind, ctx: _TypeContext) -> WarriorType:
    required = ("type", "name", "cost", "race", "profile", "equipment_list")
    if kind == HERO:
        doc = at.obj(raw, (*required, "max", "skill_lists"), _COMMON_TYPE_FIELDS)
    else:
        doc = at.obj(raw, required, (*_COMMON_TYPE_FIELDS, "group_size_max"))
    minimum = at.whole(doc, "min", default=0)
    maximum = at.opt_whole(doc, "max", minimum=1, what="null (no limit) or a whole number ≥ 1")
    if kind == HERO and maximum is None:
        at.fail("max must be a whole number ≥ 1 for a Hero type")
    if maximum is not None and minimum > maximum:
        at.fail(f"min ({minimum}) is more than max ({maximum})")
    gains_xp = at.flag(doc, "gains_xp", default=True)
    race = doc["race"]
    if race is None:
        if gains_xp:
            at.fail("race may be null only for a type that never gains experience (gains_xp: false)")
    elif race not in ctx.races:
        at.fail(f"race {race!r} is not a race in tables.json race_maximums")
    equipment_list = doc["equipment_list"]
    if equipment_list is not None and equipment_list not in ctx.equipment_lists:
        at.fail(f"equipment_list {equipment_list!r} is not one of this list's equipment_lists")
    skill_lists = at.texts(doc, "skill_lists")
    for skill_list in skill_lists:
        if skill_list not in ctx.skill_lists:
            at.fail(f"skill list {skill_list!r} is neither in tables.json nor defined by this list")
    excluded = at.texts(doc, "excluded_categories")
    if any(c not in CATEGORIES for c in excluded):
        at.fail(f"excluded_categories must be among {', '.join(CATEGORIES)}")
    leader = at.flag(doc, "leader")
    if leader and (kind != HERO or minimum != 1 or maximum != 1):
        at.fail("a leader must be a Hero type with min 1 and max 1")
    group_size_max = None
    if kind == HENCHMAN:
        group_size_max = at.whole(doc, "group_size_max", default=DEFAULT_GROUP_SIZE_MAX, minimum=1)
    return WarriorType(
        type=at.ident(doc, "type"),
        name=at.name(doc),
        kind=kind,
        cost=at.whole(doc, "cost", what=GC),
        min=minimum,
        max=maximum,
        profile=_parse_profile(at.child("profile"), doc["profile"]),
        race=race,
        starting_xp=at.whole(doc, "starting_xp", default=0),
        gains_xp=gains_xp,
        leader=leader,
        large=at.flag(doc, "large"),
        may_replace_leader=at.flag(doc, "may_replace_leader"),
        equipment_list=equipment_list,
        excluded_categories=excluded,
        skill_lists=skill_lists,
        group_size_max=group_size_max,
        special=at.texts(doc, "special"),
        race_note=at.opt_text(doc, "race_note"),
    )


def _parse_profile(at: At, raw: Any) -> Profile:
    doc = at.obj(raw, STATS)
    values = {stat: at.whole(doc, stat, what="a whole number from 0 to 10") for stat in STATS}
    if any(v > 10 for v in values.values()):
        at.fail("characteristics must be whole numbers from 0 to 10")
    return Profile(**values)


def _check_whole_list(top: At, warband: WarbandList) -> None:
    leaders = [t.type for t in warband.heroes if t.leader]
    if len(leaders) != 1:
        top.child("heroes").fail(f"a list needs exactly one leader (leader: true), found {len(leaders)}")
    seen: set[str] = set()
    for key, types in (("heroes", warband.heroes), ("henchmen", warband.henchmen)):
        for index, t in enumerate(types):
            if t.type in seen:
                top.child(f"{key}[{index}] ({t.type})").fail(f"repeats the type id {t.type!r}")
            seen.add(t.type)
    if sum(t.min for t in warband.heroes) > warband.max_heroes:
        top.child("heroes").fail("the Heroes' minimums add up to more than max_heroes")
    if warband.min_warriors > warband.max_warriors:
        top.fail(f"min_warriors ({warband.min_warriors}) is more than max_warriors ({warband.max_warriors})")
    for list_name, options in warband.equipment_lists.items():
        for index, option in enumerate(options):
            unknown = [t for t in option.only if t not in seen]
            if unknown:
                top.child(f"equipment_lists.{list_name}[{index}] ({option.item})").fail(
                    f"only names unknown warrior type(s) {', '.join(unknown)}"
                )
    for s_index, skill_list in enumerate(warband.skill_lists):
        for index, skill in enumerate(skill_list.skills):
            unknown = [t for t in skill.only if t not in seen]
            if unknown:
                top.child(f"skill_lists[{s_index}] ({skill_list.id}).skills[{index}] ({skill.id})").fail(
                    f"only names unknown warrior type(s) {', '.join(unknown)}"
                )

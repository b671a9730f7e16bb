"""The typed values of the Mordheim warband lists and equipment catalogue.

Frozen dataclasses only; parsing lives in :mod:`.parse` and the public
entry points in :mod:`.lists`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final, Literal

STATS: tuple[str, ...] = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
CATEGORIES: tuple[str, ...] = ("close_combat", "missile", "armour", "misc")
HERO: Final = "hero"
HENCHMAN: Final = "henchman"
WarriorKind = Literal["hero", "henchman"]
#: Henchmen are bought in groups of 1-5 unless a list says otherwise.
DEFAULT_GROUP_SIZE_MAX = 5


@dataclass(frozen=True, slots=True)
class Name:
    """A display name in every language the rules data carries."""

    en: str
    ru: str


@dataclass(frozen=True, slots=True)
class Profile:
    """The nine characteristics in the spec's order (M WS BS S T W I A Ld)."""

    M: int
    WS: int
    BS: int
    S: int
    T: int
    W: int
    I: int  # noqa: E741 - the rulebook's own abbreviation for Initiative
    A: int
    Ld: int

    def __getitem__(self, stat: str) -> int:
        if stat not in STATS:
            raise KeyError(stat)
        value: int = getattr(self, stat)
        return value

    def to_dict(self) -> dict[str, int]:
        return {stat: self[stat] for stat in STATS}


@dataclass(frozen=True, slots=True)
class VariableCost:
    """A price like ``25+2D6`` or ``200+D6x25``: ``base + dice × multiplier`` gold crowns."""

    base: int
    dice: str
    multiplier: int
    text: str


@dataclass(frozen=True, slots=True)
class Item:
    """One entry of the price chart. ``rarity`` is ``None`` for a common item, N for Rare N."""

    id: str
    name: Name
    category: str
    cost: int
    rarity: int | None = None
    variable_cost: VariableCost | None = None
    hands: int | None = None
    restriction: str = ""
    source: tuple[str, ...] = ()
    #: How the exploration and chest tables name this item, with how many of it each find is
    #: (a "brace of pistols" is two pistols): the tables' words are bound to the chart at load.
    found_as: tuple[tuple[str, int], ...] = ()
    #: Only ever found (gems, a jewelled sword): not for sale at the trading post, never searched for.
    found_only: bool = False
    #: Resale as a multiple of the normal half price (MH-TRD-06): 2 for a gem, which sells for what it is
    #: worth, and for the Overturned Cart's jewelled sword and dagger ("double the normal resale").
    resale: int = 1


@dataclass(frozen=True)
class Catalogue:
    """Every item a warband may buy, by id."""

    items: Mapping[str, Item]

    def __contains__(self, item_id: object) -> bool:
        return item_id in self.items

    def found(self, slug: str) -> tuple[str, int] | None:
        """The chart's item a table's find names, and how many of it one find is; ``None``: none."""
        if slug in self.items:
            return slug, 1
        return next(((i.id, n) for i in self.items.values() for alias, n in i.found_as if alias == slug), None)

    def item(self, item_id: str) -> Item:
        try:
            return self.items[item_id]
        except KeyError:
            raise KeyError(f"no item {item_id!r} in the equipment catalogue") from None


@dataclass(frozen=True, slots=True)
class EquipmentOption:
    """An item on a warband's equipment list, with the list's own price and rarity where it gives one.

    ``cost`` ``None`` means the catalogue price (a variable-price item stays variable).
    ``overrides_rarity`` says whether ``rarity`` replaces the catalogue's (``None`` then
    means common for this list). ``only`` names the warrior types the option is for.
    """

    item: str
    cost: int | None = None
    first_free: bool = False
    overrides_rarity: bool = False
    rarity: int | None = None
    only: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True, slots=True)
class SkillDef:
    id: str
    name: Name
    text: str
    only: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SkillList:
    """A list-specific skill list (the five common lists live in ``tables.json``)."""

    id: str
    name: Name
    skills: tuple[SkillDef, ...]


@dataclass(frozen=True, slots=True)
class WarriorType:
    """A Hero or Henchman type a warband list offers."""

    type: str
    name: Name
    kind: WarriorKind
    cost: int
    min: int
    max: int | None
    profile: Profile
    race: str | None
    starting_xp: int = 0
    gains_xp: bool = True
    leader: bool = False
    large: bool = False
    may_replace_leader: bool = False
    equipment_list: str | None = None
    excluded_categories: tuple[str, ...] = ()
    skill_lists: tuple[str, ...] = ()
    group_size_max: int | None = None
    special: tuple[str, ...] = ()
    race_note: str = ""

    @property
    def is_hero(self) -> bool:
        return self.kind == HERO

    @property
    def uses_equipment(self) -> bool:
        return self.equipment_list is not None


@dataclass(frozen=True)
class WarbandList:
    """One warband list: who may be hired, for how much, and what they may buy."""

    slug: str
    name: Name
    starting_gold: int
    max_warriors: int
    min_warriors: int
    max_heroes: int
    heroes: tuple[WarriorType, ...]
    henchmen: tuple[WarriorType, ...]
    equipment_lists: Mapping[str, tuple[EquipmentOption, ...]]
    skill_lists: tuple[SkillList, ...] = ()
    rare_search_bonus: int = 0
    special: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    notes: str = ""
    _types: Mapping[str, WarriorType] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        types = {t.type: t for t in (*self.heroes, *self.henchmen)}
        object.__setattr__(self, "_types", MappingProxyType(types))

    @property
    def warrior_types(self) -> tuple[WarriorType, ...]:
        return (*self.heroes, *self.henchmen)

    @property
    def leader_type(self) -> WarriorType | None:
        return next((t for t in self.heroes if t.leader), None)

    def has_type(self, type_id: str) -> bool:
        return type_id in self._types

    def warrior_type(self, type_id: str) -> WarriorType:
        try:
            return self._types[type_id]
        except KeyError:
            raise KeyError(f"{self.slug} has no warrior type {type_id!r}") from None

    def equipment_option(self, warrior_type: WarriorType, item_id: str) -> EquipmentOption | None:
        """The option that lets ``warrior_type`` buy ``item_id`` from this list, if any."""
        if warrior_type.equipment_list is None:
            return None
        for option in self.equipment_lists.get(warrior_type.equipment_list, ()):
            if option.item == item_id and (not option.only or warrior_type.type in option.only):
                return option
        return None


@dataclass(frozen=True)
class KnownIds:
    """Ids a warband list may refer to that are defined elsewhere (``tables.json``)."""

    races: frozenset[str]
    skill_lists: frozenset[str]


def known_ids_from_tables(tables: Mapping[str, Any]) -> KnownIds:
    """Race and skill-list ids from the Mordheim ``tables.json`` (race_maximums, skill_lists)."""
    races = frozenset(str(r["id"]) for r in tables["race_maximums"]["races"])
    skill_lists = frozenset(str(s["id"]) for s in tables["skill_lists"])
    return KnownIds(races=races, skill_lists=skill_lists)

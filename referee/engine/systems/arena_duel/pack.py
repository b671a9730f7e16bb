"""The arena's weapon and equipment table (AD-WPN-01) as a rules pack: ``fixtures/arena_duel/<pack>/``.

``groups.json`` names the weapon groups a fighter may ban (AD-PREP-07) and the items that can
always be taken (leather armour); ``items.json`` lists every item with its group, range, damage,
armour and weight (units as written in the source). A malformed pack raises
:class:`~referee.engine.packfiles.PackError` naming the file and the entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from referee.engine.packfiles import PackError, PackSource, load_pack

PACK_DIR = Path(__file__).resolve().parents[4] / "fixtures" / "arena_duel" / "swd_arena"
KINDS = ("melee", "ranged", "thrown", "shield", "armour", "gear", "ammo")
DIES = (4, 6, 8, 10, 12)
LOCATIONS = ("head", "torso", "arms", "legs")
GROUPS, ITEMS = "groups.json", "items.json"


@dataclass(frozen=True)
class Item:
    slug: str
    group: str
    kind: str
    names: Mapping[str, str]
    range: tuple[int, int, int] | None = None
    damage_dice: str = ""  # a fixed damage notation (bows, crossbow: 2d6)
    damage_die: int = 0  # Str+dN: the weapon's die (capped by Strength, AD-WPN-02)
    ap: int = 0
    parry: int = 0
    parry_at_contact: int = 0  # the halberd's Parry -1 at distance 0
    reach: int = 0
    two_handed: bool = False
    min_str: int = 0  # AD-WPN-03
    reload: int = 0  # AD-WPN-04
    thrown: bool = False  # a melee weapon that may also be thrown (knife)
    melee: bool = False  # a thrown weapon that may also strike in melee
    unarmed: bool = False  # knuckles, AD-WPN-05
    improvised_die: int = 0  # a buckler as a weapon, AD-WPN-06
    improvised_attack: int = 0
    ranged_armour: int = 0
    armour: int = 0
    covers: tuple[str, ...] = ()
    chance: int = 100  # percent of hits the armour applies to (the plain helmet, AD-WPN-07)
    weight: float = 0.0
    weight_unit: str = ""
    weight_per: int = 0  # "1 per 10": the weight of each ``weight_per`` pieces

    @property
    def melee_capable(self) -> bool:
        return self.kind == "melee" or self.melee

    @property
    def str_based(self) -> bool:
        return bool(self.damage_die)


@dataclass(frozen=True)
class ArenaPack:
    """The typed pack: weapon groups in ban order, items by slug, the items always allowed."""

    groups: tuple[str, ...]
    group_names: Mapping[str, Mapping[str, str]]
    items: Mapping[str, Item]
    always: tuple[str, ...] = field(default=())

    def allowed(self, banned: list[str] | tuple[str, ...]) -> list[str]:
        """Item slugs a fighter may take with these groups banned (AD-PREP-07, AD-PREP-08)."""
        return [s for s, i in self.items.items() if i.group not in banned or s in self.always]


def _names(file: str, entry: str, raw: Any) -> dict[str, str]:
    if not isinstance(raw, Mapping) or not all(isinstance(raw.get(k), str) and raw[k] for k in ("en", "ru")):
        raise PackError(file, entry, "needs a name in English and Russian (en, ru)")
    return {str(k): str(v) for k, v in raw.items()}


def _int(file: str, entry: str, raw: Mapping[str, Any], key: str, *, choices: tuple[int, ...] = ()) -> int:
    value = raw.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or (choices and value and value not in choices):
        allowed = f" (one of {', '.join(map(str, choices))})" if choices else ""
        raise PackError(file, entry, f"{key} must be a whole number{allowed}")
    return value


def _item(entry: str, raw: Any, groups: tuple[str, ...]) -> Item:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("slug"), str) or not raw["slug"]:
        raise PackError(ITEMS, entry, "needs a slug")
    entry = str(raw["slug"])
    if raw.get("group") not in groups:
        raise PackError(ITEMS, entry, f"group must be one of {', '.join(groups)}")
    if raw.get("kind") not in KINDS:
        raise PackError(ITEMS, entry, f"kind must be one of {', '.join(KINDS)}")
    rng = raw.get("range")
    if rng is not None and (not isinstance(rng, list) or len(rng) != 3
                            or not all(isinstance(r, int) and r > 0 for r in rng) or sorted(rng) != rng):
        raise PackError(ITEMS, entry, "range must be three growing whole numbers: short, medium, long")
    if raw["kind"] in ("ranged", "thrown") and rng is None:
        raise PackError(ITEMS, entry, "a ranged or thrown item needs a range")
    damage = raw.get("damage") or {}
    if not isinstance(damage, Mapping):
        raise PackError(ITEMS, entry, "damage must be an object")
    dice = damage.get("dice", "")
    die = _int(ITEMS, entry, damage, "die", choices=DIES)
    if damage and not (isinstance(dice, str) and dice) and not (damage.get("str") is True and die):
        raise PackError(ITEMS, entry, "damage needs fixed dice ('2d6') or str: true with a die (4..12)")
    if raw["kind"] in ("melee", "ranged", "thrown") and not damage:
        raise PackError(ITEMS, entry, "a weapon needs damage")
    armour = raw.get("armour") or {}
    covers = tuple(armour.get("covers", ())) if isinstance(armour, Mapping) else ()
    if raw["kind"] == "armour" and (not armour or not covers or not set(covers) <= set(LOCATIONS)):
        raise PackError(ITEMS, entry, f"armour needs a value and covers drawn from {', '.join(LOCATIONS)}")
    weight = raw.get("weight")
    if weight is not None and (not isinstance(weight, Mapping)
                               or isinstance(weight.get("value"), bool)
                               or not isinstance(weight.get("value"), int | float) or weight["value"] < 0):
        raise PackError(ITEMS, entry, "weight must be an object with a value of 0 or more (or null)")
    improvised = raw.get("improvised") or {}
    return Item(
        slug=entry, group=raw["group"], kind=raw["kind"], names=_names(ITEMS, entry, raw.get("name")),
        range=(rng[0], rng[1], rng[2]) if rng else None, damage_dice=dice if isinstance(dice, str) else "",
        damage_die=die, ap=_int(ITEMS, entry, raw, "ap"), parry=_int(ITEMS, entry, raw, "parry"),
        parry_at_contact=_int(ITEMS, entry, raw, "parry_at_contact"), reach=_int(ITEMS, entry, raw, "reach"),
        two_handed=bool(raw.get("two_handed")), min_str=_int(ITEMS, entry, raw, "min_str", choices=DIES),
        reload=_int(ITEMS, entry, raw, "reload"), thrown=bool(raw.get("thrown")), melee=bool(raw.get("melee")),
        unarmed=bool(raw.get("unarmed")), improvised_die=_int(ITEMS, entry, improvised, "die", choices=DIES),
        improvised_attack=_int(ITEMS, entry, improvised, "attack"),
        ranged_armour=_int(ITEMS, entry, raw, "ranged_armour"),
        armour=_int(ITEMS, entry, armour, "value") if armour else 0, covers=covers,
        chance=_int(ITEMS, entry, armour, "chance") if armour and "chance" in armour else 100,
        weight=float(weight["value"]) if weight else 0.0, weight_unit=str((weight or {}).get("unit", "")),
        weight_per=int((weight or {}).get("per", 0)),
    )


def parse_arena_pack(source: PackSource) -> ArenaPack:
    """The typed pack from its raw files (the ``pack_parser`` of the arena-duel system)."""
    return parse_files(source.files)


def parse_files(files: Mapping[str, Any]) -> ArenaPack:
    raw_groups = files.get(GROUPS)
    if not isinstance(raw_groups, Mapping) or not isinstance(raw_groups.get("groups"), list) \
            or not raw_groups["groups"]:
        raise PackError(GROUPS, "groups", "needs a non-empty list of weapon groups")
    groups: list[str] = []
    names: dict[str, Mapping[str, str]] = {}
    for i, g in enumerate(raw_groups["groups"]):
        if not isinstance(g, Mapping) or not isinstance(g.get("slug"), str) or g["slug"] in groups:
            raise PackError(GROUPS, f"groups[{i}]", "needs a slug of its own")
        groups.append(g["slug"])
        names[g["slug"]] = _names(GROUPS, g["slug"], g.get("name"))
    raw_items = files.get(ITEMS)
    if not isinstance(raw_items, Mapping) or not isinstance(raw_items.get("items"), list):
        raise PackError(ITEMS, "items", "needs a list of items")
    items: dict[str, Item] = {}
    for i, raw in enumerate(raw_items["items"]):
        item = _item(f"items[{i}]", raw, tuple(groups))
        if item.slug in items:
            raise PackError(ITEMS, item.slug, "is listed twice")
        items[item.slug] = item
    always = raw_groups.get("always", [])
    if not isinstance(always, list) or any(a not in items for a in always):
        raise PackError(GROUPS, "always", "must list item slugs of items.json")
    return ArenaPack(tuple(groups), names, items, tuple(always))


@lru_cache(maxsize=1)
def default_pack() -> ArenaPack:
    """The shipped pack (the table of AD-WPN-01), for tables that name no other."""
    pack = load_pack(PACK_DIR, parser_for=lambda system: parse_arena_pack).typed
    assert isinstance(pack, ArenaPack)
    return pack

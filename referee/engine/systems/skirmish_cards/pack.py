"""The skirmish's rules pack: factions, creatures, scenarios, and the league's (empty) tables.

A pack folder ``fixtures/skirmish_cards/<pack>/`` holds ``pack.json`` and three files:
``factions.json`` (factions with their deck colour and character profiles, and the
creatures of SC-SUP), ``scenarios.json`` (hand sizes, creatures, the Baron, victory text)
and ``tables.json`` (the shooting results bands, extra shooting modifiers, weapons, card
texts). The published tables are copyrighted and ship empty (SC-SHT-08): a league fills
them in as a pack of its own. A malformed pack raises :class:`PackError` naming the file
and the entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.engine.packfiles import PackError, PackSource, load_pack

RESULTS = ("miss", "wound", "wound_nerve", "referee")
COLOURS = ("black", "red")
TRAITS = ("boss", "auto_nerve", "terrifying", "unholy", "free_mount", "hand_weapon", "lasso", "leap")
CREATURES = ("", "wolf", "raven", "bear", "scavengers")
PACK_DIR = Path(__file__).resolve().parents[4] / "fixtures" / "skirmish_cards" / "base"


@dataclass(frozen=True)
class Profile:
    slug: str
    name: Mapping[str, str]
    hp: int | None
    stress: int | None
    traits: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    creature: str = ""
    models: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {"slug": self.slug, "name": dict(self.name), "hp": self.hp, "stress": self.stress,
                "traits": list(self.traits), "weapons": list(self.weapons), "creature": self.creature,
                "models": self.models}


@dataclass(frozen=True)
class Faction:
    slug: str
    name: Mapping[str, str]
    colour: str
    profiles: tuple[str, ...]


@dataclass(frozen=True)
class Scenario:
    slug: str
    name: Mapping[str, str]
    hand_size: Mapping[str, int | None]
    creatures: tuple[tuple[str, str], ...] = ()  # (character id, profile slug)
    baron: str = ""
    creature_player: str = ""  # the faction whose player operates the house seat / owns the creatures
    victory: str = ""
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class SkirmishPack:
    factions: Mapping[str, Faction]
    profiles: Mapping[str, Profile]
    scenarios: Mapping[str, Scenario]
    results: tuple[tuple[int | None, int | None, str], ...] = ()
    modifiers: Mapping[str, int | None] = field(default_factory=dict)
    weapons: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    cards: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def scenario(self, slug: str) -> Scenario:
        return self.scenarios[slug] if slug else next(iter(self.scenarios.values()))


def _obj(raw: Any, file: str, entry: str) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise PackError(file, entry, "must be a JSON object")
    return raw


def _name(raw: Mapping[str, Any], file: str, entry: str) -> dict[str, str]:
    name = raw.get("name")
    if not isinstance(name, Mapping) or not isinstance(name.get("en"), str):
        raise PackError(file, f"{entry}.name", "must be an object with at least an English name under 'en'")
    return {str(k): str(v) for k, v in name.items()}


def _count(raw: Any, file: str, entry: str, *, minimum: int) -> int | None:
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < minimum:
        raise PackError(file, entry, f"must be a whole number of at least {minimum}, or null for no default")
    return raw


def _strs(raw: Any, file: str, entry: str, allowed: tuple[str, ...] = ()) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
        raise PackError(file, entry, "must be a list of texts")
    bad = [v for v in raw if allowed and v not in allowed]
    if bad:
        raise PackError(file, entry, f"{bad[0]!r} is not one of {', '.join(allowed)}")
    return tuple(raw)


def _profile(slug: str, raw: Any, file: str, entry: str) -> Profile:
    raw = _obj(raw, file, entry)
    creature = raw.get("creature", "")
    if creature not in CREATURES:
        raise PackError(file, f"{entry}.creature", f"must be one of {', '.join(c for c in CREATURES if c)}")
    return Profile(
        slug=slug, name=_name(raw, file, entry),
        hp=_count(raw.get("hp"), file, f"{entry}.hp", minimum=1),
        stress=_count(raw.get("stress"), file, f"{entry}.stress", minimum=1),
        traits=_strs(raw.get("traits", []), file, f"{entry}.traits", TRAITS),
        weapons=_strs(raw.get("weapons", []), file, f"{entry}.weapons"),
        creature=creature, models=_count(raw.get("models", 1), file, f"{entry}.models", minimum=1) or 1,
    )


def _factions(raw: Any, file: str) -> tuple[dict[str, Faction], dict[str, Profile]]:
    raw = _obj(raw, file, "")
    factions: dict[str, Faction] = {}
    profiles: dict[str, Profile] = {}
    for slug, entry in _obj(raw.get("factions"), file, "factions").items():
        where = f"factions.{slug}"
        entry = _obj(entry, file, where)
        if entry.get("colour") not in COLOURS:
            raise PackError(file, f"{where}.colour", "must be black or red")
        own = _obj(entry.get("profiles"), file, f"{where}.profiles")
        for pslug, praw in own.items():
            if pslug in profiles:
                raise PackError(file, f"{where}.profiles.{pslug}", "is a profile slug used twice")
            profiles[pslug] = _profile(pslug, praw, file, f"{where}.profiles.{pslug}")
        factions[slug] = Faction(slug, _name(entry, file, where), entry["colour"], tuple(own))
    for pslug, praw in _obj(raw.get("creatures", {}), file, "creatures").items():
        if pslug in profiles:
            raise PackError(file, f"creatures.{pslug}", "is a profile slug used twice")
        profiles[pslug] = _profile(pslug, praw, file, f"creatures.{pslug}")
    if not factions:
        raise PackError(file, "factions", "must name at least one faction")
    return factions, profiles


def _scenarios(raw: Any, file: str, factions: Mapping[str, Faction], profiles: Mapping[str, Profile]) -> dict:
    out: dict[str, Scenario] = {}
    for slug, entry in _obj(_obj(raw, file, "").get("scenarios"), file, "scenarios").items():
        where = f"scenarios.{slug}"
        entry = _obj(entry, file, where)
        sizes = _obj(entry.get("hand_size", {}), file, f"{where}.hand_size")
        for faction, size in sizes.items():
            if faction not in factions:
                raise PackError(file, f"{where}.hand_size.{faction}", "names no faction of the pack")
            _count(size, file, f"{where}.hand_size.{faction}", minimum=0)
        creatures = []
        for i, item in enumerate(entry.get("creatures", [])):
            item = _obj(item, file, f"{where}.creatures[{i}]")
            if item.get("profile") not in profiles or not profiles[item["profile"]].creature:
                raise PackError(file, f"{where}.creatures[{i}].profile", "names no creature profile of the pack")
            if not isinstance(item.get("id"), str) or not item["id"]:
                raise PackError(file, f"{where}.creatures[{i}].id", "is required")
            creatures.append((item["id"], item["profile"]))
        player = entry.get("creature_player", "")
        if player and player not in factions:
            raise PackError(file, f"{where}.creature_player", "names no faction of the pack")
        out[slug] = Scenario(
            slug, _name(entry, file, where), dict(sizes), tuple(creatures), str(entry.get("baron", "")),
            player, str(entry.get("victory", "")), _strs(entry.get("rules", []), file, f"{where}.rules"),
        )
    if not out:
        raise PackError(file, "scenarios", "must name at least one scenario")
    return out


def _results(raw: Any, file: str) -> tuple[tuple[int | None, int | None, str], ...]:
    if not isinstance(raw, list):
        raise PackError(file, "shooting_results", "must be a list of bands")
    bands: list[tuple[int | None, int | None, str]] = []
    for i, band in enumerate(raw):
        where = f"shooting_results[{i}]"
        band = _obj(band, file, where)
        low = _count(band.get("min"), file, f"{where}.min", minimum=-100)
        high = _count(band.get("max"), file, f"{where}.max", minimum=-100)
        if band.get("result") not in RESULTS:
            raise PackError(file, f"{where}.result", f"must be one of {', '.join(RESULTS)}")
        if low is not None and high is not None and low > high:
            raise PackError(file, where, "min is above max")
        if bands and (bands[-1][1] is None or low is None or low <= bands[-1][1]):
            raise PackError(file, where, "bands must be in order, each above the one before")
        bands.append((low, high, band["result"]))
    return tuple(bands)


def parse_skirmish_files(files: Mapping[str, Any]) -> SkirmishPack:
    for name in ("factions.json", "scenarios.json", "tables.json"):
        if name not in files:
            raise PackError(name, "", "is missing from the pack")
    factions, profiles = _factions(files["factions.json"], "factions.json")
    scenarios = _scenarios(files["scenarios.json"], "scenarios.json", factions, profiles)
    tables = _obj(files["tables.json"], "tables.json", "")
    modifiers = _obj(tables.get("shooting_modifiers", {}), "tables.json", "shooting_modifiers")
    for key, value in modifiers.items():
        _count(value, "tables.json", f"shooting_modifiers.{key}", minimum=-20)
    weapons = _obj(tables.get("weapons", {}), "tables.json", "weapons")
    cards = _obj(tables.get("cards", {}), "tables.json", "cards")
    for slug, card in cards.items():
        card = _obj(card, "tables.json", f"cards.{slug}")
        if card.get("lasts", "") not in ("", "turn"):
            raise PackError("tables.json", f"cards.{slug}.lasts", "must be empty or 'turn'")
    for slug, weapon in weapons.items():
        _obj(weapon, "tables.json", f"weapons.{slug}")
    return SkirmishPack(factions, profiles, scenarios, _results(tables.get("shooting_results", []), "tables.json"),
                        dict(modifiers), dict(weapons), dict(cards))


def parse_skirmish_pack(source: PackSource) -> SkirmishPack:
    return parse_skirmish_files(source.files)


def default_pack() -> SkirmishPack:
    """The pack shipped in ``fixtures/skirmish_cards/base`` (its tables empty)."""
    return load_pack(PACK_DIR, parser_for=lambda _slug: parse_skirmish_pack).typed

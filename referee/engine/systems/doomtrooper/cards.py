"""Doomtrooper card data: the rules pack under ``fixtures/doomtrooper/`` (DT GAP-15: card data is CONFIG).

A card has a type (warrior, equipment, gift, mission, combat, other) and what the rules need
of it: a warrior's value, Fight, Shoot, Armour, affiliation and Apostle; equipment's weapon
class, restriction and modifiers; a gift's Apostle; a mission's targets; the steps a card may
be played in (DT-TURN-02); extra actions it grants (DT-ACT-01); immunity kinds (DT-DSG-04).
A malformed entry raises :class:`PackError` naming the file and the card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.engine.packfiles import PackError, PackSource

FILE = "cards.json"
TYPES = ("warrior", "equipment", "gift", "mission", "combat", "other")
AFFILIATIONS = ("doomtrooper", "brotherhood", "dark_legion", "tribal")
WEAPONS = ("", "close", "firearm", "dual")
STEPS = ("draw", "actions", "discard", "combat")
EFFECTS = ("", "modify", "add_combatant", "replace_combatant", "wound", "none")
IMMUNITIES = ("", "gifts", "dark_symmetry")
MISSION_TARGETS = ("own_warrior", "self", "player", "warrior")
STATS = ("fight", "shoot", "armour")
#: The zone each affiliation deploys to (DT-DEP-03).
ZONE_OF = {"doomtrooper": "squad", "brotherhood": "squad", "dark_legion": "cohort", "tribal": "station"}


@dataclass(frozen=True)
class CardDef:
    slug: str
    type: str
    names: Mapping[str, str]
    value: int = 0
    fight: int = 0
    shoot: int = 0
    armour: int = 0
    affiliation: str = ""
    apostle: str = ""
    weapon: str = ""
    restriction: str = ""
    modifier: Mapping[str, int] = field(default_factory=dict)
    steps: tuple[str, ...] = ()
    grants_actions: int = 0
    gift: str = ""  # "generic", or the Apostle whose followers alone may receive it
    immunity: str = ""
    dark_symmetry: bool = False
    targets: tuple[str, ...] = ()
    effect: str = ""
    legal_targets: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()  # zones the card lets its owner choose instead of DT-DEP-03's

    @property
    def home(self) -> str:
        """The zone a warrior joins (DT-DEP-03)."""
        return ZONE_OF.get(self.affiliation, "")

    def mod(self, stat: str) -> int:
        return int(self.modifier.get(stat, 0))

    @property
    def is_dark_symmetry(self) -> bool:
        return self.dark_symmetry or self.type == "gift"


@dataclass(frozen=True)
class Catalogue:
    cards: Mapping[str, CardDef]

    def get(self, slug: str) -> CardDef | None:
        return self.cards.get(slug)


def _choice(entry: str, raw: Mapping[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    value = raw.get(key, "")
    if value not in allowed:
        raise PackError(FILE, entry, f"{key} must be one of {', '.join(a or '(empty)' for a in allowed)}")
    return str(value)


def _int(entry: str, raw: Mapping[str, Any], key: str, minimum: int | None = None) -> int:
    value = raw.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or (minimum is not None and value < minimum):
        raise PackError(FILE, entry, f"{key} must be a whole number"
                        + (f" of at least {minimum}" if minimum is not None else ""))
    return value


def _list(entry: str, raw: Mapping[str, Any], key: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or any(v not in allowed for v in value):
        raise PackError(FILE, entry, f"{key} must be a list of: {', '.join(allowed)}")
    return tuple(value)


def parse_card(entry: str, raw: Any) -> CardDef:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("slug"), str) or not raw["slug"]:
        raise PackError(FILE, entry, "needs a slug")
    entry = raw["slug"]
    names = raw.get("name")
    if not isinstance(names, Mapping) or not isinstance(names.get("en"), str) or not names["en"]:
        raise PackError(FILE, entry, "needs a name with at least an English one under 'en'")
    kind = _choice(entry, raw, "type", TYPES)
    modifier = raw.get("modifier", {})
    if not isinstance(modifier, Mapping) or any(
        k not in STATS or isinstance(v, bool) or not isinstance(v, int) for k, v in modifier.items()
    ):
        raise PackError(FILE, entry, "modifier must map fight, shoot or armour to whole numbers")
    card = CardDef(
        slug=entry, type=kind, names={str(k): str(v) for k, v in names.items()},
        value=_int(entry, raw, "value", 0), fight=_int(entry, raw, "fight"), shoot=_int(entry, raw, "shoot"),
        armour=_int(entry, raw, "armour"), affiliation=_choice(entry, raw, "affiliation", ("", *AFFILIATIONS)),
        apostle=str(raw.get("apostle", "")), weapon=_choice(entry, raw, "weapon", WEAPONS),
        restriction=_choice(entry, raw, "restriction", ("", "doomtrooper_only")), modifier=dict(modifier),
        steps=_list(entry, raw, "steps", STEPS), grants_actions=_int(entry, raw, "grants_actions", 0),
        gift=str(raw.get("gift", "")), immunity=_choice(entry, raw, "immunity", IMMUNITIES),
        dark_symmetry=bool(raw.get("dark_symmetry", False)), targets=_list(entry, raw, "targets", MISSION_TARGETS),
        effect=_choice(entry, raw, "effect", EFFECTS), legal_targets=_list(entry, raw, "legal_targets", AFFILIATIONS),
        zones=_list(entry, raw, "zones", ("squad", "cohort", "station")),
    )
    if kind == "warrior" and not card.affiliation:
        raise PackError(FILE, entry, "a warrior needs an affiliation: " + ", ".join(AFFILIATIONS))
    if kind == "gift" and not card.gift:
        raise PackError(FILE, entry, "a gift needs gift: 'generic' or its Apostle's name")
    if kind == "mission" and not card.targets:
        raise PackError(FILE, entry, "a mission needs its targets")
    return card


def parse_cards(files: Mapping[str, Any]) -> Catalogue:
    raw = files.get(FILE)
    if not isinstance(raw, Mapping) or not isinstance(raw.get("cards"), list) or not raw["cards"]:
        raise PackError(FILE, "", "needs a non-empty cards list")
    cards: dict[str, CardDef] = {}
    for i, entry in enumerate(raw["cards"]):
        card = parse_card(f"cards[{i}]", entry)
        if card.slug in cards:
            raise PackError(FILE, card.slug, "appears twice")
        cards[card.slug] = card
    return Catalogue(cards)


def parse_doomtrooper_pack(source: PackSource) -> Catalogue:
    return parse_cards(source.files)

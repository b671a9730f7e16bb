"""Hidden sheets, the character they come from, and what each fighter has learned.

The **character** (campaign level) outlives every duel: its sheet and its persistent bennies
(AD-BEN-03), given to the duel when the table is created and handed back, changed, in the
duel's outcome (:mod:`.post`). The **sheet** is hidden from the opponent except the final
Charisma (AD-INFO-01). A fighter's **knowledge** of the opponent is a list of facts that only
grows: nothing learned is ever taken back (LIVE-TABLES §1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.engine.live.state import TableState
from referee.engine.live.system import CommandError
from referee.engine.systems.arena_duel.dice import STEPS

ATTRIBUTES = ("agility", "smarts", "spirit", "strength", "vigor")
FIRST_STRIKE, CODE_OF_HONOUR = "first_strike", "code_of_honour"


@dataclass
class PersistentBenny:
    """AD-BEN-03: a benny that does not expire, usually given as an item (an amulet)."""

    id: str
    item: str
    awarded_in: str = ""
    spent_in: str = ""

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "item": self.item, "awarded_in": self.awarded_in, "spent_in": self.spent_in}


@dataclass
class Character:
    """The campaign's character: a sheet and its persistent bennies (the Django side stores it)."""

    id: str
    sheet: dict[str, Any]
    persistent_bennies: list[PersistentBenny] = field(default_factory=list)

    @property
    def unspent(self) -> list[PersistentBenny]:
        return [b for b in self.persistent_bennies if not b.spent_in]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "sheet": self.sheet,
                "persistent_bennies": [b.to_dict() for b in self.persistent_bennies]}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Character:
        """A character checked for the duel; :class:`CommandError` names the field at fault."""
        if not isinstance(raw, Mapping):
            raise CommandError("invalid_character", "the character must be an object", "character")
        sheet = raw.get("sheet")
        if not isinstance(sheet, Mapping):
            raise CommandError("invalid_character", "the character needs a sheet", "sheet")
        attributes = sheet.get("attributes")
        if not isinstance(attributes, Mapping) or any(attributes.get(a) not in STEPS for a in ATTRIBUTES):
            raise CommandError("invalid_character", "the sheet needs every attribute as a die (4..12): "
                               + ", ".join(ATTRIBUTES), "attributes")
        skills = sheet.get("skills", {})
        if not isinstance(skills, Mapping) or any(d not in STEPS for d in skills.values()):
            raise CommandError("invalid_character", "each skill is a die (4..12)", "skills")
        for key in ("edges", "hindrances"):
            if not isinstance(sheet.get(key, []), list) or not all(isinstance(e, str) for e in sheet.get(key, [])):
                raise CommandError("invalid_character", f"{key} must be a list of names", key)
        for key in ("charisma", "power_points", "max_power_points", "poison_vials"):
            value = sheet.get(key, 0)
            if isinstance(value, bool) or not isinstance(value, int):
                raise CommandError("invalid_character", f"{key} must be a whole number", key)
        bennies = []
        for b in raw.get("persistent_bennies", []):
            if not isinstance(b, Mapping) or not isinstance(b.get("id"), str) or not b["id"]:
                raise CommandError("invalid_character", "each persistent benny needs an id", "persistent_bennies")
            bennies.append(PersistentBenny(b["id"], str(b.get("item", "")), str(b.get("awarded_in", "")),
                                           str(b.get("spent_in", ""))))
        clean = {
            "name": str(sheet.get("name", "")), "attributes": {a: attributes[a] for a in ATTRIBUTES},
            "skills": dict(sorted(skills.items())), "edges": sorted(sheet.get("edges", [])),
            "hindrances": sorted(sheet.get("hindrances", [])), "arcane": str(sheet.get("arcane") or ""),
            "charisma": sheet.get("charisma", 0), "power_points": sheet.get("power_points", 0),
            "max_power_points": sheet.get("max_power_points", sheet.get("power_points", 0)),
            "poison_vials": sheet.get("poison_vials", 0),
        }
        return cls(str(raw.get("id", "")), clean, bennies)


def private(state: TableState, seat: str) -> dict[str, Any]:
    """``seat``'s hidden part of the table: its sheet, knowledge, loadout, holds, rolls (redacted per viewer)."""
    return state.data["private"][seat]


def sheet(state: TableState, seat: str) -> dict[str, Any]:
    return private(state, seat)["sheet"]


def has_feature(sheet_: Mapping[str, Any], name: str) -> bool:
    return name in sheet_["edges"] or name in sheet_["hindrances"]


def trait(sheet_: Mapping[str, Any], name: str, *, unskilled_die: int = 4,
          unskilled_modifier: int = -2) -> tuple[int, int]:
    """The die and built-in modifier of a trait: an attribute, a skill, or an unskilled roll."""
    if name in ATTRIBUTES:
        return int(sheet_["attributes"][name]), 0
    if name in sheet_["skills"]:
        return int(sheet_["skills"][name]), 0
    return unskilled_die, unskilled_modifier


def has_skill(sheet_: Mapping[str, Any], name: str) -> bool:
    return name in sheet_["skills"]


def opponent(state: TableState, seat: str) -> str:
    a, b = state.data["fighters"]
    return b if seat == a else a


def knowledge(state: TableState, seat: str) -> list[dict[str, Any]]:
    return private(state, seat)["knowledge"]


def learn(state: TableState, seat: str, fact: dict[str, Any]) -> bool:
    """Add ``fact`` to what ``seat`` knows of the opponent; False when it knew it already."""
    known = knowledge(state, seat)
    if fact in known:
        return False
    known.append(fact)
    return True


def known_names(state: TableState, seat: str, kind: str) -> set[str]:
    return {f["name"] for f in knowledge(state, seat) if f.get("kind") == kind and "name" in f}


def keep_learned(state: TableState, seen: TableState) -> None:
    """After an undo or amend (a replay), put back every fact a fighter had learned: knowledge never shrinks."""
    for seat in state.data.get("fighters", []):
        for fact in seen.data["private"][seat]["knowledge"]:
            learn(state, seat, fact)

"""Skills (spec 6.3 and 7.2): which skills a Hero may take, and the ones that touch the campaign."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.engine.systems.mordheim.state import (
    SISTERS,
    UNDEAD,
    WITCH_HUNTERS,
    MordheimSettings,
    WarbandSnapshot,
    WarriorSnapshot,
)
from referee.engine.systems.mordheim.tables.book import MordheimTables
from referee.engine.systems.mordheim.tables.types import SkillInfo

# Names used in the JSON's restriction lists, read against a warband and a Hero.
_FACTION_NAMES = {"Sisters of Sigmar": SISTERS, "Witch Hunters": WITCH_HUNTERS}
_TYPE_NAMES = {"Warrior Priests": "warrior_priest"}


@dataclass(frozen=True, slots=True)
class SkillChoice:
    """A skill the Hero may take; ``warning`` is set when it clashes with one he owns."""

    skill: str
    list: str
    warning: str = ""


def _named(name: str, hero: WarriorSnapshot, warband: WarbandSnapshot) -> bool:
    if name == "Undead leader":
        return warband.faction == UNDEAD and hero.is_leader
    if name in _FACTION_NAMES:
        return warband.faction == _FACTION_NAMES[name]
    if name in _TYPE_NAMES:
        return hero.type == _TYPE_NAMES[name]
    return False


def incompatible_pairs(tables: MordheimTables) -> dict[str, set[str]]:
    """MH-SKL-03: Nimble and Knife-Fighter cannot be combined with Quick Shot (both ways)."""
    pairs: dict[str, set[str]] = {}
    for s in tables.skills.values():
        for other in s.restrictions.get("incompatible_with", ()):
            pairs.setdefault(s.id, set()).add(str(other))
            pairs.setdefault(str(other), set()).add(s.id)
    return pairs


def may_take(skill: SkillInfo, hero: WarriorSnapshot, warband: WarbandSnapshot) -> bool:
    """MH-SKL-03: the restrictions of 7.2 (leader only, spellcasters only, forbidden or unusable)."""
    r = skill.restrictions
    if r.get("leader_only") and not hero.is_leader:
        return False
    if r.get("spellcasters_only") and not hero.is_wizard:
        return False
    if r.get("only_types") and hero.type not in r["only_types"]:  # a list's own skill for some types only
        return False
    blocked = list(r.get("unusable_by", ())) + list(r.get("forbidden_for", ()))
    return not any(_named(str(name), hero, warband) for name in blocked)


def skill_choices(
    hero: WarriorSnapshot, warband: WarbandSnapshot, tables: MordheimTables, settings: MordheimSettings
) -> list[SkillChoice]:
    """MH-SKL-01..03: every skill on the Hero's own lists that he may still take.

    Lists the tables do not define (warband-specific lists) are the roster's to offer.
    """
    clashes = incompatible_pairs(tables)
    out: list[SkillChoice] = []
    for list_id in hero.skill_lists:
        for skill_id in tables.skill_lists.get(list_id, ()):
            if skill_id in hero.skills:  # MH-SKL-02
                continue
            info = tables.skills[skill_id]
            if not may_take(info, hero, warband):
                continue
            clash = sorted(clashes.get(skill_id, set()) & set(hero.skills))
            if clash and not settings.allow_incompatible_skills:
                continue
            warning = f"cannot be used together with {', '.join(clash)}" if clash else ""
            out.append(SkillChoice(skill_id, list_id, warning))
    return out


def wyrdstone_hunter_rerolls(searchers: Sequence[WarriorSnapshot], settings: MordheimSettings) -> list[str]:
    """MH-SKL-06: one exploration re-roll per searching Hero with the skill (or one in all)."""
    hunters = [f"wyrdstone_hunter:{w.id}" for w in searchers if "wyrdstone_hunter" in w.skills]
    return hunters if settings.wyrdstone_hunter_rerolls_stack else hunters[:1]


def may_learn_lesser_magic(hero: WarriorSnapshot, *, owns_tome_of_magic: bool) -> bool:
    """MH-SKL-07: Arcane Lore lets a Hero with a Tome of Magic learn Lesser Magic."""
    return "arcane_lore" in hero.skills and owns_tome_of_magic



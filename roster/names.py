"""Mordheim names for people: injuries, skills, scenarios, items and stats by name in the reader's language,
never by id (the rules pack carries English and Russian; Czech falls back to English)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from campaign.lib.i18n import localized

STAT_NAMES: Mapping[str, Any] = {
    "M": _("Movement"),
    "WS": _("Weapon Skill"),
    "BS": _("Ballistic Skill"),
    "S": _("Strength"),
    "T": _("Toughness"),
    "W": _("Wounds"),
    "I": _("Initiative"),
    "A": _("Attacks"),
    "Ld": _("Leadership"),
}


#: The exploration locations (the pack names them in English only).
LOCATION_NAMES: Mapping[str, Any] = {
    "EXP_WELL": _("Well"),
    "EXP_SHOP": _("Shop"),
    "EXP_CORPSE": _("Corpse"),
    "EXP_STRAGGLER": _("Straggler"),
    "EXP_OVERTURNED_CART": _("Overturned Cart"),
    "EXP_RUINED_HOVELS": _("Ruined Hovels"),
    "EXP_TAVERN": _("Tavern"),
    "EXP_SMITHY": _("Smithy"),
    "EXP_PRISONERS": _("Prisoners"),
    "EXP_FLETCHER": _("Fletcher"),
    "EXP_MARKET_HALL": _("Market Hall"),
    "EXP_RETURNING_FAVOUR": _("Returning a Favour"),
    "EXP_GUNSMITH": _("Gunsmith"),
    "EXP_SHRINE": _("Shrine"),
    "EXP_TOWNHOUSE": _("Townhouse"),
    "EXP_ARMOURER": _("Armourer"),
    "EXP_GRAVEYARD": _("Graveyard"),
    "EXP_CATACOMBS": _("Catacombs"),
    "EXP_MONEYLENDER": _("Moneylender's House"),
    "EXP_ALCHEMIST": _("Alchemist's Laboratory"),
    "EXP_JEWELSMITH": _("Jewelsmith"),
    "EXP_MERCHANT_HOUSE": _("Merchant's House"),
    "EXP_SHATTERED_BUILDING": _("Shattered Building"),
    "EXP_CATACOMB_ENTRANCE": _("Entrance to the Catacombs"),
    "EXP_THE_PIT": _("The Pit"),
    "EXP_HIDDEN_TREASURE": _("Hidden Treasure"),
    "EXP_DWARF_SMITHY": _("Dwarf Smithy"),
    "EXP_SLAUGHTERED_WARBAND": _("Slaughtered Warband"),
    "EXP_FIGHTING_ARENA": _("Fighting Arena"),
    "EXP_NOBLES_VILLA": _("Noble's Villa"),
}


def named(data: Mapping[str, Any] | Any) -> str:
    """``{"en", "ru", "cs"}`` in the reader's language; the pack's Russian is in capitals, shown as a name."""
    if not isinstance(data, Mapping):
        return str(data)
    names = {k: data[k] for k in ("en", "ru", "cs") if data.get(k)}
    if isinstance(names.get("ru"), str) and names["ru"].isupper():
        names["ru"] = names["ru"].capitalize()
    return localized(names) if names else ""


def stat_changes(effect: Mapping[str, Any]) -> str:
    """``{"stat_mod": {"T": -1}}`` as "-1 Toughness"."""
    mods = effect.get("stat_mod") or {}
    return ", ".join(f"{v:+d} {STAT_NAMES.get(k, k)}" for k, v in mods.items() if isinstance(v, int))


def injury_entry(tables: Any, result_id: str) -> Any | None:
    for table in (tables.hero_injury, tables.henchman_injury, *tables.injury_sub.values()):
        for entry in table.entries:
            if entry.id == result_id:
                return entry
    return None


def _unknown(result_id: str) -> str:
    """A result the pack does not name (an older pack's id): readable words, never the id itself."""
    words = result_id.split("_", 1)[-1] if result_id.startswith(("INJ_", "HINJ_")) else result_id
    return words.replace("_", " ").capitalize()


def injury_name(tables: Any, result_id: str) -> str:
    """The one name of a serious-injury result ("Chest Wound"), for the API, the pages, the sheet and the
    timeline alike: the table entry's name in the reader's language."""
    entry = injury_entry(tables, result_id)
    return named(entry.data) if entry is not None else _unknown(result_id)


def injury_text(tables: Any, result_id: str) -> str:
    """ "Chest Wound: -1 Toughness": the injury's name and the characteristics it changes."""
    entry = injury_entry(tables, result_id)
    name = injury_name(tables, result_id)
    changes = stat_changes(entry.data.get("effect") or {}) if entry is not None else ""
    return f"{name}: {changes}" if changes else name


def skill_name(tables: Any, skill_id: str) -> str:
    info = tables.skills.get(skill_id)
    return named({"en": info.en, "ru": info.ru}) if info else skill_id.replace("_", " ").capitalize()


def scenario_name(tables: Any, scenario_id: str) -> str:
    for info in tables.scenarios.values():
        if info.id == scenario_id:
            return named({"en": info.en, "ru": info.ru})
    return scenario_id.replace("_", " ").capitalize() if scenario_id else ""


def location_name(location_id: str) -> str:
    """An exploration location ("EXP_WELL") by its name: the Well."""
    name = LOCATION_NAMES.get(location_id)
    return str(name) if name is not None else _unknown(location_id.removeprefix("EXP_"))


def item_name(pack: Any, item_slug: str) -> str:
    item = pack.catalogue.items.get(item_slug)
    return named({"en": item.name.en, "ru": item.name.ru, "cs": getattr(item.name, "cs", "")}) if item else item_slug


def roster_order(warrior: Any) -> tuple[bool, bool, int]:
    """How people list a roster: heroes before henchmen, the leader first, each in the order hired."""
    return (warrior.kind != "hero", not warrior.is_leader, warrior.pk)

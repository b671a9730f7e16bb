"""Serious injuries on the warrior: what the aftermath records on his row, and how the roster shows it.

Each lasting result (its table entry, its sub-roll, the battle) is stored in ``Warrior.injuries`` when
the aftermath is applied, so anyone can see why a characteristic changed; a Multiple Injuries result
records each of its extra results. The effect text and the rule are derived when read, in the
reader's language. The fallen (dead and retired warriors) keep their name, record and injuries.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from referee.engine.systems.mordheim.postbattle.injury_records import InjuryRecord, WarriorInjury
from referee.engine.systems.mordheim.tables.book import MordheimTables
from roster.names import injury_name

#: Results with nothing to keep on the warrior: no lasting effect, or a wrapper of other results.
NOT_LASTING = frozenset({"INJ_FULL_RECOVERY", "INJ_MULTIPLE", "HINJ_OK"})

RULES: Mapping[str, str] = {
    "INJ_DEAD": "MH-INJ-H-02",
    "INJ_LEG_WOUND": "MH-INJ-H-06",
    "INJ_ARM_WOUND": "MH-INJ-H-07",
    "INJ_MADNESS": "MH-INJ-H-08",
    "INJ_SMASHED_LEG": "MH-INJ-H-09",
    "INJ_CHEST_WOUND": "MH-INJ-H-10",
    "INJ_BLINDED_ONE_EYE": "MH-INJ-H-11",
    "INJ_OLD_BATTLE_WOUND": "MH-INJ-H-12",
    "INJ_NERVOUS_CONDITION": "MH-INJ-H-13",
    "INJ_HAND_INJURY": "MH-INJ-H-14",
    "INJ_DEEP_WOUND": "MH-INJ-H-15",
    "INJ_ROBBED": "MH-INJ-H-16",
    "INJ_BITTER_ENMITY": "MH-INJ-H-18",
    "INJ_CAPTURED": "MH-INJ-H-19",
    "INJ_HARDENED": "MH-INJ-H-21",
    "INJ_HORRIBLE_SCARS": "MH-INJ-H-22",
    "INJ_SOLD_TO_PITS": "MH-INJ-H-23",
    "INJ_SURVIVES_ODDS": "MH-INJ-H-26",
    "HINJ_REMOVED": "MH-INJ-K-02",
}

EFFECTS: Mapping[str, Any] = {
    "INJ_DEAD": gettext_lazy("Dead: removed from the roster; his equipment is lost."),
    "INJ_LEG_WOUND": gettext_lazy("Movement −1."),
    "ARM_SEVERE_AMPUTATED": gettext_lazy("Arm amputated: may use only a single one-handed weapon."),
    "ARM_LIGHT": gettext_lazy("Light arm wound: misses the next game."),
    "MAD_STUPIDITY": gettext_lazy("Madness: subject to stupidity."),
    "MAD_FRENZY": gettext_lazy("Madness: subject to frenzy."),
    "LEG_NO_RUN": gettext_lazy("Smashed leg: can never run again, but may still charge."),
    "LEG_MISS_GAME": gettext_lazy("Smashed leg: misses the next game."),
    "INJ_CHEST_WOUND": gettext_lazy("Toughness −1."),
    "INJ_BLINDED_ONE_EYE": gettext_lazy("Ballistic Skill −1; losing the other eye retires him."),
    "INJ_OLD_BATTLE_WOUND": gettext_lazy("Rolls a D6 before every battle: on a 1 he sits it out."),
    "INJ_NERVOUS_CONDITION": gettext_lazy("Initiative −1."),
    "INJ_HAND_INJURY": gettext_lazy("Weapon Skill −1."),
    "INJ_DEEP_WOUND": gettext_lazy("Misses the next D3 games and may do nothing meanwhile."),
    "INJ_ROBBED": gettext_lazy("Robbed: all his weapons, armour and equipment are lost."),
    "INJ_BITTER_ENMITY": gettext_lazy("Bitter enmity: hates his enemy from now on."),
    "INJ_CAPTURED": gettext_lazy("Captured by the enemy warband."),
    "INJ_HARDENED": gettext_lazy("Immune to fear."),
    "INJ_HORRIBLE_SCARS": gettext_lazy("Causes fear."),
    "INJ_SOLD_TO_PITS": gettext_lazy("Sold to the pits: fights a pit fighter."),
    "INJ_SURVIVES_ODDS": gettext_lazy("Survives against the odds: +1 experience."),
    "HINJ_REMOVED": gettext_lazy("Models removed for good (dead, crippled or deserted)."),
}


def _flat(records: Iterable[InjuryRecord], via: str = "") -> list[tuple[InjuryRecord, str]]:
    out: list[tuple[InjuryRecord, str]] = []
    for r in records:
        out.append((r, via))
        out.extend(_flat(r.nested, via=r.result))
    return out


def injury_rows(injury: WarriorInjury, *, battle_id: int, week: int | None) -> list[dict[str, Any]]:
    """What one warrior's serious-injury step leaves on his row: each lasting result, with its battle."""
    rows = []
    for record, via in _flat(injury.records):
        if record.result in NOT_LASTING:
            continue
        row: dict[str, Any] = {"result": record.result, "sub": record.sub, "roll": record.roll}
        if via:
            row["via"] = via
        if record.result == "HINJ_REMOVED":
            row["models"] = injury.models_lost
        rows.append(row | {"battle": battle_id, "week": week})
    return rows


def injury_view(row: Mapping[str, Any], tables: MordheimTables) -> dict[str, Any]:
    """One stored injury as the roster shows it: the table entry's name, its effect, its rule, the battle."""
    result, sub = str(row.get("result", "")), str(row.get("sub", ""))
    effect = EFFECTS.get(sub) or EFFECTS.get(result) or ""
    name = injury_name(tables, result)
    if result == "HINJ_REMOVED" and row.get("models"):  # a group's row: how many of its models, not the group
        n = int(row["models"])
        name = ngettext(
            "%(n)d model removed for good (dead, crippled or deserted)",
            "%(n)d models removed for good (dead, crippled or deserted)",
            n,
        ) % {"n": n}
    return {
        "result": result,
        "name": name,
        "sub": sub,
        "effect": str(effect),
        "rule": RULES.get(result, ""),
        "roll": row.get("roll"),
        "battle": row.get("battle"),
        "week": row.get("week"),
    }


def injuries_text(rows: Iterable[Mapping[str, Any]], tables: MordheimTables) -> list[str]:
    """Each injury as one line for the web page and the printable sheet: name and effect."""
    return injury_lines(injury_view(r, tables) for r in rows)


def injury_lines(views: Iterable[Mapping[str, Any]]) -> list[str]:
    """Injuries as ``injury_view`` shows them (the roster's representation), one line each."""
    return [_("%(name)s (%(effect)s)") % v for v in views]

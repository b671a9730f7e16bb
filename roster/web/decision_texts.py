"""The Mordheim decisions in the reader's language: each question's title and each option's label, from the
decision's kind and the option's value (and the request's context), with names, never ids or slugs.

The engine stays free of Django: its English labels stay in the request (the API sends them); the pages show
these instead. Keyed by the decision kind and the shape of the option's value, never by parsing the English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from roster.bridge.packs import list_of, tables_of
from roster.models import Warband
from roster.names import STAT_NAMES, named, scenario_name, skill_name
from roster.selectors.warbands import names_in

#: Decision kind (the Mordheim engine's) -> the question's title on the page.
DECISION_KINDS: Mapping[str, Any] = {
    "ws_or_bs": gettext_lazy("Weapon Skill or Ballistic Skill"),
    "any_stat": gettext_lazy("Which characteristic goes up"),
    "skill": gettext_lazy("A new skill"),
    "lads_got_talent": gettext_lazy("The lad's got talent"),
    "captor": gettext_lazy("Who holds the captive"),
    "captive_fate": gettext_lazy("The captive's fate"),
    "exploration_keep": gettext_lazy("Exploration: the dice to keep"),
    "exploration_reroll": gettext_lazy("Exploration: a re-roll"),
    "exploration_adjust": gettext_lazy("Exploration: change a die"),
    "pit_fight": gettext_lazy("The pit fight"),
    "well_hero": gettext_lazy("Who drinks from the well"),
    "the_pit": gettext_lazy("Who goes down the pit"),
    "share_xp": gettext_lazy("Who shares the experience"),
    "academic_hero": gettext_lazy("Who learns the Academic skills"),
    "haggle_hero": gettext_lazy("Who learns to Haggle"),
    "fighting_arena": gettext_lazy("The fighting manual"),
    "choose_scenario": gettext_lazy("Choose the scenario"),
    "scenario_role": gettext_lazy("Attacker or defender"),
    "hatred_target": gettext_lazy("Whom they hate"),
    "sell_wyrdstone": gettext_lazy("Sell wyrdstone"),
}

#: The common skill lists (a warband list's own lists are named by the list; else their id in words).
SKILL_LISTS: Mapping[str, Any] = {
    "combat": gettext_lazy("Combat skills"),
    "shooting": gettext_lazy("Shooting skills"),
    "academic": gettext_lazy("Academic skills"),
    "strength": gettext_lazy("Strength skills"),
    "speed": gettext_lazy("Speed skills"),
}

CAPTIVE_FATES: Mapping[str, Any] = {
    "CAP_RANSOM": gettext_lazy("Ransom him back at the captor's price"),
    "CAP_SOLD_SLAVERS": gettext_lazy("Sell him to the slavers (D6×5 gc)"),
    "CAP_UNDEAD_ZOMBIE": gettext_lazy("Kill him and raise a Zombie"),
    "CAP_POSSESSED_SACRIFICE": gettext_lazy("Sacrifice him (the leader gains experience)"),
}

#: Options that are the same words whatever the decision.
FIXED: Mapping[tuple[str, str], Any] = {
    ("exploration_reroll", "none"): gettext_lazy("Keep the dice"),
    ("exploration_adjust", "none"): gettext_lazy("No change"),
    ("pit_fight", "won"): gettext_lazy("Won the fight"),
    ("pit_fight", "lost"): gettext_lazy("Lost the fight"),
    ("the_pit", "none"): gettext_lazy("Send nobody"),
    ("fighting_arena", "sell"): gettext_lazy("Sell the manual for 100 gc"),
    ("skill", "spell"): gettext_lazy("A random new spell"),
    ("sell_wyrdstone", "0"): gettext_lazy("Keep every shard"),
    ("scenario_role", "attacker"): gettext_lazy("Attack"),
    ("scenario_role", "defender"): gettext_lazy("Defend"),
}


@dataclass(frozen=True)
class DecisionNames:
    """What an option may name: the pack's tables, and warriors and warbands by their (engine) ids."""

    tables: Any
    warriors: Mapping[str, str] = field(default_factory=dict)
    warbands: Mapping[str, str] = field(default_factory=dict)
    lists: Mapping[str, str] = field(default_factory=dict)  # a warband list's own skill lists, by id
    skills: Mapping[str, str] = field(default_factory=dict)  # and their skills

    def who(self, ident: Any) -> str:
        """A warrior by name (ids of warriors and warbands overlap: a warband is asked for by :meth:`band`)."""
        return self.warriors.get(str(ident)) or _("a warrior no longer on a roster")

    def band(self, ident: Any) -> str:
        return self.warbands.get(str(ident)) or _("a warband no longer in the campaign")


def decision_names(campaign: Any, id_map: Mapping[str, int] | None = None) -> DecisionNames:
    """The names a campaign's decisions may need; ``id_map`` (an aftermath's) adds engine-made warriors."""
    warband_names, warrior_names = names_in(campaign)
    warriors = {str(pk): name for pk, name in warrior_names.items()}
    for engine_id, pk in (id_map or {}).items():
        if str(pk) in warriors:
            warriors[str(engine_id)] = warriors[str(pk)]
    warbands = {str(pk): name for pk, name in warband_names.items()}
    return DecisionNames(tables_of(campaign), warriors, warbands)


def with_list_of(names: DecisionNames, warband: Warband) -> DecisionNames:
    """``names`` with the warband's own skill lists and their skills (a Sister's, a Skaven's...)."""
    own = list_of(warband).skill_lists
    lists = {sl.id: named({"en": sl.name.en, "ru": sl.name.ru}) for sl in own}
    skills = {s.id: named({"en": s.name.en, "ru": s.name.ru}) for sl in own for s in sl.skills}
    return replace(names, lists=lists, skills=skills)


def kind_title(kind: str) -> str:
    return str(DECISION_KINDS.get(kind, kind.replace("_", " ").capitalize()))


def skill_list_name(list_id: str, names: DecisionNames | None = None) -> str:
    if list_id in SKILL_LISTS:
        return str(SKILL_LISTS[list_id])
    own = names.lists.get(list_id) if names is not None else None
    return own or list_id.replace("_", " ").capitalize()


def _die(value: str, context: Mapping[str, Any]) -> tuple[int, Any]:
    """``"2"`` (a die's index) as (its number from 1, its face in the request's dice)."""
    index = int(value)
    dice = list(context.get("dice") or [])
    return index + 1, dice[index] if 0 <= index < len(dice) else "?"


def _keep(value: str, _option: Mapping[str, Any], context: Mapping[str, Any], _names: DecisionNames) -> str:
    n, face = _die(value, context)
    return _("Die %(n)s: %(face)s") % {"n": n, "face": face}


def _reroll(value: str, _option: Mapping[str, Any], context: Mapping[str, Any], _names: DecisionNames) -> str:
    n, face = _die(value, context)
    return _("Re-roll die %(n)s (a %(face)s)") % {"n": n, "face": face}


def _adjust(value: str, _option: Mapping[str, Any], context: Mapping[str, Any], _names: DecisionNames) -> str:
    index, _sep, delta = value.partition(":")
    n, face = _die(index, context)
    new = face + int(delta) if isinstance(face, int) else "?"
    return _("Die %(n)s: %(face)s becomes %(new)s") % {"n": n, "face": face, "new": new}


def _stat(value: str, _option: Mapping[str, Any], _context: Mapping[str, Any], _names: DecisionNames) -> str:
    return _("+1 %(stat)s") % {"stat": STAT_NAMES.get(value, value)}


#: The engine's note on a skill that clashes with one the Hero owns (``postbattle/skills.py``), naming skill ids.
_CLASH = re.compile(r"\(cannot be used together with ([a-z0-9_, ]+)\)$")


def _skill(value: str, option: Mapping[str, Any], _context: Mapping[str, Any], names: DecisionNames) -> str:
    info = names.tables.skills.get(value)
    if info is None:
        return names.skills.get(value) or skill_name(names.tables, value)
    text = _("%(skill)s (%(list)s)") % {
        "skill": skill_name(names.tables, value),
        "list": skill_list_name(info.list, names),
    }
    clash = _CLASH.search(str(option.get("label", "")))
    if clash is not None:
        owned = ", ".join(skill_name(names.tables, s.strip()) for s in clash.group(1).split(","))
        text += " · " + _("cannot be used together with %(skills)s") % {"skills": owned}
    return text


def _fate(value: str, _option: Mapping[str, Any], _context: Mapping[str, Any], names: DecisionNames) -> str:
    fate, _sep, other = value.partition(":")
    if fate == "CAP_EXCHANGE":
        return _("Exchange him for %(name)s") % {"name": names.who(other)}
    return str(CAPTIVE_FATES.get(fate, fate.replace("_", " ").capitalize()))


def _sale(value: str, option: Mapping[str, Any], _context: Mapping[str, Any], names: DecisionNames) -> str:
    gold = next((e.get("gold") for e in option.get("effects") or () if e.get("kind") == "sell_shards"), None)
    text = _("Sell %(n)s for %(gold)s gc") % {"n": value, "gold": gold if gold is not None else "?"}
    cap = max(names.tables.sale_rows) if getattr(names.tables, "sale_rows", None) else None
    if cap is not None and int(value) > cap:
        text += " (" + _("pays the same as %(cap)s shards") % {"cap": cap} + ")"
    return text


def _send(value: str, _option: Mapping[str, Any], _context: Mapping[str, Any], names: DecisionNames) -> str:
    return _("Send %(name)s") % {"name": names.who(value)}


def _reads(value: str, _option: Mapping[str, Any], _context: Mapping[str, Any], names: DecisionNames) -> str:
    return _("%(name)s reads it (Combat skills, +1 to his Weapon Skill maximum)") % {"name": names.who(value)}


def _who(value: str, _option: Mapping[str, Any], _context: Mapping[str, Any], names: DecisionNames) -> str:
    return names.who(value)


def _band(value: str, _option: Mapping[str, Any], _context: Mapping[str, Any], names: DecisionNames) -> str:
    return names.band(value)


def _hated(value: str, _option: Mapping[str, Any], context: Mapping[str, Any], names: DecisionNames) -> str:
    """MH-INJ-H-18: one enemy warrior (hatred of an individual), else a warband."""
    return names.who(value) if context.get("result") == "HATE_INDIVIDUAL" else names.band(value)


def _scenario(value: str, _option: Mapping[str, Any], _context: Mapping[str, Any], names: DecisionNames) -> str:
    return scenario_name(names.tables, value)


Label = Callable[[str, Mapping[str, Any], Mapping[str, Any], DecisionNames], str]

#: Decision kind -> how an option's value becomes its label (a fixed option is looked up first).
BY_KIND: Mapping[str, Label] = {
    "exploration_keep": _keep,
    "exploration_reroll": _reroll,
    "exploration_adjust": _adjust,
    "ws_or_bs": _stat,
    "any_stat": _stat,
    "skill": _skill,
    "captive_fate": _fate,
    "sell_wyrdstone": _sale,
    "the_pit": _send,
    "fighting_arena": _reads,
    "captor": _band,
    "hatred_target": _hated,
    "well_hero": _who,
    "share_xp": _who,
    "academic_hero": _who,
    "haggle_hero": _who,
    "choose_scenario": _scenario,
}


def option_text(
    kind: str,
    option: Mapping[str, Any],
    names: DecisionNames,
    *,
    question: str = "choice",
    context: Mapping[str, Any] | None = None,
) -> str:
    """One option's label in the reader's language, from its decision's kind and its value."""
    value = str(option.get("value", ""))
    if (kind, value) in FIXED:
        return str(FIXED[kind, value])
    if kind == "lads_got_talent":
        return names.who(value) if question == "model" else skill_list_name(value, names)
    label = BY_KIND.get(kind)
    if label is not None:
        try:
            return label(value, option, context or {}, names)
        except (ValueError, TypeError):
            pass  # an option of an unexpected shape: the fallback below, never a crash
    if value in names.warriors:
        return names.who(value)
    return named(option.get("label") or value.replace("_", " ").capitalize())


def question_options(kind: str, request: Mapping[str, Any], names: DecisionNames) -> list[dict[str, Any]]:
    """Each question of a stored request with its options' values and labels, as the pages show them."""
    context = request.get("context") or {}
    return [
        {
            "name": q["name"],
            "pick": q.get("pick", 1),
            "options": [
                {"value": o["value"], "label": option_text(kind, o, names, question=q["name"], context=context)}
                for o in q["options"]
            ],
        }
        for q in request.get("questions", [])
    ]

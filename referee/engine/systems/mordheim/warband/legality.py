"""Is a roster legal by its warband list? Every problem at once, so an organiser sees exactly what is wrong.

Hiring (``hiring.check_hire``) refuses one illegal step at a time; a roster can still be incomplete (no
leader, too few warriors) or end up over a limit after corrections. This checks the roster as it stands:
a leader, the warband's size, the Hero limit, each type's minimum and maximum, each group's size, and the
gold (a treasury never below nothing: the warband spent no more than it had).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.engine.systems.mordheim.lists.types import WarbandList
from referee.engine.systems.mordheim.warband.hiring import RosterSummary

PROBLEMS = {
    "no_leader": "The warband has no leader: hire its {leader} first.",
    "too_few_warriors": "A {list} warband needs at least {min} warriors; it has {current}.",
    "too_many_warriors": "A {list} warband may have at most {max} warriors; it has {current}.",
    "too_many_heroes": "A warband may have at most {max} Heroes; it has {current}.",
    "type_below_minimum": "The list needs at least {min} {type}; the warband has {current}.",
    "type_over_maximum": "The list allows at most {max} {type}; the warband has {current}.",
    "group_too_large": "A group of {type} may have at most {max} models; one has {size}.",
    "unknown_type": "{type} is not a warrior type of the {list} list.",
    "overspent": "The treasury is {treasury} gc: the warband spent more than it had.",
}


@dataclass(frozen=True, slots=True)
class Problem:
    code: str
    message: str
    context: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "context": dict(self.context)}


def _problem(code: str, **context: Any) -> Problem:
    return Problem(code, PROBLEMS[code].format(**context), context)


def roster_problems(warband_list: WarbandList, roster: RosterSummary) -> list[Problem]:
    """Every way ``roster`` breaks ``warband_list``'s rules, in a stable order; empty when it is legal."""
    out: list[Problem] = []
    name = warband_list.name.en
    leader = warband_list.leader_type
    if leader is not None and not roster.leads(warband_list):
        out.append(_problem("no_leader", leader=leader.name.en))
    count = roster.hero_count + roster.henchman_count + roster.hired_swords
    if count < warband_list.min_warriors:
        out.append(_problem("too_few_warriors", list=name, min=warband_list.min_warriors, current=count))
    if count > warband_list.max_warriors:
        out.append(_problem("too_many_warriors", list=name, max=warband_list.max_warriors, current=count))
    if roster.hero_count > warband_list.max_heroes:
        out.append(_problem("too_many_heroes", max=warband_list.max_heroes, current=roster.hero_count))
    types = {*roster.heroes, *(g.type for g in roster.groups)}
    for unknown in sorted(t for t in types if not warband_list.has_type(t)):
        out.append(_problem("unknown_type", type=unknown, list=name))
    for t in warband_list.warrior_types:
        have = roster.models_of(t.type)
        if have < t.min and not (t.leader and out and out[0].code == "no_leader"):
            out.append(_problem("type_below_minimum", min=t.min, type=t.name.en, current=have))
        if t.max is not None and have > t.max:
            out.append(_problem("type_over_maximum", max=t.max, type=t.name.en, current=have))
        for g in roster.groups:
            if g.type == t.type and t.group_size_max is not None and g.size > t.group_size_max:
                out.append(_problem("group_too_large", type=t.name.en, max=t.group_size_max, size=g.size))
    if roster.treasury < 0:
        out.append(_problem("overspent", treasury=roster.treasury))
    return out

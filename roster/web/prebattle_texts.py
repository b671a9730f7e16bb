"""The pre-battle sequence in words for the battle page: the scenario and who rolled it, who sits out and why,
the scenario's setup, and the choices still waiting (names, never ids)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from roster.bridge.packs import tables_of
from roster.models import Battle
from roster.names import scenario_name
from roster.selectors import prebattle_view
from roster.web.decision_texts import DecisionNames, option_text

SIT_OUT: Mapping[str, Any] = {
    "captive": gettext_lazy("held captive by the enemy"),
    "missing_games": gettext_lazy("misses this game for an old injury"),
    "old_battle_wound": gettext_lazy("an old battle wound flared up (a 1 on the D6)"),
}

FACTS: Mapping[str, Any] = {
    "attacker": gettext_lazy("Attacker"),
    "defender": gettext_lazy("Defender"),
    "first_turn": gettext_lazy("Takes the first turn"),
    "counters": gettext_lazy("Wyrdstone counters"),
    "places_first_counter": gettext_lazy("Places the first counter"),
    "deploys_first": gettext_lazy("Deploys first"),
    "picks_attacker_edge": gettext_lazy("Picks the attacker's table edge"),
    "chooses_deployment": gettext_lazy("Chooses where to deploy"),
    "carried_shards": gettext_lazy("Wyrdstone shards carried by %(warband)s"),
    "objectives": gettext_lazy("Buildings to occupy"),
    "max_turns_each": gettext_lazy("Turns each, at most"),
    "present": gettext_lazy("On the table at the start"),
    "reserves": gettext_lazy("Arriving later"),
    "attacker_edge": gettext_lazy("The attacker's edge"),
}

EDGES: Mapping[str, Any] = {
    "nominated_edge": gettext_lazy("the edge the defender nominated"),
    "side_edge_a": gettext_lazy("a side edge (left)"),
    "side_edge_b": gettext_lazy("a side edge (right)"),
    "opposite_edge": gettext_lazy("the edge opposite the defender"),
}


def _value(value: Any, names: Mapping[str, Mapping[str, str]]) -> str:
    """A fact's value: a warband or warrior id as its name, an edge in words, a number as it is."""
    if isinstance(value, list | tuple):
        return ", ".join(_value(v, names) for v in value) or "—"
    text = str(value)
    return names["warbands"].get(text) or names["warriors"].get(text) or str(EDGES.get(text, text))


def _fact_line(fact: Mapping[str, Any], names: Mapping[str, Mapping[str, str]]) -> str | None:
    key, _sep, about = str(fact["fact"]).partition(":")
    if key == "scenario" or key not in FACTS:
        return None
    label = FACTS[key] % {"warband": names["warbands"].get(about, "")} if about else str(FACTS[key])
    return f"{label}: {_value(fact['value'], names)}"


def prebattle_lines(battle: Battle, viewer: Any) -> dict[str, Any] | None:
    """What the page shows of a run sequence to ``viewer``; None before it is run."""
    view = prebattle_view(battle, viewer=viewer)
    viewer_id = viewer.pk
    if view is None:
        return None
    tables, names = tables_of(battle.campaign), view["names"]
    labels = DecisionNames(tables, names["warriors"], names["warbands"])
    rolled_by = names["warbands"].get(str(view["rolled_by"]), "") if view["rolled_by"] else ""
    if view["agreed"]:
        how = _("agreed by the players, recorded by the organiser")
    elif view["table_roll"] is not None:
        roll = view["table_roll"]
        how = _("%(warband)s rolled %(roll)s on the scenario table") % {"warband": rolled_by, "roll": roll}
    else:
        how = ""
    owners = {w.pk: w.owner_id for w in (battle.warband_a, battle.warband_b) if w is not None}
    pending = [
        {
            "id": d["id"],
            "warband": names["warbands"].get(str(d["warband"]), ""),
            "mine": owners.get(d["warband"]) == viewer_id,
            "kind": d["kind"],
            "questions": [
                {
                    "name": q["name"],
                    "options": [
                        {"value": o["value"], "label": option_text(d["kind"], o, labels, question=q["name"])}
                        for o in q["options"]
                    ],
                }
                for q in d["questions"]
            ],
        }
        for d in view["pending"]
    ]
    return {
        "scenario": scenario_name(tables, view["scenario"]) if view["scenario"] else "",
        "how": how,
        "sit_out": [
            _("%(name)s sits this battle out: %(why)s.") % {"name": s["name"], "why": SIT_OUT.get(s["reason"], "")}
            for s in view["sit_out"]
        ],
        "facts": [line for f in view["facts"] if (line := _fact_line(f, names)) is not None],
        "pending": pending,
        "withheld": view["withheld"],
    }

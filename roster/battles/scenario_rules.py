"""The scenario rules of a battle the product cannot see happen on the table, shown to the players as
reminders; and the ones a reported result can be checked against, checked.

Checked against the pre-battle sequence the server rolled: Chance Encounter's carried shards (MH-SCN6-03,
which MH-SCN6-04's wyrdstone counts on), Wyrdstone Hunt's counters (MH-SCN3-01: no more carried home
than were placed), Occupy's objectives (MH-SCN8-02), and Breakthrough's win (MH-SCN4-02: two attackers
through wins it, and only attackers break through). What happens during the game (who stood where, who
searched which building) is for the players; the sheet reminds them of the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.lib.errors import RuleViolation
from referee.engine.systems.mordheim.battle.scenarios import breakthrough_achieved

REMINDERS: Mapping[str, tuple[tuple[str, Any], ...]] = {
    "defend_the_find": (
        (
            "MH-SCN1-03",
            gettext_lazy(
                'At the end of any defender turn, the attacker wins if he has more standing models within 6" '
                "of the objective building than the defender; otherwise the game ends on a rout."
            ),
        ),
        (
            "MH-SCN1-04",
            gettext_lazy(
                "Report each Hero inside the building at the end: each brings his warband 1 shard, at most 3."
            ),
        ),
    ),
    "wyrdstone_hunt": (
        (
            "MH-SCN3-02",
            gettext_lazy(
                "A model picks up a counter by moving into contact; he cannot hand it on, and drops his "
                "counters where he falls if taken out of action."
            ),
        ),
    ),
    "breakthrough": (
        (
            "MH-SCN4-02",
            gettext_lazy(
                'The attacker wins as soon as 2 or more of his standing models are within 2" of the '
                "defender's table edge; the game also ends on a rout."
            ),
        ),
    ),
    "street_fight": (
        ("MH-SCN5-03", gettext_lazy("Neither warband may leave through its own end of the street.")),
        (
            "MH-SCN5-04",
            gettext_lazy("A warband that moves every warrior not out of action off through the far end wins."),
        ),
    ),
    "chance_encounter": (
        (
            "MH-SCN6-04",
            gettext_lazy(
                "Each warband keeps the shards it carried less one per own Hero taken out of action, and gains "
                "one per enemy Hero it took out of action, up to what the enemy carried."
            ),
        ),
    ),
    "hidden_treasure": (
        (
            "MH-SCN7-02",
            gettext_lazy(
                "A warrior entering an unsearched building outside the deployment zones rolls 2D6: on a 12 he "
                "finds the chest; the last unsearched building holds it."
            ),
        ),
        (
            "MH-SCN7-03",
            gettext_lazy(
                "One carrier moves at half speed, two or more at full speed; a carrier taken out of action "
                "drops the chest."
            ),
        ),
        (
            "MH-SCN7-04",
            gettext_lazy(
                "The game ends when a warband carries the chest off through its own edge, or on a rout (the "
                "winner takes the chest)."
            ),
        ),
    ),
    "occupy": (
        (
            "MH-SCN8-03",
            gettext_lazy(
                "A building is occupied by a warband with at least one standing model inside and no enemy model."
            ),
        ),
        (
            "MH-SCN8-04",
            gettext_lazy(
                "No rout tests; a warband that routs voluntarily ends the game and its opponent holds every objective."
            ),
        ),
    ),
    "surprise_attack": (
        ("MH-SCN9-03", gettext_lazy('Present defenders deploy at least 8" from each other and from every table edge.')),
        (
            "MH-SCN9-06",
            gettext_lazy(
                "From his 2nd turn the defender rolls a D6 for each absent Hero or group: on 4+ it arrives, "
                "all from one edge rolled on the attacker's diagram, and may charge that turn."
            ),
        ),
    ),
}


def reminders(scenario: str) -> list[dict[str, str]]:
    """The in-game rules of ``scenario`` to keep in mind at the table, each with its rule, in the reader's
    language."""
    return [{"rule": rule, "text": str(text)} for rule, text in REMINDERS.get(scenario, ())]


def _facts(prebattle: Mapping[str, Any]) -> dict[str, Any]:
    return {str(f["fact"]): f["value"] for f in prebattle.get("facts", [])}


def _refuse(message: str, field: str) -> RuleViolation:
    return RuleViolation(message, code="invalid_report", fields={field: [message]})


def check_against_prebattle(
    report: dict[str, Any], prebattle: Mapping[str, Any], owner_of: Mapping[str, str]
) -> dict[str, Any]:
    """The report with what the pre-battle sequence rolled filled in, or a 400 where it contradicts it.

    ``owner_of`` maps each warrior id of the battle to his warband id.
    """
    facts, scenario = _facts(prebattle), report["scenario"]
    objectives = dict(report.get("objectives") or {})
    if scenario == "chance_encounter":  # MH-SCN6-03: the D3 each warband carried was rolled before the game
        rolled = {k.split(":", 1)[1]: int(v) for k, v in facts.items() if k.startswith("carried_shards:")}
        given = {str(k): int(v) for k, v in (objectives.get("carried_shards") or {}).items()}
        if rolled and given and given != rolled:
            raise _refuse(
                _("The pre-battle sequence rolled the shards each warband carried: %(rolled)s.") % {"rolled": rolled},
                "objectives.carried_shards",
            )
        if rolled:
            objectives["carried_shards"] = rolled
    if scenario == "wyrdstone_hunt" and "counters" in facts:  # MH-SCN3-01
        carried = sum(int(n) for n in (objectives.get("wyrdstone_counters") or {}).values())
        if carried > int(facts["counters"]):
            raise _refuse(
                _("Only %(n)s wyrdstone counters were placed; the report has %(c)s carried home.")
                % {"n": facts["counters"], "c": carried},
                "objectives.wyrdstone_counters",
            )
    if scenario == "occupy" and "objectives" in facts:  # MH-SCN8-02
        held = sum(int(n) for n in (objectives.get("buildings_held") or {}).values())
        if held > int(facts["objectives"]):
            raise _refuse(
                _("There were %(n)s objective buildings; the report has %(h)s held.")
                % {"n": facts["objectives"], "h": held},
                "objectives.buildings_held",
            )
    if scenario == "breakthrough" and "attacker" in facts:  # MH-SCN4-02
        attacker = str(facts["attacker"])
        through = [str(w) for w in objectives.get("broke_through") or []]
        if any(owner_of.get(w) != attacker for w in through):
            raise _refuse(_("Only the attacker's warriors break through."), "objectives.broke_through")
        if breakthrough_achieved(len(through)) and report.get("winner") != attacker:
            raise _refuse(_("Two or more attackers broke through, so the attacker won (MH-SCN4-02)."), "winner")
    report["objectives"] = objectives
    return report

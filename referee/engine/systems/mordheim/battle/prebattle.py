"""The pre-battle sequence (spec 8) and each scenario's setup rolls (spec 9.3).

1. the lower-rated warband rolls on the scenario table (2 or 12: it chooses),
2. roles where the scenario has an attacker and a defender, 3. who sits out
(Old Battle Wounds, missed games, captives), 4. the scenario's own setup rolls.
Results for the coming game are ``ScenarioFact`` effects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.engine.rolls import Roll, Roller, roll_from_dict, roll_to_dict
from referee.engine.systems.mordheim.battle.scenarios import SETUP
from referee.engine.systems.mordheim.decisions import Answer, Context, DecisionRequest, Handled, Option
from referee.engine.systems.mordheim.decisions import single as decision
from referee.engine.systems.mordheim.dice import roll_off, roll_quantity
from referee.engine.systems.mordheim.effects import (
    Effect,
    ScenarioFact,
    ServeMissedGame,
    effects_from_list,
    effects_to_list,
)
from referee.engine.systems.mordheim.state import MordheimSettings, WarbandSnapshot
from referee.engine.systems.mordheim.tables.book import MordheimTables

CHOOSE = "LOWER_RATING_CHOOSES"
EDGES = {
    1: "nominated_edge",
    2: "side_edge_a",
    3: "side_edge_a",
    4: "side_edge_b",
    5: "side_edge_b",
    6: "opposite_edge",
}


@dataclass(frozen=True, slots=True)
class SitOut:
    """A Hero who misses this battle, and why (old_battle_wound, missing_games, captive)."""

    warband: str
    warrior: str
    reason: str
    rolls: tuple[int, ...] = ()


@dataclass(frozen=True)
class PreBattleOutcome:
    scenario: str | None
    table_roll: int | None
    rolled_by: str | None
    sit_out: tuple[SitOut, ...]
    effects: tuple[Effect, ...]
    decisions: tuple[DecisionRequest, ...]
    rolls: tuple[Roll, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "table_roll": self.table_roll,
            "rolled_by": self.rolled_by,
            "sit_out": [
                {"warband": s.warband, "warrior": s.warrior, "reason": s.reason, "rolls": list(s.rolls)}
                for s in self.sit_out
            ],
            "effects": effects_to_list(self.effects),
            "decisions": [d.to_dict() for d in self.decisions],
            "rolls": [roll_to_dict(r) for r in self.rolls],
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> PreBattleOutcome:
        return cls(
            raw["scenario"],
            raw["table_roll"],
            raw["rolled_by"],
            tuple(SitOut(s["warband"], s["warrior"], s["reason"], tuple(s["rolls"])) for s in raw["sit_out"]),
            effects_from_list(raw["effects"]),
            tuple(DecisionRequest.from_dict(d) for d in raw["decisions"]),
            tuple(roll_from_dict(r) for r in raw["rolls"]),
        )


def who_rolls(warbands: Sequence[WarbandSnapshot], settings: MordheimSettings, roller: Roller) -> str:
    """MH-PRE-01: the lowest-rated warband; equal ratings decided by a D6 roll-off."""
    low = min(wb.rating for wb in warbands)
    tied = [wb.id for wb in warbands if wb.rating == low]
    return roll_off(roller, tied, rule="MH-PRE-01", guard=settings.reroll_guard).winner


def sit_outs(
    warbands: Sequence[WarbandSnapshot], settings: MordheimSettings, roller: Roller
) -> tuple[list[SitOut], list[Effect]]:
    """MH-PRE-03 / MH-INJ-H-12: who cannot take part; a missed game is served by sitting out."""
    out: list[SitOut] = []
    effects: list[Effect] = []
    for wb in warbands:
        for w in wb.warriors:
            if not w.is_hero:
                continue
            if w.flags.captive_of is not None:
                out.append(SitOut(wb.id, w.id, "captive"))
            elif w.flags.missed_games > 0:
                out.append(SitOut(wb.id, w.id, "missing_games"))
                effects.append(ServeMissedGame(w.id, "MH-INJ-H-28"))
            elif w.flags.old_battle_wounds:
                n = w.flags.old_battle_wounds if settings.old_battle_wound_roll_each else 1
                faces = tuple(
                    roller.roll("D6", rule="MH-INJ-H-12", label=f"{w.id} old battle wound {i + 1}").total
                    for i in range(n)
                )
                if 1 in faces:
                    out.append(SitOut(wb.id, w.id, "old_battle_wound", faces))
    return out, effects


def run_pre_battle(
    *,
    warbands: tuple[WarbandSnapshot, ...],
    tables: MordheimTables,
    settings: MordheimSettings,
    roller: Roller,
    agreed_scenario: str | None = None,
    attacker: str | None = None,
    prefix: str = "pre",
) -> PreBattleOutcome:
    """The pre-battle sequence. ``agreed_scenario`` skips the table (MH-PRE-05)."""
    start = len(roller.made)
    if agreed_scenario is not None and agreed_scenario not in tables.scenarios:
        raise ValueError(f"unknown scenario {agreed_scenario!r}")
    table_roll = None
    scenario = agreed_scenario
    # Only the table roll and a role choice need to know who rolls (MH-PRE-01/02).
    needs_chooser = scenario is None or (attacker is None and SETUP[scenario].roles)
    rolled_by = who_rolls(warbands, settings, roller) if needs_chooser else None
    if scenario is None:  # MH-SCN-01
        table_roll = roller.roll("2D6", rule="MH-SCN-01", label=f"{rolled_by} scenario table").total
        entry = tables.scenario_table.lookup(table_roll)
        scenario = None if entry.id == CHOOSE else entry.id
    sitting, effects = sit_outs(warbands, settings, roller)
    absent = [s.warrior for s in sitting]
    ctx = {"rolled_by": rolled_by, "absent": absent, "attacker": attacker, "prefix": prefix}
    decisions: list[DecisionRequest] = []
    if scenario is None:
        options = [Option(s.id, s.en) for s in sorted(tables.scenarios.values(), key=lambda s: s.number)]
        decisions.append(
            decision(
                id=f"{prefix}:scenario",
                kind="choose_scenario",
                warband=str(rolled_by),
                warrior=None,
                rule="MH-SCN-01",
                options=options,
                context=ctx,
            )
        )
    else:
        more, asks = _roles_then_setup(scenario, warbands, ctx, settings, roller)
        effects += more
        decisions += asks
    return PreBattleOutcome(
        scenario,
        table_roll,
        rolled_by,
        tuple(sitting),
        tuple(effects),
        tuple(decisions),
        tuple(roller.made[start:]),
    )


def _models(wb: WarbandSnapshot) -> int:
    return sum(w.count for w in wb.warriors if not w.hired_sword)


def _roles_then_setup(
    scenario: str,
    warbands: Sequence[WarbandSnapshot],
    ctx: Mapping[str, Any],
    settings: MordheimSettings,
    roller: Roller,
) -> tuple[list[Effect], list[DecisionRequest]]:
    """MH-PRE-02: the player who rolled picks his role unless the scenario assigns it."""
    setup = SETUP[scenario]
    effects: list[Effect] = [ScenarioFact("scenario", scenario, "MH-PRE-04")]
    attacker = ctx.get("attacker")
    if setup.roles and attacker is None:
        chooser = str(ctx["rolled_by"])
        rule = "MH-PRE-02"
        if setup.roles_by_size:  # MH-SCN1-01: fewer warriors defend; equal, roll to decide
            sizes = sorted((_models(wb), wb.id) for wb in warbands)
            if len(warbands) == 2 and sizes[0][0] != sizes[1][0]:
                attacker = sizes[1][1]
            else:
                chooser = roll_off(
                    roller, [wb.id for wb in warbands], rule="MH-SCN1-01", guard=settings.reroll_guard
                ).winner
                rule = "MH-SCN1-01"
        if attacker is None:
            opts = [Option("attacker", "attack"), Option("defender", "defend")]
            ask = decision(
                id=f"{ctx['prefix']}:role",
                kind="scenario_role",
                warband=chooser,
                warrior=None,
                rule=rule,
                options=opts,
                context={**ctx, "scenario": scenario},
            )
            return effects, [ask]
    return effects + scenario_setup(scenario, warbands, attacker, list(ctx["absent"]), settings, roller), []


def scenario_setup(
    scenario: str,
    warbands: Sequence[WarbandSnapshot],
    attacker: str | None,
    absent: Sequence[str],
    settings: MordheimSettings,
    roller: Roller,
) -> list[Effect]:
    """Each scenario's own rolls before the first turn, as facts."""
    ids = [wb.id for wb in warbands]
    guard = settings.reroll_guard
    facts: list[Effect] = []

    def fact(name: str, value: str | int | tuple[str, ...], rule: str) -> None:
        facts.append(ScenarioFact(name, value, rule))

    def off(rule: str, label: str, bonus: Mapping[str, int] | None = None) -> str:
        return roll_off(roller, ids, rule=rule, guard=guard, label=label, bonus=bonus).winner

    setup = SETUP[scenario]
    if setup.roles and attacker is not None:
        fact("attacker", attacker, "MH-PRE-02")
        fact("defender", next(i for i in ids if i != attacker), "MH-PRE-02")
    if scenario == "defend_the_find":
        fact("first_turn", str(attacker), "MH-SCN1-02")
    elif scenario == "wyrdstone_hunt":
        fact("counters", roll_quantity(roller, "D3", rule="MH-SCN3-01", label="counters") + 1, "MH-SCN3-01")
        fact("places_first_counter", off("MH-SCN3-01", "counter placement"), "MH-SCN3-01")
        fact("deploys_first", off("MH-SCN3-03", "deployment"), "MH-SCN3-03")
        fact("first_turn", off("MH-SCN3-04", "first turn"), "MH-SCN3-04")
    elif scenario == "breakthrough":
        fact("picks_attacker_edge", off("MH-SCN4-01", "attacker's edge"), "MH-SCN4-01")
        fact("first_turn", str(attacker), "MH-SCN4-01")
    elif scenario == "chance_encounter":
        fact("chooses_deployment", off("MH-SCN6-01", "deployment"), "MH-SCN6-01")
        for wb in warbands:
            fact(
                f"carried_shards:{wb.id}",
                roll_quantity(roller, "D3", rule="MH-SCN6-03", label=wb.id),
                "MH-SCN6-03",
            )
        initiative = {wb.id: wb.leader.profile["I"] if wb.leader else 0 for wb in warbands}
        fact("first_turn", off("MH-SCN6-02", "D6 + leader's Initiative", initiative), "MH-SCN6-02")
    elif scenario == "occupy":
        fact("chooses_deployment", off("MH-SCN8-01", "deployment"), "MH-SCN8-01")
        fact(
            "objectives", roll_quantity(roller, "D3", rule="MH-SCN8-02", label="objectives") + 2, "MH-SCN8-02"
        )
        fact("max_turns_each", settings.occupy_max_turns, "MH-SCN8-04")
        fact("first_turn", off("MH-SCN8-01", "first turn"), "MH-SCN8-01")
    elif scenario == "surprise_attack":
        defender = next(wb for wb in warbands if wb.id != attacker)
        present, reserves = surprise_arrivals(defender, absent, roller)
        fact("present", present, "MH-SCN9-02")
        fact("reserves", reserves, "MH-SCN9-02")
        edge = roller.roll("D6", rule="MH-SCN9-04", label="attacker's edge").total
        fact("attacker_edge", EDGES[edge], "MH-SCN9-04")
        fact("first_turn", str(attacker), "MH-SCN9-05")
    else:  # skirmish, street fight, hidden treasure
        rule = {"skirmish": "MH-SCN2-01", "street_fight": "MH-SCN5-02", "hidden_treasure": "MH-SCN7-01"}[
            scenario
        ]
        turn_rule = {"skirmish": "MH-SCN2-02"}.get(scenario, rule)
        fact("chooses_deployment", off(rule, "deployment"), rule)
        fact("first_turn", off(turn_rule, "first turn"), turn_rule)
    return facts


def surprise_arrivals(
    defender: WarbandSnapshot, absent: Sequence[str], roller: Roller
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """MH-SCN9-02: a D6 per Hero and group: 4-6 deploys now; if none does, the last rolled does."""
    units = [w.id for w in defender.warriors if w.id not in absent and not w.hired_sword]
    present: list[str] = []
    reserves: list[str] = []
    for unit in units:
        face = roller.roll("D6", rule="MH-SCN9-02", label=f"{unit} arrives").total
        (present if face >= 4 else reserves).append(unit)
    if units and not present:
        present.append(reserves.pop())
    return tuple(present), tuple(reserves)


def resolve_scenario(request: DecisionRequest, answer: Answer, ctx: Context) -> Handled:
    """MH-SCN-01 (2 or 12): the lower-rated player picks; then roles and setup as usual."""
    effects, decisions = _roles_then_setup(
        answer["choice"][0], ctx.warbands, request.context, ctx.settings, ctx.roller
    )
    return effects, decisions


def resolve_role(request: DecisionRequest, answer: Answer, ctx: Context) -> Handled:
    ids = [wb.id for wb in ctx.warbands]
    chooser = request.warband
    attacker = chooser if answer["choice"][0] == "attacker" else next(i for i in ids if i != chooser)
    c = request.context
    scenario = str(c["scenario"])
    return scenario_setup(scenario, ctx.warbands, attacker, list(c["absent"]), ctx.settings, ctx.roller), []

"""A reported battle, as the post-battle engine reads it, and its validation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.engine.systems.mordheim.state import WarbandSnapshot
from referee.engine.systems.mordheim.tables.book import MordheimTables

BATTLE_UNKNOWN_SCENARIO = "Unknown scenario {scenario!r}."
BATTLE_UNKNOWN_WARBAND = "{warband!r} did not fight in this battle."
BATTLE_UNKNOWN_WARRIOR = "{warrior!r} is not a warrior of the warbands in this battle."
BATTLE_HERO_TWICE = "Hero {warrior!r} can only be taken out of action once."
BATTLE_TOO_MANY_MODELS = "Group {warrior!r} has {count} model(s) but {ooa} were reported out of action."
BATTLE_NOT_A_HERO = "{warrior!r} must be a Hero for {what}."
BATTLE_ABSENT_FOUGHT = "{warrior!r} is reported absent but also in the battle."
BATTLE_OCCUPY_WINNER = "In Occupy the winner is the warband holding more buildings ({expected})."
BATTLE_NEGATIVE = "{what} cannot be negative."
BATTLE_OOA_CARRIER = "{warrior!r} was taken out of action, so he dropped his counters."


class BattleReportError(ValueError):
    """A battle report that contradicts itself or the rosters."""


@dataclass(frozen=True, slots=True)
class OutOfAction:
    """One model taken out of action; ``by`` is the warrior (Hero or group) who did it, if known."""

    victim: str
    by: str | None = None


@dataclass(frozen=True)
class Objectives:
    """Scenario objectives at the end of the game (section 9). Ids are warriors unless noted."""

    wyrdstone_counters: Mapping[str, int] = field(default_factory=dict)  # Wyrdstone Hunt: counters carried
    heroes_in_building: tuple[str, ...] = ()  # Defend the Find
    broke_through: tuple[str, ...] = ()  # Breakthrough (a group id once for its models)
    first_to_escape: str | None = None  # Street Fight: the first Hero off the far end
    chest_found_by: str | None = None  # Hidden Treasure: who found the chest
    chest_holder: str | None = None  # Hidden Treasure: warband id that carried it off
    buildings_held: Mapping[str, int] = field(default_factory=dict)  # Occupy: warband id -> buildings
    carried_shards: Mapping[str, int] = field(default_factory=dict)  # Chance Encounter: warband id -> D3

    def to_dict(self) -> dict[str, Any]:
        return {
            "wyrdstone_counters": dict(self.wyrdstone_counters),
            "heroes_in_building": list(self.heroes_in_building),
            "broke_through": list(self.broke_through),
            "first_to_escape": self.first_to_escape,
            "chest_found_by": self.chest_found_by,
            "chest_holder": self.chest_holder,
            "buildings_held": dict(self.buildings_held),
            "carried_shards": dict(self.carried_shards),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Objectives:
        return cls(
            wyrdstone_counters=dict(raw.get("wyrdstone_counters", {})),
            heroes_in_building=tuple(raw.get("heroes_in_building", ())),
            broke_through=tuple(raw.get("broke_through", ())),
            first_to_escape=raw.get("first_to_escape"),
            chest_found_by=raw.get("chest_found_by"),
            chest_holder=raw.get("chest_holder"),
            buildings_held=dict(raw.get("buildings_held", {})),
            carried_shards=dict(raw.get("carried_shards", {})),
        )


@dataclass(frozen=True)
class BattleResult:
    """What the players reported. ``winner`` None is a draw (or no winner)."""

    scenario: str
    winner: str | None = None
    out_of_action: tuple[OutOfAction, ...] = ()
    absent: tuple[str, ...] = ()  # warriors who did not take part (sat out, captive, missing games)
    objectives: Objectives = field(default_factory=Objectives)

    def ooa_models(self, warrior: str) -> int:
        return sum(1 for o in self.out_of_action if o.victim == warrior)

    def taken_out_by(self, warrior: str) -> str | None:
        return next((o.by for o in self.out_of_action if o.victim == warrior), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "winner": self.winner,
            "out_of_action": [{"victim": o.victim, "by": o.by} for o in self.out_of_action],
            "absent": list(self.absent),
            "objectives": self.objectives.to_dict(),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> BattleResult:
        return cls(
            scenario=str(raw["scenario"]),
            winner=raw.get("winner"),
            out_of_action=tuple(
                OutOfAction(str(o["victim"]), o.get("by")) for o in raw.get("out_of_action", ())
            ),
            absent=tuple(raw.get("absent", ())),
            objectives=Objectives.from_dict(raw.get("objectives", {})),
        )


def occupy_winner(buildings_held: Mapping[str, int]) -> str | None:
    """MH-SCN8-05: the warband occupying more objectives wins; equal numbers is a draw."""
    if not buildings_held:
        return None
    best = max(buildings_held.values())
    leaders = [wb for wb, n in buildings_held.items() if n == best]
    return leaders[0] if len(leaders) == 1 else None


def validate_battle(
    battle: BattleResult, warbands: tuple[WarbandSnapshot, ...], tables: MordheimTables
) -> None:
    """Refuse a report that names unknown warriors or contradicts itself."""
    if battle.scenario not in tables.scenarios:
        raise BattleReportError(BATTLE_UNKNOWN_SCENARIO.format(scenario=battle.scenario))
    ids = {wb.id for wb in warbands}
    warriors = {w.id: w for wb in warbands for w in wb.warriors}
    obj = battle.objectives
    for wb_id in [battle.winner, obj.chest_holder, *obj.buildings_held, *obj.carried_shards]:
        if wb_id is not None and wb_id not in ids:
            raise BattleReportError(BATTLE_UNKNOWN_WARBAND.format(warband=wb_id))
    named = [o.victim for o in battle.out_of_action] + [o.by for o in battle.out_of_action if o.by]
    named += list(battle.absent) + list(obj.wyrdstone_counters) + list(obj.heroes_in_building)
    named += list(obj.broke_through) + [x for x in (obj.first_to_escape, obj.chest_found_by) if x]
    for wid in named:
        if wid not in warriors:
            raise BattleReportError(BATTLE_UNKNOWN_WARRIOR.format(warrior=wid))
    for wid, n_counters in obj.wyrdstone_counters.items():  # MH-SCN3-02: a carrier taken out drops them
        w = warriors[wid]
        if n_counters and battle.ooa_models(wid) >= (1 if w.is_hero else w.count):
            raise BattleReportError(BATTLE_OOA_CARRIER.format(warrior=wid))
    for wid, w in warriors.items():
        n = battle.ooa_models(wid)
        if w.is_hero and n > 1:
            raise BattleReportError(BATTLE_HERO_TWICE.format(warrior=wid))
        if n > w.count:
            raise BattleReportError(BATTLE_TOO_MANY_MODELS.format(warrior=wid, count=w.count, ooa=n))
        if n and wid in battle.absent:
            raise BattleReportError(BATTLE_ABSENT_FOUGHT.format(warrior=wid))
    heroes_needed: list[tuple[str | None, str]] = [(obj.first_to_escape, "escaping first")]
    heroes_needed += [(h, "being inside the building") for h in obj.heroes_in_building]
    for hid, what in heroes_needed:
        if hid is not None and not warriors[hid].is_hero:
            raise BattleReportError(BATTLE_NOT_A_HERO.format(warrior=hid, what=what))
    for what, values in (
        ("Counters", obj.wyrdstone_counters),
        ("Buildings", obj.buildings_held),
        ("Carried shards", obj.carried_shards),
    ):
        if any(v < 0 for v in values.values()):
            raise BattleReportError(BATTLE_NEGATIVE.format(what=what))
    if battle.scenario == "occupy" and obj.buildings_held:
        expected = occupy_winner(obj.buildings_held)
        if battle.winner != expected:
            raise BattleReportError(BATTLE_OCCUPY_WINNER.format(expected=expected or "a draw"))

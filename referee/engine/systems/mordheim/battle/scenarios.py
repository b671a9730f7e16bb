"""The nine scenarios (spec 9.3): setup facts, in-game rule helpers and post-battle rewards.

Roll numbers, XP awards and the chest come from the JSON; what the JSON leaves
as prose (who has roles, who takes the first turn) is in ``SETUP`` below. The
in-game helpers are the rules a battle helper needs; the engine only records
their outcome.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.engine.rolls import Roller
from referee.engine.systems.mordheim.battle.report import BattleResult
from referee.engine.systems.mordheim.effects import AddShards, Effect, Note
from referee.engine.systems.mordheim.rewards import rolled_items
from referee.engine.systems.mordheim.state import MordheimSettings, WarbandSnapshot
from referee.engine.systems.mordheim.tables.book import MordheimTables
from referee.engine.systems.mordheim.tables.types import Reward


@dataclass(frozen=True, slots=True)
class Setup:
    """How a scenario starts: roles, who deploys first, first turn, terrain."""

    roles: bool  # has an attacker and a defender
    roles_by_size: bool  # Defend the Find assigns them (MH-SCN1-01)
    first_turn: str  # attacker | roll_off | roll_off_plus_leader_initiative
    deploy_first: str  # defender | attacker | roll_off_winner_chooses
    terrain: str  # alternate | single_street | alternate_attacker_first


SETUP: Mapping[str, Setup] = {
    "defend_the_find": Setup(True, True, "attacker", "defender", "alternate"),  # MH-SCN1-01/02
    "skirmish": Setup(False, False, "roll_off", "roll_off_winner_chooses", "alternate"),  # MH-SCN2-01/02
    "wyrdstone_hunt": Setup(False, False, "roll_off", "roll_off_winner", "alternate"),  # MH-SCN3-03/04
    "breakthrough": Setup(True, False, "attacker", "attacker", "alternate"),  # MH-SCN4-01
    "street_fight": Setup(
        False, False, "roll_off", "roll_off_winner_chooses", "single_street"
    ),  # MH-SCN5-01/02
    "chance_encounter": Setup(
        False, False, "roll_off_plus_leader_initiative", "roll_off_winner_chooses", "alternate"
    ),  # MH-SCN6-01/02
    "hidden_treasure": Setup(False, False, "roll_off", "roll_off_winner_chooses", "alternate"),  # MH-SCN7-01
    "occupy": Setup(False, False, "roll_off", "roll_off_winner_chooses", "alternate"),  # MH-SCN8-01
    "surprise_attack": Setup(
        True, False, "attacker", "defender", "alternate_attacker_first"
    ),  # MH-SCN9-01/05
}


@dataclass(frozen=True)
class RewardRecord:
    """Scenario wyrdstone or treasure a warband takes home."""

    warband: str
    kind: str
    shards: int = 0
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"warband": self.warband, "kind": self.kind, "shards": self.shards, "detail": self.detail}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> RewardRecord:
        return cls(str(raw["warband"]), str(raw["kind"]), int(raw["shards"]), str(raw["detail"]))


# In-game rules ---------------------------------------------------------------------------


def defend_the_find_attacker_wins(attacker_standing_near: int, defender_standing_near: int) -> bool:
    """MH-SCN1-03: at the end of a defender turn, more standing attackers within 6" win it."""
    return attacker_standing_near > defender_standing_near


def counter_placement_ok(
    edge_distance: float, nearest_counter: float | None, settings: MordheimSettings
) -> bool:
    """MH-SCN3-01: at least 10" from every edge (or more than, by league ruling), 6" from other counters."""
    edge_ok = edge_distance > 10 if settings.wyrdstone_counter_edge_strict else edge_distance >= 10
    return edge_ok and (nearest_counter is None or nearest_counter >= 6)


def breakthrough_achieved(attacker_standing_within_2in: int) -> bool:
    """MH-SCN4-02: two or more standing attackers within 2" of the defender's edge."""
    return attacker_standing_within_2in >= 2


def street_fight_may_exit(edge: str, own_edge: str) -> bool:
    """MH-SCN5-03: nobody leaves through his own end of the street."""
    return edge != own_edge


def street_fight_escaped(models_in_action: int, models_exited: int) -> bool:
    """MH-SCN5-04: a warband wins when every model not out of action has left by the far end."""
    return models_in_action > 0 and models_exited >= models_in_action


@dataclass(frozen=True, slots=True)
class Search:
    found: bool
    roll: int | None


def search_building(roller: Roller, *, unsearched_left: int, animal: bool = False) -> Search | None:
    """MH-SCN7-02: 2D6, a 12 finds the chest; the last unsearched building holds it; animals never search."""
    if animal:
        return None
    if unsearched_left <= 1:
        return Search(True, None)
    total = roller.roll("2D6", rule="MH-SCN7-02", label="search building").total
    return Search(total == 12, total)


def chest_move(move: float, carriers: int) -> float:
    """MH-SCN7-03: one carrier moves at half speed; two or more carry it at no penalty."""
    return move / 2 if carriers == 1 else move


def chest_goes_to(battle: BattleResult) -> str | None:
    """MH-SCN7-04: the warband that carried it off, or on a rout the winner."""
    return battle.objectives.chest_holder or battle.winner


def building_occupant(inside: Mapping[str, tuple[int, int]]) -> str | None:
    """MH-SCN8-03: ``inside`` maps warband -> (standing models, all models) in the building."""
    present = [wb for wb, (_, total) in inside.items() if total > 0]
    if len(present) != 1:
        return None
    standing, _ = inside[present[0]]
    return present[0] if standing > 0 else None


def occupy_over(turns_each: int, settings: MordheimSettings) -> bool:
    """MH-SCN8-04: no rout tests; the game ends after each player's last turn."""
    return turns_each >= settings.occupy_max_turns


def occupy_after_voluntary_rout(routed: str, warbands: Sequence[str], objectives: int) -> dict[str, int]:
    """MH-SCN8-04: the opponent of a warband that routs voluntarily occupies every objective."""
    return {wb: (0 if wb == routed else objectives) for wb in warbands}


def surprise_defender_placement_ok(nearest_model: float | None, nearest_edge: float) -> bool:
    """MH-SCN9-03: present defenders at least 8" from each other and from every edge."""
    return (nearest_model is None or nearest_model >= 8) and nearest_edge >= 8


# Post-battle rewards -----------------------------------------------------------------------


def chest_contents(
    warband: str, tables: MordheimTables, settings: MordheimSettings, roller: Roller
) -> list[Effect]:
    """MH-SCN7-05: 3D6 gc always; each other item on its own D6 (the Sword's need is a league ruling)."""
    items = tuple(
        Reward(r.kind, r.quantity, r.item, r.en, r.value, settings.hidden_treasure_sword_need)
        if r.item == "sword"
        else r
        for r in tables.scenarios["hidden_treasure"].chest
    )
    return rolled_items(items, warband, roller, source="hidden_treasure_chest", rule="MH-SCN7-05")


def _enemy_heroes_taken(
    battle: BattleResult, wb: WarbandSnapshot, others: Sequence[WarbandSnapshot], settings: MordheimSettings
) -> dict[str, int]:
    out: dict[str, int] = {}
    for enemy in others:
        for o in battle.out_of_action:
            if not enemy.has(o.victim) or not enemy.warrior(o.victim).is_hero:
                continue
            mine = o.by is not None and wb.has(o.by)
            unattributed = o.by is None and len(others) == 1 and settings.unattributed_ooa_counts
            if mine or unattributed:
                out[enemy.id] = out.get(enemy.id, 0) + 1
    return out


def scenario_rewards(
    *,
    battle: BattleResult,
    warbands: tuple[WarbandSnapshot, ...],
    tables: MordheimTables,
    settings: MordheimSettings,
    roller: Roller,
    remaining: frozenset[str] | None = None,
) -> tuple[list[Effect], list[RewardRecord]]:
    """Wyrdstone each warband takes home from the scenario, and the chest's contents.

    ``warbands`` are the warbands as they fought: what a scenario counts (Heroes lost and taken, counters
    carried) is counted as the game ended, before the injuries. A warband with nobody left takes nothing."""
    obj = battle.objectives
    effects: list[Effect] = []
    records: list[RewardRecord] = []
    sid = battle.scenario
    for wb in warbands:
        if remaining is not None and wb.id not in remaining:
            continue
        shards = 0
        if sid == "defend_the_find":  # MH-SCN1-04
            shards = min(3, sum(1 for h in obj.heroes_in_building if wb.has(h)))
        elif sid == "wyrdstone_hunt":  # MH-SCN3-06
            shards = sum(n for w, n in obj.wyrdstone_counters.items() if wb.has(w))
        elif sid == "chance_encounter":  # MH-SCN6-04
            own = obj.carried_shards.get(wb.id, 0)
            lost = sum(1 for o in battle.out_of_action if wb.has(o.victim) and wb.warrior(o.victim).is_hero)
            others = [x for x in warbands if x.id != wb.id]
            taken = _enemy_heroes_taken(battle, wb, others, settings)
            shards = max(0, own - lost) + sum(min(n, obj.carried_shards.get(e, 0)) for e, n in taken.items())
        rule = {
            "defend_the_find": "MH-SCN1-04",
            "wyrdstone_hunt": "MH-SCN3-06",
            "chance_encounter": "MH-SCN6-04",
        }
        if shards:
            effects.append(AddShards(wb.id, shards, sid, rule[sid]))
            records.append(RewardRecord(wb.id, "wyrdstone", shards))
        if sid == "hidden_treasure" and chest_goes_to(battle) == wb.id:  # MH-SCN7-04/05
            chest = chest_contents(wb.id, tables, settings, roller)
            effects.append(Note(wb.id, "chest", "hidden treasure chest opened", "MH-SCN7-05"))
            effects.extend(chest)
            found = sum(e.amount for e in chest if isinstance(e, AddShards))
            records.append(RewardRecord(wb.id, "chest", found, f"{len(chest)} reward(s)"))
    return effects, records

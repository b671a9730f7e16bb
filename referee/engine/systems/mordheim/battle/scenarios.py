"""The nine scenarios (spec 9.3): setup facts, the outcomes a report is checked against, post-battle rewards.

Roll numbers, XP awards and the chest come from the JSON; what the JSON leaves
as prose (who has roles, who takes the first turn) is in ``SETUP`` below. What
happens on the table (who stood where, who searched which building) is for the
players: the scenario sheet reminds them of it (``roster.battles.scenario_rules``).
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


# Outcomes a report is checked against ----------------------------------------------------


def breakthrough_achieved(attackers_through: int) -> bool:
    """MH-SCN4-02: two or more of the attacker's models through to the defender's edge win it for him."""
    return attackers_through >= 2


def chest_goes_to(battle: BattleResult) -> str | None:
    """MH-SCN7-04: the warband that carried it off, or on a rout the winner."""
    return battle.objectives.chest_holder or battle.winner


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

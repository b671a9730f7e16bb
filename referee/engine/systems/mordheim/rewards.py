"""Rewards a table hands out (items, gold, shards), rolled into effects.

Shared by the exploration locations (MH-INC-08) and the scenarios' chests and caches.
"""

from __future__ import annotations

from referee.engine.rolls import Roller
from referee.engine.systems.mordheim.dice import roll_quantity
from referee.engine.systems.mordheim.effects import AddGold, AddItem, AddShards, Effect
from referee.engine.systems.mordheim.tables.types import Reward

RULE = "MH-INC-08"


def reward_effects(
    reward: Reward, warband: str, roller: Roller, *, source: str, rule: str = RULE
) -> list[Effect]:
    """A parsed reward as effects, rolling its quantity (and a gem's value)."""
    qty = roll_quantity(roller, reward.quantity, rule=rule, label=f"{source}: {reward.en}")
    if reward.kind == "gold":
        return [AddGold(warband, qty, source, rule)]
    if reward.kind == "shards":
        return [AddShards(warband, qty, source, rule)]
    value = roll_quantity(roller, reward.value, rule=rule, label=f"{source}: value") if reward.value else 0
    return [AddItem(warband, reward.item, qty, reward.en, value, None, rule)]


def rolled_items(
    rewards: tuple[Reward, ...], warband: str, roller: Roller, *, source: str, rule: str
) -> list[Effect]:
    """Item lists where each item is rolled for separately (D6 >= need; ``need`` None is automatic)."""
    out: list[Effect] = []
    for r in rewards:
        if r.need is not None:
            face = roller.roll("D6", rule=rule, label=f"{source}: {r.en} ({r.need}+)").total
            if face < r.need:
                continue
        out.extend(reward_effects(r, warband, roller, source=source, rule=rule))
    return out

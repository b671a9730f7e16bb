"""A new warrior from his list type: hired, recruited by the rules, or promoted from a group."""

from __future__ import annotations

from typing import Any

from referee.engine.systems.mordheim.lists.types import WarriorType
from roster.models import Warband, Warrior


def warrior_new(
    *, warband: Warband, warrior_type: WarriorType, name: str = "", count: int = 1, **overrides: Any
) -> Warrior:
    """Create a warrior as his list type says (kind, leader, race, profile, starting XP, skill lists,
    cost), in the warband's current post-battle sequence; ``overrides`` for what the rules change."""
    fields: dict[str, Any] = {
        "warband": warband,
        "kind": warrior_type.kind,
        "type_slug": warrior_type.type,
        "name": (name or warrior_type.name.en)[:120],
        "count": count,
        "is_leader": warrior_type.leader,
        "large": warrior_type.large,
        "race": warrior_type.race or "",
        "profile": warrior_type.profile.to_dict(),
        "xp": warrior_type.starting_xp,
        "starting_xp": warrior_type.starting_xp,
        "gains_xp": warrior_type.gains_xp,
        "skill_lists": list(warrior_type.skill_lists),
        "hired_in_sequence": warband.trading_sequence,
        "cost": warrior_type.cost,
    }
    fields.update(overrides)
    return Warrior.objects.create(**fields)

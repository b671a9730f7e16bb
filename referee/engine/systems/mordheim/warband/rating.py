"""Warband rating (MH-XP-08): 5 per warrior plus experience; large creatures count 20."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.engine.systems.mordheim.lists.types import WarriorType
from referee.engine.systems.mordheim.warband.errors import RatingError

PER_WARRIOR = 5
PER_LARGE_CREATURE = 20


@dataclass(frozen=True, slots=True)
class RatedWarrior:
    """A Hero (``models`` 1) or a Henchman group (``models`` = its size, ``xp`` = the group's XP).

    ``fixed_rating`` is for Hired Swords, whose entries give their own rating.
    """

    xp: int = 0
    models: int = 1
    large: bool = False
    fixed_rating: int | None = None

    @classmethod
    def of(cls, warrior_type: WarriorType, *, xp: int = 0, models: int = 1) -> RatedWarrior:
        return cls(xp=xp, models=models, large=warrior_type.large)


def warrior_rating(warrior: RatedWarrior) -> int:
    """One roster entry's share: (5 or 20) per model plus its XP, counted once per model [INTERP]."""
    if warrior.fixed_rating is not None:
        if warrior.fixed_rating < 0:
            raise RatingError("invalid_warrior", models=warrior.models, xp=warrior.fixed_rating)
        return warrior.fixed_rating
    if warrior.models < 1 or warrior.xp < 0:
        raise RatingError("invalid_warrior", models=warrior.models, xp=warrior.xp)
    per_model = PER_LARGE_CREATURE if warrior.large else PER_WARRIOR
    return warrior.models * (per_model + warrior.xp)


def warband_rating(warriors: Iterable[RatedWarrior]) -> int:
    """MH-XP-08: 5 × warriors + their accumulated XP; a large creature counts 20 + its XP.

    Henchman XP counts once per model (group XP × group size), as the spec's [INTERP]
    directs.
    """
    return sum(warrior_rating(w) for w in warriors)

"""Builders and scripted dice for the campaign tests.

Warbands are made straight on the roster models (the roster's own services have
their own tests); ``DiceScript`` replaces the week stream's seeded generator so a
test decides the faces, and every roll still goes through ``LedgerRoller`` into
the ledger.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from typing import Any

from campaign.models import Campaign, Week
from referee.engine.dice.rollers import roll
from referee.engine.rolls import Roll
from roster.models import Battle, Warband, Warrior

HUMAN = {"M": 4, "WS": 4, "BS": 4, "S": 3, "T": 3, "W": 1, "I": 4, "A": 1, "Ld": 8}


def make_warband(
    campaign: Campaign,
    owner: Any,
    name: str,
    *,
    rating: int = 100,
    status: str = Warband.Status.APPROVED,
    heroes: int = 1,
    henchmen: int = 0,
) -> Warband:
    """A warband with a leader (and ``heroes - 1`` more Heroes) and one Henchman group of ``henchmen`` models."""
    warband = Warband.objects.create(
        campaign=campaign, owner=owner, list_slug="reikland", name=name, status=status, rating=rating
    )
    for i in range(heroes):
        hero(warband, f"{name} hero {i + 1}", leader=i == 0)
    if henchmen:
        Warrior.objects.create(
            warband=warband,
            kind="henchman",
            type_slug="warrior",
            name=f"{name} warriors",
            count=henchmen,
            race="human",
            profile=dict(HUMAN),
        )
    return warband


def hero(
    warband: Warband,
    name: str,
    *,
    leader: bool = False,
    flags: dict[str, Any] | None = None,
    missed_games: int = 0,
    status: str = Warrior.Status.ACTIVE,
    initiative: int = 4,
) -> Warrior:
    return Warrior.objects.create(
        warband=warband,
        kind="hero",
        type_slug="champion",
        name=name,
        race="human",
        is_leader=leader,
        profile={**HUMAN, "I": initiative},
        flags=flags or {},
        missed_games=missed_games,
        status=status,
    )


def pair(week: Week, a: Warband, b: Warband | None, actor: Any) -> Battle:
    from roster.battles.pairings import pairings_set

    return pairings_set(week=week, actor=actor, pairs=[(a.pk, b.pk if b else None)])[0]


class _Faces:
    """Scripted faces first, then a fixed pseudo-random sequence (never a loop of ties)."""

    def __init__(self, script: DiceScript) -> None:
        self.script = script

    def face(self, sides: int) -> int:
        if self.script.queue:
            value = self.script.queue.popleft()
            assert 1 <= value <= sides, f"scripted face {value} does not fit a d{sides}"
            return value
        return self.script.rng.randint(1, sides)


class ScriptedLedgerDice:
    """What ``LedgerRoller`` gets instead of the week's ``SeededRoller`` in a test."""

    def __init__(self, script: DiceScript) -> None:
        self.made: list[Roll] = []
        self._source = _Faces(script)
        self._script = script

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        made = roll(notation, self._source, rule=rule, label=label)
        self.made.append(made)
        self._script.rolled.append(made)
        return made


class DiceScript:
    def __init__(self) -> None:
        self.queue: deque[int] = deque()
        self.rolled: list[Roll] = []
        self.rng = random.Random(6)

    def then(self, *faces: int) -> DiceScript:
        self.queue.extend(faces)
        return self

    def rules(self) -> list[str]:
        return [r.rule for r in self.rolled]

    def factory(self, **_: Any) -> ScriptedLedgerDice:
        return ScriptedLedgerDice(self)


def ids(rows: Iterable[Any]) -> list[int]:
    return [r.pk for r in rows]

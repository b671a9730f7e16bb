"""The casebook's dice: faces scripted per rule ID, fed to the product's own ``LedgerRoller``.

A case lists its dice as ``{rule: MH-INJ-H-01, faces: [1, 6]}`` entries. Every roll the product makes
through ``LedgerRoller`` asks the script for its faces: a roll whose rule has scripted faces left takes
them (in the order the case lists them for that rule); any other roll draws from a fixed pseudo-random
sequence, so a case scripts only the dice its outcome depends on. After the play the runner checks that
every scripted face was rolled, so a case cannot pass by never reaching the roll it is about.
"""

from __future__ import annotations

import random
from collections import defaultdict, deque
from collections.abc import Iterable, Mapping
from typing import Any

from referee.engine.dice import ScriptError, roll
from referee.engine.rolls import Roll


class CaseDice:
    """Scripted faces per rule ID; ``factory`` stands in for the ledger's seeded roller."""

    def __init__(self, script: Iterable[Mapping[str, Any]]) -> None:
        self.queues: dict[str, deque[int]] = defaultdict(deque)
        for entry in script:
            self.queues[str(entry["rule"])].extend(int(f) for f in entry["faces"])
        self.rolled: list[Roll] = []
        self.rng = random.Random(23)

    def factory(self, **_: Any) -> _CaseRoller:
        return _CaseRoller(self)

    def unused(self) -> dict[str, list[int]]:
        """The scripted faces no roll asked for, by rule."""
        return {rule: list(q) for rule, q in self.queues.items() if q}

    def rolls_of(self, rule: str) -> list[Roll]:
        return [r for r in self.rolled if r.rule == rule]


class _Source:
    def __init__(self, dice: CaseDice, rule: str) -> None:
        self.dice = dice
        self.queue = dice.queues.get(rule)

    def face(self, sides: int) -> int:
        if self.queue:
            value = self.queue.popleft()
            if not 1 <= value <= sides:
                raise ScriptError(f"the case scripts {value} for a d{sides}, which cannot show it")
            return value
        return self.dice.rng.randint(1, sides)


class _CaseRoller:
    def __init__(self, dice: CaseDice) -> None:
        self.dice = dice
        self.made: list[Roll] = []

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        made = roll(notation, _Source(self.dice, rule), rule=rule, label=label)
        self.made.append(made)
        self.dice.rolled.append(made)
        return made

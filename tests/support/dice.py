"""The test dice: one scripted roller and one replay roller, read by the engine's own dice grammar.

:class:`ScriptedRoller` hands the engine's notation parser faces from a script, so a
scripted ``D66`` reads ``[3, 5]`` as 35 and a ``D3`` reads a d6 face, exactly like a
real roll. The script may be endless (``itertools.cycle``) to play adversarial dice.
:class:`ReplayRoller` is the product's replay roller (stored rolls handed back, any
mismatch refused).
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from referee.engine.dice import ReplayRoller, ScriptError, roll
from referee.engine.rolls import Roll

__all__ = ["DiceScript", "ReplayRoller", "ScriptExhausted", "ScriptedRoller", "endless"]


class ScriptExhausted(ScriptError, AssertionError):
    """The code asked for more dice than the test scripted."""


class _ScriptSource:
    """Faces from a (possibly endless) script, each checked against the die asked for."""

    def __init__(self, faces: Iterable[int], fallback: Callable[[int], int] | None = None) -> None:
        self._faces: Iterator[int] = iter(faces)
        self._fallback = fallback
        self.used = 0

    def face(self, sides: int) -> int:
        try:
            value = next(self._faces)
        except StopIteration:
            if self._fallback is not None:
                self.used += 1
                return self._fallback(sides)
            raise ScriptExhausted(f"the script ran out: a d{sides} asked for face #{self.used + 1}") from None
        if not 1 <= value <= sides:
            raise ScriptError(f"scripted face #{self.used + 1} is {value}, which a d{sides} cannot show")
        self.used += 1
        return value

    def rest(self) -> list[int]:
        rest = list(self._faces)
        self._faces = iter(rest)
        return rest


class ScriptedRoller:
    """A Roller whose dice show the scripted faces, in order (``made`` records every roll)."""

    def __init__(
        self, faces: Iterable[int] = (), *, fallback: Callable[[int], int] | None = None, log: list[Roll] | None = None
    ) -> None:
        """``fallback(sides)`` gives the faces after the script runs out (else :class:`ScriptExhausted`);
        ``log`` is a list shared with the test that every roll is appended to as well."""
        self._source = _ScriptSource(faces, fallback)
        self.made: list[Roll] = []
        self._log = log

    @property
    def remaining(self) -> list[int]:
        """The scripted faces not used yet (do not call on an endless script)."""
        return self._source.rest()

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        made = roll(notation, self._source, rule=rule, label=label)
        self.made.append(made)
        if self._log is not None:
            self._log.append(made)
        return made


def endless(faces: Sequence[int]) -> ScriptedRoller:
    """Adversarial dice that repeat the same faces for ever."""
    return ScriptedRoller(itertools.cycle(faces))


def _drain(queue: deque[int]) -> Iterator[int]:
    while queue:
        yield queue.popleft()


class DiceScript:
    """Dice for the product path: ``LedgerRoller`` gets a :class:`ScriptedRoller` instead of the week's seeded
    one (the ``dice`` fixture patches it in). Faces queued with :meth:`then` come first, in order, across
    every roller made; after them a fixed pseudo-random sequence (never a loop of ties)."""

    def __init__(self) -> None:
        self.queue: deque[int] = deque()
        self.rolled: list[Roll] = []
        self.rng = random.Random(6)

    def then(self, *faces: int) -> DiceScript:
        self.queue.extend(faces)
        return self

    def rules(self) -> list[str]:
        return [r.rule for r in self.rolled]

    def factory(self, **_: Any) -> ScriptedRoller:
        return ScriptedRoller(_drain(self.queue), fallback=lambda sides: self.rng.randint(1, sides), log=self.rolled)

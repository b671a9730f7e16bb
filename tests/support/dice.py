"""The test dice: one scripted roller and one replay roller, read by the engine's own dice grammar.

:class:`ScriptedRoller` hands the engine's notation parser faces from a script, so a
scripted ``D66`` reads ``[3, 5]`` as 35 and a ``D3`` reads a d6 face, exactly like a
real roll. The script may be endless (``itertools.cycle``) to play adversarial dice.
:class:`ReplayRoller` is the product's replay roller (stored rolls handed back, any
mismatch refused).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence

from referee.engine.dice import ReplayRoller, ScriptError, roll
from referee.engine.rolls import Roll

__all__ = ["ReplayRoller", "ScriptExhausted", "ScriptedRoller", "endless"]


class ScriptExhausted(ScriptError, AssertionError):
    """The code asked for more dice than the test scripted."""


class _ScriptSource:
    """Faces from a (possibly endless) script, each checked against the die asked for."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces: Iterator[int] = iter(faces)
        self.used = 0

    def face(self, sides: int) -> int:
        try:
            value = next(self._faces)
        except StopIteration:
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

    def __init__(self, faces: Iterable[int] = ()) -> None:
        self._source = _ScriptSource(faces)
        self.made: list[Roll] = []

    @property
    def remaining(self) -> list[int]:
        """The scripted faces not used yet (do not call on an endless script)."""
        return self._source.rest()

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        made = roll(notation, self._source, rule=rule, label=label)
        self.made.append(made)
        return made


def endless(faces: Sequence[int]) -> ScriptedRoller:
    """Adversarial dice that repeat the same faces for ever."""
    return ScriptedRoller(itertools.cycle(faces))

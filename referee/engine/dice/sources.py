"""Where die faces come from.

A :class:`FaceSource` answers one question: ``face(sides)``, a face uniform in
``1..sides``. The dice engine never touches the ``random`` module's global
functions; every face comes from a source handed to it.

The HMAC streams every campaign roll draws from (:class:`HmacFaceSource`, scheme 1, and
:class:`HmacByteFaceSource`, scheme 2) are in :mod:`.hmac_streams`, whose docstring gives
the exact layout; how ``key`` and ``message`` are chosen for a campaign roll is in
:mod:`referee.engine.fairness`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from referee.engine.dice.errors import ScriptError
from referee.engine.dice.hmac_streams import HmacByteFaceSource, HmacFaceSource, check_sides

if TYPE_CHECKING:  # only for the annotation: the engine never uses the random module itself
    import random

__all__ = ["FaceSource", "HmacByteFaceSource", "HmacFaceSource", "RandomFaceSource", "SequenceFaceSource"]


class FaceSource(Protocol):
    """A supply of die faces."""

    def face(self, sides: int) -> int:
        """One face, uniform in ``1..sides``."""
        ...


class SequenceFaceSource:
    """Faces from a scripted list, in order, for rules tests.

    A face that does not fit the die asked for, or running out of faces, raises
    :class:`ScriptError` naming the position, so a wrong script fails loudly
    instead of quietly testing something else.
    """

    __slots__ = ("_faces", "_pos")

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = tuple(faces)
        self._pos = 0

    @property
    def remaining(self) -> int:
        """How many scripted faces are still unused."""
        return len(self._faces) - self._pos

    def face(self, sides: int) -> int:
        check_sides(sides)
        if self._pos >= len(self._faces):
            raise ScriptError(
                f"the script ran out: a d{sides} asked for face #{self._pos + 1} "
                f"and the script has {len(self._faces)}"
            )
        value = self._faces[self._pos]
        if not 1 <= value <= sides:
            raise ScriptError(f"scripted face #{self._pos + 1} is {value}, which a d{sides} cannot show")
        self._pos += 1
        return value


class RandomFaceSource:
    """Faces from an injected :class:`random.Random` instance.

    For benchmarks and tests only: its stream cannot be recomputed by players,
    so campaign rolls must use :class:`HmacFaceSource`.
    """

    __slots__ = ("_rng",)

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def face(self, sides: int) -> int:
        check_sides(sides)
        return self._rng.randrange(sides) + 1

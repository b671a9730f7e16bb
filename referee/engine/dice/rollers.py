"""Rollers: the :class:`referee.engine.rolls.Roller` implementations.

- :func:`roll` rolls one notation from any :class:`FaceSource`.
- :class:`SeededRoller` makes campaign rolls: roll number ``seq`` draws from
  ``HmacFaceSource(seed, salt + b"|" + str(seq).encode())`` (see
  :mod:`referee.engine.fairness` for where ``seed`` and ``salt`` come from).
- :class:`ReplayRoller` hands back stored rolls when a crashed job runs again,
  so nothing is ever rolled twice.

Each roller appends every roll it makes to ``made``, in order.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.engine.dice.errors import ReplayMismatch
from referee.engine.dice.notation import normalize, parse
from referee.engine.dice.sources import (
    FaceSource,
    HmacFaceSource,
    block_digest,
    first_face,
    keyed_hmac,
)
from referee.engine.rolls import Roll


def roll(notation: str, source: FaceSource, *, rule: str = "", label: str = "") -> Roll:
    """Roll ``notation`` with faces from ``source``.

    ``label`` replaces a label written in the notation after ``#``. Bad
    notation raises :class:`DiceError` before any face is drawn.
    """
    expr = parse(notation)
    faces, kept, total, detail = expr.evaluate(source)
    return Roll(expr.canonical, faces, kept, total, label or expr.label, rule, tuple(detail))


def seeded_message(salt: bytes, seq: int) -> bytes:
    """The HMAC message for roll number ``seq`` of a stream: ``salt + b"|" + str(seq).encode()``."""
    return salt + b"|" + str(seq).encode()


class SeededRoller:
    """Campaign rolls from a secret seed: roll ``n`` uses sequence number ``start_seq + n``.

    ``next_seq`` is the sequence number the next roll will use, so
    ``made[i]`` was rolled with ``start_seq + i``; a roll refused for bad
    notation uses no number.
    """

    __slots__ = ("_keyed", "_prefix", "made", "next_seq", "start_seq")

    def __init__(self, *, seed: bytes, salt: bytes, start_seq: int = 0) -> None:
        if start_seq < 0:
            raise ValueError(f"start_seq must be 0 or more, not {start_seq}")
        self._keyed = keyed_hmac(seed)
        self._prefix = bytes(salt) + b"|"
        self.start_seq = start_seq
        self.next_seq = start_seq
        self.made: list[Roll] = []

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        expr = parse(notation)
        message = self._prefix + str(self.next_seq).encode()
        sides = expr.single_die
        # One plain die (the common case): its face is almost always the first word of block 0,
        # so read it directly; a rejected word falls back to the full stream below.
        face = first_face(block_digest(self._keyed, message, 0), sides) if sides else 0
        if face:
            if expr.single_parts:
                faces, detail = expr.single_parts[face]
            else:
                faces = (face,)
                detail = ((expr.term_texts[0], faces),)
            made = Roll(expr.canonical, faces, faces, face, label or expr.label, rule, detail)
        else:
            faces, kept, total, details = expr.evaluate(HmacFaceSource.from_keyed(self._keyed, message))
            made = Roll(expr.canonical, faces, kept, total, label or expr.label, rule, tuple(details))
        self.next_seq += 1
        self.made.append(made)
        return made


class ReplayRoller:
    """Stored rolls handed back in order, checked against what is asked.

    Asking for a different notation (compared in canonical form) or rule than
    the next stored roll, or for more rolls than were stored, raises
    :class:`ReplayMismatch`. The stored roll is returned as stored, label included.
    """

    def __init__(self, rolls: Sequence[Roll]) -> None:
        self._rolls = tuple(rolls)
        self.made: list[Roll] = []

    @property
    def remaining(self) -> int:
        """How many stored rolls have not been asked for yet."""
        return len(self._rolls) - len(self.made)

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        index = len(self.made)
        asked = normalize(notation)
        if index >= len(self._rolls):
            raise ReplayMismatch(
                index,
                f"asked for {asked} (rule {rule or '-'}) but there is no stored roll left "
                f"({len(self._rolls)} stored)",
            )
        stored = self._rolls[index]
        if normalize(stored.notation) != asked or stored.rule != rule:
            raise ReplayMismatch(
                index,
                f"asked for {asked} (rule {rule or '-'}) but the stored roll is "
                f"{stored.notation} (rule {stored.rule or '-'})",
            )
        self.made.append(stored)
        return stored

"""Rollers: the :class:`referee.engine.rolls.Roller` implementations.

- :func:`roll` rolls one notation from any :class:`FaceSource`.
- :class:`SeededRoller` makes campaign rolls: roll number ``seq`` draws from the
  stream's dice scheme over ``salt + b"|" + str(seq).encode()`` keyed by the seed
  (:mod:`.hmac_streams`; :mod:`referee.engine.fairness` for where ``seed`` and ``salt``
  come from).
- :class:`ReplayRoller` hands back stored rolls when a crashed job runs again,
  so nothing is ever rolled twice.

Each roller appends every roll it makes to ``made``, in order.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.engine.dice.errors import ReplayMismatch
from referee.engine.dice.hmac_streams import (
    LATEST_SCHEME,
    SCHEME_BYTES,
    HmacByteFaceSource,
    KeyedHmac,
    check_scheme,
    hmac_source,
)
from referee.engine.dice.notation import normalize, parse
from referee.engine.dice.sources import FaceSource
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


_ZERO8 = (0).to_bytes(8, "big")  # block 0
_TAIL0 = b"%d" + _ZERO8  # roll number, then block 0


class SeededRoller:
    """Campaign rolls from a secret seed: roll ``n`` uses sequence number ``start_seq + n``.

    ``next_seq`` is the sequence number the next roll will use, so
    ``made[i]`` was rolled with ``start_seq + i``; a roll refused for bad
    notation uses no number. ``scheme`` is the stream's dice scheme
    (:mod:`.hmac_streams`): the latest unless the stream was opened under an older one.
    """

    __slots__ = ("_fast", "_keyed", "made", "next_seq", "scheme", "start_seq")

    def __init__(self, *, seed: bytes, salt: bytes, start_seq: int = 0, scheme: int = LATEST_SCHEME) -> None:
        if start_seq < 0:
            raise ValueError(f"start_seq must be 0 or more, not {start_seq}")
        self.scheme = check_scheme(scheme)
        self._keyed = KeyedHmac(seed).prefixed(bytes(salt) + b"|")  # digest(b"12" + ...): roll 12's blocks
        self.start_seq = start_seq
        self.next_seq = start_seq
        self.made: list[Roll] = []
        # (notation, label, rule) -> (byte limit, the Roll each face gives) for one plain die: a Roll
        # is immutable, so the same face of the same die for the same rule is the same value every time.
        self._fast: dict[tuple[str, str, str], tuple[int, list[Roll | None]]] = {}

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        fast = self._fast.get((notation, label, rule))
        if fast is not None:
            # A plain die of at most 256 sides rolled before (the common case): its face is the first
            # byte of block 0 unless that byte is rejected; the Roll for each face is made once.
            inner = self._keyed.inner.copy()
            inner.update(_TAIL0 % self.next_seq)
            outer = self._keyed.outer.copy()
            outer.update(inner.digest())
            first = outer.digest()
            limit, rolls = fast
            x = first[0]
            if x < limit:
                made = rolls[x % len(rolls)]
                if made is not None:
                    self.next_seq += 1
                    self.made.append(made)
                    return made
        else:
            first = b""
        message = b"%d" % self.next_seq
        expr = parse(notation)
        if self.scheme == SCHEME_BYTES:
            source: FaceSource = HmacByteFaceSource(
                b"", message, keyed=self._keyed, first=first or self._keyed.digest(message + _ZERO8)
            )
        else:
            source = hmac_source(b"", message, scheme=self.scheme, keyed=self._keyed)
        faces, kept, total, details = expr.evaluate(source)
        made = Roll(expr.canonical, faces, kept, total, label or expr.label, rule, tuple(details))
        if self.scheme == SCHEME_BYTES and 0 < expr.single_die <= 256:
            self._remember(notation, label, rule, expr.single_die, made)
        self.next_seq += 1
        self.made.append(made)
        return made

    def _remember(self, notation: str, label: str, rule: str, sides: int, made: Roll) -> None:
        """Keep ``made`` as the Roll its face gives this plain die (``rolls[face - 1]``)."""
        key = (notation, label, rule)
        fast = self._fast.get(key)
        if fast is None:
            if len(self._fast) >= 512:
                self._fast.clear()
            fast = self._fast[key] = (256 - 256 % sides, [None] * sides)
        fast[1][made.total - 1] = made


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

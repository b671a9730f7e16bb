"""Where die faces come from.

A :class:`FaceSource` answers one question: ``face(sides)``, a face uniform in
``1..sides``. The dice engine never touches the ``random`` module's global
functions; every face comes from a source handed to it.

The HMAC stream
---------------

:class:`HmacFaceSource` is the source every campaign roll uses. Given a secret
``key`` and a ``message`` it is fully determined, so anyone who knows both can
recompute the faces:

1. Block ``i`` (``i = 0, 1, 2, ...``) is ``HMAC-SHA256(key, message + i.to_bytes(8, "big"))``,
   32 bytes.
2. The blocks, in order, are read 4 bytes at a time as big-endian unsigned 32-bit
   integers ``x`` (8 per block).
3. For a die of ``sides`` sides, take the next ``x``. If ``x >= (2**32 // sides) * sides``
   throw it away and take the next one (rejection sampling, so every face is
   exactly equally likely); otherwise the face is ``x % sides + 1``.

Every die draws from the same stream in the order the notation rolls it (left
to right; a D66 draws its tens die, then its units die; an exploding die draws
its extra faces right after the face that exploded). In a few lines::

    import hashlib, hmac

    def faces(key: bytes, message: bytes, sides_list: list[int]) -> list[int]:
        words, out, block = [], [], 0
        for sides in sides_list:
            while True:
                if not words:
                    digest = hmac.new(key, message + block.to_bytes(8, "big"), hashlib.sha256).digest()
                    words = [int.from_bytes(digest[j:j + 4], "big") for j in range(0, 32, 4)]
                    block += 1
                x = words.pop(0)
                if x < (2**32 // sides) * sides:
                    out.append(x % sides + 1)
                    break
        return out

How ``key`` and ``message`` are chosen for a campaign roll is in
:mod:`referee.engine.fairness`.
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from referee.engine.dice.errors import ScriptError

if TYPE_CHECKING:  # only for the annotation: the engine never uses the random module itself
    import random

_SPAN = 1 << 32
_WORDS = struct.Struct(">8I")


class FaceSource(Protocol):
    """A supply of die faces."""

    def face(self, sides: int) -> int:
        """One face, uniform in ``1..sides``."""
        ...


def _check_sides(sides: int) -> None:
    if not 1 <= sides <= _SPAN:
        raise ValueError(f"a die needs between 1 and {_SPAN} sides, not {sides}")


def keyed_hmac(key: bytes) -> hmac.HMAC:
    """HMAC-SHA256 keyed with ``key`` and fed nothing yet: copy it to hash each block."""
    return hmac.new(bytes(key), digestmod=hashlib.sha256)


def block_digest(keyed: hmac.HMAC, message: bytes, block: int) -> bytes:
    """Block ``block`` of the stream: HMAC-SHA256(key, message + block.to_bytes(8, "big"))."""
    mac = keyed.copy()
    mac.update(message + block.to_bytes(8, "big"))
    return mac.digest()


def first_face(digest: bytes, sides: int) -> int:
    """The face the first word of a block gives a d``sides``, or 0 if that word is rejected."""
    x = int.from_bytes(digest[:4], "big")
    return x % sides + 1 if x < (_SPAN // sides) * sides else 0


class HmacFaceSource:
    """An unbiased face stream from HMAC-SHA256 (see the module docstring for the exact layout)."""

    __slots__ = ("_block", "_keyed", "_message", "_pos", "_words")

    def __init__(self, key: bytes, message: bytes) -> None:
        self._keyed = keyed_hmac(key)
        self._message = bytes(message)
        self._block = 0
        self._words: tuple[int, ...] = ()
        self._pos = 0

    @classmethod
    def from_keyed(cls, keyed: hmac.HMAC, message: bytes) -> HmacFaceSource:
        """The stream for ``message`` under an HMAC already keyed by :func:`keyed_hmac`.

        Keying HMAC hashes the key pads; doing it once per seed instead of once
        per roll is what keeps :class:`SeededRoller` fast.
        """
        source = cls.__new__(cls)
        source._keyed = keyed
        source._message = bytes(message)
        source._block = 0
        source._words = ()
        source._pos = 0
        return source

    def face(self, sides: int) -> int:
        if not 1 <= sides <= _SPAN:
            _check_sides(sides)
        limit = (_SPAN // sides) * sides
        while True:
            if self._pos == len(self._words):
                self._words = _WORDS.unpack(block_digest(self._keyed, self._message, self._block))
                self._block += 1
                self._pos = 0
            x = self._words[self._pos]
            self._pos += 1
            if x < limit:
                return x % sides + 1


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
        _check_sides(sides)
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
        _check_sides(sides)
        return self._rng.randrange(sides) + 1

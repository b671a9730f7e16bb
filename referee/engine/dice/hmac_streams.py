"""The HMAC-SHA256 face streams every campaign roll draws from, by dice scheme.

Given a secret ``key`` (a stream's seed) and a ``message`` (its salt and the roll's
sequence number, :func:`referee.engine.dice.seeded_message`) a stream is fully
determined, so anyone who knows both can recompute the faces. Block ``i``
(``i = 0, 1, 2, ...``) is ``HMAC-SHA256(key, message + i.to_bytes(8, "big"))``, 32 bytes.
How the blocks become faces is the **dice scheme**, recorded on every roll stream
(``RollStream.scheme``), so rolls stored under an older scheme still verify:

Scheme 1 (:class:`HmacFaceSource`, every stream opened before scheme 2 existed)
    The blocks, in order, are read 4 bytes at a time as big-endian unsigned 32-bit
    integers ``x`` (8 per block). For a die of ``sides`` sides take the next ``x``; if
    ``x >= (2**32 // sides) * sides`` throw it away and take the next one (rejection
    sampling); otherwise the face is ``x % sides + 1``.

Scheme 2 (:class:`HmacByteFaceSource`, the default since issue #17)
    The blocks, in order, are one stream of bytes (block 0's 32 bytes, then block
    1's, ...). A die of ``sides`` sides reads ``w`` bytes as one big-endian unsigned
    integer ``x``: ``w = 1`` when ``sides <= 256``, ``w = 2`` when ``sides <= 65536``,
    ``w = 4`` above (a read may run on from the end of one block into the next). If
    ``x >= (256**w // sides) * sides`` throw it away and read the next ``w`` bytes;
    otherwise the face is ``x % sides + 1``. A d6 thus takes one byte (bytes 252-255
    are rejected), and one block gives some thirty d6 faces.

In both, ``(span // sides) * sides`` values are kept, each face from exactly
``span // sides`` of them, so every face is exactly equally likely. Every die draws
from the same stream in the order the notation rolls it (left to right; a D66 draws
its tens die, then its units die; an exploding die draws its extra faces right after
the face that exploded). ``docs/verifying-rolls.md`` gives the same with examples.
"""

from __future__ import annotations

import hashlib

SCHEME_WORDS = 1
SCHEME_BYTES = 2
#: The scheme new streams use.
LATEST_SCHEME = SCHEME_BYTES
SCHEMES = (SCHEME_WORDS, SCHEME_BYTES)

_SPAN = 1 << 32
_BLOCK_SIZE = 64
_IPAD = bytes(b ^ 0x36 for b in range(256))
_OPAD = bytes(b ^ 0x5C for b in range(256))


def check_sides(sides: int) -> None:
    if not 1 <= sides <= _SPAN:
        raise ValueError(f"a die needs between 1 and {_SPAN} sides, not {sides}")


def check_scheme(scheme: int) -> int:
    if scheme not in SCHEMES:
        raise ValueError(f"unknown dice scheme {scheme!r}; known: {', '.join(map(str, SCHEMES))}")
    return scheme


class KeyedHmac:
    """HMAC-SHA256 under one key, its two padded key blocks hashed once (RFC 2104).

    :meth:`digest` is ``hmac.new(key, data, hashlib.sha256).digest()``: copying the two
    prepared SHA-256 states costs far less than keying an HMAC for every roll.
    ``inner`` and ``outer`` are those states (read, never updated, by the roller's fast path).
    """

    __slots__ = ("inner", "outer")

    def __init__(self, key: bytes) -> None:
        key = bytes(key)
        if len(key) > _BLOCK_SIZE:
            key = hashlib.sha256(key).digest()
        key = key.ljust(_BLOCK_SIZE, b"\0")
        self.inner = hashlib.sha256(key.translate(_IPAD))
        self.outer = hashlib.sha256(key.translate(_OPAD))

    def prefixed(self, prefix: bytes) -> KeyedHmac:
        """The same key with ``prefix`` fed in already: its ``digest(data)`` is ``HMAC(key, prefix + data)``."""
        keyed = KeyedHmac.__new__(KeyedHmac)
        keyed.inner = self.inner.copy()
        keyed.inner.update(prefix)
        keyed.outer = self.outer
        return keyed

    def digest(self, data: bytes) -> bytes:
        inner = self.inner.copy()
        inner.update(data)
        outer = self.outer.copy()
        outer.update(inner.digest())
        return outer.digest()


def block_digest(keyed: KeyedHmac, message: bytes, block: int) -> bytes:
    """Block ``block`` of the stream: HMAC-SHA256(key, message + block.to_bytes(8, "big"))."""
    return keyed.digest(message + block.to_bytes(8, "big"))


class HmacFaceSource:
    """Scheme 1: faces from 32-bit words of the HMAC blocks (see the module docstring)."""

    __slots__ = ("_block", "_digest", "_keyed", "_message", "_pos")

    def __init__(self, key: bytes, message: bytes, *, keyed: KeyedHmac | None = None) -> None:
        self._keyed = keyed or KeyedHmac(key)
        self._message = bytes(message)
        self._block = 0
        self._digest = b""
        self._pos = 32

    def face(self, sides: int) -> int:
        check_sides(sides)
        limit = (_SPAN // sides) * sides
        while True:
            if self._pos == 32:
                self._digest = block_digest(self._keyed, self._message, self._block)
                self._block += 1
                self._pos = 0
            x = int.from_bytes(self._digest[self._pos : self._pos + 4], "big")
            self._pos += 4
            if x < limit:
                return x % sides + 1


class HmacByteFaceSource:
    """Scheme 2: faces from the bytes of the HMAC blocks, one byte a die up to 256 sides."""

    __slots__ = ("_block", "_buf", "_keyed", "_message", "_pos")

    def __init__(
        self, key: bytes, message: bytes, *, keyed: KeyedHmac | None = None, first: bytes = b""
    ) -> None:
        """``first``: block 0, when the caller has already computed it (it must be that block)."""
        self._keyed = keyed or KeyedHmac(key)
        self._message = bytes(message)
        self._buf = first
        self._block = 1 if first else 0
        self._pos = 0

    def face(self, sides: int) -> int:
        if not 1 <= sides <= 256:
            return self._wide(sides)
        limit = 256 - 256 % sides
        while True:
            if self._pos == len(self._buf):
                self._buf = block_digest(self._keyed, self._message, self._block)
                self._block += 1
                self._pos = 0
            x = self._buf[self._pos]
            self._pos += 1
            if x < limit:
                return x % sides + 1

    def _wide(self, sides: int) -> int:
        check_sides(sides)
        width = 2 if sides <= 1 << 16 else 4
        span = 1 << (8 * width)
        limit = span - span % sides
        while True:
            while len(self._buf) - self._pos < width:  # the read runs on into the next block
                self._buf = self._buf[self._pos :] + block_digest(self._keyed, self._message, self._block)
                self._block += 1
                self._pos = 0
            x = int.from_bytes(self._buf[self._pos : self._pos + width], "big")
            self._pos += width
            if x < limit:
                return x % sides + 1


def hmac_source(
    key: bytes, message: bytes, *, scheme: int = LATEST_SCHEME, keyed: KeyedHmac | None = None
) -> HmacFaceSource | HmacByteFaceSource:
    """The face stream of ``scheme`` for ``key`` and ``message``."""
    if check_scheme(scheme) == SCHEME_WORDS:
        return HmacFaceSource(key, message, keyed=keyed)
    return HmacByteFaceSource(key, message, keyed=keyed)

"""Shared helpers for the dice tests (a plain module, not conftest.py, so the tests run without Django).

``reference_faces`` recomputes the HMAC stream from its written description
with nothing but hmac and hashlib, so known-answer vectors are checked against
the specification rather than against the engine itself.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from referee.engine.dice import MAX_DICE

#: Property tests: no example database (nothing written into the working tree), no deadline.
PROPERTY = settings(database=None, deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])

D66_VALUES = frozenset(10 * tens + units for tens in range(1, 7) for units in range(1, 7))


def reference_words(key: bytes, message: bytes):
    """The HMAC stream as 32-bit words, straight from the documented layout."""
    block = 0
    while True:
        digest = hmac.new(key, message + block.to_bytes(8, "big"), hashlib.sha256).digest()
        for j in range(0, 32, 4):
            yield int.from_bytes(digest[j : j + 4], "big")
        block += 1


def reference_faces(key: bytes, message: bytes, sides_list: list[int], scheme: int = 1) -> list[int]:
    """Faces for dice of the given sizes, in order, by rejection sampling on the stream (scheme 1: words;
    scheme 2: :func:`reference_faces_v2`)."""
    if scheme == 2:
        return reference_faces_v2(key, message, sides_list)
    words = reference_words(key, message)
    out = []
    for sides in sides_list:
        for x in words:
            if x < (2**32 // sides) * sides:
                out.append(x % sides + 1)
                break
    return out


def reference_faces_v2(key: bytes, message: bytes, sides_list: list[int]) -> list[int]:
    """Scheme 2, as docs/verifying-rolls.md words it: the blocks are one byte string; a die of s sides reads
    w = 1 (s <= 256), 2 (s <= 65536) or 4 bytes big-endian, rejects x >= floor(256**w / s) * s, else s mod."""
    data = b""
    block = 0
    pos = 0
    out = []
    for sides in sides_list:
        width = 1 if sides <= 256 else 2 if sides <= 65536 else 4
        while True:
            while len(data) < pos + width:
                data += hmac.new(key, message + block.to_bytes(8, "big"), hashlib.sha256).digest()
                block += 1
            x = int.from_bytes(data[pos : pos + width], "big")
            pos += width
            if x < (256**width // sides) * sides:
                out.append(x % sides + 1)
                break
    return out


class NoDrawSource:
    """A face source that fails the test if anything draws from it."""

    def face(self, sides: int) -> int:
        raise AssertionError(f"a d{sides} was drawn although the notation should have been refused")


class MaxSource:
    """Every die shows its maximum: exploding dice explode as long as they are allowed to."""

    def __init__(self) -> None:
        self.draws = 0

    def face(self, sides: int) -> int:
        self.draws += 1
        return sides


@dataclass(frozen=True)
class TermSpec:
    """One generated term, with the facts the tests need to check a roll independently."""

    text: str
    sign: int
    kind: str  # "plain", "d3", "d66", "trait", "const"
    count: int = 0
    sides: int = 0
    explode: bool = False
    keep: int = 0
    keep_high: bool = True
    wild: int = 6
    value: int = 0

    @property
    def dice(self) -> int:
        return 2 if self.kind == "trait" else self.count

    def bounds(self) -> tuple[int | None, int | None]:
        if self.kind == "const":
            lo, hi = self.value, self.value
        elif self.kind == "trait":
            lo, hi = 1, None
        else:
            n = self.keep or self.count
            low, high = {"d3": (1, 3), "d66": (11, 66)}.get(self.kind, (1, self.sides))
            lo, hi = n * low, (None if self.explode else n * high)
        if self.sign > 0:
            return lo, hi
        return (None if hi is None else -hi), (None if lo is None else -lo)


@dataclass(frozen=True)
class NotationSpec:
    terms: tuple[TermSpec, ...]

    @property
    def text(self) -> str:
        out = ""
        for i, term in enumerate(self.terms):
            out += ("-" if term.sign < 0 else ("+" if i else "")) + term.text
        return out

    def bounds(self) -> tuple[int | None, int | None]:
        lo: int | None = 0
        hi: int | None = 0
        for term in self.terms:
            t_lo, t_hi = term.bounds()
            lo = None if lo is None or t_lo is None else lo + t_lo
            hi = None if hi is None or t_hi is None else hi + t_hi
        return lo, hi


_d = st.sampled_from(["d", "D"])
_plain_sides = st.one_of(st.sampled_from([2, 4, 6, 8, 10, 12, 20, 100]), st.integers(1, 1000)).filter(
    lambda s: s not in (3, 66)
)


@st.composite
def dice_terms(draw: st.DrawFn, sign: int = 1) -> TermSpec:
    kind = draw(st.sampled_from(["plain", "plain", "d3", "d66"]))
    count = draw(st.integers(1, 6))
    sides = {"d3": 3, "d66": 66}.get(kind) or draw(_plain_sides)
    explode = kind == "plain" and sides >= 2 and draw(st.booleans())
    keep = draw(st.one_of(st.just(0), st.integers(1, count)))
    keep_word = draw(st.sampled_from(["kh", "kl", "k", "KH"])) if keep else ""
    text = (str(count) if count > 1 or draw(st.booleans()) else "") + draw(_d) + str(sides)
    text += ("!" if explode else "") + (f"{keep_word}{keep}" if keep else "")
    return TermSpec(
        text=text,
        sign=sign,
        kind=kind,
        count=count,
        sides=sides,
        explode=explode,
        keep=keep,
        keep_high=keep_word.lower() != "kl",
    )


@st.composite
def trait_terms(draw: st.DrawFn, sign: int = 1) -> TermSpec:
    trait = draw(st.sampled_from([4, 6, 8, 10, 12, 2, 20]))
    wild = draw(st.one_of(st.none(), st.sampled_from([4, 6, 8, 10, 12])))
    text = f"trait({draw(_d)}{trait}" + ("" if wild is None else f", {draw(_d)}{wild}") + ")"
    return TermSpec(text=text, sign=sign, kind="trait", sides=trait, wild=6 if wild is None else wild)


@st.composite
def const_terms(draw: st.DrawFn, sign: int = 1) -> TermSpec:
    value = draw(st.integers(0, 50))
    return TermSpec(text=str(value), sign=sign, kind="const", value=value)


@st.composite
def notations(draw: st.DrawFn, max_terms: int = 5) -> NotationSpec:
    """Readable notations mixing every kind of term, within the dice limit."""
    terms = []
    for i in range(draw(st.integers(1, max_terms))):
        sign = draw(st.sampled_from([1, 1, -1]))
        kind = draw(st.sampled_from([dice_terms, dice_terms, trait_terms, const_terms]))
        terms.append(draw(kind(sign=sign if i or draw(st.booleans()) else 1)))
    spec = NotationSpec(tuple(terms))
    if sum(t.dice for t in terms) > MAX_DICE:  # pragma: no cover - counts are small
        return draw(notations(max_terms=1))
    return spec


def keys() -> st.SearchStrategy[bytes]:
    return st.binary(min_size=1, max_size=40)

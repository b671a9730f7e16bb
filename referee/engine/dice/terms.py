"""Parsed dice notation: terms that know how to roll themselves.

A notation is a sum of signed terms (:class:`DiceTerm`, :class:`TraitTerm`,
:class:`ConstTerm`), built and checked by :mod:`referee.engine.dice.notation`.
Rolling a term appends to three lists shared by the whole roll:

- ``faces``: every raw face drawn, in draw order (a D66 adds its tens then its
  units face, a D3 the d6 face it was read from, an exploding die every face of
  its chain).
- ``kept``: one value per die that counts toward the total, signed as the term
  is (``3d6-d3`` keeps ``(a, b, c, -m)``): a plain die's face, an exploding die's
  chain sum, a D3's mapped value, a D66's two-digit value, a trait roll's better
  die. So ``total == sum(kept) + the constants``.
- ``detail``: ``(label, values)`` pairs: each dice term's text and its faces; a
  trait roll adds ``("trait D8", ...)``, ``("wild D6", ...)`` and
  ``("counted trait", (value,))`` or ``("counted wild", (value,))``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.engine.dice.errors import MAX_EXPLOSIONS
from referee.engine.dice.sources import FaceSource

Detail = list[tuple[str, tuple[int, ...]]]

#: ``sides`` values that are not plain dice.
D3 = 3
D66 = 66


def _signed(sign: int, text: str, first: bool) -> str:
    if sign < 0:
        return "-" + text
    return text if first else "+" + text


def _explode(source: FaceSource, sides: int, first: int, faces: list[int]) -> int:
    """Roll again while the die shows its maximum, at most MAX_EXPLOSIONS times; return the chain sum."""
    total = first
    face = first
    extra = 0
    while face == sides and extra < MAX_EXPLOSIONS:
        face = source.face(sides)
        faces.append(face)
        total += face
        extra += 1
    return total


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``NdS`` with an optional ``!`` (explode) and ``khK`` / ``klK`` (keep highest / lowest)."""

    sign: int
    count: int
    sides: int
    explode: bool = False
    keep: int = 0  # 0: keep every die
    keep_high: bool = True

    def text(self) -> str:
        out = ("" if self.count == 1 else str(self.count)) + f"D{self.sides}"
        if self.explode:
            out += "!"
        if self.keep:
            out += ("kh" if self.keep_high else "kl") + str(self.keep)
        return out

    @property
    def dice(self) -> int:
        return self.count

    def die_range(self) -> tuple[int, int | None]:
        """The value range of one die of this term."""
        if self.sides == D66:
            return 11, 66
        if self.sides == D3:
            return 1, 3
        return 1, None if self.explode else self.sides

    def bounds(self) -> tuple[int | None, int | None]:
        low, high = self.die_range()
        n = self.keep or self.count
        lo, hi = n * low, None if high is None else n * high
        return (lo, hi) if self.sign > 0 else (None if hi is None else -hi, -lo)

    def roll(self, source: FaceSource, faces: list[int], kept: list[int], detail: Detail, text: str) -> int:
        sides = self.sides
        term_faces: list[int] = []
        values: list[int]
        if sides == D66:
            values = []
            for _ in range(self.count):
                tens = source.face(6)
                units = source.face(6)
                term_faces += (tens, units)
                values.append(10 * tens + units)
        elif sides == D3:
            term_faces = [source.face(6) for _ in range(self.count)]
            values = [(f + 1) // 2 for f in term_faces]
        elif self.explode:
            values = []
            for _ in range(self.count):
                first = source.face(sides)
                term_faces.append(first)
                values.append(_explode(source, sides, first, term_faces))
        else:
            term_faces = [source.face(sides) for _ in range(self.count)]
            values = term_faces
        if self.keep:
            order = sorted(range(len(values)), key=values.__getitem__, reverse=self.keep_high)
            chosen = sorted(order[: self.keep])  # back to draw order
            values = [values[i] for i in chosen]
        faces += term_faces
        detail.append((text, tuple(term_faces)))
        if self.sign > 0:
            kept += values
            return sum(values)
        kept += [-v for v in values]
        return -sum(values)


@dataclass(frozen=True, slots=True)
class TraitTerm:
    """The Savage Worlds trait roll: a trait die and a wild die, both exploding; the higher counts.

    On a tie the trait die is named as the one that counted (the value is the same).
    """

    sign: int
    trait_sides: int
    wild_sides: int = 6

    def text(self) -> str:
        wild = "" if self.wild_sides == 6 else f",D{self.wild_sides}"
        return f"trait(D{self.trait_sides}{wild})"

    @property
    def dice(self) -> int:
        return 2

    def bounds(self) -> tuple[int | None, int | None]:
        return (1, None) if self.sign > 0 else (None, -1)

    def roll(self, source: FaceSource, faces: list[int], kept: list[int], detail: Detail, text: str) -> int:
        trait_faces = [source.face(self.trait_sides)]
        trait = _explode(source, self.trait_sides, trait_faces[0], trait_faces)
        wild_faces = [source.face(self.wild_sides)]
        wild = _explode(source, self.wild_sides, wild_faces[0], wild_faces)
        counted, value = ("trait", trait) if trait >= wild else ("wild", wild)
        faces += trait_faces
        faces += wild_faces
        detail.append((f"trait D{self.trait_sides}", tuple(trait_faces)))
        detail.append((f"wild D{self.wild_sides}", tuple(wild_faces)))
        detail.append((f"counted {counted}", (value,)))
        value *= self.sign
        kept.append(value)
        return value


@dataclass(frozen=True, slots=True)
class ConstTerm:
    """A whole number added or subtracted."""

    sign: int
    value: int

    def text(self) -> str:
        return str(self.value)

    @property
    def dice(self) -> int:
        return 0

    def bounds(self) -> tuple[int | None, int | None]:
        return self.sign * self.value, self.sign * self.value

    def roll(self, source: FaceSource, faces: list[int], kept: list[int], detail: Detail, text: str) -> int:
        return self.sign * self.value


@dataclass(frozen=True, slots=True)
class ShuffleTerm:
    """``shuffle(N)``: a Fisher-Yates shuffle of ``1..N`` (a deck's positions), drawn from the stream.

    Start from ``[1, 2, ..., N]``; for ``i`` from ``N`` down to 2 draw one face ``j`` of a
    d``i`` and swap positions ``i`` and ``j`` (1-based). The faces are those draws (``N - 1``
    of them, in order); ``kept`` is the permutation (``kept[k]`` is the deck-list position of
    the card now at place ``k + 1``, the top first); the total is ``sum(kept)``, so the usual
    invariant ``total == sum(kept)`` holds and the verifier recomputes it like any roll.
    """

    sign: int
    size: int

    def text(self) -> str:
        return f"shuffle({self.size})"

    @property
    def dice(self) -> int:
        return 0  # limited by MAX_SHUFFLE, not MAX_DICE: a deck is not a handful of dice

    def bounds(self) -> tuple[int | None, int | None]:
        total = self.size * (self.size + 1) // 2
        return total, total

    def roll(self, source: FaceSource, faces: list[int], kept: list[int], detail: Detail, text: str) -> int:
        order = list(range(1, self.size + 1))
        draws: list[int] = []
        for i in range(self.size, 1, -1):
            j = source.face(i)
            draws.append(j)
            order[i - 1], order[j - 1] = order[j - 1], order[i - 1]
        faces += draws
        kept += order
        detail.append((text, tuple(draws)))
        return sum(order)


def shuffled(items: list[Any], permutation: tuple[int, ...] | list[int]) -> list[Any]:
    """``items`` (in deck-list order) put in the order a ``shuffle(N)`` roll's ``kept`` gives."""
    if sorted(permutation) != list(range(1, len(items) + 1)):
        raise ValueError(f"not a permutation of 1..{len(items)}: {list(permutation)}")
    return [items[p - 1] for p in permutation]


Term = DiceTerm | TraitTerm | ConstTerm | ShuffleTerm


@dataclass(frozen=True, slots=True)
class Expression:
    """A whole parsed notation: its terms, canonical text and the label written after ``#``."""

    terms: tuple[Term, ...]
    canonical: str
    label: str
    term_texts: tuple[str, ...]
    #: The sides of the one plain die this notation rolls (``d6``, ``d20``), else 0: the fast path.
    single_die: int = 0

    @classmethod
    def build(cls, terms: tuple[Term, ...], label: str) -> Expression:
        canonical = "".join(_signed(t.sign, t.text(), i == 0) for i, t in enumerate(terms))
        # Detail labels carry the sign only when it matters ("-D3"), not a bare "+".
        signed = tuple(_signed(t.sign, t.text(), True) for t in terms)
        only = terms[0] if len(terms) == 1 else None
        single = (
            only.sides
            if isinstance(only, DiceTerm)
            and only.sign > 0
            and only.count == 1
            and not (only.explode or only.keep or only.sides in (D3, D66))
            else 0
        )
        return cls(
            terms=terms,
            canonical=canonical,
            label=label,
            term_texts=signed,
            single_die=single,
        )

    @property
    def dice(self) -> int:
        return sum(t.dice for t in self.terms)

    def bounds(self) -> tuple[int | None, int | None]:
        """Smallest and largest possible total; ``None`` where unbounded (exploding dice)."""
        lo: int | None = 0
        hi: int | None = 0
        for term in self.terms:
            t_lo, t_hi = term.bounds()
            lo = None if lo is None or t_lo is None else lo + t_lo
            hi = None if hi is None or t_hi is None else hi + t_hi
        return lo, hi

    def evaluate(self, source: FaceSource) -> tuple[tuple[int, ...], tuple[int, ...], int, Detail]:
        """Roll every term in order from ``source``: faces, kept values, total and detail."""
        faces: list[int] = []
        kept: list[int] = []
        detail: Detail = []
        total = 0
        for term, text in zip(self.terms, self.term_texts, strict=True):
            total += term.roll(source, faces, kept, detail, text)
        return tuple(faces), tuple(kept), total, detail

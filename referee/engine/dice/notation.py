"""Dice notation: a lark grammar, the limits, and the canonical form.

What can be written (``d`` in any case, spaces allowed between terms)::

    d6  2d6  2D6+1  3d6-d3+2     NdS: N dice of S sides (N defaults to 1), summed
    d66                          two d6, tens then units: 11..66 (MH-GEN-03)
    d3                           one d6 read as 1-2 -> 1, 3-4 -> 2, 5-6 -> 3 (MH-GEN-02)
    4d6kh3  4d6k3  4d6kl1        keep the highest (k is kh) or lowest K dice
    d6!  3d6!  4d6!kh3           exploding: a die showing its maximum is rolled again and added
    trait(d8)  trait(d8, d10)+2  Savage Worlds trait die + wild die (d6 unless given), both
                                 exploding, the higher counts (AD-DICE-01, AD-DICE-02)
    shuffle(60)                  a Fisher-Yates shuffle of 60 cards, alone in its notation
                                 (see :class:`~referee.engine.dice.terms.ShuffleTerm`)
    2d6+1 # to hit               everything after '#' is the roll's label

Terms are joined by ``+`` and ``-``; a whole number is a constant. ``d3`` and
``d66`` always mean the Mordheim dice above, never a 3- or 66-sided die, and
cannot explode. An exploding die is rolled again at most ``MAX_EXPLOSIONS``
(20) times, then its chain stops: AD-DICE-02 says aces have no limit, but a
roll must always end, and a d4 reaches the cap about once in 10**12 dice.

The limits in :mod:`referee.engine.dice.errors` are checked here, once per
distinct notation (parses are cached), before any die is drawn.
:func:`normalize` gives the canonical text stored as ``Roll.notation``:
upper-case ``D``, no count of 1, no spaces, ``kh``/``kl`` spelt out, the wild
die only when it is not a d6, no label (``"2d6 + 1 # hit"`` -> ``"2D6+1"``,
``"d66"`` -> ``"D66"``, ``"4d6k3"`` -> ``"4D6kh3"``).
"""

from __future__ import annotations

import functools
import re

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from referee.engine.dice import errors as e
from referee.engine.dice.errors import DiceError
from referee.engine.dice.terms import D3, D66, ConstTerm, DiceTerm, Expression, ShuffleTerm, Term, TraitTerm

GRAMMAR = r"""
start: expr LABEL?
expr: SIGN? term (SIGN term)*
?term: dice | trait | shuffle | constant
dice: DICE EXPLODE? KEEP?
trait: TRAIT "(" DIE ("," DIE)? ")"
shuffle: SHUFFLE "(" INT ")"
constant: INT

DICE.2: /[0-9]*d[0-9]+/i
DIE.2: /d[0-9]+/i
KEEP: /k[hl]?[0-9]+/i
EXPLODE: "!"
TRAIT: "trait"i
SHUFFLE: "shuffle"i
SIGN: "+" | "-"
INT: /[0-9]+/
LABEL: /#[^\r\n]*/
%ignore /\s+/
"""

_PARSER = Lark(GRAMMAR, parser="lalr", start="start")
_DICE = re.compile(r"([0-9]*)d([0-9]+)", re.IGNORECASE)
_KEEP = re.compile(r"k([hl]?)([0-9]+)", re.IGNORECASE)


def parse(notation: str) -> Expression:
    """Read ``notation`` into an :class:`Expression`, or raise :class:`DiceError`.

    Cached: rolling the same notation again costs a dictionary look-up.
    """
    if not isinstance(notation, str):
        raise TypeError(f"dice notation must be a string, not {type(notation).__name__}")
    return _parse_cached(notation)


@functools.lru_cache(maxsize=4096)
def _parse_cached(notation: str) -> Expression:
    if len(notation) > e.MAX_NOTATION_LENGTH:
        raise DiceError("too_long", e.TOO_LONG, limit=e.MAX_NOTATION_LENGTH, length=len(notation))
    if not notation.strip() or notation.lstrip().startswith("#"):
        raise DiceError("empty", e.EMPTY)
    try:
        tree = _PARSER.parse(notation)
    except UnexpectedInput as exc:
        column = getattr(exc, "column", None)
        if not isinstance(column, int) or column < 1:
            column = len(notation) + 1
        raise DiceError("unreadable", e.UNREADABLE, notation=notation, column=column) from None
    expr, *rest = tree.children
    label = str(rest[0])[1:].strip() if rest else ""
    assert isinstance(expr, Tree)
    terms = _terms(expr)
    if any(isinstance(t, ShuffleTerm) for t in terms) and (len(terms) > 1 or terms[0].sign < 0):
        raise DiceError("shuffle_alone", e.SHUFFLE_ALONE, notation=notation)
    return Expression.build(terms, label)


def _terms(expr: Tree[Token]) -> tuple[Term, ...]:
    terms: list[Term] = []
    sign = 1
    dice = 0
    for child in expr.children:
        if isinstance(child, Token):  # a SIGN before the next term
            sign = -1 if child == "-" else 1
            continue
        if len(terms) == e.MAX_TERMS:
            count = sum(1 for c in expr.children if isinstance(c, Tree))
            raise DiceError("too_many_terms", e.TOO_MANY_TERMS, limit=e.MAX_TERMS, asked=count)
        term = _term(child, sign)
        dice += term.dice
        terms.append(term)
        sign = 1
    if dice > e.MAX_DICE:
        raise DiceError("too_many_dice", e.TOO_MANY_DICE, limit=e.MAX_DICE, asked=dice)
    return tuple(terms)


def _term(tree: Tree[Token], sign: int) -> Term:
    tokens = [c for c in tree.children if isinstance(c, Token)]
    if tree.data == "constant":
        value = int(tokens[0])
        if value > e.MAX_CONSTANT:
            raise DiceError("constant_too_big", e.CONSTANT_TOO_BIG, limit=e.MAX_CONSTANT, asked=value)
        return ConstTerm(sign=sign, value=value)
    if tree.data == "trait":
        return _trait(tokens, sign)
    if tree.data == "shuffle":
        size = int(tokens[1])
        if not 1 <= size <= e.MAX_SHUFFLE:
            raise DiceError("shuffle_size", e.SHUFFLE_SIZE, limit=e.MAX_SHUFFLE, asked=size)
        return ShuffleTerm(sign=sign, size=size)
    return _dice(tokens, sign)


def _dice(tokens: list[Token], sign: int) -> DiceTerm:
    written = "".join(tokens)
    match = _DICE.fullmatch(tokens[0])
    assert match is not None
    count = int(match.group(1)) if match.group(1) else 1
    if count > e.MAX_DICE:
        raise DiceError("too_many_dice", e.TOO_MANY_DICE, limit=e.MAX_DICE, asked=count)
    if count < 1:
        raise DiceError("no_dice", e.NO_DICE, term=written, asked=count)
    sides = _sides(match.group(2), written)
    explode = any(t.type == "EXPLODE" for t in tokens)
    if explode:
        _check_explodes(sides, written)
    keep, keep_high = 0, True
    for token in tokens:
        if token.type == "KEEP":
            kept = _KEEP.fullmatch(token)
            assert kept is not None
            keep, keep_high = int(kept.group(2)), kept.group(1).lower() != "l"
            if not 1 <= keep <= count:
                raise DiceError("keep_range", e.KEEP_RANGE, term=written, count=count, keep=keep)
    return DiceTerm(sign=sign, count=count, sides=sides, explode=explode, keep=keep, keep_high=keep_high)


def _trait(tokens: list[Token], sign: int) -> TraitTerm:
    dice = [t for t in tokens if t.type == "DIE"]
    written = "trait(" + ", ".join(dice) + ")"
    sides = [_sides(str(d)[1:], written) for d in dice]
    for s in sides:
        if s in (D3, D66):
            raise DiceError("trait_special", e.TRAIT_SPECIAL, term=written)
        _check_explodes(s, written)
    return TraitTerm(sign=sign, trait_sides=sides[0], wild_sides=sides[1] if len(sides) > 1 else 6)


def _sides(digits: str, written: str) -> int:
    sides = int(digits)
    if sides > e.MAX_SIDES:
        raise DiceError("too_many_sides", e.TOO_MANY_SIDES, limit=e.MAX_SIDES, asked=sides)
    if sides < 1:
        raise DiceError("no_sides", e.NO_SIDES, term=written, asked=sides)
    return sides


def _check_explodes(sides: int, written: str) -> None:
    if sides in (D3, D66):
        raise DiceError("explode_special", e.EXPLODE_SPECIAL, term=written)
    if sides < 2:
        raise DiceError("explode_sides", e.EXPLODE_SIDES, term=written, sides=sides)


def normalize(notation: str) -> str:
    """The canonical form of ``notation`` (see the module docstring); raises :class:`DiceError`."""
    return parse(notation).canonical


def bounds(notation: str) -> tuple[int | None, int | None]:
    """The smallest and largest total ``notation`` can roll; ``None`` where there is no bound.

    Exploding dice (and trait rolls) have no largest total when added, and no
    smallest when subtracted. The explosion cap is a safety stop, not part of
    the odds, so it is not counted as a bound.
    """
    return parse(notation).bounds()

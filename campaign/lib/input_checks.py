"""Checks on what a client sent, before any of it reaches the database. Pure Python.

PostgreSQL refuses NUL (U+0000) in text and in jsonb, and UTF-8 cannot carry a lone surrogate
(U+D800 to U+DFFF, which JSON's ``\\ud800`` escapes produce): either one, stored, is a 500 instead
of a 400. A document nested deeper than any of our payloads is refused too: walking it, validating
it or rendering it back is recursive somewhere.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Any

MAX_JSON_DEPTH = 32

_REFUSED = re.compile("[\x00\ud800-\udfff]")
_KEY_SHOWN = 40


class TooDeep(Exception):
    def __init__(self, where: str, limit: int) -> None:
        super().__init__(f"nested deeper than {limit} at {where}")
        self.where = where
        self.limit = limit


class RefusedCharacter(Exception):
    def __init__(self, where: str, char: str) -> None:
        super().__init__(f"{describe(char)} at {where}")
        self.where = where
        self.char = char


class NonFiniteNumber(ValueError):
    """A JSON number too large for a float (``1e400``): stored or rendered, it is not JSON."""


def refused_character(text: str) -> str | None:
    """The first character of ``text`` the database cannot store, or None."""
    found = _REFUSED.search(text)
    return None if found is None else found.group()


def describe(char: str) -> str:
    if char == "\x00":
        return "NUL (U+0000)"
    return f"a lone surrogate (U+{ord(char):04X})"


def finite_float(text: str) -> float:
    """``json.loads``' ``parse_float``: a float, or NonFiniteNumber for one that overflows."""
    number = float(text)
    if not math.isfinite(number):
        raise NonFiniteNumber(text)
    return number


def where(path: Iterable[str | int]) -> str:
    """A readable location: ``payload.targets[2]``; the top level is ``(top level)``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            shown = part if len(part) <= _KEY_SHOWN else part[:_KEY_SHOWN] + "…"
            out += f".{shown}" if out else shown
    return out or "(top level)"


def check_document(document: Any, *, max_depth: int = MAX_JSON_DEPTH) -> None:
    """Raise TooDeep or RefusedCharacter for a parsed JSON document that has either, else return.

    Iterative, so a document deep enough to have parsed is still walked without recursion.
    """
    stack: list[tuple[Any, int, tuple[str | int, ...]]] = [(document, 1, ())]
    while stack:
        value, depth, path = stack.pop()
        if isinstance(value, str):
            _check_text(value, path)
            continue
        if not isinstance(value, dict | list):
            continue
        if depth > max_depth:
            raise TooDeep(where(path), max_depth)
        if isinstance(value, dict):
            for key, item in value.items():
                _check_text(key, path)  # a key is reported where its object is
                if isinstance(item, str):
                    _check_text(item, (*path, key))
                elif isinstance(item, dict | list):
                    stack.append((item, depth + 1, (*path, key)))
        else:
            for index, item in enumerate(value):
                if isinstance(item, str):
                    _check_text(item, (*path, index))
                elif isinstance(item, dict | list):
                    stack.append((item, depth + 1, (*path, index)))


def check_texts(pairs: Iterable[tuple[str, Iterable[str]]]) -> None:
    """Raise RefusedCharacter for the first key or value with a character the database refuses.

    ``pairs`` is ``QueryDict.lists()``: a form's or a query string's names with their values.
    """
    for key, values in pairs:
        _check_text(key, ())
        for value in values:
            if isinstance(value, str):
                _check_text(value, (key,))


def _check_text(text: str, path: tuple[str | int, ...]) -> None:
    char = refused_character(text)
    if char is not None:
        raise RefusedCharacter(where(path), char)

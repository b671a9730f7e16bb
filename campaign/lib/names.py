"""The one check on a name a person types (a campaign, a warband, a warrior, a character): printable text only.

A line break in a name ends up in an e-mail header (the invitation's subject names the campaign) or splits a
line of the timeline; a right-to-left override (U+202E) makes ``fdp.exe`` read as ``exe.pdf``; NUL cannot be
stored in PostgreSQL. So every control character (Unicode category Cc: CR, LF, tab, NUL...) and every bidi
control (embeddings, overrides, isolates, the marks) is refused with a message naming it. Pure Python.
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.lib.errors import RuleViolation

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_NAMED = {
    "\n": gettext_lazy("a line break (U+%(code)04X)"),
    "\r": gettext_lazy("a carriage return (U+%(code)04X)"),
    "\t": gettext_lazy("a tab (U+%(code)04X)"),
    "\x00": gettext_lazy("a NUL character (U+%(code)04X)"),
    "\u202e": gettext_lazy("a right-to-left override (U+%(code)04X)"),
    "\u202d": gettext_lazy("a left-to-right override (U+%(code)04X)"),
}


def name_problem_character(text: str) -> str | None:
    """The first character of ``text`` a name may not hold, or None."""
    for char in text:
        if char in BIDI_CONTROLS or unicodedata.category(char) in ("Cc", "Cs"):
            return char
    return None


def _described(char: str) -> str:
    if char in _NAMED:
        template = str(_NAMED[char])
    elif char in BIDI_CONTROLS:
        template = _("a direction control (U+%(code)04X)")
    else:
        template = _("a control character (U+%(code)04X)")
    return template % {"code": ord(char)}


def checked_name(text: str, *, field: str = "name") -> str:
    """``text`` stripped, or RuleViolation ``invalid_name`` naming the character it may not hold."""
    char = name_problem_character(text)
    if char is not None:
        detail = _("A name cannot contain %(character)s: type it on one line, without control characters.") % {
            "character": _described(char)
        }
        raise RuleViolation(detail, code="invalid_name", fields={field: [detail]})
    return text.strip()

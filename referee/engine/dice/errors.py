"""Dice limits and the errors the dice engine raises.

Every limit is checked while the notation is read, before a single die is
drawn, so an absurd request (``1000000d1000000``) costs nothing but the
message. Messages are kept as constants (``str.format`` templates) and each
:class:`DiceError` carries its ``code`` and ``params``, so the Django side can
translate the message instead of showing the English text.
"""

from __future__ import annotations

from typing import Any

#: Longest notation accepted, label included.
MAX_NOTATION_LENGTH = 200
#: Most terms (dice groups, trait rolls and constants) in one notation.
MAX_TERMS = 20
#: Most dice in one roll, summed over all terms (a D66 counts as one die, a trait roll as two).
MAX_DICE = 100
#: Most sides on one die.
MAX_SIDES = 1000
#: Most times one exploding die is rolled again. The die's first face plus at most this many
#: extra faces are drawn; if the last extra face shows the maximum again it is added but the
#: chain stops there. (With a d4 that happens once in about 10**12 dice.)
MAX_EXPLOSIONS = 20
#: Most cards one ``shuffle(N)`` shuffles.
MAX_SHUFFLE = 1000
#: Largest constant a notation may add or subtract.
MAX_CONSTANT = 10_000

EXAMPLES = (
    "write dice like 2d6+1, d66, d3, 4d6kh3, 3d6!, trait(d8)+2 or shuffle(60), optionally followed by '# label'"
)

EMPTY = "no dice notation given: " + EXAMPLES
TOO_LONG = "dice notation can be at most {limit} characters long (this one has {length})"
UNREADABLE = "cannot read {notation!r} as dice notation (problem at character {column}): " + EXAMPLES
TOO_MANY_TERMS = "at most {limit} terms in one roll (asked for {asked})"
TOO_MANY_DICE = "at most {limit} dice in one roll (asked for {asked})"
NO_DICE = "a dice term rolls at least 1 die ({term} asks for {asked})"
TOO_MANY_SIDES = "a die can have at most {limit} sides (asked for {asked})"
NO_SIDES = "a die needs at least 1 side (asked for {asked} in {term})"
EXPLODE_SIDES = "an exploding die needs at least 2 sides ({term} has {sides})"
EXPLODE_SPECIAL = "only plain dice can explode, not D3 or D66 ({term})"
TRAIT_SPECIAL = "trait(...) takes plain dice such as trait(d8) or trait(d8, d10), not D3 or D66 ({term})"
KEEP_RANGE = "{term} rolls {count} dice, so it can keep between 1 and {count} of them (asked for {keep})"
SHUFFLE_SIZE = "shuffle(N) shuffles between 1 and {limit} cards (asked for {asked})"
SHUFFLE_ALONE = "shuffle(N) is a roll of its own: it cannot be added to dice or constants ({notation!r})"
CONSTANT_TOO_BIG = "a constant can be at most {limit} (asked for {asked})"


class DiceError(ValueError):
    """Notation that cannot be rolled, with a message a person can act on.

    ``code`` names the message template (``"too_many_dice"``) and ``params`` fills it,
    for callers that translate.
    """

    def __init__(self, code: str, template: str, **params: Any) -> None:
        super().__init__(template.format(**params))
        self.code = code
        self.template = template
        self.params = params


class ScriptError(RuntimeError):
    """A scripted face list that does not fit the dice asked for (a bug in a test)."""


class ReplayMismatch(RuntimeError):
    """A replayed run asked for a different roll than the one stored at that position.

    Replaying must never roll again: if the code asks for something else than it
    asked the first time, the stored rolls no longer describe this run.
    """

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"replay of roll #{index}: {message}")
        self.index = index

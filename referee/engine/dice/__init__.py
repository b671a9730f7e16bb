"""The dice engine: notation, face sources and rollers. Pure Python, no Django.

Rules code asks a :class:`~referee.engine.rolls.Roller` for rolls; this package
provides the rollers (seeded, replaying), the notation they read and
the face sources they draw from. See :mod:`.notation` for what can be written,
:mod:`.hmac_streams` for the exact HMAC streams (by dice scheme), :mod:`referee.engine.fairness` for
how campaign seeds are committed and verified.
"""

from referee.engine.dice.errors import (
    MAX_CONSTANT,
    MAX_DICE,
    MAX_EXPLOSIONS,
    MAX_NOTATION_LENGTH,
    MAX_SHUFFLE,
    MAX_SIDES,
    MAX_TERMS,
    DiceError,
    ReplayMismatch,
    ScriptError,
)
from referee.engine.dice.hmac_streams import LATEST_SCHEME, SCHEMES, HmacByteFaceSource, HmacFaceSource, hmac_source
from referee.engine.dice.notation import bounds, normalize, parse
from referee.engine.dice.rollers import ReplayRoller, SeededRoller, roll, seeded_message
from referee.engine.dice.sources import FaceSource, RandomFaceSource, SequenceFaceSource
from referee.engine.dice.terms import shuffled

__all__ = [
    "LATEST_SCHEME",
    "MAX_CONSTANT",
    "MAX_DICE",
    "MAX_EXPLOSIONS",
    "MAX_NOTATION_LENGTH",
    "MAX_SHUFFLE",
    "MAX_SIDES",
    "MAX_TERMS",
    "SCHEMES",
    "DiceError",
    "FaceSource",
    "HmacByteFaceSource",
    "HmacFaceSource",
    "RandomFaceSource",
    "ReplayMismatch",
    "ReplayRoller",
    "ScriptError",
    "SeededRoller",
    "SequenceFaceSource",
    "bounds",
    "hmac_source",
    "normalize",
    "parse",
    "roll",
    "seeded_message",
    "shuffled",
]

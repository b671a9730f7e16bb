"""The roll ledger's pure parts: the hash chain of its entries, and which die made each face.

Entry hash (hex SHA-256)::

    SHA-256( prev_hash (hex, ASCII)
             + b"\\n"
             + canonical JSON of the entry's fields (sorted keys, no spaces, UTF-8) )

Changing any stored field of an entry, or removing or reordering entries,
breaks the chain from that entry on, so ``verify_rolls`` can name the first bad one.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from referee.engine.dice import SequenceFaceSource
from referee.engine.dice import roll as roll_dice

GENESIS = "0" * 64


def canonical(fields: Mapping[str, Any]) -> bytes:
    return json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def entry_hash(prev_hash: str, fields: Mapping[str, Any]) -> str:
    """The hash of one ledger entry chained onto ``prev_hash``."""
    return hashlib.sha256(prev_hash.encode("ascii") + b"\n" + canonical(fields)).hexdigest()


class _RecordingSource:
    """Replays given faces and notes how many sides each die had."""

    def __init__(self, faces: Sequence[int]) -> None:
        self._inner = SequenceFaceSource(faces)
        self.sides: list[int] = []

    def face(self, sides: int) -> int:
        self.sides.append(sides)
        return self._inner.face(sides)


def face_sides(notation: str, faces: Sequence[int]) -> tuple[int, ...]:
    """For each stored face of a roll, the number of sides of the die that showed it.

    Re-evaluates the notation over the stored faces (no randomness): a ``3d6+d8``
    gives (6, 6, 6, 8); a D3 gives (6,) because it is read from a d6.
    """
    source = _RecordingSource(faces)
    roll_dice(notation, source)
    return tuple(source.sides)

"""Provably fair campaign rolls: commit to a seed, reveal it later, let anyone recompute.

The scheme, in plain words:

1. When a campaign week opens the server draws a fresh secret seed
   (:func:`new_seed`, 32 random bytes) and publishes only its hash
   (:func:`commitment`, SHA-256 in hex). The server cannot change the seed
   afterwards without the hash giving it away.
2. Players may each contribute a string of their own (anything they like). The
   contributions are frozen when the week opens, so the server cannot pick
   contributions to steer the dice either; and because the seed is already
   committed, the players cannot steer them by choosing strings.
3. Each stream of rolls (a week's resolution, one battle's aftermath, ...) gets
   a salt from its name and the frozen contributions (:func:`salt_for`).
4. Roll number ``seq`` of a stream draws its faces from the HMAC-SHA256 stream
   keyed by the seed over ``salt + b"|" + str(seq).encode()``, read as the
   stream's dice scheme says (:mod:`referee.engine.dice.hmac_streams` gives the
   exact byte layout of each; :class:`referee.engine.dice.SeededRoller`).
5. When the week closes the seed is revealed. Anyone can check that its
   SHA-256 matches the published commitment and recompute every roll from the
   seed, the salt, the sequence number and the notation (:func:`verify_roll`).

Salt layout (:func:`salt_for`), all lengths 4-byte big-endian, all text UTF-8::

    SHA-256( b"muster-salt-v1"
             + len(stream) + stream
             + len(contributions)                           # number of pairs
             + for each (key, value), sorted by key:
                   len(key) + key + len(value) + value )

Length prefixes keep the layout unambiguous (``("ab", "c")`` and ``("a", "bc")``
differ). Keys are usually player ids and are sorted by their UTF-8 bytes (the
same order as sorting the strings by code point).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping

from referee.engine.dice import LATEST_SCHEME, DiceError, hmac_source, seeded_message
from referee.engine.dice import roll as roll_dice
from referee.engine.rolls import Roll

SEED_BYTES = 32
SALT_DOMAIN = b"muster-salt-v1"


def new_seed() -> bytes:
    """A fresh secret seed for a week: 32 bytes from the operating system's CSPRNG."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The public commitment to ``seed``: its SHA-256 as lower-case hex."""
    return hashlib.sha256(seed).hexdigest()


def seed_matches(*, seed: bytes, published: str) -> bool:
    """Whether a revealed ``seed`` is the one committed to as ``published``."""
    return hmac.compare_digest(commitment(seed), published.strip().lower())


def _chunk(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def salt_for(*, stream: str, contributions: Mapping[str, str]) -> bytes:
    """The 32-byte salt for ``stream`` given the players' frozen contributions (layout above)."""
    pairs = sorted((k.encode(), v.encode()) for k, v in contributions.items())
    parts = [SALT_DOMAIN, _chunk(stream.encode()), len(pairs).to_bytes(4, "big")]
    for key, value in pairs:
        parts += (_chunk(key), _chunk(value))
    return hashlib.sha256(b"".join(parts)).digest()


def verify_roll(*, seed: bytes, salt: bytes, seq: int, roll: Roll, scheme: int = LATEST_SCHEME) -> bool:
    """Recompute roll number ``seq`` of a stream of dice scheme ``scheme`` and compare its faces, kept values
    and total with ``roll``.

    A roll whose notation cannot be read does not verify.
    """
    try:
        again = roll_dice(roll.notation, hmac_source(seed, seeded_message(salt, seq), scheme=scheme))
    except DiceError:
        return False
    return again.faces == tuple(roll.faces) and again.kept == tuple(roll.kept) and again.total == roll.total


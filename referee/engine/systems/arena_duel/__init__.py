"""The Savage Worlds Deluxe arena duel (``shared/rules/arena-duel.md``) on the live-table mechanism.

- :mod:`.settings`: every GAP/CONFIG item as a setting with the spec's SWD default.
- :mod:`.pack`: the weapon and equipment table (AD-WPN-01) as a rules pack.
- :mod:`.dice`: trait rolls with the wild die and aces, raises, opposed rolls (AD-DICE).
- :mod:`.bennies`, :mod:`.rolls`: bennies and hidden reroll chains, contests (AD-BEN, AD-ROLL).
- :mod:`.sheets`: the character, its hidden sheet, what each fighter has learned.
- :mod:`.prep`, :mod:`.tricks`: preparation, poison, will duels (AD-INFO, AD-PREP, AD-POI, AD-WILL).
- :mod:`.lane`, :mod:`.holds`, :mod:`.combat`, :mod:`.weapons`: the fight (AD-SET, AD-STL, AD-ORD,
  AD-HOLD, AD-MULTI, AD-EDGE, AD-WPN).
- :mod:`.post`: after the fight, the close and the outcome (AD-POST, AD-BEN-03).
- :mod:`.flow`, :mod:`.commands`, :mod:`.view`, :mod:`.system`: the live system itself.
"""

from referee.engine.systems.arena_duel.system import SYSTEM, ArenaDuel

__all__ = ["SYSTEM", "ArenaDuel"]

"""The card-initiative skirmish (Dead Man's Hand, ``shared/rules/skirmish-cards.md``) at a live table.

By subdomain: :mod:`.settings` (every GAP/CONFIG item), :mod:`.pack` (the rules pack),
:mod:`.decks` (decks and hands), :mod:`.initiative`, :mod:`.activation` (actions and
movement), :mod:`.interrupts`, :mod:`.shooting` and :mod:`.results`, :mod:`.nerve`
(markers, Nerve and Big Nerve tests), :mod:`.melee` (hand-to-hand), :mod:`.falling`
(falls and mounts), :mod:`.creatures`, :mod:`.endgame`; :mod:`.flow` runs what follows on
its own, :mod:`.handlers` checks and applies each command of :mod:`.commands`, and
:mod:`.system` is the :class:`~referee.engine.live.LiveSystem`.
"""

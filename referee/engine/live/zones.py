"""Moving cards: create, draw, deal, move, flip, reveal, shuffle into (LIVE-TABLES §2).

Every move keeps two records. Knowledge: a card's ``known_to`` grows with whoever can now see
it, and never shrinks; a card entering a hidden place gets a new ``epoch`` (new handles).
The audit trail: each move appends a sealed event (``card.moved``, ``deck.built``,
``deck.shuffled``) that nobody reads before the table closes, from which
:mod:`referee.engine.live.audit` replays every pile's order and checks every draw and deal.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

from referee.engine.dice import shuffled
from referee.engine.live.events import EVERYONE, Event, sealed
from referee.engine.live.state import NOBODY, OWNER, PUBLIC, SEALED_ZONE, Card, TableState, Zone
from referee.engine.live.system import owned_roll
from referee.engine.rolls import Roller


class ZoneError(ValueError):
    """A move the table's cards do not allow (an empty pile, a card not where it is said to be)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def deck_hash(cards: Sequence[str]) -> str:
    """The hash of a deck list (card slugs in list order): the label of its shuffles."""
    return hashlib.sha256(json.dumps(list(cards), separators=(",", ":")).encode()).hexdigest()


def zone_add(state: TableState, key: str, *, owner: str = "", policy: str = PUBLIC) -> Zone:
    if policy not in (PUBLIC, OWNER, NOBODY, SEALED_ZONE):
        raise ValueError(f"no zone policy {policy!r}")
    zone = state.zones.setdefault(key, Zone(key, owner, policy))
    return zone


def _sees(zone: Zone, card: Card) -> set[str]:
    """Who sees ``card``'s face where it now lies."""
    if zone.policy == PUBLIC and card.face_up:
        return {EVERYONE}
    if zone.policy == OWNER and zone.owner:
        return {zone.owner}
    return set()


def _hidden(zone: Zone, card: Card) -> bool:
    return zone.policy in (NOBODY, SEALED_ZONE, OWNER) or not card.face_up


def _settle(state: TableState, card: Card) -> None:
    zone = state.zones[card.zone]
    card.known_to |= _sees(zone, card)
    if _hidden(zone, card):
        card.epoch += 1


def card_new(
    state: TableState, *, card: str, owner: str, zone: str, face_up: bool = True, top: bool = False,
    known_to: set[str] | None = None, data: dict | None = None,
) -> tuple[Card, list[Event]]:
    """A card enters the table (played from a physical hand, or built into a deck)."""
    new = Card(f"c{state.next_card}", card, owner, zone, face_up, set(known_to or ()), 0, dict(data or {}))
    state.next_card += 1
    state.cards[new.id] = new
    target = state.zones[zone]
    index = 0 if top else len(target.cards)
    target.cards.insert(index, new.id)
    _settle(state, new)
    return new, [sealed("card.entered", card=new.id, card_slug=card, to=zone, index=index)]


def deck_build(state: TableState, *, zone: str, owner: str, cards: Sequence[str]) -> list[Event]:
    """Put a registered deck list into a pile, in list order (shuffle it next)."""
    ids = []
    for slug in cards:
        made = Card(f"c{state.next_card}", slug, owner, zone, False, set(), 1, {})
        state.next_card += 1
        state.cards[made.id] = made
        state.zones[zone].cards.append(made.id)
        ids.append(made.id)
    return [sealed("deck.built", zone=zone, cards=ids, slugs=list(cards), hash=deck_hash(cards))]


def shuffle(state: TableState, *, zone: str, roller: Roller, rule: str = "") -> list[Event]:
    """Shuffle a pile with a ``shuffle(N)`` roll from the table's stream; every card gets new handles.

    The roll's label is ``deck <hash of the pile's card slugs, in its order before the shuffle>``.
    """
    pile = state.zones[zone]
    if not pile.cards:
        return []
    slugs = [state.cards[c].card for c in pile.cards]
    made = owned_roll(roller, pile.owner, f"shuffle({len(pile.cards)})", rule=rule, label=f"deck {deck_hash(slugs)}")
    pile.cards = shuffled(pile.cards, made.kept)
    for card_id in pile.cards:
        state.cards[card_id].epoch += 1
    return [sealed("deck.shuffled", zone=zone, roll=len(roller.made) - 1, order=list(pile.cards))]


def move(
    state: TableState, card_id: str, *, to: str, top: bool = False, face_up: bool | None = None,
) -> list[Event]:
    """Move one card to another zone (its top when ``top``, else its bottom)."""
    card = state.cards[card_id]
    source = state.zones[card.zone]
    index_from = source.cards.index(card_id)
    source.cards.pop(index_from)
    target = state.zones[to]
    index_to = 0 if top else len(target.cards)
    target.cards.insert(index_to, card_id)
    card.zone = to
    if face_up is not None:
        card.face_up = face_up
    _settle(state, card)
    return [sealed("card.moved", card=card_id, card_slug=card.card, **{"from": source.key},
                   index_from=index_from, to=to, index_to=index_to)]


def draw(state: TableState, *, source: str, to: str, count: int = 1) -> tuple[list[str], list[Event]]:
    """Take up to ``count`` cards from the top of ``source`` into ``to``; returns the ids taken."""
    taken: list[str] = []
    events: list[Event] = []
    for _ in range(count):
        pile = state.zones[source]
        if not pile.cards:
            break
        card_id = pile.cards[0]
        events += move(state, card_id, to=to)
        taken.append(card_id)
    return taken, events


def flip(state: TableState, card_id: str, *, face_up: bool) -> list[Event]:
    """Turn a card face up or face down where it lies; face down draws new handles."""
    card = state.cards[card_id]
    if card.face_up == face_up:
        return []
    card.face_up = face_up
    if face_up:
        card.known_to |= _sees(state.zones[card.zone], card)
    else:
        card.epoch += 1
    return [sealed("card.flipped", card=card_id, face_up=face_up)]


def reveal(state: TableState, card_id: str, *, to: set[str] | None = None) -> None:
    """Show a card to some seats (everyone when ``to`` is None), without moving it. Knowledge stays."""
    state.cards[card_id].known_to |= {EVERYONE} if to is None else set(to)


def top_cards(state: TableState, zone: str, count: int) -> list[str]:
    return list(state.zones[zone].cards[:count])

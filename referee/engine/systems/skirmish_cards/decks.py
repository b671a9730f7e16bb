"""Decks and hands held by the app (SC-DECK): building, shuffling, drawing, playing, the end-of-turn draw.

Each side has four zones: ``deck:<side>`` (order hidden from everyone, count public),
``hand:<side>`` (its controller only; others see the count), ``discard:<side>`` (face up)
and ``play:<side>`` (lasting cards in play). Every shuffle is a ``shuffle(N)`` roll on the
table's roller, and every move leaves the sealed trail the close audit replays.
"""

from __future__ import annotations

from typing import Any

from referee.engine.live import zones as z
from referee.engine.live.events import Event, card_ref, private
from referee.engine.live.state import NOBODY, OWNER, PUBLIC, TableState
from referee.engine.rolls import Roller
from referee.engine.systems.skirmish_cards.model import controller, refuse, say, sides

NUMBERED = ("2", "3", "4", "5", "6", "7", "8", "9", "10")
FACES = ("J", "Q", "K", "A")
VALUES = {**{r: int(r) for r in NUMBERED}, "J": 11, "Q": 12, "K": 13, "A": 14}
JOKER = "joker"


def rank(slug: str) -> int:
    """A card's initiative rank: A 14 down to 2; the Joker 0 (it goes after all others, SC-INIT-06)."""
    return 0 if slug == JOKER else VALUES[slug.split("-")[0]]


def deck_list(*, colour: str, copies: int, faction_cards: bool) -> list[str]:
    """SC-DECK-01/02: ranks 2-10 in the faction's colour (both colours with 2 copies), the Joker, J-A."""
    colours = [colour] if copies == 1 else ["black", "red"]
    cards = [f"{r}-{c}" for c in colours for r in NUMBERED]
    if faction_cards:
        cards += [f"{r}-faction" for r in FACES]
    return [*cards, JOKER]


def deck(side: str) -> str:
    return f"deck:{side}"


def hand(side: str) -> str:
    return f"hand:{side}"


def discard(side: str) -> str:
    return f"discard:{side}"


def in_play_zone(side: str) -> str:
    return f"play:{side}"


def add_zones(state: TableState, side: str, seat: str) -> None:
    z.zone_add(state, deck(side), owner=seat, policy=NOBODY)
    z.zone_add(state, hand(side), owner=seat, policy=OWNER)
    z.zone_add(state, discard(side), owner=seat, policy=PUBLIC)
    z.zone_add(state, in_play_zone(side), owner=seat, policy=PUBLIC)
    z.zone_add(state, f"first:{side}", owner=seat, policy=OWNER)
    z.zone_add(state, f"init:{side}", owner=seat, policy=PUBLIC)


def build(state: TableState, side: str, roller: Roller) -> list[Event]:
    """SC-DECK-01/02/03: the side's deck built from its settings and shuffled; a player's hand dealt."""
    info = sides(state)[side]
    cards = deck_list(colour=info["colour"], copies=state.settings["deck_numbered_copies"],
                      faction_cards=info["faction_cards"])
    events = z.deck_build(state, zone=deck(side), owner=side, cards=cards)
    events += z.shuffle(state, zone=deck(side), roller=roller, rule="SC-DECK-03")
    events.append(say("deck.ready", "SC-DECK-01", side=side, cards=len(cards)))
    if info["kind"] == "player" and info["hand_size"]:
        taken, moved = z.draw(state, source=deck(side), to=hand(side), count=info["hand_size"])
        events += moved
        events.append(private("hand.dealt", [controller(state, side)], "SC-DECK-03", side=side,
                              cards=[card_ref(state.cards[c]) for c in taken]))
        events.append(say("hand.dealt.count", "SC-DECK-03", side=side, count=len(taken)))
    return events


def reshuffle(state: TableState, side: str, roller: Roller, rule: str) -> list[Event]:
    """The discard shuffled into a new draw pile (SC-DECK-09; leftovers join it by default, GAP-04)."""
    pile, spent = deck(side), discard(side)
    if not state.zones[spent].cards:
        return []
    events: list[Event] = []
    if state.settings["reshuffle_leftovers"]:
        for card_id in list(state.zones[spent].cards):
            events += z.move(state, card_id, to=pile, face_up=False)
        events += z.shuffle(state, zone=pile, roller=roller, rule=rule)
    else:  # the discard, shuffled apart, goes under the leftover cards
        temp = z.zone_add(state, f"reshuffle:{side}", owner=state.zones[pile].owner, policy=NOBODY).key
        for card_id in list(state.zones[spent].cards):
            events += z.move(state, card_id, to=temp, face_up=False)
        events += z.shuffle(state, zone=temp, roller=roller, rule=rule)
        for card_id in list(state.zones[temp].cards):
            events += z.move(state, card_id, to=pile)
    return [*events, say("deck.reshuffled", rule, side=side, cards=len(state.zones[pile].cards))]


def draw(state: TableState, side: str, to: str, roller: Roller, *, rule: str, face_up: bool = False) -> tuple[
        str | None, list[Event]]:
    """The top card of the side's pile into ``to``; an empty pile reshuffles the discard first (SC-END-01)."""
    events: list[Event] = []
    if not state.zones[deck(side)].cards and state.settings["reshuffle_on_empty_draw"]:
        events += reshuffle(state, side, roller, "SC-END-01")
    if not state.zones[deck(side)].cards:
        return None, [*events, say("deck.empty", "SC-END-01", side=side)]
    card_id = state.zones[deck(side)].cards[0]
    events += z.move(state, card_id, to=to, face_up=face_up)
    return card_id, events


def check_play(view: TableState, seat: str, side: str, card_id: str) -> None:
    if view.cards[card_id].zone != hand(side) or controller(view, side) != seat:
        raise refuse("not_in_hand", "play a card from your own hand", "card")


def play(state: TableState, side: str, card_id: str, *, answer: bool, target: str = "") -> list[Event]:
    """SC-DECK-04/05/06: a hand card played face up; it answers the last card when ``answer``."""
    info = sides(state)[side]
    slug = state.cards[card_id].card
    text = state.data["tables"]["cards"].get(slug, {})
    lasting = text.get("lasts") == "turn"
    events = z.move(state, card_id, to=in_play_zone(side) if lasting else discard(side), face_up=True)
    info["played"] = True
    chain = state.data.setdefault("chain", [])
    if not answer:
        chain.clear()
    chain.append({"side": side, "card": card_ref(state.cards[card_id])})
    events.append(say("card.played", "SC-DECK-04", side=side, card=card_ref(state.cards[card_id]), answer=answer,
                      lasting=lasting, target=target, text=text.get("text", "")))
    if answer:
        events.append(say("card.prevails", "SC-DECK-05", side=side, card=card_ref(state.cards[card_id]),
                          chain=len(chain)))
    return events


def check_answer(view: TableState, side: str) -> None:
    chain = view.data.get("chain", [])
    if not chain or chain[-1]["side"] == side:
        raise refuse("nothing_to_answer", "there is no opponent's card to answer", "answer")
    if view.settings["counter_chain"] == "two" and len(chain) >= 2:
        raise refuse("chain_closed", "this table allows only one answer to a card", "answer")


def lasting_discard(state: TableState) -> list[Event]:
    """End-of-turn step 1 for cards: a 'this turn' card leaves play (GAP-03)."""
    events: list[Event] = []
    for side in sides(state):
        for card_id in list(state.zones[in_play_zone(side)].cards):
            events += z.move(state, card_id, to=discard(side), face_up=True)
            events.append(say("card.expired", "SC-DECK-06", side=side, card=card_ref(state.cards[card_id])))
    state.data["chain"] = []
    return events


def used_cards(state: TableState, side: str) -> bool:
    info = sides(state)[side]
    return info["played"] or (state.settings["initiative_cards_count_for_draw"] and info["kind"] == "player")


def end_of_turn_draw(state: TableState, side: str, roller: Roller, *, take: bool,
                     discarding: str | None) -> list[Event]:
    """SC-DECK-07/08: a player who used a card may draw one; one who did not may discard one to draw one."""
    info = sides(state)[side]
    events: list[Event] = []
    if discarding is not None:
        events += z.move(state, discarding, to=discard(side), face_up=True)
        events.append(say("card.discarded", "SC-DECK-08", side=side, card=card_ref(state.cards[discarding])))
    if take:
        card_id, moved = draw(state, side, hand(side), roller, rule="SC-DECK-07")
        events += moved
        if card_id is not None:
            info["drew"] = True
            events.append(private("card.drawn", [controller(state, side)], "SC-DECK-07",
                                  card=card_ref(state.cards[card_id])))
        events.append(say("card.drawn.count", "SC-DECK-07", side=side, count=int(card_id is not None)))
    info["eot_done"] = True
    return events


def check_end_of_turn_draw(view: TableState, seat: str, side: str, take: bool, discarding: str | None) -> None:
    info = sides(view)[side]
    if info["kind"] != "player" or controller(view, side) != seat:
        raise refuse("not_your_side", "only a player with a hand draws at the end of the turn")
    if info["eot_done"]:
        raise refuse("already_drawn", "you have already drawn this turn: never more than one draw (SC-DECK-07)")
    if discarding is not None:
        check_play(view, seat, side, discarding)
    if used_cards(view, side):
        if discarding is not None:
            raise refuse("no_discard_needed", "you played a card this turn: draw without discarding", "discard")
    elif take and discarding is None:
        raise refuse("discard_to_draw", "you played no card this turn: discard one to draw one (SC-DECK-08)",
                     "discard")


def state_of_side(state: TableState, side: str) -> dict[str, Any]:
    return {"hand": len(state.zones[hand(side)].cards), "deck": len(state.zones[deck(side)].cards),
            "discard": len(state.zones[discard(side)].cards)}

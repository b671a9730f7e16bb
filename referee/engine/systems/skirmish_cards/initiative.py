"""Initiative (SC-INIT): first cards, the face-down deal, the reveal, the lowest-card swap, the order.

Simultaneous placement (GAP-30): each side's first card is drawn into its controller's
``first:<side>`` zone; the character it is placed by is kept in ``data["private"][seat]``
(only that seat's view holds it) until every side has placed. Then every first card moves
face up by its character, the others are dealt face down from each side's own deck and
all are turned up at once (SC-INIT-03). Roll-offs and decisions settle the order.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from referee.engine.live import zones as z
from referee.engine.live.events import Event, card_ref, private
from referee.engine.live.state import TableState
from referee.engine.rolls import Roller
from referee.engine.sealed import Decision
from referee.engine.systems.skirmish_cards import decks
from referee.engine.systems.skirmish_cards.model import controller, in_play, refuse, say, sides, sync_turn


def needs_card(state: TableState, c: dict[str, Any]) -> bool:
    """Characters in play get cards; scavengers only from the turn after they were placed (SC-SUP-07)."""
    if c["removed"]:
        return False
    if c["creature"] == "scavengers":
        return c["flock"] != "aloft" and c["placed_turn"] < state.turn.number
    return True


def discard_card(state: TableState, c: dict[str, Any], rule: str) -> list[Event]:
    """SC-INIT-10: the card goes to the discard of the deck that dealt it, even after a swap."""
    card_id = c["card"]
    if not card_id:
        return []
    c["card"] = ""
    events = z.move(state, card_id, to=decks.discard(state.cards[card_id].owner), face_up=True)
    return [*events, say("initiative.discarded", rule, character=c["id"], card=card_ref(state.cards[card_id]))]


def turn_start(state: TableState, roller: Roller) -> list[Event]:
    """SC-INIT-01: a new turn; each side draws its first card (SC-DECK-09 reshuffle when short)."""
    state.turn.number += 1
    state.turn.phase = "initiative"
    state.data.update(order=[], index=0, act=None, pending=None, rolloffs={}, howled=False, plan=[],
                      cowardly=False, private={})
    for c in state.data["chars"].values():
        if c["creature"] == "scavengers" and c["flock"] == "perched":
            c["flock"] = "placed"  # SC-SUP-08: they return as usual next turn
        c.update(state="waiting" if not c["removed"] else "done", declared=[], used=0, card="", interrupts=0,
                 ducked=None, must_nearest=False, budget=c.pop("next_budget", state.settings["action_budget"]))
    events: list[Event] = [say("turn.started", "SC-INIT-01", turn=state.turn.number)]
    placing = []
    for side, info in sides(state).items():
        info.update(played=False, drew=False, eot_done=False, placed=False, first_card="", first_rank=0)
        wanted = [c for c in in_play(state, side) if needs_card(state, c)]
        if info["out"] or not wanted:
            info["placed"] = True
            continue
        if len(state.zones[decks.deck(side)].cards) < len(wanted):
            events += decks.reshuffle(state, side, roller, "SC-DECK-09")
        card_id, moved = decks.draw(state, side, f"first:{side}", roller, rule="SC-INIT-01")
        events += moved
        if card_id is None:
            info["placed"] = True
            continue
        info["first_card"] = card_id
        placing.append(side)
        events.append(private("first.drawn", [controller(state, side)], "SC-INIT-01", side=side,
                              card=card_ref(state.cards[card_id])))
        events.append(say("first.drawn.count", "SC-INIT-01", side=side))
    state.data["placing"] = placing
    sync_turn(state)
    return events + (reveal(state, roller) if not placing else [])


def check_place(view: TableState, seat: str, c: dict[str, Any]) -> None:
    side = c["side"]
    info = sides(view)[side]
    if controller(view, side) != seat:
        raise refuse("not_your_character", "place your first card by one of your own characters", "character")
    if info["placed"] or side not in view.data["placing"]:
        raise refuse("already_placed", "this side's first card is already placed")
    if not needs_card(view, c):
        raise refuse("no_card_for_character", "that character gets no initiative card this turn", "character")
    if view.settings["first_card_placement"] == "open" and view.data["placing"][0] != side:
        raise refuse("not_your_turn_to_place", "first cards are placed face up in seat order: wait for your turn")


def place_first(state: TableState, seat: str, c: dict[str, Any], roller: Roller) -> list[Event]:
    side = c["side"]
    info = sides(state)[side]
    info["placed"] = True
    state.data["placing"].remove(side)
    if state.settings["first_card_placement"] == "open":
        events = _put(state, side, c["id"])
        events.append(say("first.placed", "SC-INIT-01", side=side, character=c["id"],
                          card=card_ref(state.cards[c["card"]])))
    else:
        state.data["private"].setdefault(seat, {})[side] = c["id"]
        events = [say("first.placed", "SC-INIT-01", side=side),
                  private("first.placed.by", [seat], "SC-INIT-01", side=side, character=c["id"])]
    if not state.data["placing"]:
        events += reveal(state, roller)
    return events


def _put(state: TableState, side: str, cid: str) -> list[Event]:
    card_id = sides(state)[side]["first_card"]
    state.data["chars"][cid]["card"] = card_id
    return z.move(state, card_id, to=f"init:{side}", face_up=True)


def reveal(state: TableState, roller: Roller) -> list[Event]:
    """SC-INIT-01/02/03: first cards shown by their characters, the rest dealt face down, all turned up."""
    events: list[Event] = []
    for seat_choices in state.data["private"].values():
        for side, cid in seat_choices.items():
            events += _put(state, side, cid)
    state.data["private"] = {}
    dealt = []
    for side, info in sides(state).items():
        if not info["first_card"]:
            continue
        info["first_rank"] = decks.rank(state.cards[info["first_card"]].card)
        for c in in_play(state, side):
            if c["card"] or not needs_card(state, c):
                continue
            card_id, moved = decks.draw(state, side, f"init:{side}", roller, rule="SC-INIT-02")
            events += moved
            if card_id is None:
                c["state"] = "done"
                events.append(say("initiative.none", "SC-END-01", character=c["id"]))
                continue
            c["card"] = card_id
            dealt.append(card_id)
    for card_id in dealt:
        events += z.flip(state, card_id, face_up=True)
    for c in state.data["chars"].values():
        if not c["card"] and not c["removed"] and c["state"] == "waiting":
            c["state"] = "done"
    shown = [{"character": c["id"], "side": c["side"], "card": card_ref(state.cards[c["card"]])}
             for c in state.data["chars"].values() if c["card"]]
    events.append(say("initiative.revealed", "SC-INIT-03", cards=shown))
    return events + offer_swap(state, roller)


def _rank(state: TableState, c: dict[str, Any]) -> int:
    return decks.rank(state.cards[c["card"]].card)


def offer_swap(state: TableState, roller: Roller) -> list[Event]:
    """SC-INIT-08/09: the one side alone holding the lowest rank may swap; shared lowest: nobody swaps."""
    holders = [c for c in state.data["chars"].values() if c["card"]]
    ranked = [c for c in holders if _rank(state, c) or state.settings["joker_ranked_for_swap"]]
    if not ranked:
        return order(state, roller)
    lowest = min(_rank(state, c) for c in ranked)
    owners = sorted({c["side"] for c in ranked if _rank(state, c) == lowest})
    if len(owners) != 1:
        return [say("swap.none", "SC-INIT-09", rank=lowest, sides=owners), *order(state, roller)]
    side = owners[0]
    key = f"swap.{state.turn.number}"
    state.decisions[key] = Decision(key, controller(state, side), "swap", [c["id"] for c in holders],
                                    "SC-INIT-08", {"side": side})
    return [say("swap.offered", "SC-INIT-08", side=side, rank=lowest, decision=key)]


def check_swap(view: TableState, decision: Decision, mine: str, other: str) -> None:
    side = decision.context["side"]
    chars = view.data["chars"]
    if mine not in decision.options or chars[mine]["side"] != side:
        raise refuse("invalid_swap", "swap the card of one of your own characters", "choice")
    if other not in decision.options or other == mine:
        raise refuse("invalid_swap", "swap with another character that holds a card", "with")
    if view.settings["swap_partner"] == "own" and chars[other]["side"] != side:
        raise refuse("invalid_swap", "this table allows swapping only between your own characters", "with")


def swap(state: TableState, mine: str, other: str, roller: Roller) -> list[Event]:
    a, b = state.data["chars"][mine], state.data["chars"][other]
    a["card"], b["card"] = b["card"], a["card"]
    return [say("swap.made", "SC-INIT-08", characters=[mine, other]), *order(state, roller)]


def _roll_off(state: TableState, group: list[str], roller: Roller) -> list[str]:
    """SC-INIT-05: equal first cards: a roll-off (d10 by default; ties re-rolled), highest first."""
    key = ",".join(sorted(group))
    cache = state.data["rolloffs"]
    if key in cache:
        return list(cache[key]["order"])
    die, rounds = state.settings["roll_off_die"], []

    def settle(members: list[str]) -> list[str]:
        rolls = {side: roller.roll(die, rule="SC-INIT-05", label=f"roll-off {side}").total for side in members}
        rounds.append(rolls)
        out: list[str] = []
        for _value, same in groupby(sorted(members, key=lambda s: -rolls[s]), key=lambda s: rolls[s]):
            tied = list(same)
            out += settle(tied) if len(tied) > 1 and state.settings["roll_off_reroll_ties"] else tied
        return out

    result = settle(list(group))
    cache[key] = {"order": result, "rounds": rounds}
    return result


def _sides_in_order(state: TableState, group: list[str], roller: Roller) -> tuple[list[str], list[Event]]:
    """Sides of one tie, higher first card first; equal first cards by roll-off."""
    events: list[Event] = []
    out: list[str] = []
    ranks = {s: sides(state)[s]["first_rank"] for s in group}
    for _value, same in groupby(sorted(group, key=lambda s: -ranks[s]), key=lambda s: ranks[s]):
        members = list(same)
        if len(members) > 1:
            rolled = _roll_off(state, members, roller)
            events.append(say("rolloff.made", "SC-INIT-05", sides=members,
                              rolls=state.data["rolloffs"][",".join(sorted(members))]["rounds"], order=rolled))
            members = rolled
        out += members
    return out, events


def order(state: TableState, roller: Roller) -> list[Event]:
    """SC-INIT-04/05/06: highest card first, the Joker after all; ties by first card, roll-off, owner."""
    holders = [c for c in state.data["chars"].values() if c["card"] and c["state"] == "waiting"]
    holders.sort(key=lambda c: -(_rank(state, c) or -1))
    plan: list[dict[str, Any]] = []
    events: list[Event] = []
    for value, same in groupby(holders, key=lambda c: _rank(state, c)):
        group = list(same)
        by_side: dict[str, list[str]] = {}
        for c in group:
            by_side.setdefault(c["side"], []).append(c["id"])
        side_order, rolled = _sides_in_order(state, list(by_side), roller) if len(by_side) > 1 else (
            list(by_side), [])
        events += rolled
        for side in side_order:
            members = by_side[side]
            if len(members) == 1:
                plan.append({"chars": members, "key": ""})
                continue
            key = f"ties.{state.turn.number}.{len(plan)}"
            state.decisions[key] = Decision(key, controller(state, side), "order", list(members),
                                            "SC-INIT-06" if value == 0 else "SC-INIT-05", {"side": side})
            plan.append({"chars": members, "key": key})
            events.append(say("ties.owner_orders", "SC-INIT-05", side=side, characters=members, decision=key))
    state.data["plan"] = plan
    return events + finish(state)


def check_tie_order(decision: Decision, chosen: list[str]) -> None:
    if sorted(chosen) != sorted(decision.options):
        raise refuse("invalid_order", "order exactly the tied characters", "order")


def set_tie_order(state: TableState, key: str, chosen: list[str]) -> list[Event]:
    for segment in state.data["plan"]:
        if segment["key"] == key:
            segment["chars"], segment["key"] = list(chosen), ""
    return [say("ties.ordered", "SC-INIT-05", characters=chosen), *finish(state)]


def finish(state: TableState) -> list[Event]:
    if any(segment["key"] for segment in state.data["plan"]):
        return []
    state.data["order"] = [cid for segment in state.data["plan"] for cid in segment["chars"]]
    state.data["index"] = 0
    state.turn.phase = "activations"
    sync_turn(state)
    return [say("order.set", "SC-INIT-04", order=list(state.data["order"]))]

"""Doomtrooper's setup, turn steps and game end (DT-SET, DT-TURN, DT-DRAW, DT-DIS, DT-END)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.engine.live import zones as z
from referee.engine.live.counters import change, counter_add, transfer
from referee.engine.live.events import Event, card_ref, private, public
from referee.engine.live.state import NOBODY, OWNER, PUBLIC, TableState
from referee.engine.live.turns import phase_set, seating_from, turn_begin, turn_next
from referee.engine.rolls import Roller
from referee.engine.systems.doomtrooper.common import (
    PLAY_ZONES,
    app_held,
    attachments,
    cdef,
    hand_count,
    library_empty,
    player,
    settings_of,
    warriors_of,
    zone,
)
from referee.engine.systems.doomtrooper.settings import DoomtrooperSettings

SEAT_ZONES = {"library": NOBODY, "hand": OWNER, "discard": PUBLIC, "attached": PUBLIC, "played": PUBLIC,
              **dict.fromkeys(PLAY_ZONES, PUBLIC)}


def new_state(*, seats: Mapping[str, str], key: str, settings: DoomtrooperSettings,
              options: Mapping[str, Mapping[str, Any]]) -> TableState:
    state = TableState(system="doomtrooper", seats=dict(seats), key=key, settings=settings.to_dict())
    if settings.gm_sees_hidden:
        state.sees_hidden = [s for s, role in seats.items() if role == "gm"]
    state.data = {"mode": settings.deck_mode, "players": {}, "combat": None, "decks": {}, "scoring": [],
                  "next_decision": 1}
    counter_add(state, "pool", floor=None)  # the common pool of spent FP: a sink, no owner
    for seat in state.players:
        for name, policy in SEAT_ZONES.items():
            z.zone_add(state, zone(seat, name), owner=seat, policy=policy)
        counter_add(state, f"fate:{seat}", value=settings.starting_fate, owner=seat)  # DT-SET-02
        counter_add(state, f"vp:{seat}", value=0, owner=seat)  # DT-SET-02: VP start at 0, never below
        state.data["players"][seat] = {
            "actions_left": 0, "used": 0, "attack_done": False, "hand_count": 0, "library_empty": False,
            "warriorless": None, "lost": False,
        }
        state.data["decks"][seat] = list(options.get(seat, {}).get("deck", []))
    return state


def setup(state: TableState, roller: Roller, start: Mapping[str, Any]) -> list[Event]:
    """Shuffle and deal (app-held), count the opening hands, choose the first player (DT-SET-01..06)."""
    s = settings_of(state)
    seats = state.players
    events: list[Event] = []
    for i, seat in enumerate(seats):
        if app_held(state):  # DT-SET-06, DT-SET-01: the cutting seat's contribution is in the stream
            cutter = seats[(i + 1) % len(seats)]
            events += z.deck_build(state, zone=zone(seat, "library"), owner=seat, cards=state.data["decks"][seat])
            events += z.shuffle(state, zone=zone(seat, "library"), roller=roller, rule="DT-SET-01")
            events.append(public("deck_shuffled", "DT-SET-01", seat=seat, cut_by=cutter,
                                 cards=len(state.data["decks"][seat])))
            taken, moved = z.draw(state, source=zone(seat, "library"), to=zone(seat, "hand"), count=s.hand_size)
            events += moved
            events.append(private("dealt", [seat], "DT-SET-03", cards=[card_ref(state.cards[c]) for c in taken]))
        else:  # DT-SET-05: the players deal their own cards
            player(state, seat)["hand_count"] = s.hand_size
        events.append(public("opening_hand", "DT-SET-03", seat=seat, count=s.hand_size))
    first = start.get("first")
    if first is None:  # DT-SET-04: a coin toss (a die with one face per player)
        first = seats[roller.roll(f"d{len(seats)}", rule="DT-SET-04", label="first player").total - 1]
        events.append(public("first_player", "DT-SET-04", seat=first, by="toss"))
    else:
        events.append(public("first_player", "DT-SET-04", seat=first, by="agreement"))
    turn_begin(state, order=seating_from(seats, first), phase="draw")
    events += check_libraries(state)  # DT-END-01: the deal may have emptied every library
    if state.status != "playing":
        return events
    return [*events, *begin_turn(state)]


def granted_actions(state: TableState, seat: str) -> int:
    total = 0
    for warrior in warriors_of(state, seat):
        for card_id in [warrior, *attachments(state, warrior)]:
            found = cdef(state, card_id)
            if found is not None and state.cards[card_id].face_up:
                total += found.grants_actions
    return total


def begin_turn(state: TableState) -> list[Event]:
    """The active seat's turn begins: actions counted, then the Draw step (DT-TURN-01, DT-DRAW-01..03)."""
    seat = state.turn.active
    s = settings_of(state)
    me = player(state, seat)
    me.update(actions_left=s.actions_per_turn + granted_actions(state, seat), used=0, attack_done=False)
    if me["warriorless"] is not None:
        me["warriorless"]["started"] += 1  # DT-END-02: own turns begun since the last warrior left
    first = state.turn.taken.get(seat, 0) == 0  # DT-TURN-03
    events: list[Event] = [public("turn_began", "DT-TURN-01", seat=seat, first_turn=first,
                                  actions=me["actions_left"])]
    if library_empty(state, seat):
        phase_set(state, "actions")  # DT-DRAW-03
        return [*events, public("draw_skipped", "DT-DRAW-03", seat=seat)]
    if app_held(state):
        need = max(0, s.hand_size - hand_count(state, seat))  # DT-DRAW-01
        taken, moved = z.draw(state, source=zone(seat, "library"), to=zone(seat, "hand"), count=need)
        events += [*moved, private("drew", [seat], "DT-DRAW-01", cards=[card_ref(state.cards[c]) for c in taken]),
                   public("drew_count", "DT-DRAW-01", seat=seat, count=len(taken))]
        if len(taken) < need:
            events.append(public("library_emptied", "DT-DRAW-02", seat=seat))
        phase_set(state, "actions")
        return [*events, *check_libraries(state)]
    phase_set(state, "draw")
    return events


def report_draw(state: TableState, seat: str, payload: Mapping[str, Any]) -> list[Event]:
    me = player(state, seat)
    me["hand_count"] = payload["hand_count"]
    if payload.get("library_empty"):
        me["library_empty"] = True
    phase_set(state, "actions")
    events = [public("drew_reported", "DT-DRAW-01", seat=seat, hand_count=me["hand_count"],
                     library_empty=me["library_empty"])]
    return [*events, *check_libraries(state)]


def report_library_empty(state: TableState, seat: str) -> list[Event]:
    player(state, seat)["library_empty"] = True
    return [public("library_emptied", "DT-DRAW-02", seat=seat), *check_libraries(state)]


def end_actions(state: TableState, seat: str) -> list[Event]:
    lost = player(state, seat)["actions_left"]
    player(state, seat)["actions_left"] = 0  # DT-ACT-01: unused actions are lost
    phase_set(state, "discard")
    return [public("actions_ended", "DT-ACT-01", seat=seat, lost=lost)]


def discard_count_ok(before: int, discarded: int, hand_size: int) -> bool:
    """DT-DIS-01: over the hand size, down to exactly it; DT-DIS-02: otherwise at most one card."""
    return discarded == before - hand_size if before > hand_size else discarded <= 1


def end_turn(state: TableState, seat: str, payload: Mapping[str, Any]) -> list[Event]:
    events: list[Event] = []
    if app_held(state):
        for card_id in payload.get("cards", []):
            events += z.move(state, card_id, to=zone(seat, "discard"), face_up=True)
            events.append(public("discarded", "DT-DIS-01", seat=seat, card=card_ref(state.cards[card_id])))
    else:
        for slug in payload.get("slugs", []):
            card, entered = z.card_new(state, card=slug, owner=seat, zone=zone(seat, "discard"))
            events += [*entered, public("discarded", "DT-DIS-01", seat=seat, card=card_ref(card))]
        player(state, seat)["hand_count"] -= len(payload.get("slugs", []))
    events.append(public("turn_ended", "DT-DIS-01", seat=seat, hand_count=hand_count(state, seat)))
    events += check_no_warrior(state, seat)
    if state.status != "playing":
        return events
    turn_next(state, phase="draw")
    return [*events, *begin_turn(state)]


def concede(state: TableState, seat: str) -> list[Event]:
    """A player concedes (LIVE-TABLES §6): the conceding player loses; with two players the other wins, with
    more the game goes on without the one who conceded (out of the turn order, sending nothing more:
    ``offers.when_of``) until one player is left. A combat the conceder takes part in ends unresolved."""
    rest = [s for s in state.players if s != seat and s not in state.data.setdefault("conceded", [])]
    state.data["conceded"].append(seat)
    events = [public("conceded", "", seat=seat)]
    if len(rest) == 1:
        return [*events, *end_game(state, rule="", winner=rest[0], reason="conceded")]
    turn, was_active = state.turn, state.turn.active == seat
    if state.window is not None and seat in state.window.participants:
        state.window, state.data["combat"] = None, None
        phase_set(state, "discard")
    at = turn.order.index(seat)
    turn.order.remove(seat)
    if at < turn.index or (was_active and turn.index >= len(turn.order)):
        turn.index = (turn.index - 1) % len(turn.order) if at < turn.index else 0
    if not was_active:
        return events
    turn.taken[seat] = turn.taken.get(seat, 0) + 1
    turn.number += 1
    phase_set(state, "draw")
    return [*events, *begin_turn(state)]


def end_game(state: TableState, *, rule: str, winner: str | None, reason: str) -> list[Event]:
    state.status = "ended"
    state.window = None
    state.outcome = {"winner": winner, "draw": winner is None, "rule": rule, "reason": reason,
                     "vp": {seat: state.counters[f"vp:{seat}"].value for seat in state.players}}
    return [public("game_ended", rule, outcome=state.outcome)]


def _by_vp(state: TableState, seats: list[str]) -> str | None:
    best = max(state.counters[f"vp:{s}"].value for s in seats)
    leaders = [s for s in seats if state.counters[f"vp:{s}"].value == best]
    return leaders[0] if len(leaders) == 1 else None


def check_libraries(state: TableState) -> list[Event]:
    """DT-END-01: the moment every library is empty, the game ends; the higher VP wins."""
    if state.status == "playing" and all(library_empty(state, s) for s in state.players):
        return end_game(state, rule="DT-END-01", winner=_by_vp(state, state.players), reason="libraries_empty")
    return []


def check_vp_target(state: TableState) -> list[Event]:
    """DT-END-04 (after every VP change, once the scoring's splits are all in; GAP-18 for ties)."""
    target = settings_of(state).vp_target
    if state.status != "playing" or not target or state.decisions:
        return []
    reached = [s for s in state.players if state.counters[f"vp:{s}"].value >= target]
    if not reached:
        return []
    return end_game(state, rule="DT-END-04", winner=_by_vp(state, reached), reason="vp_target")


def warrior_left(state: TableState, seat: str) -> None:
    """Call after a warrior of ``seat`` left play: its last one starts DT-END-02's count."""
    if not warriors_of(state, seat) and player(state, seat)["warriorless"] is None:
        player(state, seat)["warriorless"] = {"started": 0}


def warrior_entered(state: TableState, seat: str) -> None:
    player(state, seat)["warriorless"] = None


def check_no_warrior(state: TableState, seat: str) -> list[Event]:
    """DT-END-02 at the end of ``seat``'s turn: two own turns begun since the loss, still no warrior."""
    tracked = player(state, seat)["warriorless"]
    scope = settings_of(state).no_warrior_loss_scope
    if tracked is None or tracked["started"] < 2 or warriors_of(state, seat):
        return []
    if scope == "empty_library" and not library_empty(state, seat):
        return []
    player(state, seat)["lost"] = True
    rest = [s for s in state.players if s != seat]
    return end_game(state, rule="DT-END-02", winner=rest[0] if len(rest) == 1 else _by_vp(state, rest),
                    reason="no_warrior")


def pay(state: TableState, seat: str, amount: int) -> None:
    transfer(state, f"fate:{seat}", "pool", amount)


def lose_fate_then_vp(state: TableState, seat: str, amount: int) -> tuple[int, int]:
    """DT-COV-04's shortfall: the whole bank goes, the rest comes off VP (never below 0)."""
    bank = state.counters[f"fate:{seat}"].value
    pay(state, seat, bank)
    lost_vp = -change(state, f"vp:{seat}", -(amount - bank), clamp=True)
    return bank, lost_vp

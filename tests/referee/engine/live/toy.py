"""A toy live system for the mechanism's tests: decks, hands, face-down plays, a pass window."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.engine.live import zones as z
from referee.engine.live.counters import change, counter_add
from referee.engine.live.events import Event, card_ref, private, public
from referee.engine.live.state import NOBODY, OWNER, PUBLIC, TableState
from referee.engine.live.system import Command, CommandError, CommandType, Field, LiveSystem
from referee.engine.live.turns import turn_begin, turn_next, window_open, window_pass, window_play
from referee.engine.live.views import board
from referee.engine.rolls import Roller

TYPES = {
    "draw": CommandType("draw", "active", ("main",), {}),
    "play": CommandType("play", "active", ("main",), {"card": Field("card"), "face_up": Field("bool")}),
    "flip": CommandType("flip", "active", ("main",), {"card": Field("card")}),
    "gain": CommandType("gain", "active", ("main",), {"amount": Field("int", minimum=-5, maximum=5)}),
    "react": CommandType("react", "active", ("main",), {}),
    "respond": CommandType("respond", "priority", (), {}),
    "pass": CommandType("pass", "priority", (), {}),
    "end": CommandType("end", "active", ("main",), {}),
}


class Toy(LiveSystem):
    slug = "toy"
    gm_sees_hidden = False

    def command_types(self) -> Mapping[str, CommandType]:
        return TYPES

    def settings_from_dict(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return dict(raw)

    def seat_check(self, settings: Any, options: Mapping[str, Any], rules: Any = None) -> dict[str, Any]:
        return dict(options)

    def new_state(self, *, seats, key, settings, options) -> TableState:
        state = TableState(system="toy", seats=dict(seats), key=key, settings=dict(settings))
        for seat in state.players:
            z.zone_add(state, f"library:{seat}", owner=seat, policy=NOBODY)
            z.zone_add(state, f"hand:{seat}", owner=seat, policy=OWNER)
            z.zone_add(state, f"area:{seat}", owner=seat, policy=PUBLIC)
            counter_add(state, f"gold:{seat}", value=1, owner=seat)
        state.data["decks"] = {s: list(options.get(s, {}).get("deck", [])) for s in state.players}
        return state

    def setup(self, state: TableState, roller: Roller, start: Mapping[str, Any]) -> list[Event]:
        events: list[Event] = []
        for seat in state.players:
            events += z.deck_build(state, zone=f"library:{seat}", owner=seat, cards=state.data["decks"][seat])
            events += z.shuffle(state, zone=f"library:{seat}", roller=roller)
            _, moved = z.draw(state, source=f"library:{seat}", to=f"hand:{seat}", count=2)
            events += moved
        turn_begin(state, order=state.players, phase="main")
        return [*events, public("started")]

    def validate(self, view: TableState, command: Command) -> None:
        if command.kind == "play" and view.cards[command.payload["card"]].zone != f"hand:{command.seat}":
            raise CommandError("not_in_hand", "play a card from your hand", "card")
        if command.kind == "flip" and view.cards[command.payload["card"]].owner != command.seat:
            raise CommandError("not_yours", "flip your own cards", "card")

    def apply(self, state: TableState, command: Command, roller: Roller) -> list[Event]:
        seat, p = command.seat, command.payload
        if command.kind == "draw":
            taken, events = z.draw(state, source=f"library:{seat}", to=f"hand:{seat}")
            return [*events, *(private("drew", [seat], card=card_ref(state.cards[c])) for c in taken),
                    public("drew_count", seat=seat, count=len(taken))]
        if command.kind == "play":
            events = z.move(state, p["card"], to=f"area:{seat}", face_up=p["face_up"])
            return [*events, public("played", seat=seat, card=card_ref(state.cards[p["card"]]))]
        if command.kind == "flip":
            events = z.flip(state, p["card"], face_up=not state.cards[p["card"]].face_up)
            return [*events, public("flipped", card=card_ref(state.cards[p["card"]]))]
        if command.kind == "gain":
            change(state, f"gold:{seat}", p["amount"])
            return [public("gained", seat=seat, amount=p["amount"])]
        if command.kind == "react":
            window_open(state, key="react", participants=[seat, *[s for s in state.players if s != seat]])
            return [public("window")]
        if command.kind == "respond":
            window_play(state, seat)
            return [public("responded", seat=seat)]
        if command.kind == "pass":
            closed = window_pass(state, seat)
            return [public("passed", seat=seat, closed=closed)]
        turn_next(state, phase="main")
        return [public("ended", seat=seat)]

    def view_for(self, state: TableState, viewer: str) -> dict[str, Any]:
        return board(state, viewer)

    def affordances(self, view: TableState, viewer: str) -> list[dict[str, Any]]:
        return [{"kind": kind} for kind in TYPES]

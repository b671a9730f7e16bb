"""What happens on its own after each command: announced actions resolve, activations end, turns turn.

:func:`settle` runs after every applied command until the table waits for someone: an open
window, a pending decision, a declaration, the end-of-turn draws, or the game's end.
"""

from __future__ import annotations

from referee.engine.live.events import Event
from referee.engine.live.state import TableState
from referee.engine.rolls import Roller
from referee.engine.sealed import Decision
from referee.engine.systems.skirmish_cards import activation, endgame, interrupts, melee, shooting
from referee.engine.systems.skirmish_cards.model import controller, current, next_id, say


def begin_fight(state: TableState, c: dict, target: dict, options: dict) -> list[Event]:
    fight = state.data["fights"].get(c["fight"]) or melee.start(state, c, target)
    fight["options"][c["id"]] = options
    return [say("fight.started" if fight["round"] == 0 else "fight.continued", "SC-HTH-01", fight=fight["id"],
                characters=fight["sides"]),
            *interrupts.open_for(state, {"kind": "fight", "char": c["id"], "fight": fight["id"], "payload": {}})]


def resolve_pending(state: TableState, roller: Roller) -> list[Event]:
    pending = state.data["pending"]
    state.data["pending"] = None
    c = state.data["chars"][pending["char"]]
    p = pending["payload"]
    kind = pending["kind"]
    if kind == "fight":
        fight = state.data["fights"].get(pending["fight"])
        return melee.resolve(state, roller, fight, c["id"]) if fight else []
    if c["removed"] and not p.get("simultaneous"):
        return [say("action.cancelled", "SC-INT-05", character=c["id"], action=kind)]
    if kind == "shoot":
        target = state.data["chars"][p["target"]]
        if target["removed"]:
            return [say("action.cancelled", "SC-SHT-01", character=c["id"], action=kind)]
        return shooting.resolve(state, roller, c, target, p, quick=False)
    if kind == "charge":
        target = state.data["chars"][p["target"]]
        if pending.get("ducked"):
            key = next_id(state, "reach.")
            state.decisions[key] = Decision(key, controller(state, c["side"]), "reach", ["yes", "no"], "SC-INT-04",
                                            {"character": c["id"], "target": target["id"]})
            state.data["reach"] = {"key": key, "char": c["id"], "target": target["id"]}
            return [say("charge.reach_asked", "SC-INT-04", character=c["id"], decision=key)]
        return contact(state, c, target)
    return []


def contact(state: TableState, c: dict, target: dict) -> list[Event]:
    """SC-MOV-06: contact made; the raven and the bear fight at once without a Fight action."""
    if target["removed"] or target["fight"]:
        return [say("charge.no_contact", "SC-HTH-02", character=c["id"])]
    c["contact"] = target["id"]
    events = [say("contact", "SC-MOV-06", character=c["id"], target=target["id"])]
    if activation.free_contact(state, c):
        events += begin_fight(state, c, target, {})
    return events


def reached(state: TableState, yes: bool) -> list[Event]:
    """SC-INT-04: after a Duck Back the charger moves; if it did not reach, its Fight is cancelled."""
    info = state.data.pop("reach")
    c, target = state.data["chars"][info["char"]], state.data["chars"][info["target"]]
    if yes:
        return contact(state, c, target)
    rest = c["declared"][c["used"]:]
    if "fight" in rest:
        rest.remove("fight")
    c["declared"] = c["declared"][: c["used"]] + rest
    return [say("charge.missed", "SC-INT-04", character=c["id"])]


def settle(state: TableState, roller: Roller) -> list[Event]:
    events: list[Event] = []
    for _ in range(200):
        if state.status == "ended" or state.window is not None or state.decisions:
            break
        events += endgame.check_over(state)
        if state.status == "ended":
            break
        if state.data.get("pending"):
            events += resolve_pending(state, roller)
            continue
        phase = state.turn.phase
        if phase == "activations":
            c = current(state)
            if c is not None:
                if c["removed"] or (c["used"] >= len(c["declared"]) and not c.get("redeclare")):
                    events += activation.end(state, c)
                    continue
                break
            order, index = state.data["order"], state.data["index"]
            if index < len(order) and state.data["chars"][order[index]]["state"] != "waiting":
                events += activation.advance(state)
                continue
            if index >= len(order):
                events += endgame.begin(state)
                continue
            break
        if phase == "end_of_turn" and not endgame.waiting_for_draws(state):
            events += endgame.finish(state, roller)
            continue
        break
    return events

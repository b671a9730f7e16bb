"""Interrupts in a response window (SC-INT): Duck Back, Quick Shot, and the defender's HtH declarations.

Each Move, Shoot and Fight of the active character is announced first; a priority window
then opens for the seats of enemy sides that may still interrupt (a character that has
not activated, one per side per enemy activation, SC-INT-02; a Joker with actions left,
SC-INT-06), or, for a Fight, for the defender. When every participant has passed, the
announced action resolves (:func:`referee.engine.systems.skirmish_cards.flow.resolve_pending`).
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event
from referee.engine.live.state import TableState
from referee.engine.live.turns import window_open
from referee.engine.rolls import Roller
from referee.engine.systems.skirmish_cards import decks, initiative, shooting
from referee.engine.systems.skirmish_cards.falling import lose_horse
from referee.engine.systems.skirmish_cards.model import controller, enemies, in_play, refuse, say

DUCK_MODES = ("move", "in_place", "dismount")


def can_interrupt(state: TableState, c: dict[str, Any], active: dict[str, Any]) -> bool:
    if c["removed"] or c["fight"] or not enemies(state, c, active):
        return False
    if c["interrupts"] > 0:
        return True
    act = state.data.get("act") or {}
    return c["state"] == "waiting" and bool(c["card"]) and c["side"] not in act.get("interrupted", [])


def open_for(state: TableState, pending: dict[str, Any]) -> list[Event]:
    """Store the announced action and open its window; no window when nobody may answer it."""
    active = state.data["chars"][pending["char"]]
    if pending["kind"] == "fight":
        fight = state.data["fights"][pending["fight"]]
        defender = state.data["chars"][fight["sides"][1] if fight["sides"][0] == active["id"] else fight["sides"][0]]
        seats = [controller(state, defender["side"])]
    else:
        seats = []
        for c in in_play(state):
            seat = controller(state, c["side"])
            if can_interrupt(state, c, active) and seat not in seats:
                seats.append(seat)
    state.data["pending"] = pending
    if not seats:
        return []
    window_open(state, key=f"respond.{pending['kind']}", participants=seats)
    return [say("window.opened", "SC-INT-01", action=pending["kind"], character=active["id"],
                target=pending["payload"].get("target", ""), seats=seats)]


def _check_window(view: TableState, kinds: tuple[str, ...]) -> dict[str, Any]:
    pending = view.data.get("pending")
    if view.window is None or not pending or pending["kind"] not in kinds:
        raise refuse("nothing_to_answer", "there is no action to answer with this now")
    if view.decisions:
        raise refuse("waiting", "wait until the pending result is entered")
    return pending


def spend(state: TableState, c: dict[str, Any]) -> list[Event]:
    """SC-INT-01: the interrupt spends the interrupter's activation; a Joker gets two actions (SC-INT-06)."""
    if c["interrupts"] > 0:
        c["interrupts"] -= 1
        return []
    act = state.data["act"]
    act["interrupted"].append(c["side"])
    joker = decks.rank(state.cards[c["card"]].card) == 0
    c["interrupts"] = 1 if joker else 0
    c["state"] = "done"
    events = [say("interrupted", "SC-INIT-07" if joker else "SC-INT-01", character=c["id"], joker=joker)]
    return events + initiative.discard_card(state, c, "SC-INIT-10")


def check_duck_back(view: TableState, c: dict[str, Any]) -> None:
    pending = _check_window(view, ("shoot", "charge"))
    active = view.data["chars"][pending["char"]]
    if pending["payload"].get("target") != c["id"] or not can_interrupt(view, c, active):
        raise refuse("cannot_duck_back", "only the unactivated target of this Shoot or charge may Duck Back",
                     "character")
    if pending["kind"] == "charge" and not view.settings["duck_back_vs_hth"]:
        raise refuse("cannot_duck_back", "this table does not allow Duck Back against hand-to-hand", "character")


def duck_back(state: TableState, c: dict[str, Any], p: dict[str, Any]) -> list[Event]:
    """SC-INT-03/04, SC-MNT-07/08: a Move of up to 10 cm, in place, or a dismount; one marker."""
    events = spend(state, c)
    mode = p.get("mode") or "move"
    c["movement"] += 1
    pending = state.data["pending"]
    cover = p.get("cover") or "none"
    if mode == "dismount":
        events += lose_horse(state, c, "SC-MNT-07")
        cover = "solid"
        events.append(say("horse.cover", "SC-MNT-08", character=c["id"]))
    if pending["kind"] == "shoot":
        pending["payload"].update(cover=cover, obscured=False, range="", ducked=True)
        if not p.get("visible", True):
            state.data["act"]["hidden"].append(c["id"])
    else:
        pending["ducked"] = True
    reminder = (f"Up to {state.settings['duck_back_cm']} cm toward cover and/or away from the shooter; the shot "
                "is still resolved, fired before the target got away.")
    rule = "SC-INT-04" if pending["kind"] == "charge" else "SC-INT-03"
    return [*events, say("ducked_back", rule, character=c["id"], mode=mode, cover=cover, markers=c["movement"],
                         reminder=reminder)]


def check_quick_shot(view: TableState, c: dict[str, Any], p: dict[str, Any]) -> None:
    pending = _check_window(view, ("shoot", "charge", "move"))
    active = view.data["chars"][pending["char"]]
    if not can_interrupt(view, c, active):
        raise refuse("cannot_interrupt", "this character cannot interrupt now (SC-INT-01/02)", "character")
    shooting.check(view, c, {**p, "target": active["id"]})


def quick_shot(state: TableState, roller: Roller, c: dict[str, Any], p: dict[str, Any]) -> list[Event]:
    """SC-INT-05/07: at the active character only; first against a long shot, else simultaneous."""
    events = spend(state, c)
    pending = state.data["pending"]
    active = state.data["chars"][pending["char"]]
    if pending["kind"] == "shoot":
        band = pending["payload"].get("range") or ""
        pending["payload"]["simultaneous"] = band in ("close", "point_blank")
        timing = "simultaneous" if pending["payload"]["simultaneous"] else "first"
    else:
        timing = "while moving"
    events.append(say("quick_shot", "SC-INT-05", character=c["id"], target=active["id"], timing=timing))
    return events + shooting.resolve(state, roller, c, active, {**p, "target": active["id"]}, quick=True)


def check_hth_declare(view: TableState, c: dict[str, Any]) -> None:
    pending = _check_window(view, ("fight",))
    if c["id"] not in view.data["fights"][pending["fight"]]["sides"] or c["id"] == pending["char"]:
        raise refuse("not_in_this_fight", "only the defender declares here", "character")


def hth_declare(state: TableState, c: dict[str, Any], p: dict[str, Any]) -> list[Event]:
    """SC-HTH-06/13: defensive fighting or a roof throw, declared before the roll."""
    fight = state.data["fights"][state.data["pending"]["fight"]]
    fight["options"][c["id"]] = {k: bool(p.get(k)) for k in ("defensive", "throw", "higher")}
    return [say("fight.declared", "SC-HTH-06", character=c["id"], **fight["options"][c["id"]])]

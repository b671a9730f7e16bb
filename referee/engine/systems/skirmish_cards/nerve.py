"""Under Fire markers, removal from play, Nerve tests and the Big Nerve Test (SC-WND, SC-NRV, SC-BNT).

A character's position facts (``<character>.<name>``, entered by any seat as table facts and
open to dispute) feed the tests: ``friend_near`` is the SC-NRV-02 friend within 15 cm.
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event
from referee.engine.live.state import GM, TableState
from referee.engine.live.system import CommandError
from referee.engine.rolls import Roller
from referee.engine.systems.skirmish_cards import initiative
from referee.engine.systems.skirmish_cards.model import has, in_play, say, sides

#: Position facts a seat may enter about a character (all true/false; the app measures nothing).
POSITION_FACTS = ("friend_near", "high_ground", "mid_jump", "on_vehicle", "moving_vehicle", "near_window",
                  "fall_over_20", "near_baron", "enemy_within_30", "tether_point", "higher")


def fact(state: TableState, cid: str, name: str) -> bool:
    found = state.facts.get(f"{cid}.{name}")
    return bool(found.value) if found is not None else False


def remove(state: TableState, c: dict[str, Any], rule: str) -> list[Event]:
    """A character leaves play (SC-WND-04); an unused initiative card goes to its deck's discard (GAP-31)."""
    if c["removed"]:
        return []
    c["removed"] = True
    events = [say("character.removed", rule, character=c["id"])]
    if c["card"] and c["state"] == "waiting" and state.settings["removed_card_discard"] == "at_once":
        events += initiative.discard_card(state, c, "SC-INIT-10")
    if c["state"] == "waiting":
        c["state"] = "done"
    if c["mounted"]:
        c["mounted"], c["horse"] = False, "removed"
    for other in state.data["chars"].values():
        if other.get("riding") == c["id"]:
            other["riding"] = ""
    return events


def place(state: TableState, c: dict[str, Any], rule: str, *, may_remove: bool = True) -> list[Event]:
    """One Under Fire marker, then the SC-WND-04 check (markers >= HP: removed from play)."""
    if c["removed"]:
        return []
    if not may_remove and c["markers"] + 1 >= c["hp"]:
        return [say("marker.withheld", rule, character=c["id"])]
    c["markers"] += 1
    events = [say("marker.placed", rule, character=c["id"], markers=c["markers"])]
    if c["creature"] == "scavengers":
        return events + _flock_wound(state, c)
    if c["markers"] >= c["hp"]:
        events += remove(state, c, "SC-WND-04")
    elif c["markers"] == 2 and sides(state)[c["side"]]["kind"] == "player":
        events += flock_target(state, c)
    return events


def _flock_wound(state: TableState, flock: dict[str, Any]) -> list[Event]:
    """SC-SUP-08 default: markers go on one 2-HP model until it dies; that death triggers Cowardly."""
    if flock["markers"] < flock["hp"]:
        return []
    flock["models"] -= 1
    flock["markers"] = 0
    events = [say("scavenger.died", "SC-SUP-08", character=flock["id"], left=flock["models"])]
    if flock["models"] <= 0:
        return events + remove(state, flock, "SC-WND-04")
    flock["flock"] = "perched"
    for fight in list(state.data["fights"].values()):
        if flock["id"] in fight["sides"]:
            state.data["fights"].pop(fight["id"])
            for cid in fight["sides"]:
                state.data["chars"][cid]["fight"] = ""
    state.data["cowardly"] = True
    return [*events, say("scavengers.fled", "SC-SUP-08", character=flock["id"])]


def flock_target(state: TableState, c: dict[str, Any]) -> list[Event]:
    """SC-SUP-06: the first enemy to reach 2 markers becomes the target of scavengers aloft."""
    events = []
    for flock in in_play(state):
        if flock["creature"] == "scavengers" and flock["flock"] == "aloft" and flock["side"] != c["side"]:
            flock["flock"], flock["target"], flock["placed_turn"] = "placed", c["id"], state.turn.number
            events.append(say("scavengers.placed", "SC-SUP-06", character=flock["id"], target=c["id"],
                              reminder="Place them within 20 cm of the target (on buildings if any are within "
                                       "20 cm), within 5 cm of each other: they count as one character."))
    return events


def owe(state: TableState, trigger: str, **about: str) -> None:
    """Something in the game calls for a Nerve test the app cannot roll itself (SC-NRV-03): a roof throw
    (SC-HTH-13: whoever the faller is thrown toward) or a move onto a moving vehicle (SC-FALL-06)."""
    state.data.setdefault("nerve_owed", []).append({"trigger": trigger, **about})


def owed_for(state: TableState, seat: str, payload: Any) -> CommandError | None:
    """``nerve_test``'s ``when`` (SC-NRV-03): only a test something triggered, for a character of the
    sender's side (the GM's: any), once per trigger."""
    owed = state.data.get("nerve_owed", [])
    if not owed:
        return CommandError("no_nerve_test_due", "no Nerve test is due: only a roof throw or a jump onto a moving "
                            "vehicle calls for one")
    if payload is None:
        return None
    cid, trigger = payload.get("character"), payload.get("trigger")
    found = state.data["chars"].get(cid)
    if found is None or (state.seats.get(seat) != GM and sides(state)[found["side"]]["controller"] != seat):
        return CommandError("not_your_character", "test a character of your own side", "character")
    if owed_index(state, cid, trigger) is None:
        return CommandError("no_nerve_test_due", "nothing calls for this Nerve test of this character", "trigger")
    return None


def owed_index(state: TableState, cid: str, trigger: str) -> int | None:
    for index, due in enumerate(state.data.get("nerve_owed", [])):
        if due["trigger"] == trigger and due.get("character", cid) == cid and due.get("faller") != cid:
            return index
    return None


def owed_clear(state: TableState) -> None:
    state.data["nerve_owed"] = []


def auto_pass(c: dict[str, Any]) -> bool:
    return has(c, "auto_nerve") or has(c, "unholy")


def test(state: TableState, c: dict[str, Any], roller: Roller, rule: str, *, modifier: int = 0,
         consequence: str = "marker", may_remove: bool = True) -> tuple[bool, list[Event]]:
    """SC-NRV-01/02: d10 + modifiers >= stress passes; a failure gives one marker unless the rule says otherwise.

    SC-SUP-01: an Unholy (or auto-pass) character passes without a roll.
    """
    if auto_pass(c):
        return True, [say("nerve.auto", "SC-SUP-01" if has(c, "unholy") else "SC-NRV-01", character=c["id"],
                          trigger=rule)]
    made = roller.roll("d10", rule="SC-NRV-01", label=f"nerve {c['id']} ({rule})")
    friend = 1 if fact(state, c["id"], "friend_near") else 0
    total = made.total - c["markers"] + friend + modifier
    passed = total >= c["stress"]
    events = [say("nerve.tested", "SC-NRV-01", character=c["id"], trigger=rule, die=made.total,
                  markers=-c["markers"], friend=friend, modifier=modifier, total=total, stress=c["stress"],
                  passed=passed)]
    if not passed and consequence == "marker":
        events += place(state, c, "SC-NRV-01", may_remove=may_remove)
    return passed, events


def bnt_due(state: TableState, side: str) -> bool:
    info = sides(state)[side]
    out = info["start_count"] - len(in_play(state, side))
    return info["kind"] == "player" and not info["out"] and out * 2 > info["start_count"]


def bnt_auto_fail(state: TableState, side: str) -> bool:
    """SC-BNT-04: markers on the remaining characters total at least twice their number."""
    left = in_play(state, side)
    return sum(c["markers"] for c in left) >= 2 * len(left)


def bnt_warning(state: TableState, side: str) -> bool:
    """SC-BNT-04's warning: one more marker (or one more loss) and a due test fails on its own."""
    left = in_play(state, side)
    return sides(state)[side]["kind"] == "player" and bool(left) and (
        sum(c["markers"] for c in left) + 1 >= 2 * len(left))


def big_test(state: TableState, side: str, roller: Roller) -> tuple[bool, list[Event]]:
    """SC-BNT-02/03/04: d10 - (out - floor(start / 2)) >= the highest stress; automatic failure first."""
    info = sides(state)[side]
    left = in_play(state, side)
    if bnt_auto_fail(state, side):
        return False, [say("bnt.auto_failed", "SC-BNT-04", side=side)]
    pool = left if state.settings["bnt_stress_from"] == "in_play" else [
        c for c in state.data["chars"].values() if c["side"] == side]
    target = max(c["stress"] for c in pool)
    out = info["start_count"] - len(left)
    penalty = -(out - info["start_count"] // 2) if out * 2 > info["start_count"] else 0
    made = roller.roll("d10", rule="SC-BNT-02", label=f"big nerve test {side}")
    extra = 0
    if state.settings["bnt_nerve_modifiers"]:
        extra = -sum(c["markers"] for c in left)
    total = made.total + penalty + extra
    passed = total >= target
    return passed, [say("bnt.tested", "SC-BNT-02", side=side, die=made.total, penalty=penalty, modifier=extra,
                        total=total, stress=target, passed=passed)]

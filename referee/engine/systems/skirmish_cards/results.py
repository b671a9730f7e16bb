"""A d20 read on the shooting results table, and what each result does (SC-SHT-01/08, SC-WND, SC-MNT-06).

The published table ships empty (SC-SHT-08). With ``shooting_result_entry`` ``manual`` (the
default), or no league table, or a modifier with no figure, the result is entered by hand:
a decision for the table's GM seat if it has one, else for the shooter's controller. With
``league_table`` the league's bands are read. Results: ``miss``, ``wound``, ``wound_nerve``,
``referee`` (the referee applies it by hand).
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event
from referee.engine.live.facts import fact_enter
from referee.engine.live.state import GM, TableState
from referee.engine.rolls import Roller
from referee.engine.sealed import Decision
from referee.engine.systems.skirmish_cards import falling, nerve
from referee.engine.systems.skirmish_cards.model import next_id, say
from referee.engine.systems.skirmish_cards.pack import RESULTS


def lookup(state: TableState, total: int) -> str | None:
    for low, high, result in state.data["tables"]["results"]:
        if (low is None or total >= low) and (high is None or total <= high):
            return str(result)
    return None


def entered_by(state: TableState, seat: str) -> str:
    gms = [s for s, role in state.seats.items() if role == GM]
    return gms[0] if gms else seat


def submit(state: TableState, roller: Roller, *, item: dict[str, Any], seat: str) -> list[Event]:
    """Read ``item['total']`` on the league's table, or ask for the result by hand."""
    table = state.settings["shooting_result_entry"] == "league_table" and state.data["tables"]["results"]
    if table and not item.get("unknown"):
        result = lookup(state, item["total"])
        if result is not None:
            return [say("result.read", "SC-SHT-08", total=item["total"], result=result),
                    *apply(state, roller, item, result)]
    key = next_id(state, "result.")
    state.data["results"][key] = item
    state.decisions[key] = Decision(key, entered_by(state, seat), "result", list(RESULTS), "SC-SHT-01", dict(item))
    return [say("result.awaited", "SC-SHT-08", decision=key, by=entered_by(state, seat), **item)]


def answer(state: TableState, roller: Roller, key: str, result: str) -> list[Event]:
    item = state.data["results"].pop(key)
    return [say("result.entered", "SC-SHT-08", decision=key, result=result), *apply(state, roller, item, result)]


def falls(state: TableState, roller: Roller, c: dict[str, Any], rule: str, *, from_horse: bool,
           seat: str) -> list[Event]:
    events, rolls = falling.fall(state, c, roller, rule, from_horse=from_horse)
    for total in rolls:
        events += submit(state, roller, seat=seat, item={"source": "fall", "target": c["id"], "d20": total,
                                                         "total": total, "modifiers": []})
    return events


def apply(state: TableState, roller: Roller, item: dict[str, Any], result: str) -> list[Event]:
    """What a result does to its target; falls and fall damage follow (SC-WND-05, SC-FALL-03, SC-MNT-06)."""
    c = state.data["chars"][item["target"]]
    seat = item.get("seat", "")
    if result == "miss" or c["removed"]:
        return [say("result.miss", "SC-SHT-01", target=c["id"])]
    if result == "referee":
        return [say("result.referee", "SC-SHT-08", target=c["id"],
                    reminder="The referee applies this result by hand.")]
    if item.get("part") == "horse":
        if result != "wound_nerve":
            return [say("horse.unhurt", "SC-MNT-06", target=c["id"])]
        events = [say("rider.thrown", "SC-MNT-06", target=c["id"]), *falling.lose_horse(state, c, "SC-MNT-07")]
        _passed, tested = nerve.test(state, c, roller, "SC-MNT-06")
        return events + tested
    events = nerve.place(state, c, "SC-WND-01" if result == "wound" else "SC-WND-02")
    if item["source"] != "shot" or c["removed"]:
        if result == "wound_nerve" and not c["removed"]:
            events += nerve.test(state, c, roller, "SC-WND-02")[1]
        return events
    if nerve.fact(state, c["id"], "mid_jump"):
        events.append(say("jump.hit", "SC-FALL-03", target=c["id"]))
        events += fact_enter(state, key=f"{c['id']}.mid_jump", value=False, seat=seat)  # he has landed
        return events + falls(state, roller, c, "SC-FALL-03", from_horse=False, seat=seat)
    if result == "wound":
        return events
    passed, tested = nerve.test(state, c, roller, "SC-WND-02")
    events += tested
    if passed or c["removed"]:
        return events
    if c["mounted"]:
        events.append(say("rider.falls", "SC-MNT-06", target=c["id"]))
        return events + falls(state, roller, c, "SC-MNT-06", from_horse=True, seat=seat)
    if nerve.fact(state, c["id"], "high_ground"):
        for _ in range(state.settings["high_ground_fall_markers"]):
            events += nerve.place(state, c, "SC-WND-05")
        events.append(say("target.falls", "SC-WND-05", target=c["id"]))
        return events + falls(state, roller, c, "SC-WND-05", from_horse=False, seat=seat)
    return events


def jump_onto_moving(state: TableState, roller: Roller, c: dict[str, Any], seat: str) -> list[Event]:
    """SC-FALL-06: a Nerve test; a failure is one d20 on the results table, with no failure marker."""
    passed, events = nerve.test(state, c, roller, "SC-FALL-06", consequence="none")
    if passed:
        return events
    total = roller.roll("d20", rule="SC-FALL-06", label=f"missed jump {c['id']}").total
    return events + submit(state, roller, seat=seat, item={"source": "jump", "target": c["id"], "d20": total,
                                                           "total": total, "modifiers": []})

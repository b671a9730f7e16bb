"""Falling and mounted figures (SC-FALL, SC-MNT): the fall rolls, losing the horse, boarding.

A fall rolls its d10 distance (the referee enters the direction; a d8 compass point when the
table's setting asks for a random bearing), then one or two d20s of fall damage read on the
shooting results table (SC-FALL-04/05), which :mod:`.results` resolves like a shot's.
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event
from referee.engine.live.state import TableState
from referee.engine.rolls import Roller
from referee.engine.systems.skirmish_cards.model import say
from referee.engine.systems.skirmish_cards.nerve import fact

COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def lose_horse(state: TableState, c: dict[str, Any], rule: str, *, tethered: bool = False) -> list[Event]:
    """SC-MNT-07: leaving the saddle removes the horse, unless the rider ties it up by a tether point."""
    if not c["mounted"]:
        return []
    c["mounted"] = False
    c["horse"] = "tethered" if tethered else "removed"
    events = [say("horse.tethered" if tethered else "horse.removed", rule, character=c["id"])]
    for other in state.data["chars"].values():
        if other.get("riding") == c["id"]:
            other["riding"] = ""
            events.append(say("passenger.dismounted", rule, character=other["id"]))
    return events


def fall(state: TableState, c: dict[str, Any], roller: Roller, rule: str, *,
         from_horse: bool = False) -> tuple[list[Event], list[int]]:
    """SC-FALL-01/02/04/05: the distance roll and the fall-damage d20s (unmodified, no out-of-ammo).

    Returns the events and the d20 totals the results table must read.
    """
    distance = roller.roll("d10", rule="SC-FALL-01", label=f"fall distance {c['id']}").total
    bearing = ""
    if state.settings["fall_random_bearing"]:
        bearing = COMPASS[roller.roll("d8", rule="SC-FALL-01", label=f"fall bearing {c['id']}").total - 1]
    events = [say("fall.rolled", rule, character=c["id"], distance_cm=distance, bearing=bearing,
                  reminder="The faller rolls this many cm the way the die's tip points; the referee enters it.")]
    if fact(state, c["id"], "near_window"):
        events.append(say("fall.window", "SC-FALL-02", character=c["id"],
                          reminder="Next to a window the direction decides whether it drops outside or inside."))
    high = fact(state, c["id"], "fall_over_20") or fact(state, c["id"], "moving_vehicle")
    count = 1 if from_horse else (2 if high else 1)
    rolls = [roller.roll("d20", rule="SC-FALL-04", label=f"fall damage {c['id']}").total for _ in range(count)]
    events.append(say("fall.damage_rolled", "SC-FALL-05" if count == 2 else "SC-FALL-04", character=c["id"],
                      rolls=rolls, from_horse=from_horse))
    if c["mounted"]:
        events += lose_horse(state, c, "SC-MNT-07")
    return events, rolls


def check_board(state: TableState, c: dict[str, Any], rider: dict[str, Any]) -> None:
    from referee.engine.systems.skirmish_cards.model import refuse

    if rider["side"] != c["side"] or not rider["mounted"] or rider["removed"]:
        raise refuse("not_a_friendly_rider", "board the horse of a friendly mounted character", "target")
    riding = [o for o in state.data["chars"].values() if o.get("riding") == rider["id"]]
    if len(riding) >= state.settings["horse_passengers"]:
        raise refuse("horse_full", "that horse carries no more passengers (SC-MNT-04)", "target")

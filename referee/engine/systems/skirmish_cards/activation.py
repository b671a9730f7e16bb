"""Activations and actions (SC-ACT, SC-MOV, SC-MNT-02/04/05): declare and lock, then act in that order.

The app measures nothing: distances, the 2 cm rule and free obstacles are reminders the
commands carry; what it can hold (the declared list and its order, markers, the action
budget, the climb that must fit in one declaration, riders and buildings) it enforces.
"""

from __future__ import annotations

import math
from typing import Any

from referee.engine.live.events import Event
from referee.engine.live.state import TableState
from referee.engine.systems.skirmish_cards import initiative
from referee.engine.systems.skirmish_cards.falling import check_board, lose_horse
from referee.engine.systems.skirmish_cards.model import (
    char,
    enemies,
    has,
    in_play,
    is_current,
    refuse,
    say,
    sync_turn,
)
from referee.engine.systems.skirmish_cards.nerve import fact

ACTIONS = ("move", "aim", "shoot", "reload", "recover", "fight", "break_off")
MOVE_MODES = ("move", "charge", "climb", "mount", "dismount", "board", "leap")
MOVE_REMINDER = ("A Move covers up to 10 cm (20 cm mounted) and places a movement marker even in place; friends "
                 "do not block and turning is free; never within 2 cm of an enemy unless entering hand-to-hand; "
                 "obstacles, windows, fences, ladders and climbs up to 10 cm cost nothing extra (SC-MOV-01..04).")


def cost(actions: list[str]) -> int:
    return sum(2 if a == "break_off" else 1 for a in actions)


def bear_must_charge(state: TableState, c: dict[str, Any]) -> bool:
    """SC-SUP-05: a bear more than 20 cm from the Baron (or with no Baron in play) must reach HtH."""
    if c["creature"] != "bear":
        return False
    baron = state.settings["baron"] or state.data["scenario"]["baron"]
    present = baron and baron in state.data["chars"] and not state.data["chars"][baron]["removed"]
    return not (present and fact(state, c["id"], "near_baron"))


def first_wolf(state: TableState, c: dict[str, Any]) -> bool:
    return c["creature"] == "wolf" and not (state.data["howled"] and state.settings["howl_once_per_turn"])


def check_declare(view: TableState, c: dict[str, Any], actions: list[str], howl: str) -> None:
    up = view.data["order"][view.data["index"]] if view.data["order"] else ""
    if c["id"] != up or c["state"] != "waiting" or (c["declared"] and not c.get("redeclare")):
        raise refuse("not_up", "declare for the character whose card is up, once per activation", "character")
    bad = [a for a in actions if a not in ACTIONS]
    if bad:
        raise refuse("unknown_action", f"{bad[0]} is not an action: {', '.join(ACTIONS)}", "actions")
    budget = c["budget"] - c["used"]
    if cost(actions) > budget:
        raise refuse("too_many_actions", f"at most {budget} actions this activation (SC-ACT-01)", "actions")
    if not actions or (not view.settings["fewer_actions_allowed"] and cost(actions) < budget):
        raise refuse("declare_all_actions", f"declare all {budget} actions (SC-ACT-01)", "actions")
    if c["fight"] and any(a not in ("fight", "break_off") for a in actions):
        raise refuse("only_fight_or_break_off", "a character that starts in base contact may only Fight or "
                     "Break off (SC-MOV-07)", "actions")
    fight = view.data["fights"].get(c["fight"]) if c["fight"] else None
    if fight and "fight" in actions and fight["rolled_turn"] == view.turn.number:
        raise refuse("no_second_roll", "the higher card already rolled this fight this turn: you may only Break "
                     "off (SC-HTH-14)", "actions")
    if actions.count("fight") > 1 and fight:
        raise refuse("one_roll_per_turn", "one fight roll per turn (SC-HTH-09)", "actions")
    if c["no_shoot"] and "shoot" in actions:
        raise refuse("out_of_ammo_this_turn", "no more shooting this turn, even after a Reload (SC-SHT-04)", "actions")
    if c["out_of_ammo"] and "shoot" in actions and (
            "reload" not in actions or actions.index("reload") > actions.index("shoot")):
        raise refuse("out_of_ammo", "out of ammo: declare a Reload before the Shoot (SC-SHT-05)", "actions")
    if c.get("riding") and "fight" in actions:
        raise refuse("passenger_cannot_fight", "a passenger may shoot but never fight in hand-to-hand (SC-MNT-04)")
    if bear_must_charge(view, c) and any(a != "move" for a in actions):
        raise refuse("bear_must_charge", "more than 20 cm from the Baron the bear spends its actions reaching "
                     "hand-to-hand with the nearest model (SC-SUP-05)", "actions")
    if first_wolf(view, c) and not howl and any(e["side"] != c["side"] for e in in_play(view)):
        raise refuse("howl_target_required", "the first wolf to activate howls: pick one enemy (SC-SUP-03)",
                     "howl_target")


def declare(state: TableState, c: dict[str, Any], actions: list[str]) -> list[Event]:
    """SC-ACT-01/02: the actions and their order are fixed before anything is done."""
    c["declared"] = c["declared"][: c["used"]] + list(actions)
    c["redeclare"] = False
    c["state"] = "active"
    state.data["act"] = state.data.get("act") or {"char": c["id"], "interrupted": [], "hidden": []}
    return [say("actions.declared", "SC-ACT-01", character=c["id"], actions=list(actions))]


def check_next(view: TableState, c: dict[str, Any], kind: str) -> None:
    if not is_current(view, c["id"]):
        raise refuse("not_declared", "declare this character's actions before it does anything (SC-ACT-03)",
                     "character")
    if view.window is not None or view.decisions or view.data.get("pending"):
        raise refuse("waiting", "wait until the open response or result is settled")
    if c["used"] >= len(c["declared"]):
        raise refuse("no_actions_left", "every declared action is used")
    expected = c["declared"][c["used"]]
    if expected != kind:
        raise refuse("not_declared_next", f"the next declared action is {expected}: the declaration is locked "
                     "(SC-ACT-02)")


def consecutive_moves(c: dict[str, Any]) -> int:
    count = 0
    for action in c["declared"][c["used"]:]:
        if action != "move":
            break
        count += 1
    return count


def check_move(view: TableState, c: dict[str, Any], p: dict[str, Any]) -> None:
    mode = p.get("mode") or "move"
    if c["fight"]:
        raise refuse("in_hand_to_hand", "in hand-to-hand a character may only Fight or Break off (SC-MOV-07)")
    if c["mounted"] and (mode == "climb" or (p.get("into_building") and not view.settings["riders_in_buildings"])):
        raise refuse("riders_stay_out", "riders never climb buildings, and ride into one only where agreed at "
                     "setup (SC-MNT-05)", "mode")
    if mode in ("charge", "board") or (mode == "leap" and p.get("target")):
        target = char(view, p.get("target") or "")
        if mode == "board":
            check_board(view, c, target)
        elif target["removed"] or not enemies(view, c, target) or target["fight"]:
            raise refuse("invalid_charge", "charge an enemy in play that is not already in hand-to-hand: nobody "
                         "joins a fight (SC-HTH-02)", "target")
        elif c.get("riding"):
            raise refuse("passenger_cannot_fight", "a passenger never fights in hand-to-hand (SC-MNT-04)")
        elif mode == "charge" and not free_contact(view, c) and (
                c["used"] + 1 >= len(c["declared"]) or c["declared"][c["used"] + 1] != "fight"):
            raise refuse("fight_must_follow", "a Move into base contact must be followed at once by a declared "
                         "Fight (SC-MOV-06, SC-HTH-01)", "mode")
    if mode == "mount" and c["horse"] != "tethered":
        raise refuse("no_horse", "there is no tethered horse to mount", "mode")
    if mode == "dismount" and not c["mounted"]:
        raise refuse("not_mounted", "this character is not mounted", "mode")
    if mode == "leap":
        if not has(c, "leap"):
            raise refuse("cannot_leap", "only a storm raven leaps (SC-SUP-04)", "mode")
        need = math.ceil(max(1, int(p.get("distance_cm") or 1)) / 10)
        if need > view.settings["leap_max_moves"] or need > consecutive_moves(c):
            raise refuse("leap_too_far", "a Leap uses one declared Move per started 10 cm, at most three "
                         "(SC-SUP-04)", "distance_cm")


def free_contact(state: TableState, c: dict[str, Any]) -> bool:
    """The raven's Leap and the bear enter hand-to-hand without a Fight action (SC-SUP-04/05)."""
    return has(c, "leap") or c["creature"] == "bear"


def move(state: TableState, c: dict[str, Any], p: dict[str, Any]) -> list[Event]:
    """A Move with no window (a plain move, climb, mount, dismount, board); charges go through the window."""
    mode = p.get("mode") or "move"
    if mode == "climb":
        need = max(1, int(p.get("climb_moves") or 1))
        if need > consecutive_moves(c) + 1:
            c["movement"] += 1
            return [say("climb.stopped", "SC-MOV-05", character=c["id"], reminder="The extra Moves for the climb "
                        "were not declared: the character stops before the obstacle.")]
        c["used"] += need - 1
        c["movement"] += need
        return [say("climb.made", "SC-MOV-05", character=c["id"], moves=need, reminder="Never stop partway up a "
                    "climb or in a gap between buildings; long ladders stop only between agreed segments.")]
    c["movement"] += 1
    events = [say("moved", "SC-MOV-01", character=c["id"], mode=mode, markers=c["movement"],
                  reminder=MOVE_REMINDER)]
    if mode == "mount":
        c["mounted"], c["horse"] = True, ""
        events.append(say("mounted", "SC-MNT-02", character=c["id"]))
    elif mode == "dismount":
        events += lose_horse(state, c, "SC-MNT-07", tethered=bool(p.get("tether")) and fact(
            state, c["id"], "tether_point"))
    elif mode == "board":
        c["riding"] = p["target"]
        events.append(say("boarded", "SC-MNT-04", character=c["id"], rider=p["target"]))
    elif mode == "leap":
        need = math.ceil(max(1, int(p.get("distance_cm") or 1)) / 10)
        c["used"] += need - 1
        c["movement"] += need - 1
        events.append(say("leapt", "SC-SUP-04", character=c["id"], moves=need, markers=c["movement"]))
    return events


def aim(state: TableState, c: dict[str, Any]) -> list[Event]:
    """SC-ACT-05 (GAP-09): +1 to the next Shoot or Quick Shot, never above +1."""
    c["aim"] = min(c["aim"] + state.settings["aim_bonus"], state.settings["aim_max"])
    return [say("aimed", "SC-ACT-05", character=c["id"], bonus=c["aim"])]


def check_reload(c: dict[str, Any], switch: bool) -> None:
    if switch and len(c["weapons"]) < 2:
        raise refuse("one_weapon", "switching weapons needs more than one weapon (SC-ACT-06)", "switch")


def reload(state: TableState, c: dict[str, Any], switch: bool) -> list[Event]:
    """SC-ACT-06: either remove the out-of-ammo marker or switch the weapon in hand."""
    if switch:
        c["weapon"] = (c["weapon"] + 1) % len(c["weapons"])
        return [say("weapon.switched", "SC-ACT-06", character=c["id"], weapon=c["weapons"][c["weapon"]])]
    c["out_of_ammo"] = False
    return [say("reloaded", "SC-ACT-06", character=c["id"])]


def recover(state: TableState, c: dict[str, Any]) -> list[Event]:
    """SC-ACT-07, SC-WND-03: one Under Fire marker off the acting character only."""
    if c["markers"]:
        c["markers"] -= 1
    return [say("recovered", "SC-ACT-07", character=c["id"], markers=c["markers"])]


def end(state: TableState, c: dict[str, Any], rule: str = "SC-INIT-10") -> list[Event]:
    """The activation ends: its card goes to the discard of the deck that dealt it (SC-INIT-10)."""
    events = initiative.discard_card(state, c, rule)
    c["state"] = "done"
    for other in state.data["chars"].values():
        other["interrupts"] = 0 if other["state"] == "done" else other["interrupts"]
    state.data["act"] = None
    return [*events, say("activation.ended", rule, character=c["id"]), *advance(state)]


def advance(state: TableState) -> list[Event]:
    """The next character with a card and a waiting activation is up."""
    order = state.data["order"]
    index = state.data["index"]
    while index < len(order) and state.data["chars"][order[index]]["state"] != "waiting":
        index += 1
    state.data["index"] = index
    sync_turn(state)
    if index < len(order):
        return [say("up", "SC-INIT-04", character=order[index])]
    return []


def lose_activation(state: TableState, c: dict[str, Any], rule: str) -> list[Event]:
    """SC-ACT-03: moving or acting before declaring loses the activation (the referee's button)."""
    was_up = is_current(state, c["id"])
    up = state.data["order"][state.data["index"]] if state.data["index"] < len(state.data["order"]) else ""
    if was_up or c["id"] == up:
        return [say("activation.lost", rule, character=c["id"]), *end(state, c, rule)]
    c["state"] = "done"
    return [say("activation.lost", rule, character=c["id"]), *initiative.discard_card(state, c, rule)]

"""Shooting (SC-SHT, SC-COV, SC-INT-05): a d20 plus the modifiers the app knows and the players enter.

The players enter the shot's table facts with the command (range band, cover, obscured,
the 6 cm height advantage, whether the target is the nearest, extra modifiers from the
league's table or by agreement); the app adds what it knows (Aim, mounted shooter, Boss
target, movement markers) and applies the rules between them (SC-COV-03/04).
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event
from referee.engine.live.state import TableState
from referee.engine.rolls import Roller
from referee.engine.systems.skirmish_cards import nerve, results
from referee.engine.systems.skirmish_cards.model import char, controller, enemies, has, refuse, say

RANGES = ("", "point_blank", "close", "long")
COVERS = ("none", "soft", "solid")
REMINDER = ("Line of sight runs from the base; only another character's base makes a target obscured, never "
            "terrain (SC-SHT-07). Solid cover counts if it hides at least half the target, in doubt it counts; "
            "soft cover gives nothing (SC-COV-02). At close range the nearest target, unless a Nerve test is "
            "passed (SC-SHT-06).")


def declared_moves(c: dict[str, Any]) -> int:
    return sum(1 for a in c["declared"] if a == "move") + 2 * sum(1 for a in c["declared"] if a == "break_off")


def check(view: TableState, shooter: dict[str, Any], p: dict[str, Any]) -> dict[str, Any]:
    """Whether ``shooter`` may shoot now at ``p['target']`` (SC-SHT-04/05, SC-HTH-02, SC-SUP-02, SC-INT-03)."""
    target = char(view, p["target"])
    if target["removed"] or not enemies(view, shooter, target):
        raise refuse("invalid_target", "shoot at an enemy character in play", "target")
    if shooter["no_shoot"]:
        raise refuse("out_of_ammo_this_turn", "this character ran out of ammo this turn: no more shooting, even "
                     "after a Reload (SC-SHT-04)")
    if shooter["out_of_ammo"]:
        raise refuse("out_of_ammo", "out of ammo: Reload first (SC-SHT-05)")
    if shooter["fight"]:
        raise refuse("in_hand_to_hand", "a character in hand-to-hand may only Fight or Break off")
    if target["fight"] and not p.get("by_card"):
        raise refuse("target_in_hand_to_hand", "nobody may shoot at characters in hand-to-hand unless a card "
                     "allows it (SC-HTH-02)", "target")
    if target["creature"] == "scavengers" and target["flock"] in ("aloft", "perched"):
        raise refuse("target_aloft", "the scavengers are aloft (SC-SUP-06)", "target")
    blocker = view.data["chars"].get(p.get("obscured_by") or "")
    if blocker and blocker["id"] != target["id"] and has(blocker, "terrifying") and not has(shooter, "terrifying"):
        raise refuse("must_shoot_terrifying", "a Terrifying character that obscures the target must be shot at "
                     "(SC-SUP-02)", "target")
    if shooter["must_nearest"] and not p.get("nearest", True):
        raise refuse("must_target_nearest", "the Nerve test failed: target the nearest (SC-SHT-06)", "nearest")
    act = view.data.get("act") or {}
    if target["id"] in act.get("hidden", []):
        raise refuse("target_ducked_back", "that target Ducked Back out of sight: further shots at it are "
                     "cancelled (SC-INT-03)", "target")
    return target


def modifiers(state: TableState, shooter: dict[str, Any], target: dict[str, Any], p: dict[str, Any], *,
              quick: bool) -> tuple[list[list[Any]], bool]:
    """The shot's modifiers as ``[name, value, rule]`` and whether one has no figure (manual entry)."""
    s, mods, unknown = state.settings, [], False
    if shooter["aim"]:
        mods.append(["aim", shooter["aim"], "SC-ACT-05"])
    if shooter["mounted"]:
        mods.append(["mounted_shooter", s["mounted_shooter_modifier"], "SC-MNT-03"])
    if has(target, "boss") and not has(shooter, "boss"):
        mods.append(["boss_target", s["boss_target_modifier"], "SC-SHT-02"])
    moves = declared_moves(target) if quick else int(p.get("vehicle_markers") or target["movement"])
    if moves:
        mods.append(["target_movement", moves * s["movement_marker_modifier"], "SC-INT-05" if quick else "SC-SHT-02"])
    table = state.data["tables"]["modifiers"]
    solid = p.get("cover") == "solid" and not p.get("above")
    if p.get("obscured"):
        value = s["obscured_modifier"] if s["obscured_modifier"] is not None else table.get("obscured")
        if solid and (value is None or value >= s["solid_cover_modifier"]):
            mods.append(["solid_cover", s["solid_cover_modifier"], "SC-COV-03"])
        elif value is None:
            unknown = True
        else:
            mods.append(["obscured", value, "SC-COV-03" if solid else "SC-SHT-02"])
    elif solid:
        mods.append(["solid_cover", s["solid_cover_modifier"], "SC-SHT-02"])
    if p.get("cover") == "solid" and p.get("above"):
        mods.append(["above_ignores_cover", 0, "SC-COV-04"])
    band = p.get("range") or ""
    if band and not p.get("ducked"):
        value = table.get(f"range_{band}")
        weapon = state.data["tables"]["weapons"].get(shooter["weapons"][shooter["weapon"]] if shooter["weapons"]
                                                     else "", {})
        value = weapon.get("ranges", {}).get(band, value)
        if value is None:
            unknown = True
        else:
            mods.append([f"range_{band}", int(value), "SC-SHT-03"])
    for key in p.get("modifiers") or []:
        value = table.get(key)
        if value is None:
            unknown = True
        else:
            mods.append([key, value, "SC-SHT-02"])
    if p.get("extra"):
        mods.append(["entered", int(p["extra"]), "SC-SHT-02"])
    return mods, unknown


def cancel_shots(c: dict[str, Any]) -> None:
    """SC-SHT-04: every remaining declared Shoot is cancelled (SC-ACT-02)."""
    c["declared"] = c["declared"][: c["used"]] + [a for a in c["declared"][c["used"]:] if a != "shoot"]


def resolve(state: TableState, roller: Roller, shooter: dict[str, Any], target: dict[str, Any],
            p: dict[str, Any], *, quick: bool) -> list[Event]:
    """One shot: the Terrifying test, the d20, out of ammo on a 1, then the result (table or by hand)."""
    rule = "SC-INT-05" if quick else "SC-SHT-01"
    events: list[Event] = []
    if has(target, "terrifying") and not has(shooter, "terrifying"):
        events += nerve.test(state, shooter, roller, "SC-SUP-02")[1]
        if shooter["removed"] and not p.get("simultaneous"):
            return events
    made = roller.roll("d20", rule=rule, label=f"shot {shooter['id']} at {target['id']}")
    mods, unknown = modifiers(state, shooter, target, p, quick=quick)
    shooter["aim"] = 0
    total = made.total + sum(m[1] for m in mods)
    empty = made.total == 1 if state.settings["out_of_ammo_on"] == "natural" else total <= 1
    events.append(say("shot.rolled", rule, shooter=shooter["id"], target=target["id"], die=made.total,
                      modifiers=mods, total=total, quick=quick, ducked=bool(p.get("ducked"))))
    if empty:
        shooter["out_of_ammo"], shooter["no_shoot"] = True, True
        cancel_shots(shooter)
        return [*events, say("shot.out_of_ammo", "SC-SHT-04", shooter=shooter["id"])]
    seat = controller(state, shooter["side"])
    item = {"source": "shot", "target": target["id"], "part": p.get("part") or "rider", "d20": made.total,
            "total": total, "modifiers": mods, "unknown": unknown, "seat": seat, "shooter": shooter["id"]}
    return events + results.submit(state, roller, item=item, seat=seat)


def nearest_test(state: TableState, roller: Roller, shooter: dict[str, Any]) -> tuple[bool, list[Event]]:
    """SC-SHT-06 (GAP-15 default): a failure means the nearest target, with no Under Fire marker."""
    marker = state.settings["nearest_target_fail"] == "marker_and_nearest"
    passed, events = nerve.test(state, shooter, roller, "SC-SHT-06", consequence="marker" if marker else "none")
    if not passed:
        shooter["must_nearest"] = True
        events.append(say("shot.must_target_nearest", "SC-SHT-06", shooter=shooter["id"]))
    return passed, events

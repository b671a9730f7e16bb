"""What one viewer sees of a skirmish table, and what that viewer may do now.

Built on :func:`referee.engine.live.views.board` (zones by the viewer's handles, hands only
to their owner, piles as counts). Cards never appear by the engine's ids: a character's
initiative card is the viewer's handle, with its face only where the viewer knows it.
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.state import GM, OBSERVER, TableState
from referee.engine.live.views import board, card_view, lists_cards, redact
from referee.engine.systems.skirmish_cards import decks, nerve
from referee.engine.systems.skirmish_cards.activation import ACTIONS, MOVE_REMINDER
from referee.engine.systems.skirmish_cards.interrupts import can_interrupt
from referee.engine.systems.skirmish_cards.model import controller, current, has, in_play, sides
from referee.engine.systems.skirmish_cards.shooting import REMINDER as SHOT_REMINDER

PUBLIC_KEYS = ("id", "name", "side", "profile", "hp", "stress", "traits", "weapons", "weapon", "creature", "models",
               "markers", "movement", "out_of_ammo", "aim", "state", "declared", "used", "budget", "mounted",
               "horse", "riding", "fight", "contact", "removed", "flock", "target")


def _char(state: TableState, c: dict[str, Any], viewer: str) -> dict[str, Any]:
    out = {k: c[k] for k in PUBLIC_KEYS}
    card = state.cards.get(c["card"]) if c["card"] else None
    out["card"] = card_view(state, card, viewer) if card is not None else None
    return out


def view_for(state: TableState, viewer: str) -> dict[str, Any]:
    out = board(state, viewer)
    data = state.data
    act = data.get("act")
    out["skirmish"] = {
        "phase": state.turn.phase, "turn": state.turn.number, "scenario": data["scenario"],
        "sides": {key: {"kind": info["kind"], "controller": info["controller"], "faction": info["faction"],
                        "placed": info["placed"], "played_card": info["played"], "drew": info["drew"],
                        "out": info["out"], "start_count": info["start_count"], **decks.state_of_side(state, key),
                        "big_nerve_test_due": nerve.bnt_due(state, key), "warning": nerve.bnt_warning(state, key)}
                  for key, info in sides(state).items()},
        "characters": [_char(state, c, viewer) for c in data["chars"].values()],
        "order": list(data["order"]), "up": data["order"][data["index"]] if data["index"] < len(data["order"]) else "",
        "active": act["char"] if act else "", "pending": data.get("pending"),
        "fights": list(data["fights"].values()), "results": data["results"],
        "chain": [{"side": link["side"]} for link in data.get("chain", [])],
        "my_first_card_by": data.get("private", {}).get(viewer, {}),
        "tables": {"results": bool(data["tables"]["results"]), "cards": sorted(data["tables"]["cards"])},
    }
    return out


def _mine(view: TableState, viewer: str) -> list[dict[str, Any]]:
    return [c for c in in_play(view) if controller(view, c["side"]) == viewer]


def affordances(view: TableState, viewer: str) -> list[dict[str, Any]]:
    role = view.seats.get(viewer)
    if role is None or role == OBSERVER or view.status != "playing":
        return []
    data, out = view.data, []
    if view.decisions:
        keys = [k for k, d in view.decisions.items() if d.player == viewer]
        if keys:
            out.append({"kind": "decide", "options": {"decisions": keys}})
    phase = view.turn.phase
    if phase == "initiative":
        chars = [c["id"] for c in _mine(view, viewer) if c["side"] in data["placing"]]
        if chars:
            out.append({"kind": "place_first", "options": {"characters": chars}})
    c = current(view)
    up = data["order"][data["index"]] if data["order"] and data["index"] < len(data["order"]) else ""
    quiet = view.window is None and not view.decisions and not data.get("pending")
    if phase == "activations" and quiet:
        up_char = data["chars"].get(up)
        if up_char and controller(view, up_char["side"]) == viewer and (
                not up_char["declared"] or up_char.get("redeclare")):
            out.append({"kind": "declare", "options": {"character": up, "actions": list(ACTIONS),
                                                       "budget": up_char["budget"] - up_char["used"]}})
        if up_char and not up_char["declared"] and (role == GM or controller(view, up_char["side"]) != viewer):
            out.append({"kind": "dirty_rat", "options": {"character": up}})
        if c is not None and controller(view, c["side"]) == viewer:
            out.append({"kind": "end_activation", "options": {"character": c["id"]}})
            if c["used"] < len(c["declared"]):
                kind = c["declared"][c["used"]]
                reminder = MOVE_REMINDER if kind in ("move", "break_off") else SHOT_REMINDER if kind == "shoot" else ""
                out.append({"kind": kind, "options": {"character": c["id"], "reminder": reminder}})
            if has(c, "free_mount"):
                out.append({"kind": "mount_free", "options": {"character": c["id"]}})
    if view.window is not None and view.window.priority == viewer:
        pending = data["pending"]
        active = data["chars"][pending["char"]]
        if pending["kind"] == "fight":
            out.append({"kind": "hth_declare", "options": {"fight": pending["fight"]}})
        else:
            able = [x["id"] for x in _mine(view, viewer) if can_interrupt(view, x, active)]
            if pending["kind"] in ("shoot", "charge") and pending["payload"].get("target") in able:
                out.append({"kind": "duck_back", "options": {"character": pending["payload"]["target"]}})
            if able:
                out.append({"kind": "quick_shot", "options": {"characters": able, "target": active["id"]}})
        out.append({"kind": "pass", "options": {}})
    for side, info in sides(view).items():
        if info["controller"] != viewer or info["kind"] != "player":
            continue
        zone = view.zones[decks.hand(side)]
        if zone.cards and lists_cards(view, zone, viewer):
            out.append({"kind": "play_card", "options": {"side": side}})
        if phase == "end_of_turn" and not info["eot_done"]:
            out.append({"kind": "eot_draw", "options": {"played_card": decks.used_cards(view, side)}})
        out.append({"kind": "concede", "options": {}})
    out.append({"kind": "set_fact", "options": {"names": list(nerve.POSITION_FACTS)}})
    if view.facts:
        out.append({"kind": "dispute_fact", "options": {"keys": sorted(view.facts)}})
    if phase == "activations" and nerve.owed_for(view, viewer, None) is None:
        due = view.data.get("nerve_owed", [])
        out.append({"kind": "nerve_test", "options": {"triggers": sorted({d["trigger"] for d in due})}})
    if role == GM:
        out.append({"kind": "declare_result", "options": {"winners": [s for s, i in sides(view).items()
                                                                      if i["kind"] == "player"] + ["draw"]}})
    return out


__all__ = ["affordances", "redact", "view_for"]

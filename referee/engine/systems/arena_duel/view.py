"""What each seat sees of a duel, and what it may do now: the only ways a duel leaves the engine.

A fighter sees the public duel (Charisma, the Gambling winner, bans, positions, announced
effects) and its own hidden part; the GM who sees hidden state sees both hidden parts. Nothing
else: not the opponent's sheet, rolls, rerolls or benny counts, loadout before both chose,
hold orders or poison (LIVE-TABLES §8).
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.state import TableState
from referee.engine.live.system import Command, CommandError
from referee.engine.live.table import may_send
from referee.engine.systems.arena_duel import bennies as bn
from referee.engine.systems.arena_duel.context import Ctx
from referee.engine.systems.arena_duel.sheets import private as hidden


def _hidden_part(state: TableState, seat: str) -> dict[str, Any]:
    mine = hidden(state, seat)
    rolls = []
    for key, info in mine["rolls"].items():
        chain = state.chains[key]
        rolls.append({"key": key, "status": chain.status, "notation": chain.notation, "rolls": chain.rolls,
                      "chosen": chain.chosen, **info})
    return {
        "sheet": mine["sheet"], "knowledge": mine["knowledge"], "reveals": mine["reveals"],
        "attempts": mine["attempts"], "loadout": mine["loadout"], "seen_loadout": mine["seen_loadout"],
        "vial_used": mine["vial_used"], "poisoned": mine["poisoned"], "poison_failed": mine["poison_failed"],
        "will_used": mine["will_used"], "declaration": mine["declaration"], "hold": mine["hold"],
        "bennies": state.counters[bn.fight_key(seat)].value,
        "persistent_bennies": list(mine["persistent"]["unspent"]), "awarded": mine["awarded"],
        "rolls": rolls,
    }


def view_for(state: TableState, viewer: str) -> dict[str, Any]:
    fighters = state.data["fighters"]
    f = state.data["fight"]
    gm = viewer in state.sees_hidden
    public = {s: {**state.data["public"][s], "position": f["positions"].get(s), "shaken": f["shaken"][s],
                  "wounds": f["wounds"][s], "stealth": f["stealth"].get(s, False)} for s in fighters}
    contests = [{"id": c["id"], "kind": c["kind"], "rule": c["rule"], "round": c["round"], "status": c["status"],
                 "winner": c["winner"], "seats": sorted(c["sides"]),
                 **({"mine": c["sides"][viewer]} if viewer in c["sides"] else {})}
                for c in state.data["contests"].values()]
    harm = dict(f["harm"], soak=bool(f["harm"]["soak"])) if f["harm"] else None
    out: dict[str, Any] = {
        "system": "arena_duel", "status": state.status, "phase": state.turn.phase, "seats": dict(state.seats),
        "turn": {"active": state.turn.active, "number": state.turn.number, "order": list(state.turn.order)},
        "fighters": public, "duel": state.data["duel"], "contests": contests,
        "declaration": f["declaration"], "queue": f["queue"], "hold": f["hold"], "harm": harm,
        "bonus": f["bonus"], "result": f["result"], "outcome": _outcome_for(state, viewer, gm),
    }
    if viewer in fighters:
        out["me"] = _hidden_part(state, viewer)
    if gm:
        out["hidden"] = {s: _hidden_part(state, s) for s in fighters}
    return out


def outcome_public(outcome: Any) -> dict[str, Any] | None:
    """The outcome without what only a fighter and the GM may know: power points and which persistent
    bennies were spent or awarded (AD-ROLL-05); who won and the wounds are public."""
    if not outcome:
        return None
    return {"system": outcome["system"], "winner": outcome["winner"],
            "fighters": {s: {"character": f["character"], "result": f["result"], "wounds": f["wounds"]}
                         for s, f in outcome["fighters"].items()}}


def _outcome_for(state: TableState, viewer: str, gm: bool) -> dict[str, Any] | None:
    if gm or not state.outcome:
        return state.outcome
    shown = outcome_public(state.outcome)
    assert shown is not None
    if viewer in state.outcome["fighters"]:
        shown["fighters"][viewer] = state.outcome["fighters"][viewer]
    return shown


def options(view: TableState, viewer: str, kind: str, ctx: Ctx) -> dict[str, Any]:
    d = view.data["duel"]
    if kind in ("reroll", "finalize"):
        mine = view.data["private"].get(viewer, {}).get("rolls", {})
        return {"roll": sorted(k for k in mine if view.chains[k].status == "open")}
    if kind == "ban":
        banned = [b["group"] for b in d["bans"]]
        return {"group": [g for g in ctx.pack.groups if g not in banned]}
    if kind == "choose":
        return {"items": ctx.pack.allowed([b["group"] for b in d["bans"]])}
    if kind == "announce":
        ready = sorted(c for c, v in view.data["contests"].items() if v["status"] == "open"
                       and all(view.chains[k].status == "final" for k in v["sides"].values()))
        waiting = sorted(k for k, c in view.chains.items() if c.status == "final")
        return {"contest": ready, "roll": waiting}
    return {}


def affordances(system: Any, view: TableState, viewer: str, ctx: Ctx) -> list[dict[str, Any]]:
    """Each command kind ``viewer`` could send now: those without required fields only when they would
    pass validation as they are; the rest with the options this viewer's own view offers."""
    out = []
    for kind, ctype in system.command_types().items():
        if may_send(ctype, view, viewer) is not None:
            continue
        offered = options(view, viewer, kind, ctx)
        probes = PROBES.get(kind, [{}] if not any(f.required for f in ctype.fields.values()) else [])
        if kind == "ban":  # only the fighter whose ban it is (AD-PREP-05, AD-PREP-06)
            probes = [{"group": g} for g in offered["group"][:1]]
        if kind == "announce":  # one of the rolls or contests waiting for the GM's word
            probes = [{"roll": k} for k in offered["roll"]] + [{"contest": c} for c in offered["contest"]]
        if probes and not any(_passes(system, view, Command(kind, viewer, p)) for p in probes):
            continue
        if kind == "announce":
            rolls = [p["roll"] for p in probes if "roll" in p and _passes(system, view, Command(kind, viewer, p))]
            offered = {"roll": rolls, "contest": offered["contest"]}
        if kind in NEEDS_OPTIONS and not any(offered.values()):
            continue
        out.append({"kind": kind, "options": offered})
    return out


#: Payloads tried before offering a command whose fields are required.
PROBES = {"unshake": [{"by": "benny"}, {"by": "spirit"}], "learn": [{"what": "feature"}]}
NEEDS_OPTIONS = ("reroll", "finalize", "ban", "announce")


def _passes(system: Any, view: TableState, command: Command) -> bool:
    try:
        system.validate(view, command)
    except CommandError:
        return False
    return True

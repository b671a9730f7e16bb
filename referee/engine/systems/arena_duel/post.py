"""After the fight: healing and other skills, the ritual, the persistent benny award, the close (AD-POST, AD-BEN-03).

The duel's outcome (``state.outcome``) is what the campaign's timeline records and what the
campaign's character takes back: :func:`character_after` applies it to the character that came
in, marking the persistent bennies spent here and adding the ones awarded.
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event, handle, public
from referee.engine.live.state import TableState
from referee.engine.live.system import Command
from referee.engine.rolls import Roller
from referee.engine.systems.arena_duel import bennies as bn
from referee.engine.systems.arena_duel import rolls as r
from referee.engine.systems.arena_duel.context import Ctx, duel, refuse
from referee.engine.systems.arena_duel.dice import successes
from referee.engine.systems.arena_duel.lane import fight
from referee.engine.systems.arena_duel.sheets import Character, PersistentBenny, opponent, private, sheet


def validate_skill(view: TableState, cmd: Command, ctx: Ctx) -> None:
    if not cmd.payload["skill"].strip():
        raise refuse("missing_field", "name the skill", "skill")


def apply_skill(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    """AD-POST-01: healing and any other skill that makes sense; fight bennies may reroll it (AD-POST-02)."""
    target = cmd.payload.get("target") or cmd.seat
    _, events = r.roll_start(state, roller, seat=cmd.seat, purpose="skill", rule="AD-POST-01",
                             trait_name=cmd.payload["skill"], target=target)
    return events


def effect_skill(state: TableState, key: str, roller: Roller, ctx: Ctx) -> list[Event]:
    """Healing: a success and each raise remove one wound of the patient (core SWD); other skills: the GM's word."""
    info = r.meta(state, key)
    got = 0 if info["kept_critical_failure"] else successes(info["total"], info["tn"])
    healed = 0
    if info["trait"] == "healing":
        wounds = fight(state)["wounds"]
        healed = min(wounds[info["target"]], got)
        wounds[info["target"]] -= healed
    return r.announce(state, [key], rule="AD-POST-01", effect="skill", skill=info["trait"], target=info["target"],
                      successes=got, healed=healed)


def validate_ritual_skill(view: TableState, cmd: Command, ctx: Ctx) -> None:
    if cmd.payload["seat"] not in view.data["fighters"]:
        raise refuse("not_a_fighter", "name a fighter", "seat")


def apply_ritual_skill(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    duel(state)["ritual_skill"][cmd.payload["seat"]] = cmd.payload["skill"]
    return [public("ritual.named", "AD-POST-03", seat=cmd.payload["seat"], skill=cmd.payload["skill"])]


def validate_ritual(view: TableState, cmd: Command, ctx: Ctx) -> None:
    skill = cmd.payload["skill"]
    named = duel(view)["ritual_skill"].get(cmd.seat)
    if skill != named and skill not in ctx.settings.ritual_skills:
        raise refuse("not_the_ritual_skill", "the GM names the ritual's skill (AD-POST-03, GAP-15)", "skill")
    if private(view, cmd.seat)["ritual_done"]:
        raise refuse("already_done", "the ritual is held once")


def apply_ritual(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    private(state, cmd.seat)["ritual_done"] = True
    _, events = r.roll_start(state, roller, seat=cmd.seat, purpose="ritual", rule="AD-POST-03",
                             trait_name=cmd.payload["skill"])
    return events


def effect_ritual(state: TableState, key: str, roller: Roller, ctx: Ctx) -> list[Event]:
    """AD-POST-03 (GAP-15): power points back equal to the roll's total, capped at the maximum."""
    info, seat = r.meta(state, key), state.chains[key].owner
    s = sheet(state, seat)
    before = s["power_points"]
    s["power_points"] = min(s["max_power_points"], before + max(0, info["total"]))
    return r.announce(state, [key], rule="AD-POST-03", audience=[seat], effect="ritual",
                      restored=s["power_points"] - before)


def validate_award(view: TableState, cmd: Command, ctx: Ctx) -> None:
    if cmd.payload["seat"] not in view.data["fighters"]:
        raise refuse("not_a_fighter", "award the benny to a fighter", "seat")


def apply_award(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    """AD-BEN-03: a benny that does not expire, usually an item; it may be spent in this duel or a later one."""
    seat = cmd.payload["seat"]
    mine = private(state, seat)
    mine["awarded"].append({"item": cmd.payload["item"]})
    benny_id = handle(state.key, seat, f"award{len(mine['awarded'])}", 0)
    mine["awarded"][-1]["id"] = benny_id
    mine["persistent"]["unspent"].append(benny_id)
    state.counters[bn.persistent_key(seat)].value += 1
    return [r.secret(state, "benny.awarded", seat, "AD-BEN-03", item=cmd.payload["item"], id=benny_id)]


def validate_close(view: TableState, cmd: Command, ctx: Ctx) -> None:
    if any(c.status == "open" for c in view.chains.values()) and not cmd.payload.get("force"):
        raise refuse("rolls_open", "some rolls are not final yet: close with force to drop them")


def apply_close(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    """AD-POST-04: the issued items go back; AD-BEN-02: unspent fight bennies are lost; the outcome is set."""
    returned = {s: list(private(state, s)["loadout"]) for s in state.data["fighters"]}
    for s in state.data["fighters"]:
        private(state, s)["loadout"] = []
        state.data["public"][s]["loadout"] = []
    bn.bennies_lost(state)
    state.outcome = outcome(state, ctx, returned, winner=cmd.payload.get("winner") or "")
    state.status = "ended"
    state.turn.phase = "closed"
    return [public("duel.closed", "AD-POST-04", winner=state.outcome["winner"], items_returned=returned)]


def apply_concede(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    """A fighter concedes (LIVE-TABLES §6): the duel ends as the GM's close would, the other fighter the
    winner; open rolls are dropped unseen."""
    winner = opponent(state, cmd.seat)
    ended = apply_close(state, Command("close", cmd.seat, {"winner": winner}), roller, ctx)
    return [public("conceded", "", seat=cmd.seat), *ended]


def outcome(state: TableState, ctx: Ctx, returned: dict[str, list[str]], *, winner: str) -> dict[str, Any]:
    """The duel's result as the campaign's timeline records it, and what each character takes back."""
    f = fight(state)
    won = winner or (f["result"] or {}).get("winner", "")
    fighters = {}
    for seat in state.data["fighters"]:
        mine = private(state, seat)
        fighters[seat] = {
            "character": mine["character"], "wounds": f["wounds"][seat],
            "power_points": mine["sheet"]["power_points"],
            "persistent_spent": list(mine["persistent"]["spent"])
            if ctx.settings.persistent_benny_uses == "once" else [],
            "persistent_awarded": [dict(a) for a in mine["awarded"]],
            "result": "won" if won == seat else "lost" if won == opponent(state, seat) else "undecided",
        }
    return {"system": "arena_duel", "winner": won, "fighters": fighters, "items_returned": returned}


def character_after(character: Character, result: dict[str, Any], *, duel_id: str) -> Character:
    """AD-BEN-03: the character after the duel: persistent bennies spent here are gone, awarded ones
    added (the fight bennies never carry over, AD-BEN-02); power points as the duel left them."""
    spent = set(result["persistent_spent"])
    bennies = [PersistentBenny(b.id, b.item, b.awarded_in, b.spent_in or (duel_id if b.id in spent else ""))
               for b in character.persistent_bennies]
    bennies += [PersistentBenny(a["id"], a["item"], duel_id, duel_id if a["id"] in spent else "")
                for a in result["persistent_awarded"]]
    sheet_ = dict(character.sheet, power_points=result["power_points"])
    return Character(character.id, sheet_, bennies)

"""The GM's and the fighters' generic commands: rerolls, finalize, announcements, rulings, phases."""

from __future__ import annotations

from collections.abc import Callable

from referee.engine.live.events import Event, public
from referee.engine.live.state import TableState
from referee.engine.live.system import Command
from referee.engine.live.turns import phase_set
from referee.engine.rolls import Roller
from referee.engine.systems.arena_duel import bennies as bn
from referee.engine.systems.arena_duel import combat, holds, post, prep, tricks
from referee.engine.systems.arena_duel import rolls as r
from referee.engine.systems.arena_duel.context import Ctx, duel, phase, refuse
from referee.engine.systems.arena_duel.lane import fight, fight_enter, first_turn
from referee.engine.systems.arena_duel.sheets import has_skill, opponent
from referee.engine.systems.arena_duel.sheets import private as hidden

RollEffect = Callable[[TableState, str, Roller, Ctx], list[Event]]
ROLL_EFFECTS: dict[str, RollEffect] = {
    "notice_info": prep.effect_notice, "magic_info": prep.effect_magic, "persuasion": prep.effect_persuasion,
    "poison": tricks.effect_poison, "attack": combat.effect_attack, "damage": combat.effect_damage,
    "soak": combat.effect_soak, "spirit": combat.effect_spirit, "skill": post.effect_skill,
    "ritual": post.effect_ritual,
}


def validate_reroll(view: TableState, cmd: Command, ctx: Ctx) -> None:
    key = cmd.payload["roll"]
    r.check_own_open(view, cmd.seat, key)
    if not hidden(view, cmd.seat)["rolls"][key]["rerollable"]:
        raise refuse("not_rerollable", "bennies reroll trait rolls only, never damage (AD-BEN-04)", "roll")
    bn.check_benny(view, cmd.seat, cmd.payload.get("source") or bn.FIGHT)


def apply_reroll(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    return r.reroll(state, roller, seat=cmd.seat, key=cmd.payload["roll"], source=cmd.payload.get("source") or bn.FIGHT)


def validate_finalize(view: TableState, cmd: Command, ctx: Ctx) -> None:
    r.check_own_open(view, cmd.seat, cmd.payload["roll"])


def apply_finalize(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    return r.finalize(state, cmd.payload["roll"])


def validate_announce(view: TableState, cmd: Command, ctx: Ctx) -> None:
    key, cid = cmd.payload.get("roll"), cmd.payload.get("contest")
    if bool(key) == bool(cid):
        raise refuse("roll_or_contest", "announce one roll or one contest")
    if cid:
        if cid not in view.data["contests"] or view.data["contests"][cid]["status"] != "open":
            raise refuse("no_such_contest", "there is no open contest of that name", "contest")
        if not r.contest_ready(view, cid):
            raise refuse("not_final", "both sides finalize before the GM compares them (AD-ROLL-04)", "contest")
        return
    chain = view.chains.get(key or "")
    if chain is None or chain.owner not in view.data["fighters"]:
        raise refuse("no_such_roll", "there is no such roll", "roll")
    info = hidden(view, chain.owner)["rolls"].get(key or "", {})
    if info.get("purpose") not in ROLL_EFFECTS:
        raise refuse("announce_contest", "this roll is announced with its contest", "roll")
    if chain.status != "final":
        raise refuse("not_final" if chain.status == "open" else "announced",
                     "the roller finalizes first (AD-ROLL-02)" if chain.status == "open"
                     else "this effect is announced already (AD-ROLL-03)", "roll")


def apply_announce(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    cid = cmd.payload.get("contest")
    if cid:
        winner, events = r.contest_compare(state, roller, cid)
        if winner:
            events += contest_effect(state, state.data["contests"][cid], ctx)
    else:
        key = cmd.payload["roll"]
        events = ROLL_EFFECTS[r.meta(state, key)["purpose"]](state, key, roller, ctx)
    if cmd.payload.get("effect"):
        events.append(Event("gm.note", "AD-ROLL-03", events[-1].audience if events else ("*",),
                            {"text": cmd.payload["effect"]}))
    return events


def contest_effect(state: TableState, contest: dict, ctx: Ctx) -> list[Event]:
    kind, winner = contest["kind"], contest["winner"]
    if kind == "gambling":
        return prep.effect_gambling(state, winner)
    if kind == "first_turn":
        return first_turn(state, winner)
    if kind == "stealth":
        won = winner == contest["attacker"]
        fight(state)["stealth"][contest["attacker"]] = won
        return [public("stealth.result", "AD-STL-01", seat=contest["attacker"], won=won)]
    if kind == "will":
        return tricks.will_outcome(state, contest, ctx, rule="AD-WILL-02")
    if kind == "will_fight":
        step = combat.current(state)
        if step is not None and step.get("contest") == contest["id"]:
            step["status"] = "done"
        return tricks.will_outcome(state, contest, ctx, rule="AD-WILL-03")
    return holds.effect_hold(state, contest)


def validate_contest_rule(view: TableState, cmd: Command, ctx: Ctx) -> None:
    contest = view.data["contests"].get(cmd.payload["contest"])
    if contest is None or contest["status"] != "tied" or cmd.payload["winner"] not in contest["sides"]:
        raise refuse("not_tied", "the GM rules only a tied contest, for one of its sides (GAP-03)")


def apply_contest_rule(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    contest = state.data["contests"][cmd.payload["contest"]]
    r.contest_rule(state, contest["id"], cmd.payload["winner"])
    return [public("contest.ruled", "AD-DICE-04", contest=contest["id"], winner=contest["winner"]),
            *contest_effect(state, contest, ctx)]


def steps(ctx: Ctx) -> list[str]:
    return [*ctx.settings.prep_order, "fight", "post"]


def validate_phase_next(view: TableState, cmd: Command, ctx: Ctx) -> None:
    now, d = phase(view), duel(view)
    waiting = [k for k, c in view.chains.items() if c.status != "announced"
               and view.data["private"].get(c.owner, {}).get("rolls", {}).get(k, {}).get("purpose") != "hold"]
    if waiting and now != "fight":
        raise refuse("rolls_waiting", "every roll of this step is announced first (AD-ROLL-03)")
    if now == "prep_gambling" and not d["gambling"]["winner"]:
        raise refuse("step_unfinished", "the Gambling contest is decided first (AD-PREP-05)")
    if now == "prep_bans" and d["bans_step"] not in ("extra", "done") and not (
            d["bans_step"] == "winner" and not ctx.settings.winner_ban_mandatory):
        raise refuse("step_unfinished", "the loser's and the winner's bans come first (AD-PREP-05, AD-PREP-06)")
    if now == "prep_selection" and len(d["selection"]["chosen"]) < 2:
        raise refuse("step_unfinished", "both fighters choose their items first (AD-PREP-08)")


def apply_phase_next(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    """AD-PREP-01: preparation in its order (CONFIG), then the fight, then what follows it."""
    order = steps(ctx)
    nxt = order[order.index(phase(state)) + 1]
    phase_set(state, nxt)
    events = [public("phase.begun", "AD-PREP-01", phase=nxt)]
    if nxt == "prep_gambling":
        events += prep.gambling_open(state, roller)
    if nxt == "fight":
        events += fight_enter(state, ctx)
    if nxt == "post":
        state.turn.order, state.turn.index = [], 0
        state.turn.phase = "post"
    return events


def validate_stealth(view: TableState, cmd: Command, ctx: Ctx) -> None:
    if view.turn.order:
        raise refuse("too_late", "Stealth is rolled at the start of the fight (AD-STL-01)")
    if not has_skill(hidden(view, cmd.seat)["sheet"], "stealth"):
        raise refuse("no_such_skill", "only a fighter with the Stealth skill may roll it (AD-STL-01)")
    if cmd.seat in fight(view)["stealth"]:
        raise refuse("already_used", "Stealth is rolled once at the start")


def apply_stealth(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    fight(state)["stealth"][cmd.seat] = False
    _, events = r.contest_open(state, roller, kind="stealth", rule="AD-STL-01", attacker=cmd.seat, sides={
        cmd.seat: {"trait_name": "stealth"}, opponent(state, cmd.seat): {"trait_name": "notice"}})
    return events


def validate_signal(view: TableState, cmd: Command, ctx: Ctx) -> None:
    if view.turn.order or any(c["kind"] == "first_turn" for c in view.data["contests"].values()):
        raise refuse("already_signalled", "the organisers' signal is given once (AD-ORD-01)")


def apply_signal(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    _, events = r.contest_open(state, roller, kind="first_turn", rule="AD-ORD-01",
                               sides={s: {"trait_name": "notice"} for s in state.data["fighters"]})
    return events


def validate_distance_set(view: TableState, cmd: Command, ctx: Ctx) -> None:
    if ctx.settings.arena_geometry == "lane":
        raise refuse("lane_geometry", "on the lane the distance follows the positions (AD-SET-03)")


def apply_distance_set(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    fight(state)["distance"] = cmd.payload["distance"]
    return [public("distance.set", "AD-SET-03", distance=cmd.payload["distance"])]


def validate_trigger(view: TableState, cmd: Command, ctx: Ctx) -> None:
    holder = cmd.payload["holder"]
    if holder not in view.data["fighters"] or view.turn.active == holder or not hidden(view, holder).get("hold"):
        raise refuse("no_hold", "the holder has no standing hold to trigger")
    if hidden(view, view.turn.active)["declaration"] is None:
        raise refuse("no_declaration", "a hold triggers against the opponent's declaration (AD-HOLD-02)")


def apply_trigger(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    """The GM rules a trigger the lane does not see (``arena_geometry = gm``)."""
    active = state.turn.active
    square = cmd.payload.get("square", fight(state)["positions"].get(active, 0))
    return holds.trigger(state, roller, ctx, cmd.payload["holder"], cmd.payload["how"], square)

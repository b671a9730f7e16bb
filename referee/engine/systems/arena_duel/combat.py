"""Resolving a turn: each declared (or held) action in order, damage, soak, Shaken (AD-SET, AD-STL, AD-BEN-04/06).

The queue lists the turn's steps: a hold's Agility contest, the held actions when they
interrupt, then the active fighter's actions. The actor of the current step sends ``act``; its
roll is hidden until the GM announces the effect; a hit leads to ``damage``, whose announcement
leaves a pending harm the target may ``soak`` with a benny or ``take``.
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event, public
from referee.engine.live.state import TableState
from referee.engine.live.system import Command
from referee.engine.live.turns import turn_next
from referee.engine.rolls import Roller
from referee.engine.systems.arena_duel import bennies as bn
from referee.engine.systems.arena_duel import rolls as r
from referee.engine.systems.arena_duel import weapons as w
from referee.engine.systems.arena_duel.context import Ctx, refuse
from referee.engine.systems.arena_duel.dice import raises, successes
from referee.engine.systems.arena_duel.holds import lapse
from referee.engine.systems.arena_duel.lane import SKILL_OF, distance, fight
from referee.engine.systems.arena_duel.settings import LANE
from referee.engine.systems.arena_duel.sheets import has_feature, opponent, sheet
from referee.engine.systems.arena_duel.sheets import private as hidden
from referee.engine.systems.arena_duel.tricks import RESISTED_BY

NO_MERCY = "no_mercy"


def current(view: TableState) -> dict[str, Any] | None:
    return next((s for s in fight(view)["queue"] if s["status"] != "done"), None)


def action_of(view: TableState, step: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The action of a step, with its multi-action penalty."""
    f = fight(view)
    if step["held"]:
        return f["hold"]["actions"][step["index"]], f["hold"]["penalty"]
    decl = hidden(view, step["seat"])["declaration"]
    return decl["actions"][step["index"]], decl["penalty"]


def validate_act(view: TableState, cmd: Command, ctx: Ctx) -> None:
    step = current(view)
    if step is None or step.get("contest") or step["seat"] != cmd.seat or step["status"] != "pending":
        raise refuse("not_your_step", "it is not your action to resolve now")
    f = fight(view)
    if f["shaken"][cmd.seat]:
        raise refuse("shaken", "you are Shaken: recover first (a Spirit roll or a benny), or the GM passes the step")
    if not f["may_act"][cmd.seat]:
        raise refuse("may_not_act", "you recovered from Shaken without a raise: no actions this turn (AD-HOLD-04)")


def apply_act(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    step = current(state)
    assert step is not None
    f, seat = fight(state), cmd.seat
    target = opponent(state, seat)
    action, penalty = action_of(state, step)
    if not step["held"] and ctx.settings.arena_geometry == LANE:
        f["positions"][seat] = action["at"]
    f["queue_started"] = True
    kind, slug = action["kind"], str(action.get("item") or "")
    events = [public("action.taken", "AD-ORD-02", seat=seat, kind=kind, item=slug, held=step["held"],
                     position=f["positions"][seat])]
    if kind in ("ready", "other"):
        if kind == "ready":
            f["readied"][seat].append(slug)
        step["status"] = "done"
        return events
    mods = {"multi_action": penalty} if penalty else {}
    if f["bonus"].get(seat):
        mods["will_duel"] = f["bonus"][seat]  # AD-WILL-02: +2 on the first action
        f["bonus"][seat] = 0
    if kind in SKILL_OF:
        step["status"] = "contest"
        skill = SKILL_OF[kind]
        sides: dict[str, dict[str, Any]] = {seat: {"trait_name": skill, "modifiers": mods},
                                            target: {"trait_name": RESISTED_BY[skill]}}
        cid, opened = r.contest_open(state, roller, kind="will_fight", rule="AD-WILL-03", attacker=seat,
                                     skill=skill, sides=sides)
        step["contest"] = cid
        return [*events, *opened]
    item = ctx.pack.items[slug] if slug else None
    distance = _gap(state, ctx)
    strength = sheet(state, seat)["attributes"]["strength"]
    if kind in ("shoot", "throw"):
        mods.update({k: v for k, v in {"min_strength": w.min_strength_penalty(item, strength, kind),
                                       "range": w.range_penalty(item, distance)}.items() if v})
        tn = ctx.settings.target_number + _stealth(state, ctx, target, distance)
        trait_name = "shooting" if kind == "shoot" else "throwing"
    else:
        tn = w.parry(state, ctx, target, gap_=distance)
        trait_name = "fighting"
        if item is not None and item.kind == "shield":
            mods["buckler"] = item.improvised_attack  # AD-WPN-06
            f["buckler_turn"][seat] = state.turn.number
        if item is not None and not item.unarmed and w.unarmed_defender(state, ctx, target):
            mods["unarmed_defender"] = 2  # AD-WPN-05 (core SWD: +2 against an unarmed defender)
    if action.get("called") == "head":
        mods["called_head"] = -4
    if slug == "crossbow" and kind == "shoot":
        f["crossbow_turn"][seat] = state.turn.taken.get(seat, 0)
    key, rolled = r.roll_start(state, roller, seat=seat, purpose="attack", rule="AD-ORD-02", trait_name=trait_name,
                               modifiers=mods, tn=tn, item=slug, kind=kind, called=action.get("called") or "")
    step.update(status="rolled", roll=key)
    return [*events, *rolled]


def _gap(state: TableState, ctx: Ctx) -> int:
    return distance(state, ctx)


def _stealth(state: TableState, ctx: Ctx, defender: str, distance: int) -> int:
    """AD-STL-01 (GAP-12): a Stealth winner is harder to hit at range: the attacker's TN +1 from 4 squares
    (8 when the attacker has one of the listed skills or edges)."""
    if not fight(state)["stealth"].get(defender):
        return 0
    attacker = sheet(state, opponent(state, defender))
    counter = any(has_feature(attacker, t) or t in attacker["skills"] for t in ctx.settings.stealth_counter_traits)
    threshold = ctx.settings.stealth_long_range if counter else ctx.settings.stealth_range
    return 1 if distance >= threshold else 0


def effect_attack(state: TableState, key: str, roller: Roller, ctx: Ctx) -> list[Event]:
    info = r.meta(state, key)
    step = current(state)
    assert step is not None
    hit = not info["kept_critical_failure"] and info["total"] >= info["tn"]
    raise_ = hit and raises(info["total"], info["tn"]) > 0
    step.update(status="damage" if hit else "done", raise_=raise_)
    return r.announce(state, [key], rule="AD-ORD-02", effect="hit" if hit else "miss", raise_=raise_)


def validate_damage(view: TableState, cmd: Command, ctx: Ctx) -> None:
    step = current(view)
    if step is None or step.get("seat") != cmd.seat or step["status"] != "damage":
        raise refuse("no_hit", "damage is rolled after a hit is announced")


def apply_damage(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    """AD-WPN-02 caps; damage is never rerolled with a benny unless an Edge (No Mercy) allows it (AD-BEN-04)."""
    step = current(state)
    assert step is not None
    info = r.meta(state, step["roll"])
    s = sheet(state, cmd.seat)
    item = ctx.pack.items[info["item"]] if info["item"] else None
    notation = w.damage_notation(ctx, item, s["attributes"]["strength"], raise_=step["raise_"],
                                 martial_artist=has_feature(s, w.MARTIAL_ARTIST), bonus=4 if info["called"] else 0)
    key, events = r.roll_start(state, roller, seat=cmd.seat, purpose="damage", rule="AD-WPN-02", notation=notation,
                               rerollable=has_feature(s, NO_MERCY), item=info["item"], kind=info["kind"],
                               called=info["called"])
    step.update(status="damage_rolled", damage=key)
    return events


def effect_damage(state: TableState, key: str, roller: Roller, ctx: Ctx) -> list[Event]:
    info, seat = r.meta(state, key), state.chains[key].owner
    target = opponent(state, seat)
    item = ctx.pack.items[info["item"]] if info["item"] else None
    location = "head" if info["called"] == "head" else "torso"
    armour, checks = w.armour_at(state, ctx, roller, target, location=location, ranged=info["kind"] != "attack",
                                 loadout=state.data["public"][target].get("loadout", []))
    armour = max(0, armour - (item.ap if item else 0))
    margin = info["total"] - (w.toughness(state, target) + armour)
    wounds = margin // 4 if margin >= 4 else 0
    step = current(state)
    assert step is not None
    step["status"] = "harm"
    fight(state)["harm"] = {"target": target, "attacker": seat, "wounds": wounds, "shaken": margin >= 0, "soak": ""}
    events = r.announce(state, [key], rule="AD-WPN-02", effect="damage", wounds=wounds, shaken=margin >= 0,
                        helmet=checks)
    if item is not None and hidden(state, seat).get("poisoned") == item.slug:
        events.append(r.secret(state, "poison.hit", seat, "AD-POI-01", item=item.slug))  # the GM rules (GAP-09)
    return events


def validate_soak(view: TableState, cmd: Command, ctx: Ctx) -> None:
    harm = fight(view)["harm"]
    if ctx.settings.soak_rule != "swd":
        raise refuse("no_soak", "this table plays without soak rolls (AD-BEN-06)")
    if not harm or harm["target"] != cmd.seat or harm["soak"] or harm["wounds"] < 1:
        raise refuse("nothing_to_soak",
                     "soak right after an attack's wounds are announced, once per attack (AD-BEN-06)")
    bn.check_benny(view, cmd.seat, cmd.payload.get("source") or bn.FIGHT)


def apply_soak(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    bn.spend(state, cmd.seat, cmd.payload.get("source") or bn.FIGHT)
    key, events = r.roll_start(state, roller, seat=cmd.seat, purpose="soak", rule="AD-BEN-06", trait_name="vigor")
    fight(state)["harm"]["soak"] = key
    return events


def effect_soak(state: TableState, key: str, roller: Roller, ctx: Ctx) -> list[Event]:
    """A success and each raise cancel one wound of that attack; all cancelled also ends Shaken."""
    info, harm = r.meta(state, key), fight(state)["harm"]
    cancelled = 0 if info["kept_critical_failure"] else min(harm["wounds"], successes(info["total"], info["tn"]))
    harm["wounds"] -= cancelled
    events = r.announce(state, [key], rule="AD-BEN-06", effect="soak", cancelled=cancelled)
    if harm["wounds"] == 0:
        harm["shaken"] = False
        fight(state)["shaken"][harm["target"]] = False
    return [*events, *harm_apply(state)]


def validate_take(view: TableState, cmd: Command, ctx: Ctx) -> None:
    harm = fight(view)["harm"]
    if not harm or (cmd.seat != harm["target"] and view.seats[cmd.seat] != "gm"):
        raise refuse("nothing_to_take", "there is no pending damage for you")
    if harm["soak"]:
        raise refuse("soak_pending", "the soak roll is announced first")


def harm_apply(state: TableState) -> list[Event]:
    """Core SWD: wounds Shake; a second Shaken is a wound; past three wounds the fighter is out."""
    f = fight(state)
    harm = f.pop("harm")
    f["harm"] = None
    target = harm["target"]
    if harm["wounds"]:
        f["wounds"][target] += harm["wounds"]
        f["shaken"][target] = True
    elif harm["shaken"]:
        if f["shaken"][target]:
            f["wounds"][target] += 1
        f["shaken"][target] = True
    step = current(state)
    if step is not None:
        step["status"] = "done"
    events = [public("harm.applied", "AD-BEN-06", target=target, wounds=f["wounds"][target],
                     shaken=f["shaken"][target])]
    if f["wounds"][target] > 3:
        f["result"] = {"winner": harm["attacker"], "how": "incapacitated"}
        events.append(public("fight.won", "", winner=harm["attacker"]))
    return events


def validate_unshake(view: TableState, cmd: Command, ctx: Ctx) -> None:
    f = fight(view)
    if not f["shaken"].get(cmd.seat):
        raise refuse("not_shaken", "you are not Shaken")
    if cmd.payload["by"] == "benny":
        bn.check_benny(view, cmd.seat, cmd.payload.get("source") or bn.FIGHT)
        return
    if view.turn.active != cmd.seat or f["spirit_turn"].get(cmd.seat) == view.turn.number:
        raise refuse("no_spirit_roll", "one Spirit roll a turn, on your own turn (AD-HOLD-04); a benny works any time")


def apply_unshake(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    """AD-BEN-04: a benny ends Shaken at any moment; AD-HOLD-04: a Spirit roll once a turn."""
    f, seat = fight(state), cmd.seat
    if cmd.payload["by"] == "benny":
        bn.spend(state, seat, cmd.payload.get("source") or bn.FIGHT)
        f["shaken"][seat], f["may_act"][seat] = False, True
        return [public("shaken.ended", "AD-BEN-04", seat=seat, by="benny")]
    f["spirit_turn"][seat] = state.turn.number
    _, events = r.roll_start(state, roller, seat=seat, purpose="spirit", rule="AD-HOLD-04", trait_name="spirit")
    return events


def effect_spirit(state: TableState, key: str, roller: Roller, ctx: Ctx) -> list[Event]:
    """GAP-20 ``shaken_recovery``: SWD as updated (a success ends Shaken and the fighter acts) or as printed."""
    info, seat = r.meta(state, key), state.chains[key].owner
    f = fight(state)
    got = 0 if info["kept_critical_failure"] else successes(info["total"], info["tn"])
    if got:
        f["shaken"][seat] = False
        f["may_act"][seat] = ctx.settings.shaken_recovery == "success_acts" or got > 1
    return r.announce(state, [key], rule="AD-HOLD-04", effect="spirit", recovered=bool(got),
                      acts=bool(got) and f["may_act"][seat])


def validate_end_turn(view: TableState, cmd: Command, ctx: Ctx) -> None:
    f = fight(view)
    if current(view) is not None or f["harm"]:
        raise refuse("turn_unresolved", "resolve every declared action first (the GM may pass a step)")


def apply_end_turn(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    f, seat = fight(state), state.turn.active
    decl = hidden(state, seat)["declaration"]
    if decl is not None and decl["turn"] == state.turn.number and ctx.settings.arena_geometry == LANE:
        f["positions"][seat] = decl["move_to"]
    f.update(queue=[], hold=None, queue_started=False, declaration=None)
    nxt = turn_next(state, phase="fight")
    f["may_act"][nxt] = True
    return [public("turn.begun", "AD-ORD-01", seat=nxt, number=state.turn.number, positions=f["positions"]),
            *lapse(state, ctx, nxt)]


def validate_pass_step(view: TableState, cmd: Command, ctx: Ctx) -> None:
    step = current(view)
    if step is None or step.get("contest") or fight(view)["harm"]:
        raise refuse("nothing_to_pass", "there is no action step to pass")


def apply_pass_step(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    step = current(state)
    assert step is not None
    step["status"] = "done"
    return [public("step.passed", "AD-ORD-02", seat=step["seat"])]



"""Pre-fight tricks: poison on one's own weapon (AD-POI-01) and will duels (AD-WILL-01, AD-WILL-02)."""

from __future__ import annotations

from referee.engine.live.events import Event, public
from referee.engine.live.state import TableState
from referee.engine.live.system import Command
from referee.engine.rolls import Roller
from referee.engine.systems.arena_duel import rolls as r
from referee.engine.systems.arena_duel.context import Ctx, duel, refuse
from referee.engine.systems.arena_duel.dice import successes
from referee.engine.systems.arena_duel.sheets import has_skill, opponent, private

#: AD-WILL-02 (ASSUMPTION): the trait each will-duel skill is opposed by.
RESISTED_BY = {"intimidation": "spirit", "taunt": "smarts"}


def validate_poison(view: TableState, cmd: Command, ctx: Ctx) -> None:
    mine = private(view, cmd.seat)
    if mine["sheet"]["poison_vials"] < 1 or mine["vial_used"]:
        raise refuse("no_vial", "you own no poison vial (AD-POI-01)")
    if duel(view)["will_started"]:
        raise refuse("too_late", "poison goes on before the will duels, the last step (AD-PREP-01)")
    item = cmd.payload["item"]
    if item not in mine["loadout"] or ctx.pack.items[item].kind not in ("melee", "ranged", "thrown"):
        raise refuse("not_your_weapon", "put the poison on a weapon of your own loadout (AD-POI-01)", "item")


def apply_poison(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    private(state, cmd.seat)["vial_used"] = True
    _, events = r.roll_start(state, roller, seat=cmd.seat, purpose="poison", rule="AD-POI-01", trait_name="stealth",
                             item=cmd.payload["item"])
    return events


def effect_poison(state: TableState, key: str, roller: Roller, ctx: Ctx) -> list[Event]:
    """A success poisons the weapon, hidden; a failure swaps it for a clean one; the vial is used either way.
    Only the fighter and the GM learn which (GAP-09); the GM rules on the poison's effect."""
    info, seat = r.meta(state, key), state.chains[key].owner
    done = not info["kept_critical_failure"] and successes(info["total"], info["tn"]) > 0
    mine = private(state, seat)
    if done:
        mine["poisoned"] = info["item"]
    else:
        mine["poison_failed"] = info["item"]
    events = r.announce(state, [key], rule="AD-POI-01", audience=[seat], effect="poison",
                        poisoned=info["item"] if done else "", swapped=not done)
    if not done and ctx.settings.poison_failure_told:
        events.append(public("poison.failed", "AD-POI-01", seat=seat))
    return events


def validate_will(view: TableState, cmd: Command, ctx: Ctx) -> None:
    skill = cmd.payload["skill"]
    mine = private(view, cmd.seat)
    if not has_skill(mine["sheet"], skill):
        raise refuse("no_such_skill", f"a will duel needs the {skill} skill (AD-WILL-01)", "skill")
    if skill in mine["will_used"]:
        raise refuse("already_used", "each will-duel skill is used once (AD-WILL-01)", "skill")


def apply_will(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    skill, seat = cmd.payload["skill"], cmd.seat
    duel(state)["will_started"] = True
    private(state, seat)["will_used"].append(skill)
    defender = opponent(state, seat)
    _, events = r.contest_open(state, roller, kind="will", rule="AD-WILL-02", attacker=seat, skill=skill, sides={
        seat: {"trait_name": skill}, defender: {"trait_name": RESISTED_BY[skill]}})
    return events


def will_outcome(state: TableState, contest: dict, ctx: Ctx, *, rule: str) -> list[Event]:
    """AD-WILL-02 (SWD Tests of Will): an attacker who wins with a success gets +2 on its next action
    (the first of the fight, before it); a raise over the defender also Shakes the defender."""
    attacker = contest["attacker"]
    defender = opponent(state, attacker)
    if ctx.settings.will_duel_results == "gm":
        return [public("will.for_gm", rule, contest=contest["id"], winner=contest["winner"])]
    if contest["winner"] != attacker or contest["winner_total"] < ctx.settings.target_number:
        return [public("will.resisted", rule, attacker=attacker, defender=defender)]
    fight = state.data["fight"]
    fight["bonus"][attacker] = 2
    shaken = contest["margin"] >= 4
    if shaken:
        fight["shaken"][defender] = True
    return [public("will.won", rule, attacker=attacker, defender=defender, bonus=2, shaken=shaken)]


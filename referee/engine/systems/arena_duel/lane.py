"""The lane and the declarations (AD-SET-01..03, AD-ORD-01, AD-ORD-02, AD-MULTI-01, AD-WPN-04).

The arena is a lane of 24 squares between the starting squares 0 and 25, a wall behind each
(AD-SET-03); distance is ``|a - b| - 1``. On each turn the active fighter submits one
declaration: the public part (where it moves, the actions in order, each on a square of its
path) and the hidden part (a hold: trigger distance, actions; its Agility is rolled at once).
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event, private, public
from referee.engine.live.state import TableState
from referee.engine.live.system import Command
from referee.engine.live.turns import turn_begin
from referee.engine.rolls import Roller
from referee.engine.systems.arena_duel import rolls as r
from referee.engine.systems.arena_duel.context import Ctx, refuse
from referee.engine.systems.arena_duel.pack import Item
from referee.engine.systems.arena_duel.settings import LANE
from referee.engine.systems.arena_duel.sheets import opponent, trait
from referee.engine.systems.arena_duel.sheets import private as hidden

ACTIONS = ("attack", "shoot", "throw", "taunt", "intimidate", "ready", "other")
HELD_ACTIONS = ("attack", "shoot", "throw", "taunt", "intimidate")
WILL_TRAIT = {"taunt": "smarts", "intimidate": "spirit"}  # AD-WILL-03: the die that limits the range
SKILL_OF = {"taunt": "taunt", "intimidate": "intimidation"}


def fight(state: TableState) -> dict[str, Any]:
    return state.data["fight"]


def fight_enter(state: TableState, ctx: Ctx) -> list[Event]:
    """AD-SET-01/03: the fighters start 24 squares apart, weapons put away."""
    a, b = state.data["fighters"]
    f = fight(state)
    f["positions"] = {a: 0, b: ctx.settings.lane_length + 1}
    f["readied"] = {a: [], b: []}
    return [public("fight.entered", "AD-SET-01", positions=f["positions"], distance=distance(state, ctx),
                   shaken=dict(f["shaken"]))]


def distance(state: TableState, ctx: Ctx) -> int:
    """AD-SET-03: squares between the fighters (0 is adjacent); the GM's figure with ``arena_geometry = gm``."""
    f = fight(state)
    if ctx.settings.arena_geometry != LANE:
        return int(f["distance"] if f["distance"] is not None else ctx.settings.lane_length)
    a, b = state.data["fighters"]
    return abs(f["positions"][a] - f["positions"][b]) - 1


def gap(x: int, y: int) -> int:
    return abs(x - y) - 1


def path_of(start: int, end: int) -> list[int]:
    step = 1 if end >= start else -1
    return list(range(start, end + step, step))


def first_turn(state: TableState, winner: str) -> list[Event]:
    """AD-ORD-01: the opposed Notice's winner takes the first turn; then turns strictly alternate."""
    turn_begin(state, order=[winner, opponent(state, winner)], phase="fight")
    return [public("turn.first", "AD-ORD-01", seat=winner)]


def _readied_after(view: TableState, seat: str, actions: list[dict[str, Any]]) -> set[str]:
    have = set(fight(view)["readied"][seat])
    for action in actions:
        if action.get("kind") == "ready":
            have.add(str(action.get("item", "")))
    return have


def check_item(ctx: Ctx, kind: str, slug: str, loadout: list[str]) -> Item | None:
    if not slug and kind == "attack":
        return None  # unarmed
    if slug not in loadout:
        raise refuse("not_in_loadout", f"{slug or 'that'} is not in your loadout", "actions")
    item = ctx.pack.items[slug]
    fits = {
        "attack": item.melee_capable or bool(item.improvised_die),
        "shoot": item.kind == "ranged",
        "throw": item.kind == "thrown" or item.thrown,
        "ready": item.kind in ("melee", "ranged", "thrown", "shield"),
    }.get(kind, True)
    if not fits:
        raise refuse("wrong_item", f"{slug} cannot be used to {kind}", "actions")
    return item


def reach_of(item: Item | None, kind: str) -> int:
    """How far an action reaches: melee at 0 (or the weapon's reach), ranged out to long range."""
    if kind in ("shoot", "throw") and item is not None and item.range:
        return item.range[2]
    return item.reach if item is not None else 0


def check_action(view: TableState, ctx: Ctx, seat: str, action: dict[str, Any], *, gap_at: int | None,
                 readied: set[str]) -> None:
    kind = action.get("kind")
    if kind not in ACTIONS:
        raise refuse("invalid_action", f"each action's kind is one of {', '.join(ACTIONS)}", "actions")
    mine = hidden(view, seat)
    slug = str(action.get("item") or "")
    if kind in ("attack", "shoot", "throw", "ready"):
        item = check_item(ctx, kind, slug, mine["loadout"])
        if kind != "ready" and item is not None and slug not in readied:
            raise refuse("not_ready", f"ready the {slug} first: it counts as an action (AD-SET-01)", "actions")
        if kind != "ready" and gap_at is not None and gap_at > reach_of(item, kind):
            raise refuse("out_of_reach", "the opponent is out of this weapon's reach from that square", "actions")
    if kind in WILL_TRAIT and gap_at is not None and ctx.settings.will_range_unit == "squares":
        die, _ = trait(mine["sheet"], WILL_TRAIT[kind])
        if gap_at > die:
            raise refuse("out_of_range", f"a {kind} reaches out to your {WILL_TRAIT[kind]} die in squares "
                         f"({die}, AD-WILL-03)", "actions")


def action_count(ctx: Ctx, actions: list[dict[str, Any]], held: list[dict[str, Any]], reload: bool) -> int:
    """AD-MULTI-01: actions now and held actions count together; readying counts (AD-SET-01, GAP-11);
    a crossbow shot after one in the previous turn counts its reload (AD-WPN-04)."""
    counted = [a for a in actions if a.get("kind") != "ready" or ctx.settings.ready_counts_as_action]
    return len(counted) + len(held) + (1 if reload else 0)


def multi_penalty(ctx: Ctx, count: int) -> int:
    return -ctx.settings.multi_action_penalty * max(0, count - 1)


def crossbow_reload(state: TableState, seat: str, actions: list[dict[str, Any]]) -> bool:
    """AD-WPN-04: the first shot is normal; a shot in the turn right after the last one takes the penalty."""
    shoots = any(a.get("kind") == "shoot" and a.get("item") == "crossbow" for a in actions)
    last = fight(state)["crossbow_turn"].get(seat)
    return shoots and last is not None and last == state.turn.taken.get(seat, 0) - 1


def validate_declare(view: TableState, cmd: Command, ctx: Ctx) -> None:
    f, seat, p = fight(view), cmd.seat, cmd.payload
    mine = hidden(view, seat)
    declared = mine["declaration"] is not None and mine["declaration"]["turn"] == view.turn.number
    if declared and (ctx.settings.declaration_locked or f["queue_started"]):
        raise refuse("declaration_locked", "this turn's declaration is submitted and locked (AD-ORD-02)")
    actions = list(p.get("actions") or [])
    held = list(p.get("hold_actions") or [])
    if held and p.get("hold_trigger") is None:
        raise refuse("missing_field", "a hold needs its trigger distance (AD-HOLD-01)", "hold_trigger")
    if p.get("hold_trigger") is not None and not held:
        raise refuse("missing_field", "a hold needs the actions to perform (AD-HOLD-01)", "hold_actions")
    geometry = ctx.settings.arena_geometry == LANE
    pos, opp = f["positions"].get(seat, 0), f["positions"].get(opponent(view, seat), 0)
    end = p.get("move_to", pos) if geometry else pos
    path = path_of(pos, end)
    if geometry:
        if not 0 <= end <= ctx.settings.lane_length + 1:
            raise refuse("wall", "a wall stands behind each starting square (AD-SET-02)", "move_to")
        if len(path) - 1 > ctx.settings.pace:
            raise refuse("too_far", f"a fighter moves at most {ctx.settings.pace} squares a turn", "move_to")
        if (opp > pos and end >= opp) or (opp < pos and end <= opp):
            raise refuse("blocked", "fighters never share or pass each other's square (AD-SET-03)", "move_to")
    readied = set(f["readied"][seat])
    last = 0
    for action in actions:
        at = action.get("at", end) if geometry else pos
        if at not in path or path.index(at) < last:
            raise refuse("not_on_path", "each action happens on a square of the path, in order (AD-ORD-02)",
                         "actions")
        last = path.index(at)
        check_action(view, ctx, seat, action, gap_at=gap(at, opp) if geometry else None, readied=readied)
        if action.get("kind") == "ready":
            readied.add(str(action.get("item", "")))
    ready_at_end = _readied_after(view, seat, actions)
    for action in held:
        if action.get("kind") not in HELD_ACTIONS:
            raise refuse("invalid_action", f"a held action is one of {', '.join(HELD_ACTIONS)}", "hold_actions")
        check_action(view, ctx, seat, action, gap_at=None, readied=ready_at_end)


def apply_declare(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    """AD-ORD-02: store the declaration; show its public part; roll the hold's Agility at once (AD-HOLD-01)."""
    f, seat, p = fight(state), cmd.seat, cmd.payload
    pos = f["positions"][seat]
    end = p.get("move_to", pos) if ctx.settings.arena_geometry == LANE else pos
    actions = [dict(a, at=a.get("at", end)) for a in (p.get("actions") or [])]
    held = [dict(a) for a in (p.get("hold_actions") or [])]
    reload = crossbow_reload(state, seat, actions + held)
    penalty = multi_penalty(ctx, action_count(ctx, actions, held, reload))
    part = {"turn": state.turn.number, "seat": seat, "path": path_of(pos, end), "move_to": end, "actions": actions,
            "penalty": penalty}
    mine = hidden(state, seat)
    mine["declaration"] = part
    shown = ctx.settings.declaration_public_part == "shown"
    # The penalty counts held actions too (AD-MULTI-01): shown to others, it would tell of a hidden hold.
    public_part = {k: v for k, v in part.items() if k != "penalty"}
    f["declaration"] = public_part if shown else {"turn": state.turn.number, "seat": seat}
    audience = ["*"] if shown else [seat, *r.gms(state)]
    events = [private("declaration.submitted", audience, "AD-ORD-02", **part) if not shown else
              public("declaration.submitted", "AD-ORD-02", **public_part)]
    if held:
        key, rolled = r.roll_start(state, roller, seat=seat, purpose="hold", rule="AD-HOLD-01", trait_name="agility")
        mine["hold"] = {"turn": state.turn.number, "trigger": int(p["hold_trigger"]), "actions": held,
                        "roll": key, "penalty": penalty, "at": end}
        events += [r.secret(state, "hold.declared", seat, "AD-HOLD-01", trigger=p["hold_trigger"], actions=held),
                   *rolled]
    f["queue"] = [{"seat": seat, "held": False, "index": i, "status": "pending"} for i in range(len(actions))]
    return events

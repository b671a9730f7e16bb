"""Holds: declared in the hidden part, triggered by the opponent's declaration (AD-HOLD, AD-EDGE).

When the active fighter's declared path comes within a standing hold's trigger distance
(AD-HOLD-02), the hold triggers: with an action on that first square, the two contest Agility
(the holder's pre-rolled result against a new roll), unless First Strike or Code of Honour
decides it (AD-EDGE-01/02); with nothing there and the path going closer, the held actions
resolve there with no contest (AD-HOLD-05). A Shaken holder loses them (AD-HOLD-06).
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event, public
from referee.engine.live.state import TableState
from referee.engine.live.system import Command
from referee.engine.rolls import Roller
from referee.engine.systems.arena_duel import lane
from referee.engine.systems.arena_duel import rolls as r
from referee.engine.systems.arena_duel.context import Ctx
from referee.engine.systems.arena_duel.lane import fight, gap
from referee.engine.systems.arena_duel.settings import LANE
from referee.engine.systems.arena_duel.sheets import CODE_OF_HONOUR, FIRST_STRIKE, has_feature, opponent, sheet
from referee.engine.systems.arena_duel.sheets import private as hidden


def _melee(ctx: Ctx, actions: list[dict[str, Any]]) -> bool:
    """AD-EDGE-01: the edge's scope, a declaration to use a melee weapon (reach-1 spears included)."""
    for action in actions:
        if action.get("kind") == "attack":
            slug = action.get("item") or ""
            if not slug or ctx.pack.items[slug].melee_capable or ctx.pack.items[slug].improvised_die:
                return True
    return False


def edge_winner(state: TableState, ctx: Ctx, holder: str, active: str, held: list[dict], acting: list[dict]) -> str:
    """Who wins the hold's Agility contest with no roll, or "" to roll it (AD-EDGE-01, AD-EDGE-02, GAP-14).

    Each side's own action in the contest must be a melee attack; a fighter with both First Strike and
    Code of Honour has neither; First Strike beats Code of Honour; the same on both sides cancels.
    """
    marks = {}
    for seat, actions in ((holder, held), (active, acting)):
        s = sheet(state, seat)
        fs, coh = has_feature(s, FIRST_STRIKE), has_feature(s, CODE_OF_HONOUR)
        in_scope = _melee(ctx, actions)
        marks[seat] = ("fs" if fs and not coh else "coh" if coh and not fs else "") if in_scope else ""
    if marks[holder] == "fs" and marks[active] != "fs":
        return holder
    if marks[active] == "fs" and marks[holder] != "fs":
        return active
    if marks[holder] == "coh" and marks[active] != "coh":
        return active
    if marks[active] == "coh" and marks[holder] != "coh":
        return holder
    return ""


def _trigger_square(path: list[int], holder_at: int, trigger: int) -> int | None:
    for square in path:
        if gap(square, holder_at) <= trigger:
            return square
    return None


def apply_declare(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    """The declaration (AD-ORD-02), then the opponent's standing hold placed in it (AD-HOLD-02)."""
    return [*lane.apply_declare(state, cmd, roller, ctx), *hold_triggers(state, roller, ctx)]


def hold_triggers(state: TableState, roller: Roller, ctx: Ctx) -> list[Event]:
    """Place the opponent's standing hold in the declaration just submitted (lane geometry): it triggers
    when the active fighter reaches the first square within the trigger distance, after the actions
    declared on earlier squares (so an Intimidation on the way may Shake the holder first)."""
    if ctx.settings.arena_geometry != LANE:
        return []  # the GM rules on triggers (``trigger``)
    active = state.turn.active
    holder = opponent(state, active)
    hold = hidden(state, holder).get("hold")
    decl = hidden(state, active)["declaration"]
    if not hold:
        return []
    path = decl["path"]
    first = _trigger_square(path, fight(state)["positions"][holder], hold["trigger"])
    if first is None:
        return []
    how = "contested" if any(a["at"] == first for a in decl["actions"]) else \
        "pass_through" if first != path[-1] else ""
    if not how:
        return []
    before = sum(1 for a in decl["actions"] if path.index(a["at"]) < path.index(first))
    fight(state)["queue"].insert(before, {"seat": "", "trigger": how, "holder": holder, "square": first,
                                          "status": "pending"})
    return advance(state, roller, ctx)


def advance(state: TableState, roller: Roller, ctx: Ctx) -> list[Event]:
    """Run a trigger step when the queue reaches it."""
    queue = fight(state)["queue"]
    index = next((i for i, s in enumerate(queue) if s["status"] != "done"), None)
    if index is None or not queue[index].get("trigger"):
        return []
    step = queue[index]
    step["status"] = "done"
    return trigger(state, roller, ctx, step["holder"], step["trigger"], step["square"], at=index + 1)


def trigger(state: TableState, roller: Roller, ctx: Ctx, holder: str, how: str, square: int,
            at: int | None = None) -> list[Event]:
    """The hold triggers: revealed to everyone; lost when the holder is Shaken (AD-HOLD-06)."""
    f = fight(state)
    active = opponent(state, holder)
    hold = hidden(state, holder)["hold"]
    hidden(state, holder)["hold"] = None
    f["queue_started"] = True
    f["positions"][active] = square
    if at is None:
        at = next((i for i, s in enumerate(f["queue"]) if s["status"] != "done"), len(f["queue"]))
    events = [public("hold.triggered", "AD-HOLD-02", holder=holder, trigger=hold["trigger"], actions=hold["actions"],
                     square=square, how=how)]
    if f["shaken"][holder]:
        return [*events, public("hold.lost", "AD-HOLD-06", holder=holder)]
    f["hold"] = {"holder": holder, "actions": hold["actions"], "penalty": hold["penalty"], "roll": hold["roll"]}
    if how == "pass_through":
        _interrupt(state, holder, at)
        return [*events, public("hold.interrupts", "AD-HOLD-05", holder=holder, contest=False)]
    decl = hidden(state, active)["declaration"]
    acting = [a for a in decl["actions"] if a["at"] == square]
    auto = edge_winner(state, ctx, holder, active, hold["actions"], acting)
    if auto:
        rule = "AD-EDGE-01" if has_feature(sheet(state, auto), FIRST_STRIKE) and \
            not has_feature(sheet(state, auto), CODE_OF_HONOUR) else "AD-EDGE-02"
        events.append(public("hold.decided", rule, winner=auto, roll=False))
        f["queue"].insert(at, {"seat": "", "contest": "", "status": "pending"})
        return [*events, *hold_outcome(state, holder, auto)]
    cid, opened = r.contest_open(state, roller, kind="hold", rule="AD-HOLD-02", holder=holder, sides={
        holder: {"key": hold["roll"], "trait_name": "agility"}, active: {"trait_name": "agility"}})
    f["queue"].insert(at, {"seat": "", "contest": cid, "status": "pending"})
    return [*events, *opened]


def _interrupt(state: TableState, holder: str, at: int) -> None:
    """The opponent's turn is interrupted: the held actions resolve first (AD-HOLD-04, AD-HOLD-05)."""
    f = fight(state)
    held = [{"seat": holder, "held": True, "index": i, "status": "pending"} for i in range(len(f["hold"]["actions"]))]
    f["queue"][at:at] = held


def hold_outcome(state: TableState, holder: str, winner: str) -> list[Event]:
    """AD-HOLD-03: the opponent wins, its turn goes on and the held actions are lost; AD-HOLD-04: the
    holder wins, its actions interrupt, then the opponent finishes (and may try to unshake)."""
    f = fight(state)
    at = next(i for i, s in enumerate(f["queue"]) if "contest" in s and s["status"] != "done")
    f["queue"].pop(at)
    if winner == holder:
        _interrupt(state, holder, at)
        return [public("hold.interrupts", "AD-HOLD-04", holder=holder, contest=True)]
    f["hold"] = None
    return [public("hold.lost", "AD-HOLD-03", holder=holder)]


def effect_hold(state: TableState, contest: dict[str, Any]) -> list[Event]:
    holder = contest["holder"]
    return [public("hold.contest", "AD-HOLD-02", holder=holder,
                   holder_total=r.kept_total(state, contest["sides"][holder])),
            *hold_outcome(state, holder, contest["winner"])]


def lapse(state: TableState, ctx: Ctx, seat: str) -> list[Event]:
    """AD-HOLD-08 (GAP-13): an untriggered hold lapses when its holder's next turn begins."""
    mine = hidden(state, seat)
    if mine.get("hold") and ctx.settings.hold_lasts == "next_turn":
        key = mine["hold"]["roll"]
        mine["hold"] = None
        final = r.finalize(state, key) if state.chains[key].status == "open" else []
        return [r.secret(state, "hold.lapsed", seat, "AD-HOLD-08"), *final]
    return []

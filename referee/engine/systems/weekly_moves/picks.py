"""Picks of Spying, Deadly combat and Call of duty, and what killing a player takes (WM-CMB-07/08).

A pick is offered only while it can apply, and the list is checked again after every pick
(WM-GEN-04), so an Info pick can unlock Surveillance or Steal in the same move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .context import Ctx
from .info import can_gain, holder_id, worth
from .state import DEAD, WOUNDED, Player

STEAL_INFO = 3


@dataclass
class Side:
    """Who picks against whom: ``picker`` (player id, maybe through ``companion``) and ``subject``."""

    picker: str
    subject: str
    companion: str | None = None
    prefix: str = ""
    relaxed: bool = False  # a Spying-miss pick without info requirements (GAP-05 off)
    start_info: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def holder(self, ctx: Ctx) -> str:
        return holder_id(self.picker, self.companion, ctx.settings)


@dataclass(frozen=True)
class Pick:
    id: str
    rule: str
    twice: bool
    available: Callable[[Ctx, Side], bool]
    apply: Callable[[Ctx, Side], None]


def _stash(p: Player) -> list[dict[str, str]]:
    return [{"kind": "artifact", "item": a} for a in p.artifacts] + [
        {"kind": "ingredient", "item": i} for i in p.ingredients
    ]


def take_item(ctx: Ctx, victim: Player, taker: Player, choice: dict[str, str]) -> None:
    source = victim.artifacts if choice["kind"] == "artifact" else victim.ingredients
    target = taker.artifacts if choice["kind"] == "artifact" else taker.ingredients
    ctx.tx.remove(source, choice["item"])
    ctx.tx.append(target, choice["item"])


def choose_loot(
    ctx: Ctx, step: str, picker: str, options: list[dict[str, str]], rule: str, preferred: Any = None
) -> dict[str, str]:
    """Loot chosen from the stash list shown to the picker only, or blind (GAP-02)."""
    if ctx.settings.steal_choice == "blind":
        return ctx.draw(options, rule, step)
    return ctx.choose(step, picker, "loot", options, rule, preferred=preferred, context={"stash": options})


# -- Spying ---------------------------------------------------------------------------------
def _spy_info_ok(ctx: Ctx, side: Side) -> bool:
    return can_gain(ctx.state, side.holder(ctx), side.subject, ctx.settings, "spying")


def _spy_info(ctx: Ctx, side: Side) -> None:
    ctx.gain_info(side.holder(ctx), side.subject, "spying", "WM-SPY-03")


def _info_now(ctx: Ctx, side: Side) -> int:
    return worth(ctx.state.holding(side.holder(ctx), side.subject), ctx.settings, shelter=False)


def _surveil_ok(ctx: Ctx, side: Side) -> bool:
    return side.relaxed or _info_now(ctx, side) >= 1


def _surveil(ctx: Ctx, side: Side) -> None:
    t = ctx.state.players[side.subject]
    moves = [{"kind": m.kind, "payload": m.payload} for m in ctx.plan.entries if m.player == t.id]
    snapshot = {
        "stats": {s: t.stat(s) for s in ("magic", "shadow", "might", "influence")},
        "preparedness": t.preparedness,
        "debt": t.debt,
        "xp": t.xp,
        "abilities": [a.to_dict() for a in t.abilities],
        "moves": moves,
    }
    ctx.emit("surveillance", "WM-SPY-04", {side.picker}, subject=t.id, snapshot=snapshot)


def _steal_ok(ctx: Ctx, side: Side) -> bool:
    level = _info_now(ctx, side) if ctx.settings.steal_counts_same_move_info else side.start_info
    return (side.relaxed or level >= STEAL_INFO) and bool(_stash(ctx.state.players[side.subject]))


def _steal(ctx: Ctx, side: Side) -> None:
    victim = ctx.state.players[side.subject]
    choice = choose_loot(
        ctx,
        f"{side.prefix}steal",
        side.picker,
        _stash(victim),
        "WM-SPY-05",
        preferred=side.extra.get("steal"),
    )
    take_item(ctx, victim, ctx.state.players[side.picker], choice)
    ctx.emit("stolen", "WM-SPY-05", {side.picker}, subject=victim.id, **choice)


SPY_PICKS = (
    Pick("info", "WM-SPY-03", True, _spy_info_ok, _spy_info),
    Pick("surveillance", "WM-SPY-04", False, _surveil_ok, _surveil),
    Pick("steal", "WM-SPY-05", False, _steal_ok, _steal),
)


# -- Deadly combat --------------------------------------------------------------------------
def _lower_ok(ctx: Ctx, side: Side) -> bool:
    t = ctx.state.players[side.subject]
    return t.active and t.preparedness > ctx.settings.preparedness_floor


def _lower(ctx: Ctx, side: Side) -> None:
    t = ctx.state.players[side.subject]
    ctx.tx.set(t, "preparedness", t.preparedness - 1)
    ctx.emit("preparedness_lowered", "WM-CMB-05", {side.picker, t.id}, subject=t.id, value=t.preparedness)
    if t.preparedness <= ctx.settings.preparedness_floor:
        if ctx.settings.death_rule == "preparedness_floor":
            kill_player(ctx, t.id, side.picker, rule="WM-CMB-09")
        else:
            # The engine never decides a death on its own (WM-CMB-09): flag it to the GM only.
            ctx.emit("death_ruling_needed", "WM-CMB-09", (), subject=t.id, by=side.picker)


def _wound_ok(ctx: Ctx, side: Side) -> bool:
    return bool(ctx.state.players[side.subject].living_companions())


def _wound(ctx: Ctx, side: Side) -> None:
    t = ctx.state.players[side.subject]
    living = [c.id for c in t.living_companions()]
    if ctx.settings.combat_companion_choice == "random":
        cid = ctx.draw(living, "WM-CMB-06", f"{side.prefix}companion")
    else:
        cid = ctx.choose(f"{side.prefix}companion", side.picker, "companion", living, "WM-CMB-06")
    companion = t.companion(cid)
    assert companion is not None
    new = DEAD if companion.health == WOUNDED else WOUNDED
    ctx.tx.set(companion, "health", new)
    ctx.emit("companion_hit", "WM-CMB-06", {side.picker, t.id}, subject=t.id, companion=cid, health=new)
    if new == DEAD and t.status == DEAD and not t.living_companions():
        _loot(ctx, t, ctx.state.players[side.picker], everything=True, rule="WM-CMB-08")


CMB_PICKS = (
    Pick("lower_preparedness", "WM-CMB-05", True, _lower_ok, _lower),
    Pick("wound_companion", "WM-CMB-06", False, _wound_ok, _wound),
)


def _loot(ctx: Ctx, victim: Player, killer: Player, *, everything: bool, rule: str) -> None:
    if everything:
        taken = _stash(victim)
        for choice in taken:
            take_item(ctx, victim, killer, choice)
    else:
        taken = []
        for kind in ("artifact", "ingredient"):
            options = [o for o in _stash(victim) if o["kind"] == kind]
            if options:
                choice = choose_loot(ctx, f"loot:{victim.id}:{kind}", killer.id, options, rule)
                take_item(ctx, victim, killer, choice)
                taken.append(choice)
    ctx.emit("looted", rule, {killer.id}, subject=victim.id, items=taken)


def kill_player(ctx: Ctx, victim_id: str, killer_id: str | None, *, rule: str) -> None:
    """Mark ``victim_id`` dead and let the killer loot per WM-CMB-07 / WM-CMB-08."""
    victim = ctx.state.players[victim_id]
    ctx.tx.set(victim, "status", DEAD)
    ctx.emit("player_killed", rule, {victim_id, *([killer_id] if killer_id else [])}, subject=victim_id)
    if killer_id:
        killer = ctx.state.players[killer_id]
        if victim.living_companions():
            _loot(ctx, victim, killer, everything=False, rule="WM-CMB-07")
        else:
            _loot(ctx, victim, killer, everything=True, rule="WM-CMB-08")


# -- Call of duty ---------------------------------------------------------------------------
def _own_debt_ok(ctx: Ctx, side: Side) -> bool:
    return ctx.state.players[side.picker].debt > ctx.settings.debt_floor


def _own_debt(ctx: Ctx, side: Side) -> None:
    p = ctx.state.players[side.picker]
    ctx.tx.set(p, "debt", p.debt - 1)
    ctx.note_applied(p.id, "lower_own_debt")
    ctx.emit("debt_changed", "WM-DUT-02", {p.id}, subject=p.id, value=p.debt)


def shift_options(ctx: Ctx, side: Side) -> list[dict[str, Any]]:
    """Feasible (target, direction) shifts: Info >= 1 on the target (WM-DUT-03), within the bounds."""
    s = ctx.settings
    wanted = side.extra.get("shift")
    out = []
    for tid in side.extra.get("targets", []):
        t = ctx.state.players.get(tid)
        if t is None or worth(ctx.state.holding(side.holder(ctx), tid), s, shelter=True) < 1:
            continue
        for d in (1, -1):
            new = t.debt + d
            if new < s.debt_floor or (d > 0 and s.debt_cap_global and new > s.debt_cap):
                continue
            option = {"target": tid, "direction": d}
            if wanted in (None, option):
                out.append(option)
    return out


def _shift_ok(ctx: Ctx, side: Side) -> bool:
    return bool(shift_options(ctx, side))


def _shift(ctx: Ctx, side: Side) -> None:
    choice = ctx.choose(
        f"{side.prefix}shift", side.picker, "debt_shift", shift_options(ctx, side), "WM-DUT-03"
    )
    t = ctx.state.players[choice["target"]]
    ctx.tx.set(t, "debt", t.debt + choice["direction"])
    ctx.emit("debt_changed", "WM-DUT-03", {side.picker, t.id}, subject=t.id, value=t.debt)


DUT_PICKS = (
    Pick("lower_own_debt", "WM-DUT-02", True, _own_debt_ok, _own_debt),
    Pick("shift_target_debt", "WM-DUT-03", False, _shift_ok, _shift),
)


def make_picks(
    ctx: Ctx, side: Side, count: int, picks: tuple[Pick, ...], preferred: list[str], rule: str
) -> list[str]:
    """Take ``count`` picks in turn, each from the list as it stands after the last (WM-GEN-04)."""
    taken: list[str] = []
    wishes = list(preferred)
    for n in range(count):
        options = [
            p.id
            for p in picks
            if ((p.twice and taken.count(p.id) < 2) or p.id not in taken) and p.available(ctx, side)
        ]
        if not options:
            ctx.emit("no_valid_pick", rule, {side.picker}, remaining=count - n)
            break
        wish = next((w for w in wishes if w in options), None)
        if wish is not None:
            wishes.remove(wish)
        choice = ctx.choose(f"{side.prefix}pick{n + 1}", side.picker, "pick", options, rule, preferred=wish)
        next(p for p in picks if p.id == choice).apply(ctx, side)
        taken.append(choice)
    ctx.record.setdefault("picks", []).append(
        {"picker": side.picker, "subject": side.subject, "picks": taken}
    )
    return taken

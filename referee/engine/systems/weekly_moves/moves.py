"""The four moves (WM-ING, WM-SPY, WM-CMB, WM-DUT) and the Help that rides on them (WM-HELP)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.engine.sealed import Move

from .context import Ctx
from .info import holder_id, worth
from .picks import CMB_PICKS, DUT_PICKS, SPY_PICKS, Pick, Side, make_picks
from .state import DEAD
from .troubles import take_troubles

STAT = {
    "ingredient_search": "magic",
    "spying": "shadow",
    "deadly_combat": "might",
    "call_of_duty": "influence",
}
#: Strong-hit modes per move: (push, hold back). "push"/"hold" are accepted as aliases.
MODES = {
    "ingredient_search": ("keep_searching", "go_back"),
    "spying": ("take_risk", "stay_in_shadows"),
    "deadly_combat": ("fight_fiercely", "spare_yourself"),
    "call_of_duty": ("work_to_exhaustion", "dont_overdo_it"),
}
MOVE_RULE = {
    "ingredient_search": "WM-ING-01",
    "spying": "WM-SPY-02",
    "deadly_combat": "WM-CMB-04",
    "call_of_duty": "WM-DUT-01",
}
PICKS: dict[str, tuple[Pick, ...]] = {
    "spying": SPY_PICKS,
    "deadly_combat": CMB_PICKS,
    "call_of_duty": DUT_PICKS,
}


def band(total: int) -> str:
    """WM-GEN-02: 10+ strong hit, 7-9 weak hit, 6- miss."""
    return "strong" if total >= 10 else "weak" if total >= 7 else "miss"


def preferred_mode(kind: str, mode: Any) -> str | None:
    push, hold = MODES[kind]
    return {"push": push, "hold": hold, push: push, hold: hold}.get(mode) if isinstance(mode, str) else None


def stat_of(ctx: Ctx, player: str, companion: str | None, stat: str) -> int:
    """A player's stat, or a companion's (its own, 0 when unset, or its master's: GAP-01)."""
    p = ctx.state.players[player]
    if companion and ctx.settings.companion_stats == "own":
        c = p.companion(companion)
        return int(c.stats.get(stat, 0)) if c else 0
    return p.stat(stat)


def targets_of(move: Move) -> list[str]:
    p = move.payload
    if move.kind in ("spying", "deadly_combat"):
        return [str(p["target"])] if p.get("target") else []
    if move.kind == "call_of_duty":
        return [str(t) for t in p.get("targets", [])]
    return []


# -- Help ------------------------------------------------------------------------------------
def _help_valid(ctx: Ctx, h: Move) -> bool:
    """Re-check a help declaration at the moment it is used (WM-HELP-01, WM-HELP-05)."""
    s = ctx.settings
    helper = ctx.state.players[h.player]
    hc_id = h.payload.get("companion")
    if not helper.active:
        return False
    hc = helper.companion(hc_id) if hc_id else None
    if hc_id and (hc is None or not hc.alive):
        return False
    helped_player = ctx.move.player
    helped_companion = ctx.move.payload.get("companion")
    if hc is not None and hc.familiar:
        helped_c = ctx.state.players[helped_player].companion(helped_companion) if helped_companion else None
        own_master = helped_player == h.player and not helped_companion
        if not own_master and not (helped_c is not None and helped_c.familiar):
            return False
    if helped_player == h.player:
        return True  # one's own companion, or a companion helping its master
    holder = holder_id(h.player, hc_id, s)
    return worth(ctx.state.holding(holder, helped_player), s, shelter=False) >= 1


def find_help(ctx: Ctx) -> Move | None:
    """The one help for this move (WM-HELP-04): the first valid declaration, by submission."""
    m = ctx.move
    used = ctx.state.ledger.help_used
    for h in sorted((e for e in ctx.plan.entries if e.kind == "help"), key=lambda e: e.seq):
        p = h.payload
        if (
            p.get("helped") == m.player
            and p.get("helped_companion") == m.payload.get("companion")
            and p.get("move") == m.kind
            and h.id not in used
            and _help_valid(ctx, h)
        ):
            ctx.tx.put(used, h.id, m.id)
            return h
    return None


# -- the moves -------------------------------------------------------------------------------
def _gain_ingredients(ctx: Ctx, count: int) -> None:
    p = ctx.state.players[ctx.move.player]
    catalogue = list(ctx.catalogue)
    for n in range(count):
        step = f"ingredient{n + 1}"
        if ctx.settings.ingredient_choice == "gm" and (
            not ctx.auto or f"{ctx.move.id}:{step}" in ctx.decisions
        ):
            item = ctx.choose(step, "", "ingredient", catalogue, "WM-ING-02", context={"for": p.id})
        else:
            item = ctx.draw(catalogue, "WM-ING-02", step)
        ctx.tx.append(p.ingredients, item)
        ctx.emit("ingredient_found", "WM-ING-01", {p.id}, item=item)


def _side(ctx: Ctx, picker: str, subject: str, companion: str | None = None, prefix: str = "") -> Side:
    m = ctx.move
    extra = {"steal": m.payload.get("steal"), "shift": m.payload.get("shift"), "targets": targets_of(m)}
    side = Side(picker=picker, subject=subject, companion=companion, prefix=prefix, extra=extra)
    side.start_info = worth(ctx.state.holding(side.holder(ctx), subject), ctx.settings, shelter=False)
    return side


def miss_outcome(ctx: Ctx, victim: str) -> None:
    """A move's 6- outcome, falling on ``victim`` (the actor, or a helper who missed)."""
    m = ctx.move
    kind = m.kind
    targets = targets_of(m)
    if kind in ("ingredient_search", "call_of_duty"):
        take_troubles(ctx, victim, targets, cause=kind)
        return
    target = targets[0]
    if ctx.state.players[target].status == DEAD:
        ctx.emit("no_reaction", MOVE_RULE[kind], {victim}, subject=target)
        return
    if kind == "spying":
        # The target was watching: it picks once with the spy as subject (WM-SPY-02, GAP-05).
        ctx.emit("spy_caught", "WM-SPY-02", {target, victim}, spy=victim, target=target)
        side = Side(
            picker=target,
            subject=victim,
            prefix=f"counter:{victim}:",
            relaxed=not ctx.settings.spy_miss_requirements,
        )
        make_picks(ctx, side, 1, SPY_PICKS, [], "WM-SPY-02")
    else:
        ctx.emit("struck_back", "WM-CMB-04", {target, victim}, attacker=victim, opponent=target)
        side = Side(picker=target, subject=victim, prefix=f"counter:{victim}:")
        make_picks(ctx, side, 1, CMB_PICKS, [], "WM-CMB-04")


def _hit(ctx: Ctx, result: str) -> None:
    """The actor's own 7+ outcome: mode, picks, Troubles."""
    m = ctx.move
    kind = m.kind
    actor = m.player
    push, hold = MODES[kind]
    troubles = True
    if result == "strong":
        mode = ctx.choose(
            "mode",
            actor,
            "mode",
            [push, hold],
            "WM-GEN-03",
            preferred=preferred_mode(kind, m.payload.get("mode")),
        )
        ctx.record["mode"] = mode
        troubles = mode == push
        count = 2 if mode == push else 1
    else:
        count = 1
    if kind == "ingredient_search":
        _gain_ingredients(ctx, count)
    else:
        targets = targets_of(m)
        subject = targets[0] if targets else actor
        side = _side(ctx, actor, subject, m.payload.get("companion"))
        wishes = [str(w) for w in m.payload.get("picks") or []]
        make_picks(ctx, side, count, PICKS[kind], wishes, MOVE_RULE[kind])
        if kind == "deadly_combat":
            target = ctx.state.players[subject]
            attacker = actor if ctx.settings.combat_target_learns_attacker else None
            ctx.emit("attacked", "WM-CMB-04", {subject}, attacker=attacker, subject=target.id)
    if troubles:
        take_troubles(ctx, actor, targets_of(m), cause=kind)


def resolve_roll_move(ctx: Ctx) -> None:
    """Roll 2d6 + stat, fold in Help, and apply the band (WM-GEN-02, WM-HELP-02/03)."""
    m = ctx.move
    actor = m.player
    stat = STAT[m.kind]
    bonus = stat_of(ctx, actor, m.payload.get("companion"), stat)
    roll = ctx.roll("2d6", "WM-GEN-02", label=f"{m.kind}:{actor}")
    own_total = roll.total + bonus
    ctx.record["roll"] = {"dice": list(roll.faces), "stat": stat, "bonus": bonus, "total": own_total}
    ctx.emit(
        "move_roll",
        "WM-GEN-02",
        {actor},
        dice=list(roll.faces),
        stat=stat,
        bonus=bonus,
        total=own_total,
        band=band(own_total),
    )
    total = own_total
    after: list[Callable[[], object]] = []
    h = find_help(ctx)
    if h is not None:
        hc = h.payload.get("companion")
        h_bonus = stat_of(ctx, h.player, hc, stat)
        h_roll = ctx.roll("2d6", "WM-HELP-02", label=f"help:{h.player}")
        h_total = h_roll.total + h_bonus
        h_band = band(h_total)
        ctx.record["help"] = {
            "helper": h.player,
            "companion": hc,
            "dice": list(h_roll.faces),
            "bonus": h_bonus,
            "total": h_total,
            "band": h_band,
        }
        ctx.emit(
            "help_roll",
            "WM-HELP-03",
            {h.player, actor},
            helper=h.player,
            companion=hc,
            dice=list(h_roll.faces),
            total=h_total,
            band=h_band,
        )
        if h_band != "miss":
            total = max(own_total, h_total)
            if h_band == "weak":
                after.append(lambda: take_troubles(ctx, h.player, targets_of(m), cause="help"))
        else:
            after.append(lambda: miss_outcome(ctx, h.player))
            if ctx.settings.help_miss == "instead":
                ctx.record.update(total=h_total, band="miss", replaced_by_help=True)
                for step in after:
                    step()
                return
    result = band(total)
    ctx.record.update(total=total, band=result)
    if result == "miss":
        miss_outcome(ctx, actor)
    else:
        _hit(ctx, result)
    for step in after:
        step()

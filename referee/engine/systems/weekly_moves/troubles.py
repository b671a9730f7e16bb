"""Troubles (WM-TRB): the d6 table, contradictions, and the next-valid-result rule."""

from __future__ import annotations

from typing import Any

from referee.engine.sealed import Move

from .context import Ctx
from .info import can_gain
from .settings import WeeklyMovesSettings
from .state import HEALTHY, WOUNDED

RESULTS = (1, 2, 3, 4, 5, 6)


def declared_intents(move: Move, settings: WeeklyMovesSettings, owner_companions: set[str]) -> set[str]:
    """What a submission sets out to do that a Troubles result may not undo (WM-TRB-02)."""
    p = move.payload
    out: set[str] = set()
    if move.kind == "preparation":
        actor_companion = p.get("companion")
        target = p.get("target") or move.player
        if p.get("effect") == "preparedness" and target == move.player and settings.contradiction_by_analogy:
            out.add("raise_own_preparedness")
        if p.get("effect") == "heal":
            healed = p.get("heal") or (actor_companion if target == move.player else None)
            if healed in owner_companions:
                out.add(f"heal:{healed}")
    elif move.kind == "call_of_duty" and "lower_own_debt" in (p.get("picks") or []):
        out.add("lower_own_debt")
    return out


def intents_for(ctx: Ctx, player: str) -> set[str]:
    """Intents of ``player`` in the configured scope (GAP-12): the whole week, or this move."""
    owner_companions = {c.id for c in ctx.state.players[player].companions}
    prefix = f"{player}:"
    if ctx.settings.contradiction_scope == "move":
        entries = [ctx.move] if ctx.move.player == player else []
        applied = {a[len(prefix) :] for a in ctx.applied if a.startswith(prefix)}
    else:
        entries = [m for m in ctx.plan.entries if m.player == player]
        applied = set(ctx.state.ledger.applied.get(player, []))
    for m in entries:
        applied |= declared_intents(m, ctx.settings, owner_companions)
    return applied


def _eligible_info_gainers(ctx: Ctx, candidates: list[str], subject: str) -> list[str]:
    players = ctx.state.players
    return [
        pid
        for pid in candidates
        if pid != subject
        and pid in players
        and (players[pid].active or not ctx.settings.troubles_random_excludes_inactive)
        and can_gain(ctx.state, pid, subject, ctx.settings, "troubles")
    ]


def _blocked(ctx: Ctx, value: int, who: str, targets: list[str], intents: set[str]) -> tuple[str, Any]:
    """``("", payload)`` when ``value`` can apply, else ``(reason, None)`` (WM-TRB-02, WM-TRB-03)."""
    p = ctx.state.players[who]
    if value == 1:
        if p.preparedness <= 1:
            return "cannot_apply", None
        if "raise_own_preparedness" in intents:
            return "contradiction", None
        return "", None
    if value == 2:
        healthy = [c.id for c in p.companions if c.health == HEALTHY]
        if not healthy:
            return "cannot_apply", None
        spared = [cid for cid in healthy if f"heal:{cid}" not in intents]
        return ("", spared) if spared else ("contradiction", None)
    if value == 3:
        eligible = _eligible_info_gainers(ctx, targets, who)
        return ("", eligible) if eligible else ("cannot_apply", None)
    if value == 4:
        return ("", None) if p.ingredients else ("cannot_apply", None)
    if value == 5:
        if p.debt >= ctx.settings.debt_cap:
            return "cannot_apply", None
        if "lower_own_debt" in intents:
            return "contradiction", None
        return "", None
    others = [pid for pid in ctx.state.players if pid != who]
    eligible = _eligible_info_gainers(ctx, others, who)
    return ("", eligible) if eligible else ("cannot_apply", None)


def take_troubles(ctx: Ctx, who: str, targets: list[str], *, cause: str) -> int | None:
    """Roll and apply one Troubles for player ``who`` (WM-TRB-01..06); the value applied or None.

    ``targets`` are the players the causing move acted against (result 3). Each call is its
    own roll (WM-TRB-06). The raw roll and the value applied are both recorded (WM-TRB-04).
    """
    troubles = ctx.record.setdefault("troubles", [])
    step = f"troubles{len(troubles) + 1}"
    raw = ctx.roll("d6", "WM-TRB-01", label=f"troubles:{who}").total
    intents = intents_for(ctx, who)
    skipped: list[dict[str, Any]] = []
    applied: int | None = None
    detail: dict[str, Any] = {}
    tell: set[str] = set()
    for k in range(6):
        value = (raw - 1 + k) % 6 + 1
        reason, options = _blocked(ctx, value, who, targets, intents)
        if reason:
            skipped.append({"value": value, "reason": reason})
            continue
        applied = value
        detail, tell = _apply(ctx, value, who, options, step)
        break
    troubles.append(
        {"who": who, "cause": cause, "raw": raw, "applied": applied, "skipped": skipped, **detail}
    )
    ctx.emit("troubles", "WM-TRB-04", {who, *tell}, who=who, raw=raw, applied=applied, **detail)
    return applied


def _apply(ctx: Ctx, value: int, who: str, options: Any, step: str) -> tuple[dict[str, Any], set[str]]:
    p = ctx.state.players[who]
    s = ctx.settings
    if value == 1:
        ctx.tx.set(p, "preparedness", p.preparedness - 1)
        return {"preparedness": p.preparedness}, set()
    if value == 2:
        if s.troubles_companion_choice == "random":
            cid = ctx.draw(list(options), "WM-TRB-05", f"{step}:companion")
        else:
            cid = ctx.choose(f"{step}:companion", who, "troubles_companion", list(options), "WM-TRB-01")
        companion = p.companion(cid)
        assert companion is not None
        ctx.tx.set(companion, "health", WOUNDED)
        return {"companion": cid}, set()
    if value in (3, 6):
        gainer = ctx.draw(list(options), "WM-TRB-05", f"{step}:player")
        ctx.gain_info(gainer, who, "troubles", "WM-TRB-01", tell={gainer})
        return {"gainer": gainer}, {gainer}
    if value == 4:
        index = ctx.draw(list(range(len(p.ingredients))), "WM-TRB-05", f"{step}:ingredient")
        item = p.ingredients[index]
        ctx.tx.remove(p.ingredients, item)
        return {"ingredient": item}, set()
    ctx.tx.set(p, "debt", p.debt + 1)
    return {"debt": p.debt}, set()

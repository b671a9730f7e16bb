"""Free actions (WM-PREP, WM-HELP, WM-EXCH, WM-RIT) and abilities used between actions (WM-ABL)."""

from __future__ import annotations

from typing import Any

from referee.engine.sealed import Move

from .context import Ctx
from .info import can_gain, worth
from .state import ALIVE, DEAD, HEALTHY, OUT, WOUNDED, GameState, Player, Promise


class Fizzle(Exception):
    """A free action that cannot take effect now; ``code`` is stable, nothing was changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# -- Preparation -----------------------------------------------------------------------------
def _spend_ingredient(ctx: Ctx, stash: list[str], wanted: Any) -> str:
    if not stash:
        raise Fizzle("no_ingredient", "Preparation needs 1 ingredient and there is none to spend.")
    item = wanted if wanted in stash else stash[0]
    ctx.tx.remove(stash, item)
    return str(item)


def resolve_preparation(ctx: Ctx) -> None:
    """WM-PREP-01/02: spend 1 ingredient to raise Preparedness (+1 XP, WM-CNT-01) or heal (WM-CMP-01)."""
    m = ctx.move
    p = m.payload
    s = ctx.settings
    actor = ctx.state.players[m.player]
    cid = p.get("companion")
    target = ctx.state.players[str(p.get("target") or actor.id)]
    if p.get("effect") == "preparedness":
        if not target.active:
            raise Fizzle("target_inactive", "That player cannot be prepared now.")
        if s.preparedness_max is not None and target.preparedness >= s.preparedness_max:
            raise Fizzle("preparedness_at_max", "Preparedness is already at its maximum.")
        healed = None
    else:
        wanted = p.get("heal")
        wounded = [c for c in target.companions if c.health == WOUNDED and (wanted in (None, c.id))]
        if not wounded:
            raise Fizzle("nothing_to_heal", "There was no wounded companion to heal.")
        healed = wounded[0]
    companion = actor.companion(cid) if cid else None
    stash = companion.ingredients if companion and s.companion_prep_source == "own" else actor.ingredients
    item = _spend_ingredient(ctx, stash, p.get("ingredient"))
    ctx.record["spent"] = item
    if healed is None:
        ctx.tx.set(target, "preparedness", target.preparedness + 1)
        if s.xp_max is None or target.xp < s.xp_max:
            ctx.tx.set(target, "xp", target.xp + 1)
        if target.id == actor.id:
            ctx.note_applied(actor.id, "raise_own_preparedness")
        ctx.emit(
            "prepared",
            "WM-CNT-01",
            {actor.id, target.id},
            subject=target.id,
            preparedness=target.preparedness,
            xp=target.xp,
        )
    else:
        ctx.tx.set(healed, "health", HEALTHY)
        if target.id == actor.id:
            ctx.note_applied(actor.id, f"heal:{healed.id}")
        ctx.emit("healed", "WM-CMP-01", {actor.id, target.id}, subject=target.id, companion=healed.id)


# -- Help entry --------------------------------------------------------------------------------
def resolve_help_entry(ctx: Ctx) -> str:
    """The help declaration's own entry: used by the move it helped, or void (WM-HELP-06)."""
    used = ctx.state.ledger.help_used.get(ctx.move.id)
    if used is None:
        ctx.emit("help_void", "WM-HELP-06", {ctx.move.player})
        return "void"
    ctx.record["helped_move"] = used
    return "resolved"


# -- Exchange --------------------------------------------------------------------------------
def partner_entry(ctx: Ctx) -> Move | None:
    """The partner's matching Exchange: the k-th A->B pairs with the k-th B->A (WM-EXCH-01)."""
    me, partner = ctx.move.player, ctx.move.payload.get("partner")
    mine = [
        e
        for e in ctx.plan.entries
        if e.kind == "exchange" and e.player == me and e.payload.get("partner") == partner
    ]
    theirs = [
        e
        for e in ctx.plan.entries
        if e.kind == "exchange" and e.player == partner and e.payload.get("partner") == me
    ]
    k = next(i for i, e in enumerate(mine) if e.id == ctx.move.id)
    return theirs[k] if k < len(theirs) else None


def _transfer_ok(ctx: Ctx, giver: Player, receiver: Player, item: dict[str, Any]) -> bool:
    s = ctx.settings
    kind = item.get("type")
    if kind == "info":
        subject = str(item.get("subject"))
        if subject == receiver.id or subject not in ctx.state.players:
            return False
        have = 99 if subject == giver.id else worth(ctx.state.holding(giver.id, subject), s, shelter=False)
        lacks = worth(ctx.state.holding(receiver.id, subject), s, shelter=False) < have
        return lacks and can_gain(ctx.state, receiver.id, subject, s, "exchange")
    if kind == "ritual":
        relay = giver.ritual_source == "computed" or s.ritual_relay_allowed
        return giver.knows_ritual_location and relay and not receiver.knows_ritual_location
    if kind == "ingredient":
        return bool(giver.ingredients) and (
            item.get("choice") != "giver" or item.get("item") in giver.ingredients
        )
    if kind == "artifact":
        return item.get("item") in giver.artifacts
    return kind == "service" and bool(item.get("text"))


def _transfer(ctx: Ctx, giver: Player, receiver: Player, item: dict[str, Any], n: int) -> dict[str, Any]:
    kind = item["type"]
    if kind == "info":
        ctx.gain_info(receiver.id, str(item["subject"]), "exchange", "WM-EXCH-01", tell={giver.id})
        return {"type": "info", "subject": item["subject"]}
    if kind == "ritual":
        ctx.tx.set(receiver, "knows_ritual_location", True)
        ctx.tx.set(receiver, "ritual_source", "exchange")
        return {"type": "ritual"}
    if kind == "service":
        promise = Promise(
            promiser=giver.id, beneficiary=receiver.id, service=str(item["text"]), week=ctx.state.week
        )
        ctx.tx.append(ctx.state.promises, promise)
        return {"type": "service", "text": promise.service}
    if kind == "artifact":
        thing = str(item["item"])
        ctx.tx.remove(giver.artifacts, thing)
        ctx.tx.append(receiver.artifacts, thing)
        return {"type": "artifact", "item": thing}
    step = f"exchange{n}:{giver.id}"
    choice = item.get("choice", "giver")
    if choice == "giver":
        thing = str(item["item"])
    elif choice == "receiver":
        thing = ctx.choose(step, receiver.id, "ingredient", list(giver.ingredients), "WM-EXCH-01")
    else:
        thing = ctx.draw(list(giver.ingredients), "WM-EXCH-01", step)
    ctx.tx.remove(giver.ingredients, thing)
    ctx.tx.append(receiver.ingredients, thing)
    return {"type": "ingredient", "item": thing, "choice": choice}


def resolve_exchange(ctx: Ctx) -> str:
    """Carry out an agreed Exchange at the later of its two entries, all or nothing."""
    me = ctx.state.players[ctx.move.player]
    other = partner_entry(ctx)
    parties = {me.id, str(ctx.move.payload.get("partner"))}
    if other is None:
        ctx.emit("exchange_void", "WM-EXCH-01", {me.id}, reason="no_agreement")
        return "void"
    if ctx.plan.entries.index(other) > ctx.index:
        ctx.record["with_entry"] = other.id
        return "deferred"
    partner = ctx.state.players[other.player]
    s = ctx.settings
    knows = [
        worth(ctx.state.holding(a.id, b.id), s, shelter=False) >= 1 for a, b in ((me, partner), (partner, me))
    ]
    info_ok = all(knows) if s.exchange_info == "both" else any(knows)
    mine = list(ctx.move.payload.get("give") or [])
    theirs = list(other.payload.get("give") or [])
    feasible = (
        info_ok
        and me.active
        and partner.active
        and all(_transfer_ok(ctx, me, partner, i) for i in mine)
        and all(_transfer_ok(ctx, partner, me, i) for i in theirs)
    )
    if not feasible:
        ctx.emit("exchange_failed", "WM-EXCH-01", parties)
        return "void"
    given = [_transfer(ctx, me, partner, i, n) for n, i in enumerate(mine)]
    got = [_transfer(ctx, partner, me, i, n) for n, i in enumerate(theirs)]
    ctx.tx.append(ctx.state.ledger.exchanges, ctx.move.id)
    ctx.tx.append(ctx.state.ledger.exchanges, other.id)
    ctx.record["exchange"] = {me.id: given, partner.id: got}
    ctx.emit("exchanged", "WM-EXCH-01", parties, given={me.id: given, partner.id: got})
    if any(i["type"] == "service" for i in given + got):
        ctx.emit("promise_recorded", "WM-EXCH-02", parties, binding=not s.services_refusable)
    return "resolved"


# -- Ritual ----------------------------------------------------------------------------------
def ritual_required(state: GameState, me: str, counts_dead: bool) -> list[str]:
    """Players whose shelter one must know to compute the Ritual (WM-RIT-01)."""
    return [
        p.id
        for p in state.players.values()
        if p.id != me
        and not p.ever_out
        and p.status != OUT
        and (p.status == ALIVE or (counts_dead and p.status == DEAD))
    ]


def resolve_compute_ritual(ctx: Ctx) -> None:
    me = ctx.state.players[ctx.move.player]
    missing = [
        pid
        for pid in ritual_required(ctx.state, me.id, ctx.settings.ritual_counts_dead)
        if worth(ctx.state.holding(me.id, pid), ctx.settings, shelter=True) < 1
    ]
    if missing:
        raise Fizzle("missing_shelter_info", "You do not know every shelter yet.")
    ctx.tx.set(me, "knows_ritual_location", True)
    ctx.tx.set(me, "ritual_source", "computed")
    ctx.emit("ritual_computed", "WM-RIT-01", {me.id})


def ritual_showdown(state: GameState) -> list[str]:
    """WM-RIT-02: before the showdown, whoever does not know the location is out of the Game."""
    out = []
    for p in state.players.values():
        if not p.knows_ritual_location and p.status != OUT:
            p.status = OUT
            p.ever_out = True
            out.append(p.id)
    return out


# -- Abilities ---------------------------------------------------------------------------------
def resolve_ability(ctx: Ctx) -> None:
    """Use an ability between actions (WM-ABL-01), spending its counter (WM-ABL-04)."""
    me = ctx.state.players[ctx.move.player]
    ability = me.ability(str(ctx.move.payload.get("ability")))
    if ability is None or not ability.available:
        raise Fizzle("ability_spent", "That ability cannot be used again yet.")
    ctx.tx.set(ability, "used", ability.used + 1)
    if ability.effect == "relocate_shelter":
        # Every holding about the owner stops pointing at the shelter (WM-ABL-02).
        for (holder, subject), h in ctx.state.info.items():
            if subject == me.id and h.valid and h.count >= 1:
                ctx.tx.set(h, "valid", False)
                ctx.record.setdefault("invalidated", []).append(holder)
    ctx.emit(
        "ability_used",
        "WM-ABL-01",
        {me.id},
        ability=ability.id,
        effect=ability.effect,
        target=ctx.move.payload.get("target"),
    )


def begin_week(state: GameState, week: int | None = None) -> None:
    """Open the next week: once-per-week counters reset (WM-ABL-04), the ledger and queue clear."""
    state.week = state.week + 1 if week is None else week
    state.status = "open"
    state.queue = []
    state.ledger.help_used.clear()
    state.ledger.exchanges.clear()
    state.ledger.applied.clear()
    for p in state.players.values():
        for a in p.abilities:
            if a.counter == "per_week":
                a.used = 0

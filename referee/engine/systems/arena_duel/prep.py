"""Preparation: information rolls, opposed Gambling, bans with Persuasion, hidden selection (AD-INFO, AD-PREP).

Poison and will duels, the last two steps, are in :mod:`.tricks`.
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event, public
from referee.engine.live.state import TableState
from referee.engine.live.system import Command, owned_roll
from referee.engine.rolls import Roller
from referee.engine.systems.arena_duel import rolls as r
from referee.engine.systems.arena_duel.context import Ctx, duel, phase, refuse
from referee.engine.systems.arena_duel.dice import raises, successes
from referee.engine.systems.arena_duel.sheets import (
    ATTRIBUTES,
    known_names,
    learn,
    opponent,
    private,
    sheet,
)

INFO = {"notice": ("notice_info", "AD-PREP-02"), "knowledge_magic": ("magic_info", "AD-PREP-03")}


# Information (AD-PREP-02..04)

def validate_info(view: TableState, cmd: Command, ctx: Ctx) -> None:
    if cmd.kind == "knowledge_magic" and ctx.settings.knowledge_magic_anytime:
        if not phase(view).startswith("prep_"):
            raise refuse("wrong_phase", "Knowledge (Magic) is rolled during preparation")
    elif phase(view) != "prep_info":
        raise refuse("wrong_phase", "information rolls are made in the first preparation step (AD-PREP-01)")
    if private(view, cmd.seat)["attempts"].get(cmd.kind, 0) >= ctx.settings.info_attempts:
        raise refuse("no_attempts_left", "you have made every attempt the table allows (AD-PREP-04)")


def apply_info(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    attempts = private(state, cmd.seat)["attempts"]
    attempts[cmd.kind] = attempts.get(cmd.kind, 0) + 1
    purpose, rule = INFO[cmd.kind]
    _, events = r.roll_start(state, roller, seat=cmd.seat, purpose=purpose, rule=rule, trait_name=cmd.kind)
    return events


def effect_notice(state: TableState, key: str, roller: Roller, ctx: Ctx) -> list[Event]:
    """AD-PREP-02: a success and each raise earn one reveal, spent with ``learn``."""
    info, seat = r.meta(state, key), state.chains[key].owner
    earned = 0 if info["kept_critical_failure"] else successes(info["total"], info["tn"])
    private(state, seat)["reveals"] += earned
    return r.announce(state, [key], rule="AD-PREP-02", audience=[seat], effect="notice", reveals=earned)


def effect_magic(state: TableState, key: str, roller: Roller, ctx: Ctx) -> list[Event]:
    """AD-PREP-03: a success tells whether the opponent has a gift, and what kind; a raise reveals one
    skill's presence, drawn from those not yet revealed (its die hidden by default, GAP-17)."""
    info, seat = r.meta(state, key), state.chains[key].owner
    other = sheet(state, opponent(state, seat))
    facts: list[dict[str, Any]] = []
    if not info["kept_critical_failure"] and successes(info["total"], info["tn"]):
        facts.append({"kind": "gift", "value": other["arcane"]})
        if raises(info["total"], info["tn"]):
            known = known_names(state, seat, "skill") | known_names(state, seat, "trait")
            left = [s for s in other["skills"] if s not in known]
            if left:
                made = owned_roll(roller, seat, f"d{len(left)}", rule="AD-PREP-03", label="skill drawn")
                drawn = left[made.total - 1]  # on the learner's own stream: what it learned is its own
                fact: dict[str, Any] = {"kind": "skill", "name": drawn}
                if ctx.settings.magic_raise_shows_die:
                    fact["die"] = other["skills"][drawn]
                facts.append(fact)
            else:
                facts.append({"kind": "no_skill_left"})
    for fact in facts:
        learn(state, seat, fact)
    return r.announce(state, [key], rule="AD-PREP-03", audience=[seat], effect="knowledge_magic", learned=facts)


def validate_learn(view: TableState, cmd: Command, ctx: Ctx) -> None:
    if private(view, cmd.seat)["reveals"] < 1:
        raise refuse("no_reveals", "a successful Notice roll earns reveals (AD-PREP-02); you have none left")
    if cmd.payload["what"] == "trait" and ctx.settings.notice_chooser == "roller" and not cmd.payload.get("name"):
        raise refuse("missing_field", "name the attribute or skill to learn (AD-PREP-02)", "name")


def apply_learn(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    """Spend one reveal: a trait's value (the roller's pick, GAP-05) or a random unrevealed edge or hindrance."""
    seat = cmd.seat
    other = sheet(state, opponent(state, seat))
    private(state, seat)["reveals"] -= 1
    fact: dict[str, Any]
    if cmd.payload["what"] == "trait":
        name = cmd.payload.get("name", "")
        if ctx.settings.notice_chooser == "random":
            known = known_names(state, seat, "trait")
            left = [t for t in (*ATTRIBUTES, *other["skills"]) if t not in known] or list(ATTRIBUTES)
            name = left[owned_roll(roller, seat, f"d{len(left)}", rule="AD-PREP-02", label="trait drawn").total - 1]
        die = other["attributes"].get(name) or other["skills"].get(name)
        fact = {"kind": "trait", "name": name, "die": die}
    else:
        known = known_names(state, seat, "feature")
        left = [f for f in (*other["edges"], *other["hindrances"]) if f not in known]
        if left:
            drawn = left[owned_roll(roller, seat, f"d{len(left)}", rule="AD-PREP-02", label="feature drawn").total - 1]
            fact = {"kind": "feature", "name": drawn, "edge": drawn in other["edges"]}
        else:
            fact = {"kind": "no_feature_left"}
    learn(state, seat, fact)
    return [r.secret(state, "fact.learned", seat, "AD-PREP-02", fact=fact)]


# Gambling (AD-PREP-05): opened when the step begins.

def gambling_open(state: TableState, roller: Roller) -> list[Event]:
    sides = {s: {"trait_name": "gambling"} for s in state.data["fighters"]}
    cid, events = r.contest_open(state, roller, kind="gambling", rule="AD-PREP-05", sides=sides)
    duel(state)["gambling"] = {"contest": cid, "winner": "", "loser": ""}
    return events


def effect_gambling(state: TableState, winner: str) -> list[Event]:
    loser = opponent(state, winner)
    duel(state)["gambling"].update(winner=winner, loser=loser)
    duel(state)["bans_step"] = "loser"
    return [public("gambling.won", "AD-PREP-05", winner=winner, loser=loser)]


# Bans (AD-PREP-06, AD-PREP-07)

def _ban_turn(view: TableState) -> str:
    d = duel(view)
    step, gambling = d["bans_step"], d["gambling"]
    return gambling["loser"] if step == "loser" else gambling["winner"] if step in ("winner", "extra") else ""


def validate_ban(view: TableState, cmd: Command, ctx: Ctx) -> None:
    d = duel(view)
    if _ban_turn(view) != cmd.seat:
        raise refuse("not_your_ban", "the Gambling loser bans first, then the winner (AD-PREP-05, AD-PREP-06)")
    if d["bans_step"] == "extra" and d["extra_bans"] < 1:
        raise refuse("no_bans_left", "a Persuasion success and each raise allow one more ban (AD-PREP-06)")
    group = cmd.payload["group"]
    if group not in ctx.pack.groups:
        raise refuse("no_such_group", f"the groups are {', '.join(ctx.pack.groups)} (AD-PREP-07)", "group")
    if group in [b["group"] for b in d["bans"]]:
        raise refuse("already_banned", "each ban must name a group not yet banned (AD-PREP-06)", "group")


def apply_ban(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    d = duel(state)
    d["bans"].append({"group": cmd.payload["group"], "by": cmd.seat})
    if d["bans_step"] == "loser":
        d["bans_step"] = "winner"
    elif d["bans_step"] == "winner":
        d["bans_step"] = "extra"
    else:
        d["extra_bans"] -= 1
    events = [public("group.banned", "AD-PREP-06", group=cmd.payload["group"], by=cmd.seat)]
    return [*events, *_bans_settle(state, ctx)]


def _bans_settle(state: TableState, ctx: Ctx) -> list[Event]:
    """Extra bans beyond the groups left are ignored (AD-PREP-06)."""
    d = duel(state)
    if d["bans_step"] == "extra" and len(d["bans"]) >= len(ctx.pack.groups):
        d["extra_bans"] = 0
    return []


def validate_persuade(view: TableState, cmd: Command, ctx: Ctx) -> None:
    d = duel(view)
    if d["gambling"]["winner"] != cmd.seat or d["bans_step"] not in ("winner", "extra"):
        raise refuse("not_the_winner", "only the Gambling winner rolls Persuasion for extra bans (AD-PREP-06)")
    if d["persuaded"]:
        raise refuse("no_attempts_left", "Persuasion is rolled once for the bans")


def apply_persuade(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    duel(state)["persuaded"] = True
    _, events = r.roll_start(state, roller, seat=cmd.seat, purpose="persuasion", rule="AD-PREP-06",
                             trait_name="persuasion")
    return [public("persuasion.rolled", "AD-PREP-06", seat=cmd.seat), *events]


def effect_persuasion(state: TableState, key: str, roller: Roller, ctx: Ctx) -> list[Event]:
    info = r.meta(state, key)
    extra = 0 if info["kept_critical_failure"] else successes(info["total"], info["tn"])
    duel(state)["extra_bans"] += extra
    events = r.announce(state, [key], rule="AD-PREP-06", effect="extra_bans", extra_bans=extra)
    return [*events, *_bans_settle(state, ctx)]


def validate_bans_done(view: TableState, cmd: Command, ctx: Ctx) -> None:
    if duel(view)["gambling"]["winner"] != cmd.seat or duel(view)["bans_step"] != "extra":
        raise refuse("not_the_winner", "the winner ends the bans after its first one (AD-PREP-06)")


def apply_bans_done(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    duel(state).update(bans_step="done", extra_bans=0)
    return [public("bans.done", "AD-PREP-06")]


# Selection (AD-PREP-08, AD-PREP-09)

def validate_loser_first(view: TableState, cmd: Command, ctx: Ctx) -> None:
    d = duel(view)
    if d["gambling"]["winner"] != cmd.seat or d["selection"]["chosen"]:
        raise refuse("not_the_winner", "the winner may make the loser choose first, before anyone chose (AD-PREP-08)")


def apply_loser_first(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    duel(state)["selection"]["loser_first"] = True
    return [public("selection.loser_first", "AD-PREP-08")]


def validate_choose(view: TableState, cmd: Command, ctx: Ctx) -> None:
    d = duel(view)
    sel = d["selection"]
    if cmd.seat in sel["chosen"]:
        raise refuse("already_chosen", "your selection is made (AD-PREP-08)")
    if sel["loser_first"] and cmd.seat == d["gambling"]["winner"] and d["gambling"]["loser"] not in sel["chosen"]:
        raise refuse("loser_first", "the loser chooses first (AD-PREP-08)")
    allowed = ctx.pack.allowed([b["group"] for b in d["bans"]])
    for item in cmd.payload["items"]:
        if item not in allowed:
            raise refuse("item_not_allowed", f"{item} is not in a group left after the bans (AD-PREP-07)", "items")


def apply_choose(state: TableState, cmd: Command, roller: Roller, ctx: Ctx) -> list[Event]:
    d, seat = duel(state), cmd.seat
    items = list(cmd.payload["items"])
    weight = sum(ctx.pack.items[i].weight for i in items)
    limit = ctx.settings.load_per_strength * sheet(state, seat)["attributes"]["strength"]
    private(state, seat)["loadout"] = items
    d["selection"]["chosen"].append(seat)
    events = [r.secret(state, "loadout.chosen", seat, "AD-PREP-08", items=items, weight=weight,
                       overweight=weight > limit, limit=limit)]
    events.append(public("selection.made", "AD-PREP-08", seat=seat))
    winner = d["gambling"]["winner"]
    if d["selection"]["loser_first"] and seat != winner:
        private(state, winner)["seen_loadout"] = items
        events.append(r.secret(state, "loadout.shown", winner, "AD-PREP-08", seat=seat, items=items))
    if len(d["selection"]["chosen"]) == 2:
        for s in state.data["fighters"]:
            state.data["public"][s]["loadout"] = list(private(state, s)["loadout"])
        events.append(public("loadouts.shown", "AD-PREP-08",
                             loadouts={s: state.data["public"][s]["loadout"] for s in state.data["fighters"]}))
    return events

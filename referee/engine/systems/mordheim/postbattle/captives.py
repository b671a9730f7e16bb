"""Captured Heroes (MH-INJ-H-19/20): who holds them and what the captor may do with them."""

from __future__ import annotations

from referee.engine.systems.mordheim.decisions import (
    CAPTOR,
    Answer,
    Context,
    DecisionRequest,
    Handled,
    Option,
    chosen_effects,
)
from referee.engine.systems.mordheim.decisions import single as decision
from referee.engine.systems.mordheim.dice import roll_quantity
from referee.engine.systems.mordheim.effects import (
    AddGold,
    AddRecruit,
    AddXp,
    Effect,
    ReleaseCaptive,
    RemoveWarrior,
)
from referee.engine.systems.mordheim.state import WarbandSnapshot
from referee.engine.systems.mordheim.tables.book import MordheimTables


def captive_fate_request(
    *,
    warbands: tuple[WarbandSnapshot, ...],
    tables: MordheimTables,
    owner: str,
    hero: str,
    captor: str,
    id: str,
) -> DecisionRequest:
    """MH-INJ-H-20: the captor's options, limited by his warband."""
    captor_wb = next(wb for wb in warbands if wb.id == captor)
    options: list[Option] = []
    for opt in tables.capture_options:
        if opt.restricted_to is not None and opt.restricted_to.lower() != captor_wb.faction:
            continue  # CAP_UNDEAD_ZOMBIE needs an Undead captor, CAP_POSSESSED_SACRIFICE a Possessed one
        taken = RemoveWarrior(hero, opt.id.lower(), "captor", captor, "MH-INJ-H-20")
        if opt.id == "CAP_RANSOM":
            options.append(Option(opt.id, "ransom", (ReleaseCaptive(hero, "ransom", "MH-INJ-H-20"),)))
        elif opt.id == "CAP_EXCHANGE":
            owner_wb = next(wb for wb in warbands if wb.id == owner)
            held = [w for w in captor_wb.warriors if w.flags.captive_of == owner_wb.id]
            for w in held:
                swap = (
                    ReleaseCaptive(hero, "exchange", "MH-INJ-H-20"),
                    ReleaseCaptive(w.id, "exchange", "MH-INJ-H-20"),
                )
                options.append(Option(f"{opt.id}:{w.id}", f"exchange for {w.id}", swap))
        elif opt.id == "CAP_SOLD_SLAVERS":
            options.append(Option(opt.id, "sell to slavers (D6x5 gc)", ()))
        elif opt.id == "CAP_UNDEAD_ZOMBIE":
            options.append(
                Option(
                    opt.id, "kill and raise a Zombie", (taken, AddRecruit(captor, "zombie", 1, "MH-INJ-H-20"))
                )
            )
        elif opt.id == "CAP_POSSESSED_SACRIFICE":
            leader = captor_wb.leader
            extra: tuple[Effect, ...] = (
                () if leader is None else (AddXp(leader.id, opt.captor_leader_xp, opt.id, "MH-INJ-H-20"),)
            )
            options.append(Option(opt.id, "sacrifice", (taken, *extra)))
    return decision(
        id=id,
        kind="captive_fate",
        warband=captor,
        warrior=hero,
        rule="MH-INJ-H-20",
        options=options,
        chooser=CAPTOR,
        context={"owner": owner, "captor": captor},
    )


def resolve_captor(request: DecisionRequest, answer: Answer, ctx: Context) -> Handled:
    captor = answer["choice"][0]
    c = request.context
    effects = chosen_effects(request, answer)
    fate = captive_fate_request(
        warbands=ctx.warbands,
        tables=ctx.tables,
        owner=str(c["warband"]),
        hero=str(c["hero"]),
        captor=captor,
        id=f"{request.id}/fate",
    )
    return effects, [fate]


def resolve_fate(request: DecisionRequest, answer: Answer, ctx: Context) -> Handled:
    if answer["choice"][0] != "CAP_SOLD_SLAVERS":
        return chosen_effects(request, answer), []
    captor, hero = str(request.context["captor"]), str(request.warrior)
    gold = roll_quantity(ctx.roller, "D6x5", rule="MH-INJ-H-20", label=f"{hero} sold to slavers")
    return [
        AddGold(captor, gold, "CAP_SOLD_SLAVERS", "MH-INJ-H-20"),
        RemoveWarrior(hero, "sold_to_slavers", "captor", captor, "MH-INJ-H-20"),
    ], []

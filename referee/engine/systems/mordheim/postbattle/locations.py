"""Special exploration locations (MH-INC-07/08): what each one gives.

Table-driven locations (sub-rolls, item lists, plain gold) read the JSON; the
rest (a Hero to choose, a Leadership test, a warband-dependent result) are
written out below, each under its location id. Gold goes to the treasury,
items to the stash, shards to the warband's wyrdstone (MH-INC-07).
"""

from __future__ import annotations

from collections.abc import Callable

from referee.engine.rolls import Roller
from referee.engine.systems.mordheim.decisions import (
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
    AddItem,
    AddRecruit,
    AddShards,
    AddXp,
    Effect,
    GainSkill,
    GainSkillList,
    MaxChange,
    MissGames,
    Note,
    RemoveWarrior,
    SetWarbandFlag,
)
from referee.engine.systems.mordheim.postbattle.wyrdstone import sale_after
from referee.engine.systems.mordheim.rewards import reward_effects, rolled_items
from referee.engine.systems.mordheim.state import (
    POSSESSED,
    SISTERS,
    SKAVEN,
    UNDEAD,
    WITCH_HUNTERS,
    MordheimSettings,
    WarbandSnapshot,
    find_warrior,
)
from referee.engine.systems.mordheim.tables.book import MordheimTables
from referee.engine.systems.mordheim.tables.types import Location

RULE = "MH-INC-08"
HOLY = (SISTERS, WITCH_HUNTERS)
Resolved = tuple[list[Effect], list[DecisionRequest], bool]


def leadership_test(warband: WarbandSnapshot, roller: Roller, *, label: str) -> bool:
    """2D6 against the leader's Ld; no leader, no pass."""
    leader = warband.leader
    total = roller.roll("2D6", rule=RULE, label=label).total
    return leader is not None and total <= leader.profile["Ld"]


def _heroes(warband: WarbandSnapshot) -> list[str]:
    return [w.id for w in warband.warriors if w.is_hero and not w.hired_sword and w.flags.captive_of is None]


def resolve_location(
    *,
    location: Location,
    warband: WarbandSnapshot,
    tables: MordheimTables,
    settings: MordheimSettings,
    roller: Roller,
    prefix: str,
) -> Resolved:
    """Effects of the location found, decisions it opens, and whether exploration is over."""
    wb, src = warband.id, location.id
    special = _SPECIAL.get(src)
    if special is not None:
        return special(location, warband, roller, prefix)
    effects: list[Effect] = [Note(wb, "location", src, RULE)]
    if location.sub_table is not None:
        face = roller.roll("D6", rule=RULE, label=f"{src}").total
        entry = location.sub_table.lookup(face)
        effects += reward_effects(location.sub_rewards[entry.id], wb, roller, source=src)
    if location.items:
        effects += rolled_items(location.items, wb, roller, source=src, rule=RULE)
    gold = location.summary.get("gold")
    if isinstance(gold, str) and location.sub_table is None:
        effects.append(AddGold(wb, roll_quantity(roller, gold, rule=RULE, label=src), src, RULE))
    return effects, [], True


def _ask(
    prefix: str,
    kind: str,
    wb: WarbandSnapshot,
    options: list[Option],
    *,
    context: dict[str, str] | None = None,
    pick: int = 1,
    distinct: bool = True,
) -> DecisionRequest:
    return decision(
        id=f"{prefix}:{kind}",
        kind=kind,
        warband=wb.id,
        warrior=None,
        rule=RULE,
        options=options,
        context=context,
        pick=pick,
        distinct=distinct,
    )


def _gold(wb: WarbandSnapshot, expr: str, roller: Roller, src: str) -> AddGold:
    return AddGold(wb.id, roll_quantity(roller, expr, rule=RULE, label=src), src, RULE)


def _well(loc: Location, wb: WarbandSnapshot, roller: Roller, prefix: str) -> Resolved:
    heroes = _heroes(wb)
    if not heroes:
        return [Note(wb.id, "location", "EXP_WELL: no Hero to send", RULE)], [], True
    d = _ask(
        prefix, "well_hero", wb, [Option(h, h) for h in heroes], context={"warband": wb.id, "prefix": prefix}
    )
    return [Note(wb.id, "location", loc.id, RULE)], [d], False


def _shop(loc: Location, wb: WarbandSnapshot, roller: Roller, prefix: str) -> Resolved:
    face = roller.roll("D6", rule=RULE, label=loc.id).total
    out: list[Effect] = [AddGold(wb.id, face, loc.id, RULE)]
    if face == 1:
        out.append(AddItem(wb.id, "lucky_charm", 1, "Lucky Charm", 0, None, RULE))
    return out, [], True


def _straggler(loc: Location, wb: WarbandSnapshot, roller: Roller, prefix: str) -> Resolved:
    leader = wb.leader
    if wb.faction == SKAVEN:
        return [_gold(wb, "2D6", roller, loc.id)], [], True
    if wb.faction == POSSESSED:
        return ([AddXp(leader.id, 1, loc.id, RULE)] if leader else []), [], True
    if wb.faction == UNDEAD:
        return [AddRecruit(wb.id, "zombie", 1, RULE)], [], True
    return [SetWarbandFlag(wb.id, "straggler_extra_die", True, RULE)], [], True


def _tavern(loc: Location, wb: WarbandSnapshot, roller: Roller, prefix: str) -> Resolved:
    passed = wb.faction in (UNDEAD, *HOLY) or leadership_test(wb, roller, label=f"{loc.id}: leader Ld")
    return [_gold(wb, "4D6" if passed else "D6", roller, loc.id)], [], True


def _share_xp(loc: Location, wb: WarbandSnapshot, roller: Roller, prefix: str, expr: str) -> Resolved:
    """D3/D6 XP split among the Heroes as the player likes: one pick per point."""
    points = roll_quantity(roller, expr, rule=RULE, label=f"{loc.id}: XP")
    heroes = _heroes(wb)
    if not heroes:
        return [Note(wb.id, "location", f"{loc.id}: no Hero to gain XP", RULE)], [], True
    options = [Option(h, h, (AddXp(h, 1, loc.id, RULE),)) for h in heroes]
    return [], [_ask(prefix, "share_xp", wb, options, pick=points, distinct=False)], True


def _prisoners(loc: Location, wb: WarbandSnapshot, roller: Roller, prefix: str) -> Resolved:
    if wb.faction == POSSESSED:
        return _share_xp(loc, wb, roller, prefix, "D3")
    if wb.faction == UNDEAD:
        return (
            [AddRecruit(wb.id, "zombie", roll_quantity(roller, "D3", rule=RULE, label=loc.id), RULE)],
            [],
            True,
        )
    if wb.faction == SKAVEN:
        return [_gold(wb, "3D6", roller, loc.id)], [], True
    return [_gold(wb, "2D6", roller, loc.id), AddRecruit(wb.id, "human_henchman", 1, RULE)], [], True


def _flag(flag: str) -> Callable[[Location, WarbandSnapshot, Roller, str], Resolved]:
    def fn(loc: Location, wb: WarbandSnapshot, roller: Roller, prefix: str) -> Resolved:
        if flag == "catacomb_entrance" and wb.catacomb_entrance:
            return [Note(wb.id, "location", "Entrance to the Catacombs does not stack", RULE)], [], True
        return [SetWarbandFlag(wb.id, flag, True, RULE)], [], True

    return fn


def _shrine(loc: Location, wb: WarbandSnapshot, roller: Roller, prefix: str) -> Resolved:
    out: list[Effect] = [_gold(wb, "3D6", roller, loc.id)]
    if wb.faction in HOLY:
        out.append(SetWarbandFlag(wb.id, "bless_one_weapon", True, RULE))
    return out, [], True


def _graveyard(loc: Location, wb: WarbandSnapshot, roller: Roller, prefix: str) -> Resolved:
    if wb.faction in HOLY:
        return _share_xp(loc, wb, roller, prefix, "D6")
    flag = SetWarbandFlag(wb.id, "hated_by_next_sisters_or_witch_hunters", True, RULE)
    return [_gold(wb, "D6x10", roller, loc.id), flag], [], True


def _hero_choice(
    kind: str, make: Callable[[str], tuple[Effect, ...]], exclude_skill: str = ""
) -> Callable[..., Resolved]:
    def fn(loc: Location, wb: WarbandSnapshot, roller: Roller, prefix: str, gold: str = "") -> Resolved:
        out: list[Effect] = [_gold(wb, gold, roller, loc.id)] if gold else []
        heroes = [h for h in _heroes(wb) if exclude_skill not in find_warrior((wb,), h)[1].skills]
        if not heroes:
            return [*out, Note(wb.id, "location", f"{loc.id}: no Hero can gain it", RULE)], [], True
        return out, [_ask(prefix, kind, wb, [Option(h, h, make(h)) for h in heroes])], True

    return fn


_academic = _hero_choice("academic_hero", lambda h: (GainSkillList(h, "academic", RULE),))
_haggle = _hero_choice("haggle_hero", lambda h: (GainSkill(h, "haggle", RULE),), "haggle")


def _merchant(loc: Location, wb: WarbandSnapshot, roller: Roller, prefix: str) -> Resolved:
    r = roller.roll("2D6", rule=RULE, label=f"{loc.id}: 2D6x5 gc")
    if r.faces[0] == r.faces[1]:  # a double: one Hero learns Haggle instead of the gold
        return _haggle(loc, wb, roller, prefix)
    return [AddGold(wb.id, r.total * 5, loc.id, RULE)], [], True


def _shattered(loc: Location, wb: WarbandSnapshot, roller: Roller, prefix: str) -> Resolved:
    shards = roll_quantity(roller, "D3", rule=RULE, label=f"{loc.id}: shards")
    out: list[Effect] = [AddShards(wb.id, shards, loc.id, RULE)]
    if leadership_test(wb, roller, label=f"{loc.id}: leader Ld"):
        out.append(AddRecruit(wb.id, "wardog", 1, RULE))
    return out, [], True


def _pit(loc: Location, wb: WarbandSnapshot, roller: Roller, prefix: str) -> Resolved:
    options = [Option(h, f"send {h}") for h in _heroes(wb)] + [Option("none", "send nobody")]
    return [], [_ask(prefix, "the_pit", wb, options, context={"warband": wb.id, "prefix": prefix})], False


def _arena(loc: Location, wb: WarbandSnapshot, roller: Roller, prefix: str) -> Resolved:
    sell = Option("sell", "sell the manual for 100 gc", (AddGold(wb.id, 100, loc.id, RULE),))
    read = [
        Option(h, f"{h} reads it", (GainSkillList(h, "combat", RULE), MaxChange(h, "WS", 1, RULE)))
        for h in _heroes(wb)
    ]
    return [], [_ask(prefix, "fighting_arena", wb, [sell, *read])], True


_SPECIAL: dict[str, Callable[[Location, WarbandSnapshot, Roller, str], Resolved]] = {
    "EXP_WELL": _well,
    "EXP_SHOP": _shop,
    "EXP_STRAGGLER": _straggler,
    "EXP_TAVERN": _tavern,
    "EXP_PRISONERS": _prisoners,
    "EXP_RETURNING_FAVOUR": _flag("free_hired_sword_next_battle"),
    "EXP_SHRINE": _shrine,
    "EXP_GRAVEYARD": _graveyard,
    "EXP_CATACOMBS": _flag("catacombs_deployment_next_battle"),
    "EXP_ALCHEMIST": lambda loc, wb, roller, prefix: _academic(loc, wb, roller, prefix, "3D6"),
    "EXP_MERCHANT_HOUSE": _merchant,
    "EXP_SHATTERED_BUILDING": _shattered,
    "EXP_CATACOMB_ENTRANCE": _flag("catacomb_entrance"),
    "EXP_THE_PIT": _pit,
    "EXP_FIGHTING_ARENA": _arena,
}


def resolve_well(request: DecisionRequest, answer: Answer, ctx: Context) -> Handled:
    """Well: the chosen Hero rolls D6 under his Toughness for a shard, or misses the next game."""
    hero_id = answer["choice"][0]
    _, hero = find_warrior(ctx.warbands, hero_id)
    wb = str(request.context["warband"])
    face = ctx.roller.roll("D6", rule=RULE, label=f"EXP_WELL: {hero_id} T test").total
    effects: list[Effect] = (
        [AddShards(wb, 1, "EXP_WELL", RULE)]
        if face <= hero.profile["T"]
        else [MissGames(hero_id, 1, ctx.settings.missed_games_stack, RULE)]
    )
    return effects, sale_after(ctx, wb, effects, str(request.context["prefix"]))


def resolve_pit(request: DecisionRequest, answer: Answer, ctx: Context) -> Handled:
    """The Pit: a Hero sent down is lost on a 1, otherwise brings back D6+1 shards."""
    wb = str(request.context["warband"])
    pick = answer["choice"][0]
    effects: list[Effect] = []
    if pick != "none":
        face = ctx.roller.roll("D6", rule=RULE, label=f"EXP_THE_PIT: {pick}").total
        if face == 1:
            effects.append(RemoveWarrior(pick, "lost_in_the_pit", "lost", None, RULE))
        else:
            extra = ctx.roller.roll("D6", rule=RULE, label="EXP_THE_PIT: shards").total
            effects.append(AddShards(wb, extra + 1, "EXP_THE_PIT", RULE))
    return effects, sale_after(ctx, wb, effects, str(request.context["prefix"]))


def resolve_share(request: DecisionRequest, answer: Answer, ctx: Context) -> Handled:
    return chosen_effects(request, answer), []

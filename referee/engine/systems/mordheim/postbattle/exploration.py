"""Exploration (spec 10): the dice pool, the dice kept, re-rolls, shards found and multiples.

The procedure follows S1 (MH-INC-03/04): roll every die, keep at most six (the
player's choice), apply re-rolls and modifiers, then read the total for shards
and the multiples for one special location. Each player choice is a decision
whose answer continues the procedure; when it ends, the sale decision opens.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.engine.rolls import Roller
from referee.engine.systems.mordheim.battle.report import BattleResult
from referee.engine.systems.mordheim.decisions import Answer, Context, DecisionRequest, Handled, Option
from referee.engine.systems.mordheim.decisions import single as decision
from referee.engine.systems.mordheim.effects import AddShards, Effect, Note, SetWarbandFlag
from referee.engine.systems.mordheim.postbattle.locations import resolve_location
from referee.engine.systems.mordheim.postbattle.skills import wyrdstone_hunter_rerolls
from referee.engine.systems.mordheim.postbattle.wyrdstone import sale_after
from referee.engine.systems.mordheim.state import (
    MordheimSettings,
    WarbandSnapshot,
    WarriorSnapshot,
    find_warband,
)
from referee.engine.systems.mordheim.tables.book import MordheimTables
from referee.engine.systems.mordheim.tables.types import Location

NO_REROLL = "none"


@dataclass(frozen=True)
class ExplorationRecord:
    """One warband's exploration as far as it could go without a player's answer."""

    warband: str
    searchers: tuple[str, ...]
    rolled: tuple[int, ...]
    final: tuple[int, ...] = ()
    total: int = 0
    shards: int = 0
    location: str | None = None
    pending: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "warband": self.warband,
            "searchers": list(self.searchers),
            "rolled": list(self.rolled),
            "final": list(self.final),
            "total": self.total,
            "shards": self.shards,
            "location": self.location,
            "pending": self.pending,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> ExplorationRecord:
        return cls(
            str(raw["warband"]),
            tuple(raw["searchers"]),
            tuple(raw["rolled"]),
            tuple(raw["final"]),
            int(raw["total"]),
            int(raw["shards"]),
            raw["location"],
            str(raw["pending"]),
        )


def searching_heroes(
    *, battle: BattleResult, before: WarbandSnapshot, after: WarbandSnapshot, settings: MordheimSettings
) -> list[WarriorSnapshot]:
    """MH-INC-02: Heroes who came through the battle without going out of action.

    Heroes who sat the battle out add no die unless the league rules otherwise; a
    captive never does; Hired Swords are not the warband's Heroes.
    """
    out = []
    for w in after.warriors:
        if not w.is_hero or w.hired_sword or w.flags.captive_of is not None or not before.has(w.id):
            continue
        if battle.ooa_models(w.id):
            continue
        if w.id in battle.absent and not settings.exploration_absent_heroes_roll:
            continue
        out.append(w)
    return out


def shards_for_total(total: int, tables: MordheimTables) -> int:
    """MH-INC-05: shards found for the total of the kept dice (no dice: none)."""
    if total <= 0:
        return 0
    for band in tables.shard_bands:
        if total >= band.total_min and (band.total_max is None or total <= band.total_max):
            return band.shards
    return 0


def multiple_found(dice: Sequence[int], tables: MordheimTables) -> Location | None:
    """MH-INC-06: the largest set of equal faces decides; between equal sizes, the higher face."""
    counts = Counter(dice)
    best = max(((min(n, 6), face) for face, n in counts.items() if n >= 2), default=None)
    return None if best is None else tables.locations[best]


def explore(
    *,
    warband: WarbandSnapshot,
    searchers: Sequence[WarriorSnapshot],
    won: bool,
    tables: MordheimTables,
    settings: MordheimSettings,
    roller: Roller,
    prefix: str,
) -> tuple[ExplorationRecord, list[Effect], list[DecisionRequest], bool]:
    """Roll the pool (MH-INC-01/02) and go as far as the rules allow without an answer.

    Returns the record, effects, open decisions, and whether exploration is over
    (so the wyrdstone sale can open now).
    """
    keep = len(searchers) + (1 if won else 0)
    n = keep + (1 if warband.straggler_extra_die and keep else 0)
    keep = min(keep, settings.exploration_max_dice_kept)
    effects: list[Effect] = []
    if warband.straggler_extra_die and n:  # the Straggler's extra die is used up now
        effects.append(SetWarbandFlag(warband.id, "straggler_extra_die", False, "MH-INC-08"))
    names = tuple(w.id for w in searchers)
    if n == 0:
        effects.append(Note(warband.id, "exploration", "no dice: no shards", "MH-INC-05"))
        return ExplorationRecord(warband.id, names, ()), effects, [], True
    roll = roller.roll(f"{n}D6" if n > 1 else "D6", rule="MH-INC-02", label=f"{warband.id} exploration")
    faces = tuple(roll.faces)
    rec = ExplorationRecord(warband.id, names, faces)
    state = {
        "warband": warband.id,
        "dice": list(faces),
        "rerolled": [],
        "sources": _reroll_sources(warband, searchers, settings),
        "adjusts": list(warband.exploration_adjusts),
        "prefix": prefix,
    }
    if len(faces) > keep:  # MH-INC-03: the player keeps at most six, before any re-roll
        opts = [Option(str(i), f"die {i + 1}: {f}") for i, f in enumerate(faces)]
        d = decision(
            id=f"{prefix}:keep",
            kind="exploration_keep",
            warband=warband.id,
            warrior=None,
            rule="MH-INC-03",
            options=opts,
            pick=keep,
            context=state,
        )
        return _pending(rec, d), effects, [d], False
    more, decisions, finished, final = _continue(state, warband, tables, settings, roller)
    return _record(rec, final, tables, decisions), effects + more, decisions, finished


def _reroll_sources(
    warband: WarbandSnapshot, searchers: Sequence[WarriorSnapshot], settings: MordheimSettings
) -> list[str]:
    """MH-INC-04 / MH-SKL-06: one re-roll per source, in a fixed order."""
    sources = wyrdstone_hunter_rerolls(searchers, settings)
    if warband.catacomb_entrance:
        sources.append("catacomb_entrance")
    return sources + list(warband.exploration_rerolls)


def _pending(rec: ExplorationRecord, d: DecisionRequest) -> ExplorationRecord:
    return ExplorationRecord(rec.warband, rec.searchers, rec.rolled, pending=d.id)


def _record(
    rec: ExplorationRecord,
    final: tuple[int, ...] | None,
    tables: MordheimTables,
    decisions: list[DecisionRequest],
) -> ExplorationRecord:
    if final is None:
        return _pending(rec, decisions[0])
    loc = multiple_found(final, tables)
    total = sum(final)
    pending = decisions[0].id if decisions else ""
    return ExplorationRecord(
        rec.warband,
        rec.searchers,
        rec.rolled,
        final,
        total,
        shards_for_total(total, tables),
        loc.id if loc else None,
        pending,
    )


def _continue(
    state: dict[str, Any],
    warband: WarbandSnapshot,
    tables: MordheimTables,
    settings: MordheimSettings,
    roller: Roller,
) -> tuple[list[Effect], list[DecisionRequest], bool, tuple[int, ...] | None]:
    """Offer the next re-roll or modifier, or evaluate the final dice."""
    dice: list[int] = state["dice"]
    rerolled: list[int] = state["rerolled"]
    prefix = state["prefix"]
    step = len(rerolled) + len(state.get("used", []))
    if state["sources"]:
        source = state["sources"][0]
        opts = [Option(str(i), f"re-roll die {i + 1} ({f})") for i, f in enumerate(dice) if i not in rerolled]
        if opts:
            d = decision(
                id=f"{prefix}:reroll{step}",
                kind="exploration_reroll",
                warband=warband.id,
                warrior=None,
                rule="MH-SKL-06" if source.startswith("wyrdstone_hunter") else "MH-INC-04",
                options=[*opts, Option(NO_REROLL, "keep the dice")],
                context=state,
            )
            return [], [d], False, None
    if state["adjusts"]:
        opts = [
            Option(f"{i}:{delta:+d}", f"die {i + 1}: {f} -> {f + delta}")
            for i, f in enumerate(dice)
            for delta in (-1, 1)
            if 1 <= f + delta <= 6
        ]
        d = decision(
            id=f"{prefix}:adjust{step}",
            kind="exploration_adjust",
            warband=warband.id,
            warrior=None,
            rule="MH-INC-04",
            options=[*opts, Option(NO_REROLL, "no change")],
            context=state,
        )
        return [], [d], False, None
    final = tuple(dice)
    effects, decisions, finished = _evaluate(final, warband, tables, settings, roller, prefix)
    return effects, decisions, finished, final


def _evaluate(
    dice: tuple[int, ...],
    warband: WarbandSnapshot,
    tables: MordheimTables,
    settings: MordheimSettings,
    roller: Roller,
    prefix: str,
) -> tuple[list[Effect], list[DecisionRequest], bool]:
    """MH-INC-05/06/07: shards for the total, then the one location the multiples give."""
    total = sum(dice)
    shards = shards_for_total(total, tables)
    effects: list[Effect] = [
        Note(warband.id, "exploration", f"dice {','.join(map(str, dice))} total {total}", "MH-INC-04")
    ]
    if shards:
        effects.append(AddShards(warband.id, shards, "exploration", "MH-INC-05"))
    loc = multiple_found(dice, tables)
    if loc is None:
        return effects, [], True
    more, decisions, finished = resolve_location(
        location=loc,
        warband=warband,
        tables=tables,
        settings=settings,
        roller=roller,
        prefix=f"{prefix}:{loc.id}",
    )
    return effects + more, decisions, finished


def _resume(request: DecisionRequest, ctx: Context, state: dict[str, Any], effects: list[Effect]) -> Handled:
    warband = find_warband(ctx.warbands, str(state["warband"]))
    more, decisions, finished, _ = _continue(state, warband, ctx.tables, ctx.settings, ctx.roller)
    effects = effects + more
    if finished:  # MH-WYR-02: exploration is over, the warband's one sale of the sequence opens
        decisions = decisions + sale_after(ctx, str(state["warband"]), effects, str(state["prefix"]))
    return effects, decisions


def resolve_keep(request: DecisionRequest, answer: Answer, ctx: Context) -> Handled:
    state = dict(request.context)
    kept = sorted(int(i) for i in answer["choice"])
    state["dice"] = [state["dice"][i] for i in kept]
    note = Note(str(state["warband"]), "exploration_kept", ",".join(map(str, state["dice"])), "MH-INC-03")
    return _resume(request, ctx, state, [note])


def resolve_reroll(request: DecisionRequest, answer: Answer, ctx: Context) -> Handled:
    """MH-SKL-06 / MH-INC-04: the second result must be kept; no die is re-rolled twice."""
    state = dict(request.context)
    source = state["sources"][0]
    state["sources"] = list(state["sources"][1:])
    state["used"] = [*state.get("used", []), source]
    effects: list[Effect] = []
    pick = answer["choice"][0]
    if pick != NO_REROLL:
        i = int(pick)
        rule = "MH-SKL-06" if source.startswith("wyrdstone_hunter") else "MH-INC-04"
        face = ctx.roller.roll(
            "D6", rule=rule, label=f"{state['warband']} re-roll die {i + 1} ({source})"
        ).total
        dice = list(state["dice"])
        effects.append(
            Note(
                str(state["warband"]), "exploration_reroll", f"{source}: die {i + 1} {dice[i]}->{face}", rule
            )
        )
        dice[i] = face
        state["dice"] = dice
        state["rerolled"] = [*state["rerolled"], i]
    return _resume(request, ctx, state, effects)


def resolve_adjust(request: DecisionRequest, answer: Answer, ctx: Context) -> Handled:
    state = dict(request.context)
    source = state["adjusts"][0]
    state["adjusts"] = list(state["adjusts"][1:])
    state["used"] = [*state.get("used", []), source]
    pick = answer["choice"][0]
    if pick != NO_REROLL:
        i, delta = pick.split(":")
        dice = list(state["dice"])
        dice[int(i)] += int(delta)
        state["dice"] = dice
    return _resume(request, ctx, state, [])

"""Serious injuries (spec section 3): Henchmen on D6, Heroes on the D66 table.

Only warriors out of action at the end of the battle roll (MH-INJ-01). Each
result becomes effects; the choices it opens (hatred target, captor, captive's
fate, pit fight outcome) become decisions, resolved by the handlers below.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.engine.rolls import Roller
from referee.engine.systems.mordheim.apply import apply_effect
from referee.engine.systems.mordheim.decisions import (
    ORGANISER,
    Answer,
    Context,
    DecisionRequest,
    Handled,
    Option,
    chosen_effects,
)
from referee.engine.systems.mordheim.decisions import single as decision
from referee.engine.systems.mordheim.dice import d66, reroll_until, roll_off, roll_quantity
from referee.engine.systems.mordheim.effects import (
    AddGold,
    AddOldBattleWound,
    AddXp,
    Effect,
    LoseEquipment,
    MissGames,
    Note,
    RemoveModels,
    RemoveWarrior,
    SetCaptive,
    SetFlag,
    StatChange,
)
from referee.engine.systems.mordheim.postbattle.captives import captive_fate_request
from referee.engine.systems.mordheim.postbattle.enmity import hatred_targets
from referee.engine.systems.mordheim.postbattle.injury_records import InjuryRecord, WarriorInjury
from referee.engine.systems.mordheim.state import (
    MordheimSettings,
    WarbandSnapshot,
    WarriorSnapshot,
    find_warrior,
)
from referee.engine.systems.mordheim.tables.book import MordheimTables
from referee.engine.tables import TableEntry

STAT_RESULTS = {
    "INJ_LEG_WOUND": "M",
    "INJ_CHEST_WOUND": "T",
    "INJ_NERVOUS_CONDITION": "I",
    "INJ_HAND_INJURY": "WS",
}
STAT_RULES = {
    "M": "MH-INJ-H-06",
    "T": "MH-INJ-H-10",
    "I": "MH-INJ-H-13",
    "WS": "MH-INJ-H-14",
    "BS": "MH-INJ-H-11",
}
FLAG_RESULTS = {
    "INJ_HARDENED": ("immune_to_fear", "MH-INJ-H-21"),
    "INJ_HORRIBLE_SCARS": ("causes_fear", "MH-INJ-H-22"),
}
MULTIPLE_REROLLS = ("INJ_DEAD", "INJ_CAPTURED", "INJ_MULTIPLE")  # MH-INJ-H-04
WARN_AT_ZERO = ("M", "T", "W", "Ld")  # MH-INJ-H-27


@dataclass
class _Acc:
    """Running state while one Hero's results are worked out."""

    warbands: tuple[WarbandSnapshot, ...]
    warband: str
    hero: str
    by: str | None
    tables: MordheimTables
    settings: MordheimSettings
    roller: Roller
    prefix: str
    effects: list[Effect] = field(default_factory=list)
    decisions: list[DecisionRequest] = field(default_factory=list)

    def emit(self, e: Effect) -> None:
        self.effects.append(e)
        self.warbands = apply_effect(self.warbands, e)

    @property
    def removed(self) -> bool:
        return not any(wb.has(self.hero) for wb in self.warbands)

    @property
    def snapshot(self) -> WarriorSnapshot:
        return find_warrior(self.warbands, self.hero)[1]

    def ask(self, **kwargs: Any) -> None:
        kwargs.setdefault("warband", self.warband)
        n = len(self.decisions)
        self.decisions.append(
            decision(id=f"{self.prefix}:{kwargs.pop('suffix')}{n}", warrior=self.hero, **kwargs)
        )

    def context(self) -> dict[str, Any]:
        return {"warband": self.warband, "hero": self.hero, "by": self.by, "prefix": self.prefix}


def roll_henchman_injuries(
    *,
    warband: WarbandSnapshot,
    group: WarriorSnapshot,
    models_ooa: int,
    roller: Roller,
    tables: MordheimTables,
) -> tuple[WarriorInjury, list[Effect]]:
    """MH-INJ-K-01..03: one D6 per model out of action; 1-2 removes it for good."""
    n = min(models_ooa, group.count)
    records, lost = [], 0
    for i in range(n):
        value = roller.roll("D6", rule="MH-INJ-K-01", label=f"{group.id} model {i + 1}").total
        entry = tables.henchman_injury.lookup(value)
        records.append(InjuryRecord(entry.id, value))
        lost += entry.id == "HINJ_REMOVED"
    effects: list[Effect] = [RemoveModels(group.id, lost, "serious_injury", "MH-INJ-K-02")] if lost else []
    return WarriorInjury(warband.id, group.id, tuple(records), lost >= group.count, lost), effects


def roll_hero_injury(
    *,
    warbands: tuple[WarbandSnapshot, ...],
    warband: WarbandSnapshot,
    hero: WarriorSnapshot,
    by: str | None,
    tables: MordheimTables,
    settings: MordheimSettings,
    roller: Roller,
    prefix: str,
) -> tuple[WarriorInjury, list[Effect], list[DecisionRequest]]:
    """MH-INJ-H-01: one D66 on the Hero table, with every sub-roll and follow-up."""
    acc = _Acc(warbands, warband.id, hero.id, by, tables, settings, roller, prefix)
    r = roller.roll("D66", rule="MH-INJ-H-01", label=hero.id)
    record = _apply(acc, tables.hero_injury.lookup(d66(r)), d66(r))
    if acc.removed and acc.decisions:  # retired later in a Multiple Injuries: earlier choices are moot
        acc.effects.append(
            Note(hero.id, "decisions_dropped", ",".join(d.kind for d in acc.decisions), "MH-INJ-H-05")
        )
        acc.decisions.clear()
    pending = tuple(d.id for d in acc.decisions)
    return WarriorInjury(warband.id, hero.id, (record,), acc.removed, 0, pending), acc.effects, acc.decisions


def _stat_loss(acc: _Acc, stat: str) -> None:
    current = acc.snapshot.profile[stat]
    if current <= 0:
        acc.emit(Note(acc.hero, "stat_at_zero", f"{stat} is already 0", "MH-INJ-H-27"))
        return
    acc.emit(StatChange(acc.hero, stat, -1, STAT_RULES[stat]))
    if current - 1 == 0 and stat in WARN_AT_ZERO:
        acc.emit(Note(acc.hero, "stat_reached_zero", stat, "MH-INJ-H-27"))


def _sub(acc: _Acc, result: str, rule: str) -> TableEntry:
    value = acc.roller.roll("D6", rule=rule, label=f"{acc.hero} {result}").total
    return acc.tables.injury_sub[result].lookup(value)


def _multiple(acc: _Acc, value: int) -> InjuryRecord:
    """MH-INJ-H-03..05: D6 further results, Dead/Captured/Multiple re-rolled, each applied in full."""
    n = acc.roller.roll("D6", rule="MH-INJ-H-03", label=f"{acc.hero} multiple injuries").total
    nested = []
    for i in range(n):
        if acc.removed:
            break

        def ok(r: Any) -> bool:
            return acc.tables.hero_injury.lookup(d66(r)).id not in MULTIPLE_REROLLS

        r, _ = reroll_until(
            acc.roller,
            "D66",
            ok,
            rule="MH-INJ-H-04",
            guard=acc.settings.reroll_guard,
            label=f"{acc.hero} multiple injuries {i + 1}/{n}",
        )
        nested.append(_apply(acc, acc.tables.hero_injury.lookup(d66(r)), d66(r)))
    return InjuryRecord("INJ_MULTIPLE", value, str(n), tuple(nested))


def _apply(acc: _Acc, entry: TableEntry, value: int) -> InjuryRecord:
    rid, hero = entry.id, acc.hero
    if rid == "INJ_DEAD":
        acc.emit(RemoveWarrior(hero, "dead", "lost", None, "MH-INJ-H-02"))
    elif rid == "INJ_MULTIPLE":
        return _multiple(acc, value)
    elif rid in STAT_RESULTS:
        _stat_loss(acc, STAT_RESULTS[rid])
    elif rid == "INJ_ARM_WOUND":
        sub = _sub(acc, rid, "MH-INJ-H-07")
        if sub.id == "ARM_SEVERE_AMPUTATED":
            acc.emit(SetFlag(hero, "arm_restriction", acc.settings.arm_wound_restriction, "MH-INJ-H-07"))
        else:
            acc.emit(MissGames(hero, 1, acc.settings.missed_games_stack, "MH-INJ-H-28"))
        return InjuryRecord(rid, value, sub.id)
    elif rid == "INJ_MADNESS":
        sub = _sub(acc, rid, "MH-INJ-H-08")
        acc.emit(SetFlag(hero, "stupidity" if sub.id == "MAD_STUPIDITY" else "frenzy", True, "MH-INJ-H-08"))
        return InjuryRecord(rid, value, sub.id)
    elif rid == "INJ_SMASHED_LEG":
        sub = _sub(acc, rid, "MH-INJ-H-09")
        if sub.id == "LEG_NO_RUN":
            acc.emit(SetFlag(hero, "cannot_run", True, "MH-INJ-H-09"))
        else:
            acc.emit(MissGames(hero, 1, acc.settings.missed_games_stack, "MH-INJ-H-28"))
        return InjuryRecord(rid, value, sub.id)
    elif rid == "INJ_BLINDED_ONE_EYE":
        return InjuryRecord(rid, value, _blinded(acc))
    elif rid == "INJ_OLD_BATTLE_WOUND":
        acc.emit(AddOldBattleWound(hero, "MH-INJ-H-12"))
    elif rid == "INJ_DEEP_WOUND":
        games = roll_quantity(acc.roller, "D3", rule="MH-INJ-H-15", label=f"{hero} deep wound")
        acc.emit(MissGames(hero, games, acc.settings.missed_games_stack, "MH-INJ-H-15"))
        return InjuryRecord(rid, value, str(games))
    elif rid == "INJ_ROBBED":
        acc.emit(LoseEquipment(hero, "all", "MH-INJ-H-16"))
    elif rid == "INJ_BITTER_ENMITY":
        return InjuryRecord(rid, value, _enmity(acc))
    elif rid == "INJ_CAPTURED":
        _captured(acc)
    elif rid in FLAG_RESULTS:
        flag, rule = FLAG_RESULTS[rid]
        acc.emit(SetFlag(hero, flag, True, rule))
    elif rid == "INJ_SOLD_TO_PITS":
        return InjuryRecord(rid, value, _pits(acc))
    elif rid == "INJ_SURVIVES_ODDS":
        acc.emit(AddXp(hero, 1, "INJ_SURVIVES_ODDS", "MH-INJ-H-26"))
    # INJ_FULL_RECOVERY (MH-INJ-H-17): no effect.
    return InjuryRecord(rid, value)


def _blinded(acc: _Acc) -> str:
    """MH-INJ-H-11: BS -1 and a random eye; losing the remaining eye retires the Hero."""
    before = acc.snapshot.flags.blinded_eye
    if before is not None and acc.settings.second_blinding_retires:
        acc.emit(RemoveWarrior(acc.hero, "retired", acc.settings.retired_hero_equipment, None, "MH-INJ-H-11"))
        return "retired"
    face = acc.roller.roll("D6", rule="MH-INJ-H-11", label=f"{acc.hero} which eye").total
    eye = "left" if face <= 3 else "right"
    if before is not None and eye != before:
        acc.emit(RemoveWarrior(acc.hero, "retired", acc.settings.retired_hero_equipment, None, "MH-INJ-H-11"))
        return "retired"
    if before is None:
        acc.emit(SetFlag(acc.hero, "blinded_eye", eye, "MH-INJ-H-11"))
    _stat_loss(acc, "BS")
    return eye


def _opponents(acc: _Acc) -> list[WarbandSnapshot]:
    return [wb for wb in acc.warbands if wb.id != acc.warband]


def _enmity(acc: _Acc) -> str:
    """MH-INJ-H-18: D6 for the target; an unknown target becomes the player's choice."""
    value = acc.roller.roll("D6", rule="MH-INJ-H-18", label=f"{acc.hero} bitter enmity").total
    kind = acc.tables.bitter_enmity.lookup(value).id
    known, candidates = hatred_targets(acc.hero, kind, acc.by, acc.warband, acc.warbands)
    if known is not None:
        acc.emit(known)
    elif candidates:
        options = [Option(v, v, (e,)) for v, e in candidates]
        acc.ask(
            suffix="hatred",
            kind="hatred_target",
            rule="MH-INJ-H-18",
            options=options,
            context={"result": kind},
        )
    else:
        acc.emit(Note(acc.hero, "hatred_target_unknown", kind, "MH-INJ-H-18"))
    return kind


def _captured(acc: _Acc) -> None:
    """MH-INJ-H-19: captive of the opposing warband; in a multiplayer game the organiser names it."""
    opponents = _opponents(acc)
    if len(opponents) == 1:
        captor = opponents[0].id
        acc.emit(SetCaptive(acc.hero, captor, "MH-INJ-H-19"))
        n = len(acc.decisions)
        acc.decisions.append(
            captive_fate_request(
                warbands=acc.warbands,
                tables=acc.tables,
                owner=acc.warband,
                hero=acc.hero,
                captor=captor,
                id=f"{acc.prefix}:fate{n}",
            )
        )
        return
    options = [Option(wb.id, wb.id, (SetCaptive(acc.hero, wb.id, "MH-INJ-H-19"),)) for wb in opponents]
    acc.ask(
        suffix="captor",
        kind="captor",
        rule="MH-INJ-H-19",
        options=options,
        chooser=ORGANISER,
        context=acc.context(),
    )


def _pits(acc: _Acc) -> str:
    """MH-INJ-H-23: roll-off for the charge; the organiser records the fight's outcome."""
    off = roll_off(
        acc.roller,
        ("hero", "pit_fighter"),
        rule="MH-INJ-H-23",
        guard=acc.settings.reroll_guard,
        label=f"{acc.hero} pit fight charge",
    )
    won = (
        AddGold(acc.warband, acc.tables.pits_win_gold, "pit_fight", "MH-INJ-H-25"),
        AddXp(acc.hero, acc.tables.pits_win_xp, "pit_fight_won", "MH-INJ-H-25"),
    )
    acc.ask(
        suffix="pit",
        kind="pit_fight",
        rule="MH-INJ-H-23",
        chooser=ORGANISER,
        options=[Option("won", "won", won), Option("lost", "lost", ())],
        context={**acc.context(), "charges": off.winner},
    )
    return f"charge:{off.winner}"


def resolve_pit(request: DecisionRequest, answer: Answer, ctx: Context) -> Handled:
    """MH-INJ-H-24/25: a loser rolls D66 limited to 11-35 and comes back without arms and armour."""
    if answer["choice"][0] == "won":
        return chosen_effects(request, answer), []
    c = request.context
    acc = _Acc(
        ctx.warbands,
        str(c["warband"]),
        str(c["hero"]),
        c.get("by"),
        ctx.tables,
        ctx.settings,
        ctx.roller,
        f"{request.id}/lost",
    )
    allowed = ctx.tables.pits_lose_values
    r, _ = reroll_until(
        ctx.roller,
        "D66",
        lambda x: d66(x) in allowed,
        rule="MH-INJ-H-24",
        guard=ctx.settings.reroll_guard,
        label=f"{acc.hero} lost the pit fight",
    )
    record = _apply(acc, ctx.tables.hero_injury.lookup(d66(r)), d66(r))
    if not acc.removed:
        which = "weapons_and_armour" if ctx.settings.pit_loser_keeps_other_equipment else "all"
        acc.emit(LoseEquipment(acc.hero, which, "MH-INJ-H-24"))
    acc.effects.insert(0, Note(acc.hero, "pit_fight_lost", record.result, "MH-INJ-H-24"))
    return acc.effects, acc.decisions

"""The whole post-battle sequence, in the spec's order (MH-INJ-03).

1. serious injuries, 2. experience (scenario awards, underdog bonus), 3. advance
rolls for every threshold crossed, 4. scenario rewards (wyrdstone, the chest),
5. exploration, 6. selling wyrdstone (one batch, the player's choice), 7. income.

``run_post_battle`` rolls everything it can straight away and returns effects
plus the decisions still open; the same roller faces always give the same
outcome, so a stored outcome can be checked by replaying its rolls.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.engine.rolls import Roll, Roller, roll_from_dict, roll_to_dict
from referee.engine.systems.mordheim.apply import apply_effect
from referee.engine.systems.mordheim.battle.report import BattleResult, validate_battle
from referee.engine.systems.mordheim.battle.scenarios import RewardRecord, scenario_rewards
from referee.engine.systems.mordheim.decisions import DecisionRequest
from referee.engine.systems.mordheim.effects import (
    AddGold,
    AddShards,
    AddXp,
    Effect,
    effects_from_list,
    effects_to_list,
)
from referee.engine.systems.mordheim.postbattle.advances import AdvanceRecord, AdvanceSession
from referee.engine.systems.mordheim.postbattle.experience import XpRecord, battle_experience
from referee.engine.systems.mordheim.postbattle.exploration import (
    ExplorationRecord,
    explore,
    searching_heroes,
)
from referee.engine.systems.mordheim.postbattle.injuries import roll_henchman_injuries, roll_hero_injury
from referee.engine.systems.mordheim.postbattle.injury_records import WarriorInjury
from referee.engine.systems.mordheim.postbattle.wyrdstone import sale_request
from referee.engine.systems.mordheim.state import MordheimSettings, WarbandSnapshot, find_warband
from referee.engine.systems.mordheim.tables.book import MordheimTables


@dataclass(frozen=True)
class IncomeRecord:
    """MH-INC-07 / MH-WYR-02: what a warband gained in this sequence, and its sale decision."""

    warband: str
    gold: int
    shards_found: int
    shards_held: int
    sale: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "warband": self.warband,
            "gold": self.gold,
            "shards_found": self.shards_found,
            "shards_held": self.shards_held,
            "sale": self.sale,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> IncomeRecord:
        return cls(
            str(raw["warband"]),
            int(raw["gold"]),
            int(raw["shards_found"]),
            int(raw["shards_held"]),
            raw["sale"],
        )


@dataclass(frozen=True)
class PostBattleOutcome:
    """Everything the sequence produced. ``effects`` apply now; ``decisions`` wait for answers."""

    battle: BattleResult
    injuries: tuple[WarriorInjury, ...]
    experience: tuple[XpRecord, ...]
    advances: tuple[AdvanceRecord, ...]
    rewards: tuple[RewardRecord, ...]
    exploration: tuple[ExplorationRecord, ...]
    income: tuple[IncomeRecord, ...]
    effects: tuple[Effect, ...]
    decisions: tuple[DecisionRequest, ...]
    rolls: tuple[Roll, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {
            "battle": self.battle.to_dict(),
            "injuries": [r.to_dict() for r in self.injuries],
            "experience": [r.to_dict() for r in self.experience],
            "advances": [r.to_dict() for r in self.advances],
            "rewards": [r.to_dict() for r in self.rewards],
            "exploration": [r.to_dict() for r in self.exploration],
            "income": [r.to_dict() for r in self.income],
            "effects": effects_to_list(self.effects),
            "decisions": [d.to_dict() for d in self.decisions],
            "rolls": [roll_to_dict(r) for r in self.rolls],
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> PostBattleOutcome:
        return cls(
            battle=BattleResult.from_dict(raw["battle"]),
            injuries=tuple(WarriorInjury.from_dict(r) for r in raw["injuries"]),
            experience=tuple(XpRecord.from_dict(r) for r in raw["experience"]),
            advances=tuple(AdvanceRecord.from_dict(r) for r in raw["advances"]),
            rewards=tuple(RewardRecord.from_dict(r) for r in raw["rewards"]),
            exploration=tuple(ExplorationRecord.from_dict(r) for r in raw["exploration"]),
            income=tuple(IncomeRecord.from_dict(r) for r in raw["income"]),
            effects=effects_from_list(raw["effects"]),
            decisions=tuple(DecisionRequest.from_dict(d) for d in raw["decisions"]),
            rolls=tuple(roll_from_dict(r) for r in raw["rolls"]),
        )


class _Run:
    """The running view of the warbands while the sequence works through its steps."""

    def __init__(self, warbands: tuple[WarbandSnapshot, ...]) -> None:
        self.warbands = warbands
        self.effects: list[Effect] = []
        self.decisions: list[DecisionRequest] = []

    def emit(self, effects: list[Effect] | list[AddXp]) -> None:
        for e in effects:
            self.effects.append(e)
            self.warbands = apply_effect(self.warbands, e)


def run_post_battle(
    *,
    battle: BattleResult,
    warbands: tuple[WarbandSnapshot, ...],
    tables: MordheimTables,
    settings: MordheimSettings,
    roller: Roller,
    prefix: str = "pb",
) -> PostBattleOutcome:
    """Run the post-battle sequence for every warband in the battle.

    ``warbands`` are snapshots as the warbands fought (ratings at the start of the
    battle). ``prefix`` makes decision ids unique across battles.
    """
    validate_battle(battle, warbands, tables)
    start = len(roller.made)
    run = _Run(warbands)

    # 1. Injuries (MH-INJ-01..03): only warriors out of action at the end.
    injuries: list[WarriorInjury] = []
    for wb in warbands:
        for w in wb.warriors:
            n = battle.ooa_models(w.id)
            if not n:
                continue
            if w.is_hero:
                inj, effects, decisions = roll_hero_injury(
                    warbands=run.warbands,
                    warband=wb,
                    hero=w,
                    by=battle.taken_out_by(w.id),
                    tables=tables,
                    settings=settings,
                    roller=roller,
                    prefix=f"{prefix}:inj:{w.id}",
                )
                run.decisions.extend(decisions)
            else:
                inj, effects = roll_henchman_injuries(
                    warband=wb, group=w, models_ooa=n, roller=roller, tables=tables
                )
            injuries.append(inj)
            run.emit(effects)

    # 2. Experience: AddXp from injuries (Survives Against the Odds) counts towards thresholds too.
    injury_xp = [e for e in run.effects if isinstance(e, AddXp)]
    xp_effects, xp_records = battle_experience(
        battle=battle, before=warbands, after=run.warbands, tables=tables, settings=settings, earlier=injury_xp
    )
    run.emit(xp_effects)

    # 3. Advances (MH-XP-05/06): one roll per threshold crossed since the sequence began.
    session = AdvanceSession(run.warbands, tables, settings, roller, f"{prefix}:adv")
    advances: list[AdvanceRecord] = []
    for wb in warbands:
        for w in wb.warriors:
            if any(x.has(w.id) for x in session.warbands):
                now = session.warrior(w.id)[1].xp
                if now > w.xp:
                    session.advance(w.id, w.xp, now)
    run.emit(session.effects)
    run.decisions.extend(session.decisions)
    advances.extend(session.records)

    # 4. Scenario rewards (section 9): wyrdstone awards and the chest.
    reward_effects, rewards = scenario_rewards(
        battle=battle,
        warbands=warbands,
        tables=tables,
        settings=settings,
        roller=roller,
        remaining=frozenset(wb.id for wb in run.warbands),
    )
    run.emit(reward_effects)

    # 5. Exploration (MH-INC-01..08), 6. one sale per warband (MH-WYR-02), 7. income.
    explorations: list[ExplorationRecord] = []
    income: list[IncomeRecord] = []
    for wb in warbands:
        if not any(x.id == wb.id for x in run.warbands):
            continue
        current = find_warband(run.warbands, wb.id)
        heroes = searching_heroes(battle=battle, before=wb, after=current, settings=settings)
        rec, effects, decisions, finished = explore(
            warband=current,
            searchers=heroes,
            won=battle.winner == wb.id,
            tables=tables,
            settings=settings,
            roller=roller,
            prefix=f"{prefix}:exp:{wb.id}",
        )
        explorations.append(rec)
        run.emit(effects)
        run.decisions.extend(decisions)
        xp_now = [e for e in effects if isinstance(e, AddXp)]
        if xp_now:  # a location's XP (Straggler, Prisoners) may reach a threshold too
            more = AdvanceSession(run.warbands, tables, settings, roller, f"{prefix}:exp-adv:{wb.id}")
            for e in xp_now:
                if any(x.has(e.warrior) for x in more.warbands):
                    now = more.warrior(e.warrior)[1].xp
                    more.advance(e.warrior, now - e.amount, now)
            run.emit(more.effects)
            run.decisions.extend(more.decisions)
            advances.extend(more.records)  # advances from exploration XP are recorded too
        sale = None
        if finished:
            req = sale_request(
                warband=find_warband(run.warbands, wb.id),
                tables=tables,
                settings=settings,
                id=f"{prefix}:sale:{wb.id}",
            )
            if req is not None:
                run.decisions.append(req)
                sale = req.id
        income.append(_income(run, wb.id, sale))
    return PostBattleOutcome(
        battle=battle,
        injuries=tuple(injuries),
        experience=tuple(xp_records),
        advances=tuple(advances),
        rewards=tuple(rewards),
        exploration=tuple(explorations),
        income=tuple(income),
        effects=tuple(run.effects),
        decisions=tuple(run.decisions),
        rolls=tuple(roller.made[start:]),
    )


def _income(run: _Run, warband: str, sale: str | None) -> IncomeRecord:
    gold = sum(e.amount for e in run.effects if isinstance(e, AddGold) and e.warband == warband)
    found = sum(e.amount for e in run.effects if isinstance(e, AddShards) and e.warband == warband)
    held = find_warband(run.warbands, warband).shards
    return IncomeRecord(warband, gold, found, held, sale)

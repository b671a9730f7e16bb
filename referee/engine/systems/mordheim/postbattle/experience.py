"""Experience (spec 4, 5 and 9.2): the XP each Hero and Henchman group earns from a battle.

Awards go only to warriors still on the roster after injuries (MH-XP-03); a
group shares one total (MH-XP-04). Advance rolls for the thresholds crossed are
``advances.py``'s job.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.engine.systems.mordheim.battle.report import BattleResult, occupy_winner
from referee.engine.systems.mordheim.effects import AddXp
from referee.engine.systems.mordheim.state import MordheimSettings, WarbandSnapshot, WarriorSnapshot
from referee.engine.systems.mordheim.tables.book import MordheimTables


@dataclass(frozen=True)
class XpRecord:
    """One warrior's experience from the battle: XP before, after, and each award."""

    warband: str
    warrior: str
    old_xp: int
    new_xp: int
    awards: tuple[tuple[str, int], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "warband": self.warband,
            "warrior": self.warrior,
            "old_xp": self.old_xp,
            "new_xp": self.new_xp,
            "awards": [[a, n] for a, n in self.awards],
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> XpRecord:
        return cls(
            str(raw["warband"]),
            str(raw["warrior"]),
            int(raw["old_xp"]),
            int(raw["new_xp"]),
            tuple((str(a), int(n)) for a, n in raw["awards"]),
        )


def underdog_bonus(difference: int, tables: MordheimTables) -> int:
    """MH-UND-01/02: bonus XP for a rating difference; none for equal ratings or the stronger side."""
    if difference <= 0:
        return 0
    for low, high, xp in tables.underdog:
        if difference >= low and (high is None or difference <= high):
            return xp
    return 0


def warband_rating(
    warband: WarbandSnapshot,
    tables: MordheimTables,
    settings: MordheimSettings,
    *,
    hired_sword_ratings: Mapping[str, int] | None = None,
) -> int:
    """MH-XP-08: 5 per warrior (20 for a large creature) plus XP; group XP once per model.

    Hired Swords add the rating given in their own entries (``hired_sword_ratings``).
    """
    fixed = hired_sword_ratings or {}
    total = 0
    for w in warband.warriors:
        if w.hired_sword and w.id in fixed:
            total += fixed[w.id]
            continue
        per_model = tables.rating_large if w.large else tables.rating_per_warrior
        xp = w.xp * w.count if settings.rating_henchman_xp_per_model else w.xp
        total += per_model * w.count + xp
    return total


def _survives(w: WarriorSnapshot, after: Mapping[str, WarriorSnapshot], settings: MordheimSettings) -> bool:
    """MH-XP-03: still on the roster after injuries (a group: at least one model left)."""
    now = after.get(w.id)
    if now is None:
        return False
    return now.flags.captive_of is None or settings.captive_gains_battle_xp


def battle_experience(
    *,
    battle: BattleResult,
    before: tuple[WarbandSnapshot, ...],
    after: tuple[WarbandSnapshot, ...],
    tables: MordheimTables,
    settings: MordheimSettings,
    earlier: Sequence[AddXp] = (),
) -> tuple[list[AddXp], list[XpRecord]]:
    """Every XP award of the battle, in roster order, as AddXp effects plus a record per warrior.

    ``before`` are the warbands as they fought (ratings at the start, MH-UND-03);
    ``after`` the same warbands once injuries are applied. ``earlier`` is XP the injury step already
    granted (Survives Against the Odds' +1, a won pit fight's +2): it is not granted again, but it is
    in the warrior's record, so the experience entry lists every source of the battle's XP.
    """
    scenario = tables.scenarios[battle.scenario]
    obj = battle.objectives
    after_by_id = {w.id: w for wb in after for w in wb.warriors}
    winner = (
        occupy_winner(obj.buildings_held)
        if battle.scenario == "occupy" and obj.buildings_held
        else battle.winner
    )
    warrior_band = {w.id: wb.id for wb in before for w in wb.warriors}
    effects: list[AddXp] = []
    records: list[XpRecord] = []
    for wb in before:
        strongest = max((o.rating for o in before if o.id != wb.id), default=wb.rating)
        bonus = underdog_bonus(strongest - wb.rating, tables)
        for w in wb.warriors:
            if not w.gains_xp or w.id in battle.absent or w.hired_sword:
                continue
            survived = _survives(w, after_by_id, settings)
            awards: list[tuple[str, int, str]] = []
            if survived:
                awards.append(("XP_SURVIVES", 1, "MH-SCN-XP-01"))
                if w.is_leader and winner == wb.id:
                    awards.append(("XP_WINNING_LEADER", 1, "MH-SCN-XP-02"))
                if w.is_hero:
                    kills = sum(
                        1
                        for o in battle.out_of_action
                        if o.by == w.id and warrior_band.get(o.victim) not in (None, wb.id)
                    )
                    if kills:
                        awards.append(("XP_PER_ENEMY_OOA", kills, "MH-SCN-XP-03"))
                awards.extend(_scenario_awards(w, battle, settings, scenario.award))
            if bonus and (survived or not settings.underdog_requires_survival) and w.id in after_by_id:
                awards.append(("XP_UNDERDOG", bonus, "MH-UND-01"))
            already = [(e.award, e.amount, e.rule) for e in earlier if e.warrior == w.id]
            if not awards and not already:
                continue
            effects.extend(AddXp(w.id, n, a, rule) for a, n, rule in awards)
            every = already + awards
            gained = sum(n for _, n, _ in every)
            records.append(XpRecord(wb.id, w.id, w.xp, w.xp + gained, tuple((a, n) for a, n, _ in every)))
    return effects, records


def _scenario_awards(
    w: WarriorSnapshot, battle: BattleResult, settings: MordheimSettings, award: Any
) -> list[tuple[str, int, str]]:
    """The scenario's own awards (MH-SCN3-05, MH-SCN4-03, MH-SCN5-05, MH-SCN7-06)."""
    obj = battle.objectives
    out: list[tuple[str, int, str]] = []
    counters = obj.wyrdstone_counters.get(w.id, 0)
    if award("XP_WYRDSTONE_COUNTER") and counters > 0:
        out.append(
            ("XP_WYRDSTONE_COUNTER", counters if settings.wyrdstone_hunt_xp_per_counter else 1, "MH-SCN3-05")
        )
    if award("XP_BREAKTHROUGH") and w.id in obj.broke_through:
        out.append(("XP_BREAKTHROUGH", 1, "MH-SCN4-03"))
    if award("XP_ESCAPING") and obj.first_to_escape == w.id and w.is_hero:
        out.append(("XP_ESCAPING", 1, "MH-SCN5-05"))
    chest = award("XP_FINDING_CHEST")
    if chest and obj.chest_found_by == w.id and w.is_hero:
        out.append(("XP_FINDING_CHEST", chest.value, "MH-SCN7-06"))
    return out

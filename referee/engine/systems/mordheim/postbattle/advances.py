"""Advance rolls (spec 6 and 7.1): one 2D6 per XP threshold crossed, Heroes and Henchman groups.

Characteristic results respect the racial maximum (MH-CAP-*) and a Henchman
group's +1 lifetime limit (MH-ADV-K-02). Every "roll again" is guarded: when no
result could apply, the advance is lost and recorded (MH-ADV-K-08).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from referee.engine.rolls import Roller
from referee.engine.systems.mordheim.apply import apply_effect
from referee.engine.systems.mordheim.decisions import (
    DecisionRequest,
    Option,
    Question,
)
from referee.engine.systems.mordheim.decisions import single as decision
from referee.engine.systems.mordheim.effects import (
    Effect,
    GainSkill,
    GainSpell,
    Note,
    StatChange,
)
from referee.engine.systems.mordheim.postbattle.skills import skill_choices
from referee.engine.systems.mordheim.state import (
    HERO,
    STATS,
    MordheimSettings,
    WarbandSnapshot,
    WarriorSnapshot,
    find_warrior,
)
from referee.engine.systems.mordheim.tables.book import MordheimTables

SINGLE_STAT = {"ADV_K_I": "I", "ADV_K_S": "S", "ADV_K_A": "A", "ADV_K_LD": "Ld"}
WS_BS = ("WS", "BS")


@dataclass(frozen=True)
class AdvanceRecord:
    """One advance: the 2D6 totals rolled (re-rolls included) and what came of them."""

    warrior: str
    threshold: int | None
    table: str
    rolls: tuple[int, ...]
    result: str
    stat: str = ""
    pending: str = ""
    lost: str = ""
    sub_roll: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "warrior": self.warrior,
            "threshold": self.threshold,
            "table": self.table,
            "rolls": list(self.rolls),
            "result": self.result,
            "stat": self.stat,
            "pending": self.pending,
            "lost": self.lost,
            "sub_roll": self.sub_roll,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> AdvanceRecord:
        return cls(
            str(raw["warrior"]),
            raw["threshold"],
            str(raw["table"]),
            tuple(raw["rolls"]),
            str(raw["result"]),
            str(raw["stat"]),
            str(raw["pending"]),
            str(raw["lost"]),
            raw.get("sub_roll"),
        )


def thresholds_crossed(
    kind: str, old_xp: int, new_xp: int, starting_xp: int, tables: MordheimTables
) -> tuple[tuple[int, ...], bool]:
    """MH-XP-02/05/06/07: thresholds reached this time (none at or below starting XP), and
    whether XP went past the last threshold (no advance is defined there)."""
    seq = tables.hero_thresholds if kind == HERO else tables.henchman_thresholds
    crossed = tuple(t for t in seq if old_xp < t <= new_xp and t > starting_xp)
    return crossed, new_xp > seq[-1] and new_xp > old_xp


def below_max(w: WarriorSnapshot, stat: str) -> bool:
    """MH-CAP-01: may this characteristic still go up?"""
    return w.profile[stat] < w.max_profile[stat]


def henchman_may_raise(w: WarriorSnapshot, stat: str) -> bool:
    """MH-ADV-K-02 and MH-CAP-07: +1 per characteristic over a career, and never past the maximum."""
    return stat not in w.raised and below_max(w, stat)


@dataclass
class AdvanceSession:
    """Advances for one sequence; tracks promotions still waiting for the player's answer."""

    warbands: tuple[WarbandSnapshot, ...]
    tables: MordheimTables
    settings: MordheimSettings
    roller: Roller
    prefix: str
    effects: list[Effect] = field(default_factory=list)
    decisions: list[DecisionRequest] = field(default_factory=list)
    records: list[AdvanceRecord] = field(default_factory=list)
    pending_promotions: dict[str, int] = field(default_factory=dict)

    def emit(self, e: Effect) -> None:
        self.effects.append(e)
        self.warbands = apply_effect(self.warbands, e)

    def warrior(self, warrior_id: str) -> tuple[WarbandSnapshot, WarriorSnapshot]:
        return find_warrior(self.warbands, warrior_id)

    def ask(
        self,
        warrior: WarriorSnapshot,
        warband: str,
        kind: str,
        rule: str,
        options: list[Option],
        **kwargs: Any,
    ) -> str:
        d = decision(
            id=f"{self.prefix}:{warrior.id}:{kind}{len(self.decisions)}",
            kind=kind,
            warband=warband,
            warrior=warrior.id,
            rule=rule,
            options=options,
            **kwargs,
        )
        self.decisions.append(d)
        return d.id

    def hero_slot_free(self, warband: WarbandSnapshot) -> bool:
        heroes = sum(1 for w in warband.warriors if w.is_hero and not w.hired_sword)
        pending = sum(n for g, n in self.pending_promotions.items() if warband.has(g))
        return heroes + pending < warband.hero_slots_max

    def advance(self, warrior_id: str, old_xp: int, new_xp: int) -> None:
        """MH-XP-06: one advance roll per threshold crossed, straight after the game."""
        _wb, w = self.warrior(warrior_id)
        crossed, beyond = thresholds_crossed(w.kind, old_xp, new_xp, w.starting_xp, self.tables)
        for t in crossed:
            if not any(x.has(warrior_id) for x in self.warbands):
                break
            if w.is_hero:
                self.hero_advance(warrior_id, t)
            else:
                self.henchman_advance(warrior_id, t)
        if beyond:
            self.emit(Note(warrior_id, "xp_beyond_last_threshold", str(new_xp), "MH-XP-07"))

    # Heroes -------------------------------------------------------------------------------

    def hero_advance(self, hero_id: str, threshold: int | None) -> None:
        """MH-ADV-H-01: 2D6 on the Hero table."""
        wb, hero = self.warrior(hero_id)
        total = self.roller.roll("2D6", rule="MH-ADV-H-01", label=f"{hero_id} advance").total
        entry = self.tables.hero_advance.lookup(total)
        rec = AdvanceRecord(hero_id, threshold, "hero", (total,), entry.id)
        if entry.id == "ADV_H_SKILL":
            self.records.append(self._skill(wb, hero, rec))
            return
        first, second = self.tables.hero_advance_pairs[entry.id]
        if entry.id == "ADV_H_WS_OR_BS":
            open_ = [s for s in (first, second) if below_max(hero, s)]
            if len(open_) == 2:
                opts = [Option(s, s, (StatChange(hero_id, s, 1, "MH-ADV-H-01"),)) for s in open_]
                pid = self.ask(hero, wb.id, "ws_or_bs", "MH-ADV-H-01", opts)
                self.records.append(
                    AdvanceRecord(hero_id, threshold, "hero", (total,), entry.id, pending=pid)
                )
                return
            self.records.append(self._raise(wb, hero, rec, open_[0] if open_ else None, "MH-CAP-02"))
            return
        face = self.roller.roll("D6", rule="MH-ADV-H-01", label=f"{hero_id} {first} or {second}").total
        picked, other = (first, second) if face <= 3 else (second, first)
        stat = picked if below_max(hero, picked) else other if below_max(hero, other) else None  # MH-CAP-02
        rule = "MH-ADV-H-01" if stat == picked else "MH-CAP-02"
        self.records.append(self._raise(wb, hero, replace(rec, sub_roll=face), stat, rule))

    def _raise(
        self, wb: WarbandSnapshot, hero: WarriorSnapshot, rec: AdvanceRecord, stat: str | None, rule: str
    ) -> AdvanceRecord:
        """Apply ``stat`` +1, or, when both of the pair are at maximum, ask for any other (MH-CAP-03)."""
        if stat is not None:
            self.emit(StatChange(hero.id, stat, 1, rule))
            return replace(rec, stat=stat)
        open_ = [s for s in STATS if below_max(hero, s)]
        if not open_:  # MH-CAP-05
            self.emit(Note(hero.id, "advance_lost", "every characteristic is at its maximum", "MH-CAP-05"))
            return replace(rec, lost="all_at_maximum")
        opts = [Option(s, s, (StatChange(hero.id, s, 1, "MH-CAP-03"),)) for s in open_]
        pid = self.ask(hero, wb.id, "any_stat", "MH-CAP-03", opts)
        return replace(rec, pending=pid)

    def _skill(self, wb: WarbandSnapshot, hero: WarriorSnapshot, rec: AdvanceRecord) -> AdvanceRecord:
        opts = skill_options(hero, wb, self.tables, self.settings)
        if not opts:
            self.emit(Note(hero.id, "advance_lost", "no skill left on his lists", "MH-SKL-02"))
            return replace(rec, lost="no_skill_available")
        return replace(rec, pending=self.ask(hero, wb.id, "skill", "MH-SKL-01", opts))

    # Henchmen ----------------------------------------------------------------------------

    def _eligible(self, wb: WarbandSnapshot, g: WarriorSnapshot, allow_talent: bool) -> set[str]:
        out = {rid for rid, s in SINGLE_STAT.items() if henchman_may_raise(g, s)}
        if any(henchman_may_raise(g, s) for s in WS_BS):
            out.add("ADV_K_WS_OR_BS")
        models_left = g.count - self.pending_promotions.get(g.id, 0)
        if allow_talent and models_left >= 1 and self.hero_slot_free(wb):
            out.add("ADV_K_LADS_GOT_TALENT")
        return out

    def henchman_advance(self, group_id: str, threshold: int | None, *, allow_talent: bool = True) -> None:
        """MH-ADV-K-01..08: 2D6 on the Henchman table, rolling again while the result cannot apply."""
        wb, g = self.warrior(group_id)
        eligible = self._eligible(wb, g, allow_talent)
        if not eligible:  # MH-ADV-K-08
            self.emit(Note(group_id, "advance_lost", "no result on the table can apply", "MH-ADV-K-08"))
            self.records.append(
                AdvanceRecord(group_id, threshold, "henchman", (), "LOST", lost="no_eligible_result")
            )
            return
        totals: list[int] = []
        rule = "MH-ADV-K-01" if allow_talent else "MH-ADV-K-06"
        for _ in range(self.settings.reroll_guard):
            total = self.roller.roll("2D6", rule=rule, label=f"{group_id} advance").total
            totals.append(total)
            rid = self.tables.henchman_advance.lookup(total).id
            if rid in eligible:
                break
            rule = {"ADV_K_WS_OR_BS": "MH-ADV-K-04", "ADV_K_LADS_GOT_TALENT": "MH-ADV-K-05"}.get(
                rid, "MH-ADV-K-03"
            )
            if not allow_talent and rid == "ADV_K_LADS_GOT_TALENT":
                rule = "MH-ADV-K-06"
        else:
            self.emit(Note(group_id, "advance_lost", "re-roll guard reached", "MH-ADV-K-08"))
            self.records.append(
                AdvanceRecord(group_id, threshold, "henchman", tuple(totals), "LOST", lost="reroll_guard")
            )
            return
        rec = AdvanceRecord(group_id, threshold, "henchman", tuple(totals), rid)
        if rid in SINGLE_STAT:
            self.emit(StatChange(group_id, SINGLE_STAT[rid], 1, "MH-ADV-K-01"))
            self.records.append(replace(rec, stat=SINGLE_STAT[rid]))
        elif rid == "ADV_K_WS_OR_BS":
            open_ = [s for s in WS_BS if henchman_may_raise(g, s)]
            if len(open_) == 1:  # MH-ADV-K-04: the only one left is applied
                self.emit(StatChange(group_id, open_[0], 1, "MH-ADV-K-04"))
                self.records.append(replace(rec, stat=open_[0]))
            else:
                opts = [Option(s, s, (StatChange(group_id, s, 1, "MH-ADV-K-01"),)) for s in open_]
                pid = self.ask(g, wb.id, "ws_or_bs", "MH-ADV-K-01", opts)
                self.records.append(replace(rec, pending=pid))
        else:
            self._talent(wb, g, rec)

    def _talent(self, wb: WarbandSnapshot, g: WarriorSnapshot, rec: AdvanceRecord) -> None:
        """MH-ADV-K-05/06: one model becomes a Hero (player picks two lists); the rest roll again."""
        self.pending_promotions[g.id] = self.pending_promotions.get(g.id, 0) + 1
        lists = [Option(sl, sl) for sl in wb.hero_skill_lists]
        d = decision(
            id=f"{self.prefix}:{g.id}:talent{len(self.decisions)}",
            kind="lads_got_talent",
            warband=wb.id,
            warrior=g.id,
            rule="MH-ADV-K-05",
            options=lists,
            pick=2,
        )
        if len(g.models) > 1:
            d = DecisionRequest(
                d.id,
                d.kind,
                d.warband,
                d.warrior,
                d.chooser,
                d.rule,
                (*d.questions, Question("model", tuple(Option(m, m) for m in g.models))),
            )
        self.decisions.append(d)
        self.records.append(replace(rec, pending=d.id))
        if g.count - self.pending_promotions[g.id] >= 1:
            self.henchman_advance(g.id, rec.threshold, allow_talent=False)


def skill_options(
    hero: WarriorSnapshot, wb: WarbandSnapshot, tables: MordheimTables, settings: MordheimSettings
) -> list[Option]:
    """MH-SKL-01 (and MH-ADV-H-02: a wizard may take a random spell instead)."""
    opts = [
        Option(
            c.skill,
            f"{c.list}: {tables.skills[c.skill].en}" + (f" ({c.warning})" if c.warning else ""),
            (GainSkill(hero.id, c.skill, "MH-SKL-01"),),
        )
        for c in skill_choices(hero, wb, tables, settings)
    ]
    if hero.is_wizard:
        opts.append(Option("spell", "random new spell", (GainSpell(hero.id, "MH-ADV-H-02"),)))
    return opts

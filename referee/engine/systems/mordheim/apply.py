"""Reference semantics of effects on snapshots.

The Django side applies effects to the database; this module applies them to
snapshots, which the engine uses to keep its own view current while it works
through a sequence (an advance sees the Leg Wound rolled before it), and which
documents what each effect means. Effects on things a snapshot does not hold
(gold, items, equipment, new recruits) change nothing here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from referee.engine.systems.mordheim.effects import (
    AddHatred,
    AddOldBattleWound,
    AddShards,
    AddXp,
    Effect,
    GainSkill,
    GainSkillList,
    MaxChange,
    MissGames,
    PromoteToHero,
    ReleaseCaptive,
    RemoveModels,
    RemoveWarrior,
    SellShards,
    ServeMissedGame,
    SetCaptive,
    SetFlag,
    SetWarbandFlag,
    StatChange,
)
from referee.engine.systems.mordheim.state import (
    HERO,
    Hatred,
    WarbandSnapshot,
    WarriorFlags,
    WarriorSnapshot,
)

Warbands = tuple[WarbandSnapshot, ...]
_FLAG_FIELDS = {
    "stupidity",
    "frenzy",
    "immune_to_fear",
    "causes_fear",
    "cannot_run",
    "arm_restriction",
    "blinded_eye",
}


def _map_warrior(
    warbands: Warbands, warrior_id: str, fn: Callable[[WarriorSnapshot], WarriorSnapshot | None]
) -> Warbands:
    out = []
    for wb in warbands:
        if not wb.has(warrior_id):
            out.append(wb)
            continue
        members: list[WarriorSnapshot] = []
        for w in wb.warriors:
            new = fn(w) if w.id == warrior_id else w
            if new is not None:
                members.append(new)
        out.append(replace(wb, warriors=tuple(members)))
    return tuple(out)


def _map_warband(
    warbands: Warbands, warband_id: str, fn: Callable[[WarbandSnapshot], WarbandSnapshot]
) -> Warbands:
    return tuple(fn(wb) if wb.id == warband_id else wb for wb in warbands)


def _flags(w: WarriorSnapshot, **changes: object) -> WarriorSnapshot:
    return replace(w, flags=replace(w.flags, **changes))  # type: ignore[arg-type]


def _promote(warbands: Warbands, e: PromoteToHero) -> Warbands:
    def add(wb: WarbandSnapshot) -> WarbandSnapshot:
        group = wb.warrior(e.group)
        hero = replace(
            group,
            id=e.new_warrior,
            kind=HERO,
            count=1,
            starting_xp=group.xp,
            skill_lists=tuple(e.skill_lists),
            raised=(),
            models=(),
            flags=WarriorFlags(),
        )
        rest = tuple(
            replace(w, count=w.count - 1, models=tuple(m for m in w.models if m != e.model))
            if w.id == e.group
            else w
            for w in wb.warriors
        )
        return replace(wb, warriors=(*tuple(w for w in rest if w.count > 0), hero))

    owner = next(wb for wb in warbands if wb.has(e.group))
    return _map_warband(warbands, owner.id, add)


def apply_effect(warbands: Warbands, e: Effect) -> Warbands:
    """The warbands after one effect."""
    if isinstance(e, StatChange):

        def stat(w: WarriorSnapshot) -> WarriorSnapshot:
            raised = (
                (*w.raised, e.stat) if e.delta > 0 and w.kind != HERO and e.stat not in w.raised else w.raised
            )
            return replace(
                w, profile=w.profile.with_delta(e.stat, max(e.delta, -w.profile[e.stat])), raised=raised
            )

        return _map_warrior(warbands, e.warrior, stat)
    if isinstance(e, MaxChange):
        return _map_warrior(
            warbands, e.warrior, lambda w: replace(w, max_profile=w.max_profile.with_delta(e.stat, e.delta))
        )
    if isinstance(e, RemoveWarrior):
        return _map_warrior(warbands, e.warrior, lambda w: None)
    if isinstance(e, RemoveModels):
        return _map_warrior(
            warbands, e.group, lambda w: replace(w, count=w.count - e.count) if w.count > e.count else None
        )
    if isinstance(e, AddXp):
        return _map_warrior(warbands, e.warrior, lambda w: replace(w, xp=w.xp + e.amount))
    if isinstance(e, MissGames):

        def miss(w: WarriorSnapshot) -> WarriorSnapshot:
            cur = w.flags.missed_games
            return _flags(w, missed_games=cur + e.games if e.stack else max(cur, e.games))

        return _map_warrior(warbands, e.warrior, miss)
    if isinstance(e, ServeMissedGame):
        return _map_warrior(
            warbands, e.warrior, lambda w: _flags(w, missed_games=max(0, w.flags.missed_games - 1))
        )
    if isinstance(e, SetFlag):
        if e.flag not in _FLAG_FIELDS:
            raise ValueError(f"unknown flag {e.flag!r}")
        return _map_warrior(warbands, e.warrior, lambda w: _flags(w, **{e.flag: e.value}))
    if isinstance(e, AddOldBattleWound):
        return _map_warrior(
            warbands, e.warrior, lambda w: _flags(w, old_battle_wounds=w.flags.old_battle_wounds + 1)
        )
    if isinstance(e, AddHatred):
        hatred = Hatred(e.target_kind, e.target)
        return _map_warrior(warbands, e.warrior, lambda w: _flags(w, hatreds=(*w.flags.hatreds, hatred)))
    if isinstance(e, SetCaptive):
        return _map_warrior(warbands, e.warrior, lambda w: _flags(w, captive_of=e.captor))
    if isinstance(e, ReleaseCaptive):
        return _map_warrior(warbands, e.warrior, lambda w: _flags(w, captive_of=None))
    if isinstance(e, GainSkill):
        return _map_warrior(warbands, e.warrior, lambda w: replace(w, skills=(*w.skills, e.skill)))
    if isinstance(e, GainSkillList):
        return _map_warrior(
            warbands, e.warrior, lambda w: replace(w, skill_lists=(*w.skill_lists, e.skill_list))
        )
    if isinstance(e, PromoteToHero):
        return _promote(warbands, e)
    if isinstance(e, AddShards):
        return _map_warband(warbands, e.warband, lambda wb: replace(wb, shards=wb.shards + e.amount))
    if isinstance(e, SellShards):
        return _map_warband(warbands, e.warband, lambda wb: replace(wb, shards=wb.shards - e.shards))
    if isinstance(e, SetWarbandFlag) and e.flag in ("catacomb_entrance", "straggler_extra_die"):
        return _map_warband(warbands, e.warband, lambda wb: replace(wb, **{e.flag: bool(e.value)}))  # type: ignore[arg-type]
    return warbands


def apply_effects(warbands: Warbands, effects: Iterable[Effect]) -> Warbands:
    """The warbands after every effect, in order."""
    for e in effects:
        warbands = apply_effect(warbands, e)
    return warbands

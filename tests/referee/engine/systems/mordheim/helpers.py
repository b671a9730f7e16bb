"""Shared helpers for the Mordheim post-battle tests (a plain module, so tests run without Django).

The dice are ``tests.support.dice``. Builders make Heroes, groups and warbands
with a human profile unless told otherwise.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from referee.engine.rolls import Roll
from referee.engine.systems.mordheim.state import (
    HENCHMAN,
    HERO,
    MordheimSettings,
    Profile,
    WarbandSnapshot,
    WarriorFlags,
    WarriorSnapshot,
)
from referee.engine.systems.mordheim.tables.book import MordheimTables
from tests.support.dice import ScriptedRoller

ROOT = Path(__file__).resolve().parents[5]
TABLES_PATH = ROOT / "fixtures" / "mordheim" / "tables.json"
SETTINGS = MordheimSettings()
HUMAN_MAX = Profile.of(4, 6, 6, 4, 4, 3, 6, 4, 9)
HERO_PROFILE = Profile.of(4, 4, 4, 3, 3, 1, 4, 1, 8)
HENCH_PROFILE = Profile.of(4, 3, 3, 3, 3, 1, 3, 1, 7)


@cache
def raw_tables() -> dict[str, Any]:
    return json.loads(TABLES_PATH.read_text(encoding="utf-8"))


@cache
def tables() -> MordheimTables:
    return MordheimTables.from_json(raw_tables())


def d66(value: int) -> list[int]:
    """The two faces of a D66 value: ``d66(35) == [3, 5]``."""
    return [value // 10, value % 10]


def hero(wid: str, **kw: Any) -> WarriorSnapshot:
    base: dict[str, Any] = {
        "id": wid,
        "kind": HERO,
        "type": "champion",
        "race": "human",
        "profile": HERO_PROFILE,
        "max_profile": HUMAN_MAX,
        "skill_lists": ("combat", "strength"),
    }
    base.update(kw)
    return WarriorSnapshot(**base)


def leader(wid: str, **kw: Any) -> WarriorSnapshot:
    kw.setdefault("is_leader", True)
    kw.setdefault("type", "captain")
    return hero(wid, **kw)


def group(wid: str, count: int = 3, **kw: Any) -> WarriorSnapshot:
    base: dict[str, Any] = {
        "id": wid,
        "kind": HENCHMAN,
        "type": "warrior",
        "race": "human",
        "profile": HENCH_PROFILE,
        "max_profile": HUMAN_MAX,
        "count": count,
    }
    base.update(kw)
    return WarriorSnapshot(**base)


def warband(wid: str, *warriors: WarriorSnapshot, **kw: Any) -> WarbandSnapshot:
    base: dict[str, Any] = {"id": wid, "rating": 100, "list_slug": "reikland", "warriors": tuple(warriors)}
    base.update(kw)
    return WarbandSnapshot(**base)


def flags(**kw: Any) -> WarriorFlags:
    return WarriorFlags(**kw)


def at_max(w: WarriorSnapshot, *stats: str) -> WarriorSnapshot:
    """The warrior with the given characteristics raised to their maximum."""
    profile = w.profile
    for s in stats:
        profile = profile.with_delta(s, w.max_profile[s] - profile[s])
    return replace(w, profile=profile)


def two_warbands(
    *a: WarriorSnapshot, b: Sequence[WarriorSnapshot] = (), **kw: Any
) -> tuple[WarbandSnapshot, ...]:
    """Warband A with the given warriors and a leader-led warband B."""
    b_warriors = tuple(b) or (leader("b-boss"), hero("b-champ"), group("b-men"))
    return (warband("A", *a, **kw), warband("B", *b_warriors))


def rules_of(rolls: Sequence[Roll]) -> list[str]:
    return [r.rule for r in rolls]


def kinds(effects: Sequence[Any]) -> list[str]:
    return [e.kind for e in effects]


def post_battle(
    battle: Any, wbs: tuple[WarbandSnapshot, ...], faces: Iterable[int], settings: MordheimSettings = SETTINGS
):
    """Run the whole sequence with scripted faces; returns (outcome, roller)."""
    from referee.engine.systems.mordheim.postbattle.sequence import run_post_battle

    roller = ScriptedRoller(faces)
    outcome = run_post_battle(battle=battle, warbands=wbs, tables=tables(), settings=settings, roller=roller)
    return outcome, roller

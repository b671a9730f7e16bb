"""Shared helpers for the Mordheim post-battle tests (a plain module, so tests run without Django).

``ScriptedRoller`` pops scripted d6 faces: D6 and D3 take one face, 2D6 and D66
two (tens first), ``ND6`` N faces. ``ReplayRoller`` hands back stored rolls and
fails on any mismatch. Builders make Heroes, groups and warbands with a human
profile unless told otherwise.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Iterator, Sequence
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

ROOT = Path(__file__).resolve().parents[5]
TABLES_PATH = ROOT / "fixtures" / "mordheim" / "tables.json"
SETTINGS = MordheimSettings()
HUMAN_MAX = Profile.of(4, 6, 6, 4, 4, 3, 6, 4, 9)
HERO_PROFILE = Profile.of(4, 4, 4, 3, 3, 1, 4, 1, 8)
HENCH_PROFILE = Profile.of(4, 3, 3, 3, 3, 1, 3, 1, 7)
D3 = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}


@cache
def raw_tables() -> dict[str, Any]:
    return json.loads(TABLES_PATH.read_text(encoding="utf-8"))


@cache
def tables() -> MordheimTables:
    return MordheimTables.from_json(raw_tables())


class ScriptExhausted(AssertionError):
    """The code asked for more dice than the test scripted."""


class ScriptedRoller:
    """A Roller whose d6 faces come from a script, in order."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces: Iterator[int] = iter(faces)
        self.made: list[Roll] = []

    def _face(self, notation: str) -> int:
        try:
            f = next(self._faces)
        except StopIteration:
            raise ScriptExhausted(f"no scripted face left for {notation}") from None
        assert 1 <= f <= 6, f"scripted face {f} is not a d6 face"
        return f

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        if notation == "D66":
            faces = (self._face(notation), self._face(notation))
            total = 10 * faces[0] + faces[1]
        elif notation == "D3":
            faces = (self._face(notation),)
            total = D3[faces[0]]
        else:
            m = re.fullmatch(r"(\d*)D6", notation)
            assert m, f"unsupported notation {notation}"
            faces = tuple(self._face(notation) for _ in range(int(m.group(1) or 1)))
            total = sum(faces)
        made = Roll(notation, faces, faces, total, label, rule)
        self.made.append(made)
        return made

    @property
    def remaining(self) -> list[int]:
        rest = list(self._faces)
        self._faces = iter(rest)
        return rest


def endless(faces: Sequence[int]) -> ScriptedRoller:
    """Adversarial dice that repeat the same faces for ever."""
    return ScriptedRoller(itertools.cycle(faces))


class ReplayRoller:
    """Stored rolls handed back in order; a different notation or rule is a failure."""

    def __init__(self, rolls: Sequence[Roll]) -> None:
        self._rolls = list(rolls)
        self.made: list[Roll] = []

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        assert len(self.made) < len(self._rolls), f"replay ran out asking for {notation} ({rule})"
        stored = self._rolls[len(self.made)]
        assert (stored.notation, stored.rule) == (notation, rule), (
            f"replay mismatch: {stored} vs {notation} {rule}"
        )
        self.made.append(stored)
        return stored


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

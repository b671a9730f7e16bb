"""Shared helpers for the warband-list and roster-rule tests (a plain module, not a conftest).

``ScriptedRoller`` implements the :class:`referee.engine.rolls.Roller` protocol by
popping scripted faces, so a test states exactly which dice come up.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from referee.engine.rolls import Roll
from referee.engine.systems.mordheim.lists.loading import RosterData, load_roster_data, parse_warband_list
from referee.engine.systems.mordheim.lists.types import (
    Catalogue,
    KnownIds,
    WarbandList,
    known_ids_from_tables,
)

ROOT = Path(__file__).resolve().parents[5]
PACK = ROOT / "fixtures" / "mordheim"
WARBANDS = PACK / "warbands"
_NOTATION = re.compile(r"^(\d*)D6$")


class ScriptedRoller:
    """A Roller whose dice show the scripted faces, in order; ``NdD6``/``D6`` only."""

    def __init__(self, faces: Iterable[int] = ()) -> None:
        self.faces = list(faces)
        self._made: list[Roll] = []

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        match = _NOTATION.match(notation)
        if match is None:
            raise ValueError(f"ScriptedRoller only rolls nD6, not {notation!r}")
        n = int(match[1] or 1)
        if len(self.faces) < n:
            raise AssertionError(f"{notation} for {rule or label} but only {len(self.faces)} faces are scripted")
        faces = tuple(self.faces.pop(0) for _ in range(n))
        assert all(1 <= f <= 6 for f in faces), faces
        made = Roll(notation=notation, faces=faces, kept=faces, total=sum(faces), label=label, rule=rule)
        self._made.append(made)
        return made

    @property
    def made(self) -> list[Roll]:
        return self._made


@cache
def roster_data() -> RosterData:
    return load_roster_data(PACK)


@cache
def known_ids() -> KnownIds:
    return known_ids_from_tables(json.loads((PACK / "tables.json").read_text(encoding="utf-8")))


def catalogue() -> Catalogue:
    return roster_data().catalogue


def warband(slug: str) -> WarbandList:
    return roster_data().lists[slug]


def raw_list(slug: str) -> dict[str, Any]:
    """A fresh, mutable copy of a shipped list's JSON, for malformation tests."""
    return copy.deepcopy(_raw_list(slug))


@cache
def _raw_list(slug: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((WARBANDS / f"{slug}.json").read_text(encoding="utf-8"))
    return data


def raw_equipment() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((PACK / "equipment.json").read_text(encoding="utf-8"))
    return data


def parse(raw: Any, file: str = "reikland.json") -> WarbandList:
    ids = known_ids()
    return parse_warband_list(
        raw, file=file, catalogue=catalogue(), known_races=ids.races, known_skill_lists=ids.skill_lists
    )

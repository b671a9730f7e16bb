"""Shared helpers for the warband-list and roster-rule tests (a plain module, not a conftest).

The dice are ``tests.support.dice``.
"""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

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

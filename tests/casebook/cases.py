"""The casebook's cases: one YAML file each under ``cases/<system>/``, checked before any is played.

A case must name its source passage (a seed file under ``../shared/seeds`` and a quote that is in it,
with an English translation), the rule IDs it exercises (each defined by a spec under
``../shared/rules``), its situation, its dice, and its expected outcome in numbers and in words.
``docs/casebook.md`` describes the format.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from tests.tools.rules_coverage import rules_dir, spec_rule_ids

CASES = Path(__file__).resolve().parent / "cases"
SYSTEMS = ("mordheim", "weekly", "doomtrooper", "skirmish", "arena")
REQUIRED = ("title", "source", "rules", "situation", "expect", "outcome")


class CaseError(ValueError):
    """A case file that does not say what the casebook needs."""


@dataclass(frozen=True)
class Case:
    system: str
    name: str
    path: Path
    title: str
    source: dict[str, str]
    rules: tuple[str, ...]
    situation: dict[str, Any]
    dice: tuple[dict[str, Any], ...]
    expect: dict[str, Any]
    outcome: str
    known_bug: str = ""
    steps: tuple[dict[str, Any], ...] = field(default=())

    @property
    def id(self) -> str:
        return f"{self.system}/{self.name}"


def seeds_dir() -> Path:
    return rules_dir().parent / "seeds"


@cache
def _seed_text(name: str) -> str:
    return _squash((seeds_dir() / name).read_text(encoding="utf-8"))


@cache
def known_rule_ids() -> frozenset[str]:
    return frozenset(i for spec in rules_dir().glob("*.md") for i in spec_rule_ids(spec))


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _check(raw: dict[str, Any], path: Path) -> None:
    missing = [k for k in REQUIRED if k not in raw]
    if missing:
        raise CaseError(f"{path}: missing {', '.join(missing)}")
    source = raw["source"]
    for key in ("seed", "quote", "translation"):
        if not source.get(key):
            raise CaseError(f"{path}: source.{key} is empty")
    if not (seeds_dir() / source["seed"]).is_file():
        raise CaseError(f"{path}: no seed file {source['seed']}")
    for piece in source["quote"].split("…"):  # a quote may skip lines between its pieces
        if _squash(piece) not in _seed_text(source["seed"]):
            raise CaseError(f"{path}: the quote is not in {source['seed']}: {piece.strip()!r}")
    unknown = [r for r in raw["rules"] if r not in known_rule_ids()]
    if not raw["rules"] or unknown:
        raise CaseError(f"{path}: rule IDs no spec defines: {unknown or 'none given'}")
    for entry in raw.get("dice") or ():
        if not entry.get("rule") or not isinstance(entry.get("faces"), list):
            raise CaseError(f"{path}: each dice entry needs a rule and a list of faces: {entry!r}")


def load(path: Path) -> Case:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise CaseError(f"{path}: not a mapping")
    _check(raw, path)
    return Case(
        system=path.parent.name,
        name=path.stem,
        path=path,
        title=raw["title"],
        source=raw["source"],
        rules=tuple(raw["rules"]),
        situation=raw["situation"] or {},
        dice=tuple(raw.get("dice") or ()),
        expect=raw["expect"] or {},
        outcome=raw["outcome"],
        known_bug=raw.get("known_bug") or "",
        steps=tuple(raw.get("steps") or ()),
    )


def all_cases() -> list[Case]:
    return [load(p) for system in SYSTEMS for p in sorted((CASES / system).glob("*.yaml"))]


def exercised_rule_ids() -> set[str]:
    """Every rule ID some case names (for ``make rules-coverage``)."""
    found: set[str] = set()
    for system in SYSTEMS:
        for path in (CASES / system).glob("*.yaml"):
            raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            found.update(raw.get("rules") or ())
    return found

"""The intrigue game's rules pack (``fixtures/weekly_moves/``): move names, Troubles, ingredients.

Loaded once and checked; a malformed file raises :class:`~referee.engine.packfiles.PackError`
naming the file and the entry, so start-up stops with a message a pack author can act on.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from referee.engine.packfiles import PackError, PackSource
from referee.engine.sealed import MoveType
from referee.engine.tables import RollTable, TableError, parse_table

PACK_DIR = Path(__file__).resolve().parents[4] / "fixtures" / "weekly_moves"
LANGS = ("en", "ru")
CATEGORIES = ("move", "free")


@dataclass(frozen=True)
class Ingredient:
    slug: str
    special: bool
    names: Mapping[str, str]


@dataclass(frozen=True)
class Catalogue:
    """The typed pack: move types by slug, the Troubles table, the ingredient catalogue."""

    move_types: Mapping[str, MoveType]
    move_data: Mapping[str, Mapping[str, Any]]
    troubles: RollTable
    ingredients: tuple[Ingredient, ...]

    @property
    def ingredient_slugs(self) -> tuple[str, ...]:
        return tuple(i.slug for i in self.ingredients)


def _names(file: str, entry: str, raw: Any) -> dict[str, str]:
    if not isinstance(raw, Mapping) or any(
        not isinstance(raw.get(lang), str) or not raw[lang] for lang in LANGS
    ):
        raise PackError(file, entry, "needs a name in every language: " + ", ".join(LANGS))
    return {str(k): str(v) for k, v in raw.items()}


def parse_catalogue(files: Mapping[str, Any]) -> Catalogue:
    """Typed objects from the pack's raw JSON files (keyed by file name)."""
    moves: dict[str, MoveType] = {}
    data: dict[str, Mapping[str, Any]] = {}
    raw_moves = files.get("moves.json", {}).get("moves")
    if not isinstance(raw_moves, list) or not raw_moves:
        raise PackError("moves.json", "", "needs a non-empty moves list")
    for i, m in enumerate(raw_moves):
        entry = f"moves[{i}]"
        if not isinstance(m, Mapping) or not isinstance(m.get("slug"), str):
            raise PackError("moves.json", entry, "needs a slug")
        if m.get("category") not in CATEGORIES:
            raise PackError("moves.json", m["slug"], f"category must be one of {', '.join(CATEGORIES)}")
        for group in ("modes", "picks"):
            for key, names in dict(m.get(group, {})).items():
                _names("moves.json", f"{m['slug']}.{group}.{key}", names)
        moves[m["slug"]] = MoveType(
            slug=m["slug"],
            category=m["category"],
            names=_names("moves.json", m["slug"], m.get("name")),
            rules=tuple(m.get("rules", ())),
        )
        data[m["slug"]] = m
    raw_troubles = files.get("troubles.json", {}).get("troubles")
    try:
        troubles = parse_table("troubles", raw_troubles or {})
    except TableError as exc:
        raise PackError("troubles.json", exc.entry, exc.message) from exc
    if troubles.dice != "D6":
        raise PackError("troubles.json", "troubles", "Troubles are rolled on a D6")
    for e in troubles.entries:
        _names("troubles.json", e.id, e.data.get("name"))
    ingredients = []
    for i, raw in enumerate(files.get("ingredients.json", {}).get("ingredients", [])):
        if not isinstance(raw, Mapping) or not isinstance(raw.get("slug"), str):
            raise PackError("ingredients.json", f"ingredients[{i}]", "needs a slug")
        ingredients.append(
            Ingredient(
                slug=raw["slug"],
                special=bool(raw.get("special", False)),
                names=_names("ingredients.json", raw["slug"], raw.get("name")),
            )
        )
    if not ingredients:
        raise PackError("ingredients.json", "", "needs at least one ingredient (WM-ING-02)")
    return Catalogue(move_types=moves, move_data=data, troubles=troubles, ingredients=tuple(ingredients))


def parse_pack(source: PackSource) -> Catalogue:
    return parse_catalogue(source.files)


def load_catalogue(directory: Path = PACK_DIR) -> Catalogue:
    """Read and check the pack folder."""
    files: dict[str, Any] = {}
    for name in ("moves.json", "troubles.json", "ingredients.json"):
        path = directory / name
        try:
            files[name] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise PackError(name, "", f"cannot be read: {exc}") from exc
    return parse_catalogue(files)


@lru_cache(maxsize=1)
def default_catalogue() -> Catalogue:
    return load_catalogue()

"""Rules packs: folders of JSON under ``fixtures/<system>/`` loaded into typed objects.

A pack folder holds ``pack.json`` (the manifest: system, version, names, the
files that make it up) and the JSON files it lists. A game system's parser
(``GameSystem.pack_parser`` in :mod:`referee.engine.game_systems`) turns the raw
files into its own typed objects; a malformed pack
raises :class:`PackError` naming the file and the entry, so start-up stops
with a message a pack author can act on.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.engine.tables import RollTable, TableError, is_roll_table, parse_table


class PackError(ValueError):
    """A pack that cannot be loaded: which file, which entry, what is wrong."""

    def __init__(self, file: str, entry: str, message: str) -> None:
        where = f"{file}: {entry}" if entry else file
        super().__init__(f"{where}: {message}")
        self.file = file
        self.entry = entry
        self.message = message


@dataclass(frozen=True)
class PackSource:
    """The raw pack as read from disk: manifest fields and every file's JSON."""

    system: str
    slug: str
    version: str
    name: Mapping[str, str]
    directory: Path
    files: Mapping[str, Any]
    manifest: Mapping[str, Any] = field(default_factory=dict)


PackParser = Callable[[PackSource], Any]
#: Where a system's parser comes from: its slug -> its parser, or None for raw files and tables only.
ParserLookup = Callable[[str], PackParser | None]


def no_parser(system: str) -> PackParser | None:
    """Read every pack as raw files and roll tables, with no system's typed data."""
    return None


MANIFEST = "pack.json"


@dataclass(frozen=True)
class LoadedPack:
    """A validated pack: its manifest, raw files, roll tables and the system's typed data."""

    source: PackSource
    checksum: str
    tables: Mapping[str, Any]
    roll_tables: Mapping[str, RollTable]
    typed: Any = None

    @property
    def system(self) -> str:
        return self.source.system

    @property
    def slug(self) -> str:
        return self.source.slug

    @property
    def version(self) -> str:
        return self.source.version


def _read_json(path: Path, rel: str) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PackError(rel, "", f"cannot be read ({exc.strerror})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise PackError(
            rel, f"line {exc.lineno} column {exc.colno}", f"is not valid JSON ({exc.msg})"
        ) from None


def _require_str(manifest: Mapping[str, Any], key: str) -> str:
    value = manifest.get(key)
    if not isinstance(value, str) or not value.strip():
        raise PackError(MANIFEST, key, "is required and must be a non-empty string")
    return value


def read_pack_source(directory: Path) -> PackSource:
    """Read a pack folder's manifest and every file it lists (globs allowed), without validating rules."""
    manifest_path = directory / MANIFEST
    if not manifest_path.exists():
        raise PackError(MANIFEST, "", f"missing in {directory}")
    manifest = _read_json(manifest_path, MANIFEST)
    if not isinstance(manifest, Mapping):
        raise PackError(MANIFEST, "", "must be a JSON object")
    system = _require_str(manifest, "system")
    slug = _require_str(manifest, "slug")
    version = _require_str(manifest, "version")
    name = manifest.get("name")
    if not isinstance(name, Mapping) or not isinstance(name.get("en"), str):
        raise PackError(MANIFEST, "name", "must be an object with at least an English name under 'en'")
    patterns = manifest.get("files")
    if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
        raise PackError(MANIFEST, "files", "must be a list of file names or glob patterns")
    files: dict[str, Any] = {}
    for pattern in patterns:
        matches = sorted(directory.glob(pattern))
        if not matches:
            raise PackError(MANIFEST, f"files: {pattern}", "matches no file in the pack folder")
        for path in matches:
            rel = path.relative_to(directory).as_posix()
            files[rel] = _read_json(path, rel)
    return PackSource(
        system=system,
        slug=slug,
        version=version,
        name=dict(name),
        directory=directory,
        files=files,
        manifest=dict(manifest),
    )


def _checksum(source: PackSource) -> str:
    digest = hashlib.sha256()
    for rel in sorted(source.files):
        digest.update(rel.encode())
        digest.update(json.dumps(source.files[rel], sort_keys=True, ensure_ascii=False).encode())
    digest.update(json.dumps(source.manifest, sort_keys=True, ensure_ascii=False).encode())
    return digest.hexdigest()


def _collect_tables(source: PackSource) -> tuple[dict[str, Any], dict[str, RollTable]]:
    """Named tables come from the files listed under the manifest's ``tables`` key."""
    table_files = source.manifest.get("tables", [])
    if not isinstance(table_files, list):
        raise PackError(MANIFEST, "tables", "must be a list of file names")
    tables: dict[str, Any] = {}
    roll_tables: dict[str, RollTable] = {}
    for rel in table_files:
        if rel not in source.files:
            raise PackError(MANIFEST, f"tables: {rel}", "is not one of the pack's files")
        raw = source.files[rel]
        if not isinstance(raw, Mapping):
            raise PackError(rel, "", "a tables file must be a JSON object of named tables")
        for name, table in raw.items():
            if name == "meta":
                continue
            tables[name] = table
            if is_roll_table(table):
                try:
                    roll_tables[name] = parse_table(name, table)
                except TableError as exc:
                    raise PackError(rel, exc.entry, exc.message) from None
    return tables, roll_tables


def load_pack(directory: Path, *, parser_for: ParserLookup = no_parser) -> LoadedPack:
    """Read and validate one pack folder; :class:`PackError` names the file and entry at fault.

    ``parser_for`` gives the parser of the pack's system (``game_systems.pack_parser_for``).
    """
    source = read_pack_source(directory)
    tables, roll_tables = _collect_tables(source)
    parser = parser_for(source.system)
    typed = parser(source) if parser is not None else None
    return LoadedPack(
        source=source, checksum=_checksum(source), tables=tables, roll_tables=roll_tables, typed=typed
    )


def load_packs(root: Path, *, parser_for: ParserLookup = no_parser) -> list[LoadedPack]:
    """Every pack under ``root`` (each folder holding a pack.json), sorted by slug and version."""
    manifests = sorted(root.glob(f"*/{MANIFEST}")) + sorted(root.glob(f"*/*/{MANIFEST}"))
    packs = [load_pack(manifest.parent, parser_for=parser_for) for manifest in manifests]
    return sorted(packs, key=lambda p: (p.slug, p.version))

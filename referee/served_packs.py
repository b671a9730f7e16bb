"""The rules packs this server serves, loaded once from ``fixtures/`` and validated at start-up."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from referee.engine.game_systems import pack_parser_for
from referee.engine.packfiles import LoadedPack, PackError, PackSource, load_packs

if TYPE_CHECKING:
    from referee.models import RulesPack


@cache
def packs() -> tuple[LoadedPack, ...]:
    try:
        return tuple(load_packs(settings.FIXTURES_DIR, parser_for=pack_parser_for))
    except PackError as exc:
        raise ImproperlyConfigured(f"Rules pack in fixtures/ is malformed: {exc}") from exc


def pack_versions(slug: str) -> list[LoadedPack]:
    return [p for p in packs() if p.slug == slug]


def get_pack(slug: str, version: str | None = None) -> LoadedPack | None:
    """The pack with that slug: the given version, or the newest when none is given."""
    versions = pack_versions(slug)
    if version is not None:
        return next((p for p in versions if p.version == version), None)
    return max(versions, key=lambda p: _version_key(p.version), default=None)


def _version_key(version: str) -> tuple[int | str, ...]:
    return tuple(int(part) if part.isdigit() else part for part in version.split("."))


_STORED: dict[str, Any] = {}  # typed data parsed from stored copies, by checksum: a pinned version never changes


def pinned_pack_error(row: RulesPack) -> PackError | None:
    """Why a stored pack version cannot be read (its file and entry named), or None when it can."""
    if pinned_pack(row) is not None:
        return None
    parser = pack_parser_for(row.system)
    if parser is None or not row.content:
        return PackError("pack.json", "files", "the stored copy holds no files this server can read")
    try:
        parser(PackSource(system=row.system, slug=row.slug, version=row.version, name=dict(row.name or {}),
                          directory=Path(), files=dict(row.content)))
    except PackError as exc:
        return exc
    return None


def pinned_pack(row: RulesPack) -> Any | None:
    """The typed rules of a pinned pack version: the served pack when it is that version (same checksum),
    else the copy stored when it was pinned, parsed by its system; None when neither can be read."""
    loaded = get_pack(row.slug, row.version)
    if loaded is not None and loaded.checksum == row.checksum:
        return loaded.typed
    if row.checksum not in _STORED:
        parser = pack_parser_for(row.system)
        if parser is None or not row.content:
            return None
        source = PackSource(
            system=row.system, slug=row.slug, version=row.version, name=dict(row.name or {}),
            directory=Path(), files=dict(row.content),
        )
        try:
            _STORED[row.checksum] = parser(source)
        except PackError:
            return None
    return _STORED[row.checksum]

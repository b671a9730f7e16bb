"""The rules packs this server serves, loaded once from ``fixtures/`` and validated at start-up."""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from referee.engine.game_systems import pack_parser_for
from referee.engine.packfiles import LoadedPack, PackError, load_packs


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

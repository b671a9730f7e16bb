"""The rules packs this server serves, loaded once from ``fixtures/`` and validated at start-up."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

import referee.engine.systems
from referee.engine.packfiles import LoadedPack, PackError, load_packs


def _import_systems() -> None:
    """Import every system module so each registers its pack parser (plug-ins, no if-chain)."""
    for module in pkgutil.iter_modules(referee.engine.systems.__path__, "referee.engine.systems."):
        importlib.import_module(module.name)


@cache
def packs() -> tuple[LoadedPack, ...]:
    _import_systems()
    try:
        return tuple(load_packs(settings.FIXTURES_DIR))
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

"""Writes of the referee app."""

from __future__ import annotations

from django.db import transaction

from referee.engine.packfiles import LoadedPack
from referee.models import RulesPack


@transaction.atomic
def rules_pack_sync(*, pack: LoadedPack) -> tuple[RulesPack, str]:
    """Store a loaded pack version so campaigns can pin it. Returns (row, what happened).

    The files under ``fixtures/`` are the truth for a slug and version. A stored
    version whose content differs is updated and reported as ``changed``: pack
    authors should bump the version for a rules change, and the command says so.
    """
    row, created = RulesPack.objects.get_or_create(
        slug=pack.slug,
        version=pack.version,
        defaults={
            "system": pack.system,
            "name": dict(pack.source.name),
            "checksum": pack.checksum,
            "content": dict(pack.source.files),
        },
    )
    if created:
        return row, "stored"
    if row.checksum == pack.checksum:
        return row, "unchanged"
    row.name, row.checksum, row.content = dict(pack.source.name), pack.checksum, dict(pack.source.files)
    row.save(update_fields=["name", "checksum", "content", "loaded_at"])
    return row, "changed"

"""Referee background jobs."""

from __future__ import annotations

from celery import shared_task

from referee.served_packs import packs


@shared_task(name="referee.rules_packs_report")
def rules_packs_report() -> list[dict[str, str]]:
    """The rules packs this worker loaded, with checksums.

    Web and workers must serve the same rules: an operator (and the test suite)
    compares this with the web process's own list after a deploy.
    """
    return [{"slug": p.slug, "version": p.version, "checksum": p.checksum} for p in packs()]

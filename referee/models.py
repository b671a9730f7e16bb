"""The referee's records: rules packs pinned by campaigns (the roll ledger joins them)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class RulesPack(models.Model):
    """A rules-pack version as loaded from ``fixtures/``; a campaign pins one of these."""

    system = models.SlugField(_("game system"), max_length=40)
    slug = models.SlugField(_("slug"), max_length=60)
    version = models.CharField(_("version"), max_length=20)
    name = models.JSONField(_("name"), default=dict)
    checksum = models.CharField(_("checksum"), max_length=64)
    content = models.JSONField(_("content"), default=dict, help_text=_("The pack's files as loaded."))
    loaded_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["slug", "version"]
        constraints = [
            models.UniqueConstraint(fields=["slug", "version"], name="one_pack_per_slug_and_version")
        ]

    def __str__(self) -> str:
        return f"{self.slug} {self.version}"

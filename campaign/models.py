"""Campaigns and who plays in them.

A campaign runs one game system on a pinned rules-pack version. Members hold
one role each (organiser, GM or player: one active membership per user and
campaign); a member who leaves keeps their history, read-only, so a
membership is ended, never deleted.
"""

from __future__ import annotations

from django.conf import settings as django_settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Campaign(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(_("name"), max_length=120)
    system = models.SlugField(_("game system"), max_length=40)
    rules_pack = models.ForeignKey(
        "referee.RulesPack", on_delete=models.PROTECT, related_name="campaigns", verbose_name=_("rules pack")
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC")
    settings = models.JSONField(_("settings"), default=dict, blank=True)
    created_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "id"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Organiser")
        GM = "gm", _("Game master")
        PLAYER = "player", _("Player")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices)
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["campaign_id", "role", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "user"],
                condition=Q(left_at__isnull=True),
                name="one_active_membership_per_user_and_campaign",
            ),
        ]
        indexes = [models.Index(fields=["user", "campaign"])]

    def __str__(self) -> str:
        return f"{self.user} · {self.role} · {self.campaign}"

"""Campaigns and who plays in them.

A campaign runs one game system on a pinned rules-pack version. Members hold
one role each (organiser, GM or player: one active membership per user and
campaign); a member who leaves keeps their history, read-only, so a
membership is ended, never deleted.
"""

from __future__ import annotations

from django.conf import settings as django_settings
from django.core.serializers.json import DjangoJSONEncoder
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
    user = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
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


class Week(models.Model):
    """One week of a campaign: moves are collected while it is open, resolved at its deadline.

    Each week owns a roll stream (``referee.RollStream``) whose seed hash is
    published when the week opens and whose seed is revealed when it closes.
    """

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RESOLVING = "resolving", _("Resolving")
        CLOSED = "closed", _("Closed")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="weeks")
    number = models.PositiveIntegerField(_("number"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    opened_at = models.DateTimeField(_("opened at"))
    deadline = models.DateTimeField(_("deadline"))
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)

    class Meta:
        ordering = ["campaign_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="one_week_per_number"),
            models.UniqueConstraint(fields=["campaign"], condition=Q(status="open"), name="one_open_week_per_campaign"),
        ]
        indexes = [models.Index(fields=["status", "deadline"])]

    def __str__(self) -> str:
        return f"{self.campaign} · week {self.number}"


class IdempotencyRecord(models.Model):
    """The stored answer to a write sent with an Idempotency-Key (see campaign.api.idempotency)."""

    user = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=100)
    fingerprint = models.CharField(max_length=64)
    response_status = models.PositiveSmallIntegerField(default=0)
    response_body = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_record_per_user_and_key")]

    def __str__(self) -> str:
        return f"{self.user_id}:{self.key}"

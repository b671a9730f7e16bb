"""Warbands and their warriors, equipment, stash, treasury ledger and history.

Rules live in the engine (``referee.engine.systems.mordheim.warband``, ``.lists``); these
models hold state, with the invariants the database can keep in ``Meta``
(a treasury never negative, a group never below zero models). Every change to
a warband, warrior or holding is versioned by django-simple-history.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


class Warband(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Being built; not yet submitted")
        PENDING = "pending", _("Waiting for the organiser's approval")
        APPROVED = "approved", _("Approved")
        RETIRED = "retired", _("Retired")

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.PROTECT, related_name="warbands")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="warbands")
    list_slug = models.SlugField(_("warband list"), max_length=60)
    name = models.CharField(_("name"), max_length=120)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    treasury = models.IntegerField(_("treasury (gold crowns)"), default=0)
    shards = models.IntegerField(_("wyrdstone shards"), default=0)
    rating = models.IntegerField(_("warband rating"), default=0)
    flags = models.JSONField(default=dict, blank=True, help_text=_("Lasting warband conditions from exploration."))
    trading_sequence = models.PositiveIntegerField(
        _("post-battle sequence"),
        default=0,
        help_text=_("Counts post-battle sequences: rare-item searches are limited per sequence."),
    )
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    approved_at = models.DateTimeField(null=True, blank=True)
    submitted_at = models.DateTimeField(null=True, blank=True)
    review_note = models.TextField(
        _("organiser's note"), blank=True, help_text=_("Why the organiser sent the warband back, if they did.")
    )
    created_at = models.DateTimeField(auto_now_add=True)
    version = models.PositiveBigIntegerField(
        default=0,
        editable=False,
        help_text=_("Counts changes to the roster; the cached roster is keyed by it (roster.documents)."),
    )
    history = HistoricalRecords(excluded_fields=["version"])

    class Meta:
        ordering = ["campaign_id", "name", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(treasury__gte=0), name="treasury_never_negative"),
            models.CheckConstraint(condition=Q(shards__gte=0), name="shards_never_negative"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Never write ``version`` from memory: only ``roster.documents.roster_changed`` moves it, in the
        database, so an instance read before a change cannot set it back."""
        if self.pk is not None and not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                f.name for f in self._meta.concrete_fields if not f.primary_key and f.name != "version"
            ]
        super().save(*args, **kwargs)


class Warrior(models.Model):
    """A Hero, or a Henchman group (``count`` models sharing type, experience and equipment)."""

    class Kind(models.TextChoices):
        HERO = "hero", _("Hero")
        HENCHMAN = "henchman", _("Henchman group")

    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        CAPTIVE = "captive", _("Captive")
        DEAD = "dead", _("Dead")
        RETIRED = "retired", _("Retired")
        DISMISSED = "dismissed", _("Dismissed")

    warband = models.ForeignKey(Warband, on_delete=models.CASCADE, related_name="warriors")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    type_slug = models.SlugField(_("type"), max_length=60)
    name = models.CharField(_("name"), max_length=120)
    count = models.PositiveSmallIntegerField(_("models"), default=1)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    is_leader = models.BooleanField(default=False)
    large = models.BooleanField(default=False)
    race = models.CharField(max_length=40, blank=True)
    profile = models.JSONField(_("profile"), help_text=_("M WS BS S T W I A Ld as they stand now."))
    xp = models.PositiveIntegerField(_("experience"), default=0)
    starting_xp = models.PositiveIntegerField(default=0)
    gains_xp = models.BooleanField(default=True)
    skills = models.JSONField(default=list, blank=True)
    skill_lists = models.JSONField(default=list, blank=True)
    injuries = models.JSONField(default=list, blank=True, help_text=_("Serious injury result ids, in order."))
    flags = models.JSONField(default=dict, blank=True, help_text=_("Lasting effects: hatreds, old wounds, ..."))
    missed_games = models.PositiveSmallIntegerField(default=0)
    hired_in_sequence = models.PositiveIntegerField(default=0)
    cost = models.PositiveIntegerField(_("hire cost per model"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["warband_id", "kind", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(count__gte=0), name="group_count_never_negative"),
            models.CheckConstraint(condition=Q(kind="henchman") | Q(count=1), name="a_hero_is_one_model"),
        ]
        indexes = [models.Index(fields=["warband", "status"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.type_slug})"

    @property
    def on_roster(self) -> bool:
        return self.status in (self.Status.ACTIVE, self.Status.CAPTIVE) and self.count > 0


class Holding(models.Model):
    """An item the warband owns: carried by a warrior (every model of a group has one), or in the stash."""

    warband = models.ForeignKey(Warband, on_delete=models.CASCADE, related_name="holdings")
    warrior = models.ForeignKey(
        Warrior,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="holdings",
        help_text=_("Empty: in the warband's stash."),
    )
    item_slug = models.SlugField(_("item"), max_length=60)
    price_paid = models.PositiveIntegerField(_("price paid per item"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["warband_id", "warrior_id", "item_slug", "id"]
        indexes = [models.Index(fields=["warband", "warrior"])]

    def __str__(self) -> str:
        return self.item_slug


class TreasuryEntry(models.Model):
    """One movement of gold: the treasury always equals the sum of its entries."""

    warband = models.ForeignKey(Warband, on_delete=models.CASCADE, related_name="ledger")
    amount = models.IntegerField()
    balance_after = models.IntegerField()
    reason = models.CharField(max_length=40)
    detail = models.CharField(max_length=200, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["warband_id", "id"]
        constraints = [models.CheckConstraint(condition=Q(balance_after__gte=0), name="ledger_balance_never_negative")]

    def __str__(self) -> str:
        return f"{self.warband_id}: {self.amount:+d} ({self.reason})"


class RareSearch(models.Model):
    """A Hero's search for a rare item in one post-battle sequence, with the ledger roll that decided it."""

    warband = models.ForeignKey(Warband, on_delete=models.CASCADE, related_name="rare_searches")
    warrior = models.ForeignKey(Warrior, on_delete=models.CASCADE, related_name="rare_searches")
    sequence = models.PositiveIntegerField()
    item_slug = models.SlugField(max_length=60)
    roll = models.ForeignKey("referee.LedgerEntry", on_delete=models.PROTECT, related_name="+")
    target = models.PositiveSmallIntegerField(_("rarity to beat"))
    total = models.PositiveSmallIntegerField(_("roll plus modifiers"))
    success = models.BooleanField()
    bought = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["warrior", "sequence"], name="one_rare_search_per_hero_per_sequence")
        ]

    def __str__(self) -> str:
        return f"{self.warrior_id} seeks {self.item_slug}: {'found' if self.success else 'not found'}"

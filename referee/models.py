"""The referee's records: rules packs, roll streams with their seeds, and the append-only roll ledger."""

from __future__ import annotations

from typing import Any, NoReturn

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from referee.engine.chain import GENESIS
from referee.engine.dice import LATEST_SCHEME


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


class Visibility(models.TextChoices):
    PUBLIC = "public", _("Public")
    GM = "gm", _("GM only")
    BLIND = "blind", _("Blind (the GM sees it, the roller does not)")
    SELF = "self", _("Self (the roller and the GM)")
    SEALED = "sealed", _("Sealed (nobody, GM included, until the stream is revealed)")


class Audience(models.TextChoices):
    """Who may see a stream: its rolls, its commitment, its seed once revealed (``docs/hidden-rolls.md``)."""

    PUBLIC = "public", _("Every member of the campaign")
    GM = "gm", _("The campaign's GM")
    SELF = "self", _("One member (the stream's viewer) and the GM")
    PARTY = "party", _("The stream's viewers, the organiser and the GM")
    USER = "user", _("One user's own stream, outside campaigns")
    TABLE = "table", _("A live table's stream: its rolls sealed until the table closes")


HIDDEN_AUDIENCES = (Audience.GM, Audience.SELF, Audience.PARTY)


class RollStream(models.Model):
    """A seeded stream of rolls: one of a campaign week's, one user's own for rolls outside campaigns, or a live
    table's (``referee.services.table_streams``).

    A week has a public stream (every member sees its rolls and, once the week
    closes, its seed), a GM stream (GM-only and blind rolls, secret moves), and a
    stream per hidden audience opened on first use (a member's self rolls, the
    parties to a battle of a campaign with private rosters). Each has its own
    commitment, chain and sequence numbers, so no stream has a gap where another
    audience's roll was made; its seed is revealed to its audience only.

    ``seed`` is secret until ``revealed_at``; only ``commitment`` (its SHA-256) is
    published before. ``salt`` is fixed when the stream opens, from its key and the
    players' frozen seed contributions. ``next_seq`` and ``head_hash`` are the
    chain's tip; the row is locked (``select_for_update``) for every append.
    ``scheme`` is the dice scheme its rolls are drawn with, fixed when it opens: streams
    opened before scheme 2 keep scheme 1, so their stored rolls still verify.
    """

    key = models.CharField(_("key"), max_length=80, unique=True)
    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.PROTECT, null=True, blank=True, related_name="roll_streams"
    )
    week = models.ForeignKey(
        "campaign.Week", on_delete=models.PROTECT, null=True, blank=True, related_name="roll_streams"
    )
    audience = models.CharField(_("audience"), max_length=8, choices=Audience.choices, default=Audience.PUBLIC)
    viewers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="+",
        help_text=_("Who sees this hidden stream besides the GM (and, for a party, the organiser)."),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="roll_streams"
    )
    seed = models.CharField(_("seed (hex, secret until revealed)"), max_length=64)
    commitment = models.CharField(_("commitment (SHA-256 of the seed)"), max_length=64)
    contributions = models.JSONField(_("frozen seed contributions"), default=dict, blank=True)
    salt = models.CharField(_("salt (hex)"), max_length=64)
    next_seq = models.PositiveIntegerField(default=0)
    head_hash = models.CharField(max_length=64, default=GENESIS)
    opened_at = models.DateTimeField(auto_now_add=True)
    revealed_at = models.DateTimeField(null=True, blank=True)
    scheme = models.PositiveSmallIntegerField(
        _("dice scheme"),
        default=LATEST_SCHEME,
        help_text=_("How the HMAC blocks become faces (referee/engine/dice/hmac_streams.py): fixed when it opens."),
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=Q(user__isnull=False, revealed_at__isnull=True),
                name="one_active_stream_per_user",
            ),
            models.UniqueConstraint(
                fields=["week"], condition=Q(audience=Audience.PUBLIC), name="one_public_stream_per_week"
            ),
            models.UniqueConstraint(fields=["week"], condition=Q(audience=Audience.GM), name="one_gm_stream_per_week"),
            models.CheckConstraint(
                condition=Q(audience=Audience.USER, user__isnull=False, week__isnull=True)
                | Q(audience=Audience.TABLE, user__isnull=True, week__isnull=True, campaign__isnull=True)
                | ~Q(audience__in=[Audience.USER, Audience.TABLE])
                & Q(user__isnull=True, week__isnull=False, campaign__isnull=False),
                name="a_stream_is_a_weeks_a_users_or_a_tables",
            ),
        ]

    def __str__(self) -> str:
        return self.key


class SeedContribution(models.Model):
    """A player's own string mixed into a coming week's dice; frozen when that week opens."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="seed_contributions"
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    week_number = models.PositiveIntegerField(_("for week"))
    value = models.CharField(_("contribution"), max_length=64)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "user", "week_number"], name="one_contribution_per_player_and_week"
            )
        ]

    def __str__(self) -> str:
        return f"{self.campaign_id} week {self.week_number}: {self.user_id}"


class LedgerQuerySet(models.QuerySet["LedgerEntry"]):
    def update(self, **kwargs: Any) -> NoReturn:
        raise PermissionError("The roll ledger is append-only: entries are never updated.")

    def delete(self) -> NoReturn:
        raise PermissionError("The roll ledger is append-only: entries are never deleted.")


class LedgerEntry(models.Model):
    """One roll as made: append-only, hash-chained within its stream, stored before its effects."""

    stream = models.ForeignKey(RollStream, on_delete=models.PROTECT, related_name="entries")
    seq = models.PositiveIntegerField()
    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    week = models.ForeignKey(
        "campaign.Week", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    roller = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("Who rolled; empty for rolls the server makes on its own (a week's resolution)."),
    )
    purpose = models.CharField(_("purpose"), max_length=60)
    rule_id = models.CharField(_("rule ID"), max_length=40, blank=True)
    ref = models.CharField(_("what it was for"), max_length=80, blank=True, db_index=True)
    notation = models.CharField(max_length=200)
    label = models.CharField(max_length=120, blank=True)
    faces = models.JSONField()
    kept = models.JSONField()
    total = models.IntegerField()
    visibility = models.CharField(max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC)
    manual = models.BooleanField(
        default=False, help_text=_("Typed in by a person, where a league allows it.")
    )
    created_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64, unique=True)

    objects = LedgerQuerySet.as_manager()

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["stream", "seq"], name="one_entry_per_stream_seq")]
        indexes = [models.Index(fields=["campaign", "week"]), models.Index(fields=["roller", "id"])]

    def __str__(self) -> str:
        return f"{self.stream.key}#{self.seq} {self.notation}={self.total}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise PermissionError("The roll ledger is append-only: entries are never updated.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise PermissionError("The roll ledger is append-only: entries are never deleted.")

    def chained_fields(self) -> dict[str, Any]:
        """The fields the entry's hash covers (see ``referee.engine.chain``)."""
        return {
            "stream": self.stream.key if self.stream_id else None,
            "seq": self.seq,
            "campaign": self.campaign_id,
            "week": self.week_id,
            "roller": self.roller_id,
            "purpose": self.purpose,
            "rule_id": self.rule_id,
            "ref": self.ref,
            "notation": self.notation,
            "label": self.label,
            "faces": list(self.faces),
            "kept": list(self.kept),
            "total": self.total,
            "visibility": self.visibility,
            "manual": self.manual,
            "created_at": self.created_at.isoformat(),
        }


# Live table sessions live in their own module; imported here so Django registers them.
from referee.table_models import TableCommand, TableEvent, TableSeat, TableSession  # noqa: E402

__all__ = [
    "LedgerEntry",
    "RollStream",
    "RulesPack",
    "SeedContribution",
    "TableCommand",
    "TableEvent",
    "TableSeat",
    "TableSession",
    "Visibility",
]

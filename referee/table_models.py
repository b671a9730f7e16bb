"""Live table sessions (LIVE-TABLES §4): the session, its seats, its commands and its event log.

Kept beside ``referee/models.py`` (which imports these so Django registers them) and never
importing it, so the table services may import both without a cycle. Seats are users; a table
may belong to a campaign (``"campaign.Campaign"``, named by string: the referee does not import
the league). The event log is append-only and hash-chained like the roll ledger.
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.conf import settings as django_settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from referee.engine.chain import GENESIS


class TableSession(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open: seats being taken")
        PLAYING = "playing", _("Playing")
        CLOSED = "closed", _("Closed")

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.PROTECT, null=True, blank=True, related_name="tables"
    )
    system = models.SlugField(_("game system"), max_length=40)
    rules_pack = models.ForeignKey(
        "referee.RulesPack", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    settings = models.JSONField(_("settings"), default=dict, blank=True)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.OPEN)
    seq = models.PositiveIntegerField(_("events so far"), default=0)
    head_hash = models.CharField(max_length=64, default=GENESIS)
    stream = models.OneToOneField("referee.RollStream", on_delete=models.PROTECT, related_name="table")
    key = models.CharField(_("handle secret (hex)"), max_length=64)
    initial = models.JSONField(_("state before setup"), null=True, blank=True)
    snapshot = models.JSONField(_("current state"), null=True, blank=True)
    snapshot_seq = models.PositiveIntegerField(default=0)
    pending_undo = models.JSONField(_("undo asked for"), null=True, blank=True)
    created_by = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["campaign", "status"])]

    def __str__(self) -> str:
        return f"table {self.pk} ({self.system}, {self.status})"


class TableSeat(models.Model):
    class Role(models.TextChoices):
        PLAYER = "player", _("Player")
        GM = "gm", _("GM")
        OBSERVER = "observer", _("Observer")

    session = models.ForeignKey(TableSession, on_delete=models.CASCADE, related_name="seats")
    # None once the seat is vacant: its player left the table's campaign (LIVE-TABLES §6, issue 30)
    user = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                             related_name="table_seats")
    vacated_at = models.DateTimeField(_("vacant since"), null=True, blank=True)
    key = models.CharField(_("seat"), max_length=8)
    role = models.CharField(_("role"), max_length=8, choices=Role.choices, default=Role.PLAYER)
    side = models.CharField(_("side"), max_length=40, blank=True)
    position = models.PositiveIntegerField(_("seating order"))
    contribution = models.CharField(_("seed contribution (secret until start)"), max_length=64, blank=True)
    options = models.JSONField(_("seat options (a deck list)"), default=dict, blank=True)
    view_seq = models.PositiveIntegerField(_("events this seat has been shown"), default=0)
    last_seen_at = models.DateTimeField(_("last seen"), null=True, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "user"], name="one_seat_per_user_and_table"),
            models.UniqueConstraint(fields=["session", "key"], name="one_seat_key_per_table"),
        ]

    def __str__(self) -> str:
        return f"{self.session_id}/{self.key} {self.user_id}"

    @property
    def username(self) -> str:
        """Who sits here; empty once the seat is vacant."""
        return self.user.get_username() if self.user is not None else ""


class TableCommand(models.Model):
    """One command group as applied: who, what, its rolls (replayed on undo and amend), its events' range."""

    session = models.ForeignKey(TableSession, on_delete=models.CASCADE, related_name="commands")
    seat = models.ForeignKey(TableSeat, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    kind = models.CharField(max_length=40)
    payload = models.JSONField(default=dict, blank=True)
    amendments = models.JSONField(_("earlier payloads, oldest first"), default=list, blank=True)
    idempotency_key = models.CharField(max_length=100, blank=True)
    rolls = models.JSONField(default=list, blank=True)
    random = models.BooleanField(default=False)
    revealed = models.BooleanField(default=False)
    undoable = models.BooleanField(default=True)
    first_seq = models.PositiveIntegerField(default=0)
    last_seq = models.PositiveIntegerField(default=0)
    undone_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.session_id}: {self.kind}"


class TableEventQuerySet(models.QuerySet["TableEvent"]):
    def update(self, **kwargs: Any) -> NoReturn:
        raise PermissionError("The table's event log is append-only: events are never updated.")

    def delete(self) -> NoReturn:
        raise PermissionError("The table's event log is append-only: events are never deleted.")


class TableEvent(models.Model):
    """One event: ``audience`` is ``*`` (everyone), ``sealed`` (nobody until close) or ``|s1|s2|``."""

    session = models.ForeignKey(TableSession, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    command = models.ForeignKey(TableCommand, on_delete=models.PROTECT, related_name="events")
    code = models.CharField(max_length=40)
    rule = models.CharField(max_length=40, blank=True)
    audience = models.CharField(max_length=200)
    data = models.JSONField(default=dict, blank=True)
    compensates = models.ForeignKey(
        TableCommand, on_delete=models.PROTECT, null=True, blank=True, related_name="compensated_by"
    )
    created_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64, unique=True)

    objects = TableEventQuerySet.as_manager()

    class Meta:
        ordering = ["session", "seq"]
        constraints = [models.UniqueConstraint(fields=["session", "seq"], name="one_event_per_table_seq")]

    def __str__(self) -> str:
        return f"{self.session_id}#{self.seq} {self.code}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise PermissionError("The table's event log is append-only: events are never updated.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise PermissionError("The table's event log is append-only: events are never deleted.")

    def chained_fields(self) -> dict[str, Any]:
        return {
            "session": self.session_id, "seq": self.seq, "command": self.command_id, "code": self.code,
            "rule": self.rule, "audience": self.audience, "data": self.data,
            "compensates": self.compensates_id, "created_at": self.created_at.isoformat(),
        }


def audience_q(seat_key: str) -> Q:
    """The events a seat sees. Sealed ones (the audit trail) never join a seat's list, not even after the
    close: the close shows nobody a deck's order or a hand never played (LIVE-TABLES §6)."""
    return Q(audience="*") | Q(audience__contains=f"|{seat_key}|")

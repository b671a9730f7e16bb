"""The Mordheim battle: a pairing, its report, and its aftermath with the decisions it leaves to people.

The roster app is the one writer of a battle's status, from pairing to applied aftermath.
"""

from __future__ import annotations

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from roster.models.warbands import Warband


class Battle(models.Model):
    """Two warbands paired for a week, or one warband's bye (``warband_b`` empty, status ``bye``).

    ``prebattle`` keeps the pre-battle sequence as made: the ledger ids of its rolls,
    the engine's outcome, the scenario facts, the choices still pending and those
    answered. ``result`` is from warband A's side (``a``: A won). Reporting,
    confirming and the aftermath move the status on (another flow); standings count
    confirmed and resolved battles.
    """

    class Status(models.TextChoices):
        PAIRED = "paired", _("Paired")
        READY = "ready", _("Ready to play")
        REPORTED = "reported", _("Reported")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed")
        RESOLVED = "resolved", _("Resolved")
        BYE = "bye", _("Bye")

    class Result(models.TextChoices):
        NONE = "", _("Not played yet")
        A = "a", _("Warband A won")
        B = "b", _("Warband B won")
        DRAW = "draw", _("Draw")

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="battles")
    week = models.ForeignKey("campaign.Week", on_delete=models.PROTECT, related_name="battles")
    warband_a = models.ForeignKey(Warband, on_delete=models.PROTECT, related_name="battles_as_a")
    warband_b = models.ForeignKey(
        Warband, on_delete=models.PROTECT, null=True, blank=True, related_name="battles_as_b"
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PAIRED)
    scenario = models.SlugField(_("scenario"), max_length=60, blank=True)
    prebattle = models.JSONField(_("pre-battle sequence"), default=dict, blank=True, encoder=DjangoJSONEncoder)
    ratings = models.JSONField(
        _("ratings at the start"),
        default=dict,
        blank=True,
        help_text=_("Each warband's rating when the battle began (at pairing, then at the pre-battle sequence)."),
    )
    result = models.CharField(_("result"), max_length=4, choices=Result.choices, default=Result.NONE, blank=True)
    winner = models.ForeignKey(
        Warband, on_delete=models.PROTECT, null=True, blank=True, related_name="battles_won"
    )
    paired_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    prebattle_at = models.DateTimeField(null=True, blank=True)
    reported_at = models.DateTimeField(null=True, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "campaign_battle"  # created by the campaign app; the table kept its name
        ordering = ["week_id", "id"]
        constraints = [
            models.CheckConstraint(condition=~Q(warband_a=models.F("warband_b")), name="battle_needs_two_warbands"),
            models.CheckConstraint(
                condition=Q(status="bye", warband_b__isnull=True) | (~Q(status="bye") & Q(warband_b__isnull=False)),
                name="a_bye_has_no_opponent",
            ),
            models.CheckConstraint(condition=Q(result__in=["", "a", "b", "draw"]), name="battle_result_known"),
            models.CheckConstraint(
                condition=Q(result="a", winner=models.F("warband_a"))
                | Q(result="b", winner=models.F("warband_b"))
                | Q(result__in=["", "draw"], winner__isnull=True),
                name="battle_winner_matches_result",
            ),
        ]
        indexes = [models.Index(fields=["campaign", "status"])]

    def __str__(self) -> str:
        return f"{self.campaign} · week {self.week_id} · {self.warband_a_id} v {self.warband_b_id or '-'}"


class BattleReport(models.Model):
    """What one player says happened in a battle, and what the opponent (or the organiser) said to it.

    ``data`` is the report as the rules engine reads it: scenario, winner (a warband id or
    null for a draw), each model taken out of action and by whom, who sat out, and the
    scenario's objectives. A confirmed (or overridden) report queues the aftermath.
    """

    class Status(models.TextChoices):
        SUBMITTED = "submitted", _("Waiting for the opponent")
        CONFIRMED = "confirmed", _("Confirmed by the opponent")
        DISPUTED = "disputed", _("Disputed by the opponent")
        OVERRIDDEN = "overridden", _("Settled by the organiser")

    battle = models.OneToOneField(Battle, on_delete=models.CASCADE, related_name="report")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    data = models.JSONField(encoder=DjangoJSONEncoder)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SUBMITTED)
    responder = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    dispute_reason = models.TextField(blank=True)
    submitted_at = models.DateTimeField()
    responded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "campaign_battlereport"  # created by the campaign app; the table kept its name

    def __str__(self) -> str:
        return f"report of battle {self.battle_id}: {self.status}"


class Aftermath(models.Model):
    """A battle's post-battle sequence: queued when the report is confirmed, claimed once, rolled, applied.

    ``rolled_at`` set: every roll is in the ledger (``ref`` ``aftermath:<battle>``) and
    ``outcome`` holds the engine's result; nothing is rolled again. ``applied_at`` set:
    the rosters carry its effects. A run that died between the two finds the first
    set and the second empty, and only applies.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        ROLLED = "rolled", _("Rolled, not yet applied")
        APPLIED = "applied", _("Applied")
        FAILED = "failed", _("Failed")

    battle = models.OneToOneField(Battle, on_delete=models.PROTECT, related_name="aftermath")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    claimed_at = models.DateTimeField(null=True, blank=True)
    rolled_at = models.DateTimeField(null=True, blank=True)
    applied_at = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True, help_text=_("Every decision answered too."))
    report = models.JSONField(default=dict, help_text=_("The confirmed battle report, as the engine reads it."))
    ratings = models.JSONField(default=dict, help_text=_("Each warband's rating at the start of the battle."))
    outcome = models.JSONField(default=dict, blank=True)
    id_map = models.JSONField(default=dict, blank=True, help_text=_("Engine ids of warriors created here."))
    error = models.TextField(blank=True, help_text=_("Why it failed, for the organiser to act on."))
    failure_code = models.SlugField(max_length=40, blank=True, help_text=_("The failure's stable code."))
    failed_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["status", "applied_at"])]

    def __str__(self) -> str:
        return f"aftermath of battle {self.battle_id}: {self.status}"


class Decision(models.Model):
    """A choice the rules leave to a player (a skill, WS or BS, a captive's fate) or the organiser
    (a pit fight); only the effects that depend on it wait for the answer."""

    class Chooser(models.TextChoices):
        PLAYER = "player", _("The warband's player")
        CAPTOR = "captor", _("The captor's player")
        ORGANISER = "organiser", _("The organiser")

    aftermath = models.ForeignKey(Aftermath, on_delete=models.CASCADE, related_name="decisions")
    key = models.CharField(max_length=120, help_text=_("The engine's decision id."))
    kind = models.SlugField(max_length=40)
    warband = models.ForeignKey(Warband, on_delete=models.CASCADE, related_name="decisions")
    chooser = models.CharField(max_length=10, choices=Chooser.choices)
    answerer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    request = models.JSONField()
    answer = models.JSONField(null=True, blank=True)
    resolution = models.JSONField(null=True, blank=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["aftermath", "key"], name="one_decision_per_engine_id")]
        indexes = [models.Index(fields=["answerer", "answered_at"])]

    def __str__(self) -> str:
        return f"{self.kind} for {self.warband_id}"

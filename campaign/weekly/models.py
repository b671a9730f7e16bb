"""Models of the secret weekly moves (app label ``weekly``; the tables kept the names the campaign app gave them).

How the intrigue game's state (spec §1) is stored, so the engine's ``GameState`` can be rebuilt
exactly (``campaign.weekly.state``):

- :class:`Character`: one row per player character, its scalar stats as columns (constraints
  apply to them) and its lists (abilities with their counters, ingredients, artifacts,
  companions) as JSON. Its engine id is ``p<pk>``; companions get ids ``p<pk>c<n>``.
- :class:`InfoHolding`: one row per (holder, subject) with a count (WM-INFO-01).
- :class:`Promise`: a service promised in an Exchange (WM-EXCH-02).
- :class:`WeeklyGame`: one row per campaign: the week the state is in (per-week counters were
  reset for it, WM-ABL-04).

A week's submissions are :class:`WeeklyMove` rows. Its resolution is a :class:`WeekResolution`
(the frozen plan and settings, the progress, the engine's per-week ledger) with one
:class:`MoveResult` per plan entry, written in the same transaction as that entry's rolls and
the rows of the state it changed, and :class:`WeeklyDecision` rows for the choices it paused
for (WM-ABL-03).
"""

from __future__ import annotations

from django.conf import settings as django_settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

__all__ = [
    "Character",
    "InfoHolding",
    "MoveResult",
    "Promise",
    "WeekResolution",
    "WeeklyDecision",
    "WeeklyGame",
    "WeeklyMove",
]


class WeeklyGame(models.Model):
    """The campaign-wide part of an intrigue game's state."""

    campaign = models.OneToOneField("campaign.Campaign", on_delete=models.CASCADE, related_name="weekly_game")
    week = models.PositiveIntegerField(
        _("week"), default=1, help_text=_("The week the state is in; per-week counters were reset for it.")
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "campaign_weeklygame"

    def __str__(self) -> str:
        return f"{self.campaign_id} · week {self.week}"


class Character(models.Model):
    """A player character (spec §1); the engine's ``Player`` with id :attr:`key`."""

    class Status(models.TextChoices):
        ALIVE = "alive", _("Alive")
        DEAD = "dead", _("Dead")
        OUT = "out", _("Out of the Game")

    class RitualSource(models.TextChoices):
        NONE = "", _("Does not know it")
        COMPUTED = "computed", _("Computed it")
        EXCHANGE = "exchange", _("Received it in an Exchange")

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="characters")
    user = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="characters")
    name = models.CharField(_("name"), max_length=80)
    magic = models.SmallIntegerField(_("Magic"), default=0)
    shadow = models.SmallIntegerField(_("Shadow"), default=0)
    might = models.SmallIntegerField(_("Might"), default=0)
    influence = models.SmallIntegerField(_("Influence"), default=0)
    preparedness = models.SmallIntegerField(_("Preparedness"), default=1)
    debt = models.SmallIntegerField(_("Debt"), default=0)
    xp = models.PositiveIntegerField(_("experience"), default=0)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.ALIVE)
    ever_out = models.BooleanField(_("ever out of the Game"), default=False)
    knows_ritual_location = models.BooleanField(_("knows the Ritual's location"), default=False)
    ritual_source = models.CharField(max_length=10, choices=RitualSource.choices, default="", blank=True)
    abilities = models.JSONField(_("abilities"), default=list, blank=True)
    ingredients = models.JSONField(_("ingredients"), default=list, blank=True)
    artifacts = models.JSONField(_("artifacts"), default=list, blank=True)
    companions = models.JSONField(_("companions"), default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "campaign_character"
        ordering = ["campaign_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_character_per_player_and_campaign"),
            models.CheckConstraint(condition=Q(status__in=["alive", "dead", "out"]), name="character_status_known"),
            models.CheckConstraint(
                condition=Q(ritual_source__in=["", "computed", "exchange"]), name="character_ritual_source_known"
            ),
            # WM-RIT-01: whoever is out of the Game has been out; the flag sticks when they come back.
            models.CheckConstraint(condition=~Q(status="out") | Q(ever_out=True), name="an_out_character_was_out"),
            models.CheckConstraint(
                condition=Q(ritual_source="") | Q(knows_ritual_location=True), name="a_ritual_source_means_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.campaign_id})"

    @property
    def key(self) -> str:
        """The character's id in the engine (and in results and events)."""
        return f"p{self.pk}"


class InfoHolding(models.Model):
    """Info(holder -> subject) (WM-INFO-01): ``holder`` is the player; ``companion`` set when a companion holds it."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="info_holdings")
    holder = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="holdings")
    companion = models.CharField(_("held by companion"), max_length=40, blank=True, default="")
    subject = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="known_by")
    count = models.PositiveSmallIntegerField(_("info"), default=0)
    gained = models.JSONField(_("week each level was gained"), default=list, blank=True)
    valid = models.BooleanField(_("valid"), default=True, help_text=_("False once the subject moved (WM-ABL-02)."))
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "campaign_infoholding"
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["holder", "companion", "subject"], name="one_holding_per_pair"),
            models.CheckConstraint(condition=~Q(holder=F("subject")), name="no_info_about_oneself"),
        ]
        indexes = [models.Index(fields=["campaign", "holder"])]

    def __str__(self) -> str:
        return f"{self.holder_id}->{self.subject_id}: {self.count}"


class Promise(models.Model):
    """A service promised in an Exchange (WM-EXCH-02): binding; the GM marks it fulfilled."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="promises")
    week = models.PositiveIntegerField(_("week"))
    promiser = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="promises_made")
    beneficiary = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="promises_received")
    service = models.TextField(_("service"))
    fulfilled = models.BooleanField(_("fulfilled"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "campaign_promise"
        ordering = ["id"]
        constraints = [models.CheckConstraint(condition=~Q(promiser=F("beneficiary")), name="a_promise_to_another")]

    def __str__(self) -> str:
        return f"{self.promiser_id} -> {self.beneficiary_id}: {self.service[:40]}"


class WeeklyMove(models.Model):
    """A secret submission for an open week: a move or a free action. Its engine id is ``m<pk>``.

    ``pk`` order is submission order (``Move.seq``); an edit keeps the original place.
    """

    week = models.ForeignKey("campaign.Week", on_delete=models.CASCADE, related_name="weekly_moves")
    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="moves")
    kind = models.SlugField(_("move"), max_length=40)
    payload = models.JSONField(_("details"), default=dict, blank=True, encoder=DjangoJSONEncoder)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "campaign_weeklymove"
        ordering = ["week_id", "id"]
        indexes = [models.Index(fields=["week", "character"])]

    def __str__(self) -> str:
        return f"{self.week_id} · {self.character_id} · {self.kind}"

    @property
    def key(self) -> str:
        return f"m{self.pk}"


class WeekResolution(models.Model):
    """A week's resolution: the plan frozen when it started, and how far it got.

    Created when the GM orders the queue (``pending``) or when resolution starts. ``plan``,
    ``settings`` and ``start_state`` are fixed at the start, so a resumed run resolves the same
    entries under the same rules; ``next_index`` moves on in the transaction that stores each
    entry's rolls, result and state, so a crashed run continues from it.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Not started")
        RUNNING = "running", _("Running")
        PAUSED = "paused", _("Waiting for a decision")
        FAILED = "failed", _("Failed")
        DONE = "done", _("Done")

    week = models.OneToOneField("campaign.Week", on_delete=models.CASCADE, related_name="weekly_resolution")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    queue = models.JSONField(_("the GM's order"), default=list, blank=True, help_text=_("Move ids, first first."))
    plan = models.JSONField(default=dict, blank=True)
    settings = models.JSONField(default=dict, blank=True)
    start_state = models.JSONField(default=dict, blank=True)
    ledger = models.JSONField(default=dict, blank=True, help_text=_("The engine's scratch for this week."))
    next_index = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    pauses = models.PositiveIntegerField(default=0, help_text=_("Times it paused; a run seeing it change reloads."))
    started_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(_("why it failed"), blank=True)

    class Meta:
        db_table = "campaign_weekresolution"
        constraints = [
            models.CheckConstraint(condition=Q(next_index__lte=F("total")), name="resolution_within_its_plan"),
            models.CheckConstraint(
                condition=Q(status="pending") | Q(started_at__isnull=False), name="a_started_resolution_has_a_start"
            ),
            models.CheckConstraint(
                condition=~Q(status="done") | Q(finished_at__isnull=False, next_index=F("total")),
                name="a_done_resolution_resolved_everything",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.week_id}: {self.next_index}/{self.total} {self.status}"


class MoveResult(models.Model):
    """One resolved plan entry, as the engine returned it. ``audience``: everyone who may see any of it.

    The author (``visible_to``) and the GM see the whole record; anyone else in ``audience``
    sees only the events that name them (``campaign.weekly.selectors``).
    """

    week = models.ForeignKey("campaign.Week", on_delete=models.CASCADE, related_name="weekly_results")
    index = models.PositiveIntegerField()
    move = models.ForeignKey(WeeklyMove, on_delete=models.SET_NULL, null=True, blank=True, related_name="results")
    move_key = models.CharField(max_length=60)
    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="results")
    kind = models.SlugField(max_length=40)
    status = models.CharField(max_length=10)
    visible_to = models.JSONField(default=list)
    events = models.JSONField(default=list, blank=True)
    errors = models.JSONField(default=list, blank=True)
    record = models.JSONField(default=dict, blank=True)
    rolls = models.JSONField(default=list, blank=True)
    audience = models.ManyToManyField(Character, related_name="visible_results", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "campaign_moveresult"
        ordering = ["week_id", "index"]
        constraints = [
            models.UniqueConstraint(fields=["week", "index"], name="one_result_per_plan_entry"),
            models.CheckConstraint(
                condition=Q(status__in=["resolved", "invalid", "lost", "void", "deferred"]),
                name="move_result_status_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.week_id}#{self.index} {self.kind} {self.status}"


class WeeklyDecision(models.Model):
    """A choice a week's resolution paused for (WM-ABL-03): ``character`` decides, or the GM when empty."""

    week = models.ForeignKey("campaign.Week", on_delete=models.CASCADE, related_name="weekly_decisions")
    index = models.PositiveIntegerField(help_text=_("The plan entry that waits for it."))
    key = models.CharField(max_length=200, help_text=_("The engine's decision key."))
    character = models.ForeignKey(
        Character, on_delete=models.CASCADE, null=True, blank=True, related_name="weekly_decisions"
    )
    kind = models.SlugField(max_length=40)
    rule = models.CharField(max_length=20, blank=True)
    options = models.JSONField(default=list)
    context = models.JSONField(default=dict, blank=True)
    answer = models.JSONField(null=True, blank=True)
    answered_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    answered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "campaign_weeklydecision"
        ordering = ["week_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["week", "key"], name="one_decision_per_week_and_key"),
            models.CheckConstraint(
                condition=Q(answered_at__isnull=True, answered_by__isnull=True) | Q(answered_at__isnull=False),
                name="a_decision_answered_with_a_time",
            ),
        ]
        indexes = [models.Index(fields=["week", "answered_at"])]

    def __str__(self) -> str:
        return f"{self.week_id} · {self.key}"

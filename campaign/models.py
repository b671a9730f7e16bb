"""Campaigns and who plays in them; weeks, battles, invitations and the campaign's timeline.

A campaign runs one game system on a pinned rules-pack version. Members hold
one role each (organiser, GM or player: one active membership per user and
campaign); a member who leaves keeps their history, read-only, so a
membership is ended, never deleted. A former member may still read the
campaign (its weeks, battles, standings and timeline) but changes nothing, and
their warbands and battles stay where they are.

``Campaign.settings`` holds the league's settings (``campaign.league``) and every
GAP/CONFIG setting of the campaign's game system
(``referee.engine.game_systems``) in one flat dict, defaults included.
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
    invitation = models.ForeignKey(
        "Invitation", on_delete=models.SET_NULL, null=True, blank=True, related_name="memberships"
    )

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
    A sweep claims a week past its deadline by moving it from open to resolving
    with ``claimed_at`` set (a conditional update, so two sweeps never both claim
    it); a week left resolving longer than the campaign's timeout is claimed again.
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
    claimed_at = models.DateTimeField(_("claimed for resolution at"), null=True, blank=True)

    class Meta:
        ordering = ["campaign_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="one_week_per_number"),
            models.UniqueConstraint(fields=["campaign"], condition=Q(status="open"), name="one_open_week_per_campaign"),
            models.CheckConstraint(
                condition=~Q(status="resolving") | Q(claimed_at__isnull=False), name="a_resolving_week_is_claimed"
            ),
        ]
        indexes = [models.Index(fields=["status", "deadline"]), models.Index(fields=["status", "claimed_at"])]

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


class Correction(models.Model):
    """An organiser's correction of a warband or battle: who, when, why, and what changed."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="corrections")
    actor = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    target = models.CharField(_("what was corrected"), max_length=80, help_text=_("e.g. warband:12, battle:7"))
    reason = models.TextField(_("why"))
    changes = models.JSONField(_("what changed"), default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.target}: {self.reason[:40]}"


class Invitation(models.Model):
    """A code (or a link carrying it) that lets whoever holds it join the campaign in one role.

    It expires, may be revoked, and may be limited to a number of uses (empty: any).
    """

    class Role(models.TextChoices):
        GM = "gm", _("Game master")
        PLAYER = "player", _("Player")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="invitations")
    code = models.CharField(_("code"), max_length=40, unique=True)
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.PLAYER)
    created_by = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(_("expires at"))
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)
    max_uses = models.PositiveIntegerField(_("uses allowed"), null=True, blank=True, default=1)
    uses = models.PositiveIntegerField(_("times used"), default=0)

    class Meta:
        ordering = ["campaign_id", "-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(role__in=["gm", "player"]), name="invitation_role_gm_or_player"),
            models.CheckConstraint(
                condition=Q(max_uses__isnull=True) | Q(uses__lte=models.F("max_uses")),
                name="invitation_uses_within_limit",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.campaign} · {self.role} · {self.code[:6]}…"


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

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="battles")
    week = models.ForeignKey(Week, on_delete=models.PROTECT, related_name="battles")
    warband_a = models.ForeignKey("roster.Warband", on_delete=models.PROTECT, related_name="battles_as_a")
    warband_b = models.ForeignKey(
        "roster.Warband", on_delete=models.PROTECT, null=True, blank=True, related_name="battles_as_b"
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PAIRED)
    scenario = models.SlugField(_("scenario"), max_length=60, blank=True)
    prebattle = models.JSONField(_("pre-battle sequence"), default=dict, blank=True, encoder=DjangoJSONEncoder)
    result = models.CharField(_("result"), max_length=4, choices=Result.choices, default=Result.NONE, blank=True)
    winner = models.ForeignKey(
        "roster.Warband", on_delete=models.PROTECT, null=True, blank=True, related_name="battles_won"
    )
    paired_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    prebattle_at = models.DateTimeField(null=True, blank=True)
    reported_at = models.DateTimeField(null=True, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
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

    def side_of(self, warband_id: int) -> str | None:
        """``a`` or ``b`` for a warband of this battle, None otherwise."""
        if warband_id == self.warband_a_id:
            return "a"
        if warband_id == self.warband_b_id:
            return "b"
        return None


class CampaignEvent(models.Model):
    """One entry of the campaign's timeline; other apps record theirs with ``campaign.services.event_record``.

    Kinds, and what their ``payload`` holds:

    - ``campaign_started``, ``campaign_finished``: nothing.
    - ``member_joined`` / ``member_left``: ``user``, ``role`` (``removed_by`` when the organiser removed them).
    - ``week_resolved``: ``week`` (number), ``next_week`` (number or null).
    - ``battle_paired``: ``week`` (number), ``automatic`` (bool); a bye has ``bye: true``.
    - ``prebattle``: ``scenario`` (or null while the roller chooses), ``rolled_by``, ``sit_out``.
    - ``scenario_chosen``: ``scenario``, ``decision``.
    - ``battle_reported``, ``battle_confirmed``, ``battle_disputed``, ``battle_resolved``: ``result``.
    - ``injury``, ``death``, ``advance``: ``warrior`` (id), ``name``, ``result`` (text or id).
    - ``xp_gained``: ``warband`` (id), ``amount`` (int), optional ``warrior``. Standings sum these.
    - ``shards_found``: ``warband`` (id), ``amount`` (int). Standings sum these.
    - ``correction``: ``target`` (``battle:7``, ``warband:12``), ``reason``, ``changes``, ``correction`` (id).

    ``visibility`` is ``public`` (every member) or ``gm`` (the GM only).
    """

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Every member")
        GM = "gm", _("The GM only")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="events")
    kind = models.SlugField(_("kind"), max_length=40)
    warband = models.ForeignKey(
        "roster.Warband", on_delete=models.SET_NULL, null=True, blank=True, related_name="campaign_events"
    )
    battle = models.ForeignKey(Battle, on_delete=models.SET_NULL, null=True, blank=True, related_name="events")
    week = models.ForeignKey(Week, on_delete=models.SET_NULL, null=True, blank=True, related_name="events")
    payload = models.JSONField(_("details"), default=dict, blank=True, encoder=DjangoJSONEncoder)
    visibility = models.CharField(max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC)
    actor = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["campaign", "kind"]), models.Index(fields=["campaign", "created_at"])]

    def __str__(self) -> str:
        return f"{self.campaign_id} · {self.kind}"



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
    reporter = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    data = models.JSONField(encoder=DjangoJSONEncoder)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SUBMITTED)
    responder = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    dispute_reason = models.TextField(blank=True)
    submitted_at = models.DateTimeField()
    responded_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"report of battle {self.battle_id}: {self.status}"

# The secret weekly moves keep their models in their own module (campaign/weekly/models.py).
from campaign.weekly.models import *  # noqa: E402, F403

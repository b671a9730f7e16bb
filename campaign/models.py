"""Campaigns and who plays in them; weeks, invitations, corrections and the campaign's timeline.

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

from typing import TYPE_CHECKING

from django.conf import settings as django_settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from referee.models import RollStream


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

    Each week owns roll streams (``referee.RollStream``): a public one and one per
    hidden audience, whose seed hashes are published when they open and whose seeds
    are revealed, each to its audience, when the week closes (``docs/hidden-rolls.md``).
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

    @property
    def roll_stream(self) -> RollStream:
        """The week's public stream (the one every member sees)."""
        return self.roll_streams.get(audience="public")


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

    - ``aftermath_failed``: ``reason``, ``code``, ``attempts`` (visibility ``staff``: what the organiser must fix).

    ``visibility`` is ``public`` (every member), ``gm`` (the GM only), ``staff`` (the organiser and the GM) or
    ``party`` (what tells of rosters, e.g. a battle's injuries: every member while rosters are public, else
    the party the game system names, the organiser and the GM; ``campaign.selectors.timeline.events_visible``).
    """

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Every member")
        GM = "gm", _("The GM only")
        STAFF = "staff", _("The organiser and the GM")
        PARTY = "party", _("Those it concerns, the organiser and the GM")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="events")
    kind = models.SlugField(_("kind"), max_length=40)
    warband = models.ForeignKey(
        "roster.Warband", on_delete=models.SET_NULL, null=True, blank=True, related_name="campaign_events"
    )
    battle = models.ForeignKey("roster.Battle", on_delete=models.SET_NULL, null=True, blank=True, related_name="events")
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


class Profile(models.Model):
    """What a person keeps across devices: the web app's language and time zone, and which notices to e-mail."""

    user = models.OneToOneField(django_settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    language = models.CharField(_("language"), max_length=8, blank=True, choices=django_settings.LANGUAGES)
    time_zone = models.CharField(
        _("time zone"), max_length=64, blank=True, help_text=_("Deadlines are shown in this time zone.")
    )
    email_kinds = models.JSONField(
        _("notices by e-mail"), default=list, blank=True, help_text=_("The kinds of notice also sent by e-mail.")
    )
    email_chosen = models.BooleanField(default=False, help_text="False: every kind, until the user chooses")

    def __str__(self) -> str:
        return f"profile of {self.user_id}"


class Notification(models.Model):
    """One notice in a person's inbox; ``key`` makes the same notice (one deadline, one report) arrive once."""

    class Kind(models.TextChoices):
        INVITED = "invited", _("Invited to a campaign")
        PAIRED = "paired", _("Paired for a battle")
        REPORT_TO_CONFIRM = "report_to_confirm", _("A battle report waits for my confirmation")
        DECISION = "decision", _("A decision waits for me")
        DEADLINE = "deadline", _("A deadline within 24 hours")
        WEEK_RESOLVED = "week_resolved", _("The week was resolved")
        WARBAND_APPROVED = "warband_approved", _("My warband was approved")
        WARBAND_SENT_BACK = "warband_sent_back", _("My warband was sent back")

    user = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, null=True, blank=True, related_name="notifications"
    )
    kind = models.CharField(_("kind"), max_length=24, choices=Kind.choices)
    key = models.CharField(max_length=80)
    params = models.JSONField(default=dict, blank=True, encoder=DjangoJSONEncoder)
    url = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "kind", "key"], name="one_notice_per_user_kind_key")]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self) -> str:
        return f"{self.user_id} · {self.kind} · {self.key}"


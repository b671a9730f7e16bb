"""Output shapes shared by several campaign endpoints (each command keeps its own input serializer)."""

from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from campaign.models import Campaign, CampaignEvent, Invitation, Membership, Week
from campaign.selectors.campaigns import week_in
from campaign.selectors.event_summaries import Names, event_summary
from campaign.selectors.week_streams import stream_view, week_streams
from referee.models import Audience


# Choice fields are plain strings in output shapes: each model's status (role, result...) is its own set of
# values, and drf-spectacular would otherwise name colliding enum components after hashes.
def text_choices(values: type[Any], label: str = "") -> serializers.CharField:
    return serializers.CharField(read_only=True, help_text=label or " | ".join(str(v) for v in values.values))


class WeekStreamSerializer(serializers.Serializer):
    """A roll stream of the week: what a verifier needs (``docs/verifying-rolls.md``). ``seed`` is null
    until the stream is revealed (a week's main stream: when the week closes)."""

    key = serializers.CharField(help_text=_("The stream's name; each roll's `stream` field names it."))
    commitment = serializers.CharField(help_text=_("SHA-256 (hex) of the seed's 32 bytes, published at opening."))
    salt = serializers.CharField(help_text=_("Hex; from the key and the frozen contributions."))
    scheme = serializers.IntegerField(
        help_text=_("Dice scheme: how the HMAC blocks become faces (1 or 2, docs/verifying-rolls.md section 4).")
    )
    contributions = serializers.DictField(child=serializers.CharField())
    seed = serializers.CharField(allow_null=True)
    revealed_at = serializers.DateTimeField(allow_null=True)


class WeekSerializer(serializers.ModelSerializer[Week]):
    status = text_choices(Week.Status)
    deadline_local = serializers.SerializerMethodField(help_text=_("The deadline in the campaign's time zone."))
    commitment = serializers.SerializerMethodField(help_text=_("SHA-256 of the week's seed, published at opening."))
    seed = serializers.SerializerMethodField(help_text=_("The week's seed (hex), once the week has closed."))
    streams = serializers.SerializerMethodField(help_text=_("Every roll stream of the week the viewer may verify."))

    class Meta:
        model = Week
        fields = [
            "id", "campaign", "number", "status", "opened_at", "deadline", "deadline_local", "closed_at",
            "commitment", "seed", "streams",
        ]

    def get_deadline_local(self, week: Week) -> str:
        return week.deadline.astimezone(ZoneInfo(week.campaign.time_zone)).isoformat()

    def _public(self, week: Week) -> dict[str, Any] | None:
        """The viewer's view of the week's public stream (the first one listed), if any."""
        request = self.context.get("request")
        streams = week_streams(week=week, viewer=getattr(request, "user", None))
        if not streams or streams[0][0].audience != Audience.PUBLIC:
            return None
        stream, seed_shown = streams[0]
        return stream_view(stream, seed_shown=seed_shown)

    def get_commitment(self, week: Week) -> str | None:
        public = self._public(week)
        return public["commitment"] if public else None

    def get_seed(self, week: Week) -> str | None:
        public = self._public(week)
        return public["seed"] if public else None

    @extend_schema_field(WeekStreamSerializer(many=True))
    def get_streams(self, week: Week) -> list[dict[str, Any]]:
        viewer = getattr(self.context.get("request"), "user", None)
        return [stream_view(s, seed_shown=shown) for s, shown in week_streams(week=week, viewer=viewer)]


class RulesPackRefSerializer(serializers.Serializer):
    slug = serializers.CharField()
    version = serializers.CharField()


class CampaignSerializer(serializers.ModelSerializer[Campaign]):
    rules_pack = serializers.SerializerMethodField()
    status = text_choices(Campaign.Status)
    viewer_role = serializers.CharField(read_only=True, allow_null=True, default=None)
    viewer_active = serializers.BooleanField(read_only=True, default=False)

    class Meta:
        model = Campaign
        fields = [
            "id",
            "name",
            "system",
            "rules_pack",
            "status",
            "time_zone",
            "created_at",
            "viewer_role",
            "viewer_active",
        ]

    @extend_schema_field(RulesPackRefSerializer)
    def get_rules_pack(self, campaign: Campaign) -> dict[str, str]:
        return {"slug": campaign.rules_pack.slug, "version": campaign.rules_pack.version}


class CampaignDetailSerializer(CampaignSerializer):
    settings = serializers.DictField(read_only=True)
    current_week = serializers.SerializerMethodField()

    class Meta(CampaignSerializer.Meta):
        fields = [*CampaignSerializer.Meta.fields, "settings", "current_week"]

    @extend_schema_field(WeekSerializer(allow_null=True))
    def get_current_week(self, campaign: Campaign) -> dict[str, Any] | None:
        week = week_in(campaign, Week.Status.OPEN, Week.Status.RESOLVING, last=True)
        return WeekSerializer(week).data if week else None


class MemberSerializer(serializers.ModelSerializer[Membership]):
    username = serializers.CharField(source="user.username")
    role = text_choices(Membership.Role)

    class Meta:
        model = Membership
        fields = ["id", "user", "username", "role", "joined_at", "left_at"]


class InvitationSerializer(serializers.ModelSerializer[Invitation]):
    link = serializers.SerializerMethodField(help_text=_("A link carrying the code (the app opens it)."))
    role = text_choices(Invitation.Role)

    class Meta:
        model = Invitation
        fields = [
            "id",
            "campaign",
            "code",
            "link",
            "role",
            "created_at",
            "expires_at",
            "revoked_at",
            "max_uses",
            "uses",
        ]

    def get_link(self, invitation: Invitation) -> str:
        path = f"/api/v1/invitations/{invitation.code}/"
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path


class EventSerializer(serializers.ModelSerializer[CampaignEvent]):
    actor = serializers.CharField(source="actor.username", allow_null=True, default=None)
    week_number = serializers.IntegerField(source="week.number", allow_null=True, default=None)
    visibility = text_choices(CampaignEvent.Visibility)
    warrior = serializers.SerializerMethodField(help_text=_("The warrior the event is about, if one."))
    summary = serializers.SerializerMethodField(help_text=_("Who did what, and the rule, in one line."))

    class Meta:
        model = CampaignEvent
        fields = [
            "id", "kind", "warband", "warrior", "battle", "week_number", "summary", "payload", "visibility", "actor",
            "created_at",
        ]

    def get_warrior(self, event: CampaignEvent) -> int | None:
        warrior = event.payload.get("warrior")
        return int(warrior) if isinstance(warrior, int) or (isinstance(warrior, str) and warrior.isdigit()) else None

    def get_summary(self, event: CampaignEvent) -> str:
        names = self.context.setdefault("names", Names())  # each kind of name read once per list
        return event_summary(event, names)

"""``/api/v1/campaigns/``: create and list campaigns, read one, change its settings, start and finish it."""

from __future__ import annotations

import django_filters
from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.serializers import CampaignDetailSerializer, CampaignSerializer, WeekSerializer
from campaign.api.settings_serializers import (
    NO_SYSTEM,
    SettingsChangeField,
    settings_out_serializer,
    settings_out_union,
    system_slugs,
)
from campaign.league import campaign_settings, league_specs
from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from campaign.lib.setting_words import words_of
from campaign.models import Campaign
from campaign.selectors import campaign_access, campaigns_visible_to
from campaign.services.campaigns import (
    campaign_create,
    campaign_finish,
    campaign_start,
    campaign_update,
    rules_pack_pinned,
)


def _annotated(request: Request, campaign_id: int) -> Campaign:
    """The campaign with the viewer's role on it; 404 for strangers."""
    return campaign_access(viewer=request.user, campaign_id=campaign_id).campaign


class CampaignFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(choices=Campaign.Status.choices)
    system = django_filters.CharFilter()

    class Meta:
        model = Campaign
        fields = ["status", "system"]


class CampaignListCreateView(generics.ListAPIView[Campaign]):
    """The campaigns you are (or were) a member of, with your role; or create one (you organise it)."""

    serializer_class = CampaignSerializer
    filterset_class = CampaignFilter

    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=120)
        rules_pack = serializers.SlugField(help_text=_("Slug of a rules pack served at /api/v1/rulesets/."))
        version = serializers.CharField(
            max_length=20,
            required=False,
            allow_null=True,
            default=None,
            help_text=_("Pin this version; the newest when left out."),
        )
        time_zone = serializers.CharField(max_length=64, default="UTC", help_text=_("IANA name, e.g. Europe/Prague."))
        settings = SettingsChangeField(required=False, default=dict)

    def get_queryset(self) -> QuerySet[Campaign]:
        return campaigns_visible_to(viewer=self.request.user)

    @extend_schema(request=InputSerializer, responses={201: CampaignDetailSerializer})
    @idempotent
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        pack = rules_pack_pinned(slug=values["rules_pack"], version=values["version"])
        campaign = campaign_create(
            name=values["name"],
            rules_pack=pack,
            organiser=viewer(request),
            time_zone=values["time_zone"],
            settings=values["settings"],
        )
        return Response(CampaignDetailSerializer(_annotated(request, campaign.pk)).data, status=201)


class CampaignDetailView(APIView):
    """One campaign: its pack, status, settings, current week and your role."""

    @extend_schema(responses={200: CampaignDetailSerializer})
    def get(self, request: Request, pk: int) -> Response:
        return Response(CampaignDetailSerializer(_annotated(request, pk)).data)


class CampaignSettingsView(APIView):
    """Read every setting (the league's that apply to the campaign's game system, and the system's), typed per
    system, with the league settings described; the organiser changes some of them (only the ones sent). A bad
    value is a 400 naming the field, saying what is allowed, and changes nothing."""

    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=120, required=False)
        time_zone = serializers.CharField(max_length=64, required=False)
        settings = SettingsChangeField(required=False, default=dict)

    def _out(self, campaign: Campaign) -> Response:
        slug = campaign.system if campaign.system in system_slugs() else NO_SYSTEM
        league = [
            {"name": spec.name, "default": spec.default, "label": str(words_of("league", spec.name).label),
             "doc": str(words_of("league", spec.name).help)}
            for spec in league_specs(slug)
        ]
        current = campaign_settings(slug, campaign.settings or {}) if slug else campaign.settings
        return Response(
            settings_out_serializer(slug)(
                {"system": campaign.system, "time_zone": campaign.time_zone, "settings": current, "league": league}
            ).data
        )

    @extend_schema(responses={200: settings_out_union()})
    def get(self, request: Request, pk: int) -> Response:
        return self._out(campaign_access(viewer=request.user, campaign_id=pk).campaign)

    @extend_schema(request=InputSerializer, responses={200: settings_out_union()})
    @transaction.atomic  # the change and its response together: a failure after the write undoes it
    def patch(self, request: Request, pk: int) -> Response:
        access = campaign_access(viewer=request.user, campaign_id=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        campaign = campaign_update(
            campaign=access.campaign,
            actor=viewer(request),
            settings=values["settings"],
            name=values.get("name"),
            time_zone=values.get("time_zone"),
        )
        return self._out(campaign)


class CampaignStartView(APIView):
    """The organiser starts a draft campaign: week 1 opens with the schedule's first deadline."""

    @extend_schema(request=None, responses={200: WeekSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        access = campaign_access(viewer=request.user, campaign_id=pk)
        week = campaign_start(campaign=access.campaign, actor=viewer(request))
        return Response(WeekSerializer(week).data)


class CampaignFinishView(APIView):
    """The organiser finishes a running campaign: the current week is resolved now and no other opens."""

    @extend_schema(request=None, responses={200: CampaignDetailSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        access = campaign_access(viewer=request.user, campaign_id=pk)
        campaign_finish(campaign=access.campaign, actor=viewer(request))
        return Response(CampaignDetailSerializer(_annotated(request, pk)).data)

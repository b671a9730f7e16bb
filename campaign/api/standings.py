"""Standings and the campaign timeline."""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.serializers import EventSerializer
from campaign.models import CampaignEvent
from campaign.selectors import standings_of, timeline_of


class StandingsView(APIView):
    """Standings: points from the league's win/draw/loss/bye points; ties broken by wins, fewer losses, experience
    gained, shards found, then rating (equal on all of these: same rank)."""

    class OutputSerializer(serializers.Serializer):
        rank = serializers.IntegerField()
        warband = serializers.IntegerField()
        name = serializers.CharField()
        owner = serializers.CharField()
        status = serializers.CharField()
        played = serializers.IntegerField()
        wins = serializers.IntegerField()
        draws = serializers.IntegerField()
        losses = serializers.IntegerField()
        byes = serializers.IntegerField()
        points = serializers.IntegerField()
        rating = serializers.IntegerField()
        xp_gained = serializers.IntegerField()
        shards_found = serializers.IntegerField()

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request, pk: int) -> Response:
        return Response(self.OutputSerializer(standings_of(viewer=request.user, campaign_id=pk), many=True).data)


class TimelineFilter(django_filters.FilterSet):
    kind = django_filters.CharFilter()
    warband = django_filters.NumberFilter(field_name="warband_id")
    battle = django_filters.NumberFilter(field_name="battle_id")
    week = django_filters.NumberFilter(field_name="week__number", label=_("week number"))

    class Meta:
        model = CampaignEvent
        fields = ["kind", "warband", "battle", "week"]


class TimelineView(generics.ListAPIView[CampaignEvent]):
    """What happened in the campaign, newest first: battles, injuries, deaths, advances, weeks resolved,
    corrections (filters: kind, warband, battle, week number)."""

    queryset = CampaignEvent.objects.none()  # for the schema; get_queryset asks the selector
    serializer_class = EventSerializer
    filterset_class = TimelineFilter

    def get_queryset(self) -> QuerySet[CampaignEvent]:
        return timeline_of(viewer=self.request.user, campaign_id=self.kwargs["pk"])

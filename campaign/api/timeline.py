"""The campaign timeline."""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from rest_framework import generics

from campaign.api.serializers import EventSerializer
from campaign.models import CampaignEvent
from campaign.selectors import timeline_of


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

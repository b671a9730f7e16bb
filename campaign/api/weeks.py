"""Weeks of a campaign."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.serializers import WeekSerializer
from campaign.models import Week
from campaign.selectors import week_for_viewer, weeks_of


class WeekListView(generics.ListAPIView[Week]):
    """The campaign's weeks, with each deadline in UTC and in the campaign's time zone."""

    queryset = Week.objects.none()  # for the schema; get_queryset asks the selector
    serializer_class = WeekSerializer

    def get_queryset(self) -> QuerySet[Week]:
        return weeks_of(viewer=self.request.user, campaign_id=self.kwargs["pk"]).select_related("campaign")


class WeekDetailView(APIView):
    """One week."""

    @extend_schema(responses={200: WeekSerializer})
    def get(self, request: Request, pk: int) -> Response:
        week, _access = week_for_viewer(viewer=request.user, week_id=pk)
        return Response(WeekSerializer(week).data)

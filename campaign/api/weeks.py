"""Weeks of a campaign."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.serializers import WeekSerializer
from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from campaign.models import Week
from campaign.selectors import week_for_viewer, weeks_of
from campaign.services.weeks import week_close_early


class WeekListView(generics.ListAPIView[Week]):
    """The campaign's weeks, with each deadline in UTC and in the campaign's time zone."""

    queryset = Week.objects.none()  # for the schema; get_queryset asks the selector
    serializer_class = WeekSerializer

    def get_queryset(self) -> QuerySet[Week]:
        return weeks_of(viewer=self.request.user, campaign_id=self.kwargs["pk"])


class WeekDetailView(APIView):
    """One week, with its seed commitment and, once it closed, its seed (``docs/verifying-rolls.md``)."""

    @extend_schema(responses={200: WeekSerializer})
    def get(self, request: Request, pk: int) -> Response:
        week, _access = week_for_viewer(viewer=request.user, week_id=pk)
        return Response(WeekSerializer(week, context={"request": request}).data)


class WeekCloseView(APIView):
    """The organiser or the GM closes the open week now, before its deadline, in any game system: its
    resolver runs as at the deadline, its seed is revealed and the next week opens. Answers 202 with the
    week (``resolving`` while its resolver waits for a decision)."""

    @extend_schema(request=None, responses={202: WeekSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        week, _access = week_for_viewer(viewer=request.user, week_id=pk)  # 404 before anything is revealed
        closed = week_close_early(week=week, actor=viewer(request))
        return Response(WeekSerializer(closed, context={"request": request}).data, status=202)

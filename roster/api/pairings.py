"""The organiser's pairings for a week: by hand, or automatic."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from campaign.selectors import week_for_viewer
from roster.api.battle_serializers import BattleSerializer
from roster.battles.pairings import pairings_auto, pairings_set
from roster.models import Battle
from roster.selectors import battles_of


class PairingsView(generics.ListAPIView[Battle]):
    """The week's battles (and byes); the organiser pairs warbands by hand.

    Each pair is ``{"a": warband id, "b": warband id}``; leave ``b`` empty for a bye.
    ``replace`` first drops the week's pairings nobody has started.
    """

    queryset = Battle.objects.none()  # for the schema; get_queryset asks the selector
    serializer_class = BattleSerializer

    class PairSerializer(serializers.Serializer):
        a = serializers.IntegerField()
        b = serializers.IntegerField(allow_null=True, required=False, default=None)

    class InputSerializer(serializers.Serializer):
        pairs = serializers.ListField(child=serializers.DictField(), allow_empty=False)
        replace = serializers.BooleanField(default=False)

    def get_queryset(self) -> QuerySet[Battle]:
        week, access = week_for_viewer(viewer=self.request.user, week_id=self.kwargs["pk"])
        return battles_of(viewer=self.request.user, campaign_id=access.campaign.pk, week=week.number)

    @extend_schema(request=InputSerializer, responses={201: BattleSerializer(many=True)})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        week, _access = week_for_viewer(viewer=request.user, week_id=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        pairs = self.PairSerializer(data=data.validated_data["pairs"], many=True)
        pairs.is_valid(raise_exception=True)
        battles = pairings_set(
            week=week,
            actor=viewer(request),
            pairs=[(p["a"], p["b"]) for p in pairs.validated_data],
            replace=data.validated_data["replace"],
        )
        return Response(BattleSerializer(battles, many=True).data, status=201)


class AutoPairingsView(APIView):
    """The organiser pairs every free approved warband automatically: closest rating first, no rematch within
    the league's ``rematch_weeks``, and a bye when the count is odd."""

    @extend_schema(
        request=None,
        responses={201: BattleSerializer(many=True)},
        description=str(_("Rematches are allowed, and flagged on the timeline, only when no pairing avoids them.")),
    )
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        week, _access = week_for_viewer(viewer=request.user, week_id=pk)
        battles = pairings_auto(week=week, actor=viewer(request))
        return Response(BattleSerializer(battles, many=True).data, status=201)

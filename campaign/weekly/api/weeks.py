"""A week's resolution over the API: its results as the viewer may see them, the decisions it waits
for, the GM's progress view, the GM's "resolve now", and the GM's order of the queue."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.serializers import WeekSerializer
from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from campaign.selectors import week_for_viewer
from campaign.services.weeks import week_close_early
from campaign.weekly.access import SYSTEM, week_viewer
from campaign.weekly.api.moves import _int_param
from campaign.weekly.models import MoveResult, WeeklyDecision
from campaign.weekly.selectors import decisions_for, resolution_for, result_for, results_visible_to
from campaign.weekly.services import decision_answer, week_queue_set, week_resolve_now


class ResultSerializer(serializers.Serializer):
    """One resolved entry. Fields the viewer may not see are null (another player's entry shows only
    the events that concern the viewer)."""

    index = serializers.IntegerField(allow_null=True)
    mine = serializers.BooleanField()
    move = serializers.IntegerField(allow_null=True)
    move_key = serializers.CharField(allow_null=True)
    character = serializers.IntegerField(allow_null=True)
    kind = serializers.CharField(allow_null=True)
    status = serializers.CharField(allow_null=True)
    record = serializers.JSONField(allow_null=True)
    move_errors = serializers.ListField(child=serializers.JSONField())
    rolls = serializers.ListField(child=serializers.JSONField())
    events = serializers.ListField(child=serializers.JSONField())

    def to_representation(self, instance: MoveResult) -> dict[str, Any]:
        return result_for(instance, key=self.context.get("key"), is_gm=bool(self.context.get("is_gm")))


class WeekResultsView(generics.ListAPIView[MoveResult]):
    """The week's results the viewer may see (spec §2): the GM all of them, any time; a player, once the
    week has closed, their own entries and the events of others' entries that concern them."""

    queryset = MoveResult.objects.none()  # for the schema; get_queryset asks the selector
    serializer_class = ResultSerializer

    def get_queryset(self) -> QuerySet[MoveResult]:
        who, results = results_visible_to(
            viewer=self.request.user,
            week_id=self.kwargs["pk"],
            kind=self.request.query_params.get("kind") or None,
            character_id=_int_param(self.request, "character"),
        )
        self._who = who
        return results

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        who = getattr(self, "_who", None)
        if who is not None:
            context.update(key=who.key, is_gm=who.is_gm)
        return context

    @extend_schema(
        parameters=[
            OpenApiParameter("kind", OpenApiTypes.STR, description="Only entries of this kind (own, or any: GM)."),
            OpenApiParameter("character", OpenApiTypes.INT, description="Only this character's entries (as kind)."),
        ]
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class ResolutionView(APIView):
    """The GM follows the week's resolution: entries done of total, open decisions, a failure's reason."""

    class OutputSerializer(serializers.Serializer):
        week = serializers.IntegerField()
        week_status = serializers.CharField()
        status = serializers.CharField()
        done = serializers.IntegerField()
        total = serializers.IntegerField(allow_null=True)
        open_decisions = serializers.IntegerField()
        started_at = serializers.DateTimeField(allow_null=True)
        finished_at = serializers.DateTimeField(allow_null=True)
        error = serializers.CharField(allow_blank=True)

    @extend_schema(responses={200: OutputSerializer})
    def get(self, request: Request, pk: int) -> Response:
        return Response(self.OutputSerializer(resolution_for(viewer=request.user, week_id=pk)).data)


class ResolveView(APIView):
    """The GM resolves the week now, before its deadline (claimed as the sweep claims it), or restarts a
    week left resolving. Answers 202 with the week; follow it at ``/resolution/``. A week of another game
    system is closed as ``/weeks/{id}/close/`` closes it (the organiser or the GM), permission first."""

    @extend_schema(request=None, responses={202: WeekSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        week, _access = week_for_viewer(viewer=request.user, week_id=pk)
        if week.campaign.system != SYSTEM:
            closed = week_close_early(week=week, actor=viewer(request))
            return Response(WeekSerializer(closed, context={"request": request}).data, status=202)
        who = week_viewer(viewer=request.user, week_id=pk)
        week = week_resolve_now(week=who.week, actor=viewer(request))
        return Response(WeekSerializer(week).data, status=202)


class QueueView(APIView):
    """The GM orders the week's queue (WM-GEN-01): these moves first, in this order."""

    class InputSerializer(serializers.Serializer):
        moves = serializers.ListField(child=serializers.IntegerField())

    class OutputSerializer(serializers.Serializer):
        moves = serializers.ListField(child=serializers.CharField())

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer})
    @transaction.atomic  # the change and its response together: a failure after the write undoes it
    def put(self, request: Request, pk: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        who = week_viewer(viewer=request.user, week_id=pk)
        res = week_queue_set(week=who.week, actor=viewer(request), move_ids=data.validated_data["moves"])
        return Response({"moves": res.queue})


class WeekDecisionSerializer(serializers.ModelSerializer[WeeklyDecision]):
    open = serializers.SerializerMethodField()

    class Meta:
        model = WeeklyDecision
        fields = [
            "id", "week", "key", "character", "kind", "rule", "options", "context", "answer", "answered_at", "open"
        ]

    def get_open(self, decision: WeeklyDecision) -> bool:
        return decision.answered_at is None


class WeekDecisionListView(generics.ListAPIView[WeeklyDecision]):
    """Choices the week's resolution waits for (WM-ABL-03): the viewer's own, or all of them for the GM.
    ``?open=true`` lists only those not answered yet."""

    queryset = WeeklyDecision.objects.none()  # for the schema; get_queryset asks the selector
    serializer_class = WeekDecisionSerializer

    def get_queryset(self) -> QuerySet[WeeklyDecision]:
        open_only = self.request.query_params.get("open") in ("1", "true", "yes")
        return decisions_for(viewer=self.request.user, week_id=self.kwargs["pk"], open_only=open_only)

    @extend_schema(parameters=[OpenApiParameter("open", OpenApiTypes.BOOL, description="Only open decisions.")])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class WeekDecisionAnswerView(APIView):
    """Answer a decision: one of its ``options`` (a replacement move is ``{"kind", "payload"}``).
    When the last open one is answered, the resolution continues."""

    class InputSerializer(serializers.Serializer):
        answer = serializers.JSONField()

    @extend_schema(request=InputSerializer, responses={200: WeekDecisionSerializer})
    @idempotent
    def post(self, request: Request, pk: int, decision_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        who = week_viewer(viewer=request.user, week_id=pk)
        decision = decision_answer(
            week=who.week, actor=viewer(request), decision_id=decision_id, answer=data.validated_data["answer"]
        )
        return Response(WeekDecisionSerializer(decision).data)

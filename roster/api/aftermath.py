"""``/api/v1/battles/{id}/aftermath/`` and ``/api/v1/decisions/``: the post-battle sequence as it happened,
and the choices waiting for the viewer."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from campaign.selectors.rolls import chained_to_hidden
from referee.api.serializers import RollOutputSerializer
from roster.aftermath.decisions import decision_answer
from roster.aftermath.queue import aftermath_retry
from roster.api.aftermath_records import (
    AdvanceSerializer,
    AftermathInjurySerializer,
    ExperienceSerializer,
    ExplorationSerializer,
    IncomeSerializer,
    records_of,
)
from roster.api.decision_schema import DecisionAnswerField, DecisionRequestSerializer, request_of
from roster.api.effects_schema import EffectListField, effects_out
from roster.models import Aftermath, Battle, Decision
from roster.selectors.aftermath import (
    aftermath_decisions,
    aftermath_for_viewer,
    aftermath_rolls,
    decisions_of,
    failed_aftermaths_of,
)


def _battle_for(viewer_user: Any, battle_id: int) -> Battle:
    battle, _aftermath = aftermath_for_viewer(viewer=viewer_user, battle_id=battle_id)
    return battle


class DecisionSerializer(serializers.ModelSerializer[Decision]):
    battle = serializers.IntegerField(source="aftermath.battle_id")
    campaign = serializers.IntegerField(source="warband.campaign_id")
    answerer = serializers.CharField(source="answerer.username")
    open = serializers.SerializerMethodField()
    request = serializers.SerializerMethodField()
    answer = DecisionAnswerField(allow_null=True, help_text=_("The answer given; null while open."))

    class Meta:
        model = Decision
        fields = [
            "id",
            "campaign",
            "battle",
            "kind",
            "warband",
            "chooser",
            "answerer",
            "request",
            "answer",
            "resolution",
            "answered_at",
            "open",
            "created_at",
        ]

    def get_open(self, decision: Decision) -> bool:
        return decision.answered_at is None

    @extend_schema_field(DecisionRequestSerializer)
    def get_request(self, decision: Decision) -> Any:
        return request_of(decision.request, decision.aftermath.id_map or {})


class AftermathSerializer(serializers.Serializer):
    """The post-battle sequence; before it starts only ``battle``, ``status`` and empty lists."""

    battle = serializers.IntegerField()
    status = serializers.CharField(help_text=_("not_started, or the aftermath's status"))
    error = serializers.CharField(required=False, allow_blank=True)
    failure_code = serializers.CharField(
        required=False, allow_blank=True, help_text=_("Why the last run failed, for programs; empty unless it did.")
    )
    failed_at = serializers.DateTimeField(required=False, allow_null=True)
    attempts = serializers.IntegerField(required=False, min_value=0, help_text=_("Runs so far, retries included."))
    rolled_at = serializers.DateTimeField(required=False, allow_null=True)
    applied_at = serializers.DateTimeField(required=False, allow_null=True)
    resolved_at = serializers.DateTimeField(required=False, allow_null=True)
    report = serializers.JSONField(required=False, help_text=_("The confirmed report, as the engine read it."))
    rolls = RollOutputSerializer(many=True)
    effects = EffectListField(help_text=_("Each effect the engine applied."))
    injuries = AftermathInjurySerializer(many=True, required=False)
    experience = ExperienceSerializer(many=True, required=False)
    advances = AdvanceSerializer(many=True, required=False)
    exploration = ExplorationSerializer(many=True, required=False)
    income = IncomeSerializer(many=True, required=False)
    decisions = DecisionSerializer(many=True)


class AftermathView(APIView):
    """Status, every roll with its rule ID, every effect, and the decisions (open and answered)."""

    @extend_schema(responses={200: AftermathSerializer})
    def get(self, request: Request, pk: int) -> Response:
        battle, aftermath = aftermath_for_viewer(viewer=request.user, battle_id=pk)
        if aftermath is None:
            return Response({"battle": battle.pk, "status": "not_started", "rolls": [], "effects": [], "decisions": []})
        rolls = aftermath_rolls(battle)
        unchained = chained_to_hidden(entries=rolls, viewer=request.user)
        outcome = aftermath.outcome or {}
        id_map = aftermath.id_map or {}
        return Response(
            {
                "battle": battle.pk,
                "status": aftermath.status,
                "error": aftermath.error,
                "failure_code": aftermath.failure_code,
                "failed_at": aftermath.failed_at,
                "attempts": aftermath.attempts,
                "rolled_at": aftermath.rolled_at,
                "applied_at": aftermath.applied_at,
                "resolved_at": aftermath.resolved_at,
                "report": aftermath.report,
                "rolls": RollOutputSerializer(rolls, many=True, context={"unchained": unchained}).data,
                "effects": effects_out(outcome.get("effects", []), id_map=id_map),
                **records_of(outcome, id_map=id_map),
                "decisions": DecisionSerializer(aftermath_decisions(aftermath), many=True).data,
            }
        )


class DecisionListView(generics.ListAPIView[Decision]):
    """The choices waiting for you; ``?state=answered`` (or ``?open=false``) for the ones you made, ``?state=all``
    for both; ``?campaign=`` and ``?battle=`` narrow them down."""

    serializer_class = DecisionSerializer

    class FilterSerializer(serializers.Serializer):
        state = serializers.ChoiceField(choices=["open", "answered", "all"], required=False)
        open = serializers.BooleanField(required=False, allow_null=True, default=None)
        campaign = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1)
        battle = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1)

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return Decision.objects.none()
        given = self.FilterSerializer(data=self.request.query_params)
        given.is_valid(raise_exception=True)
        query = given.validated_data
        state = query.get("state") or ("answered" if query.get("open") is False else "open")
        return decisions_of(
            viewer=self.request.user, state=state, campaign_id=query.get("campaign"), battle_id=query.get("battle")
        )

    @extend_schema(
        parameters=[
            OpenApiParameter("state", OpenApiTypes.STR, enum=["open", "answered", "all"], description="Default: open."),
            OpenApiParameter("open", OpenApiTypes.BOOL, description="false: the answered ones (as state=answered)."),
            OpenApiParameter("campaign", OpenApiTypes.INT, description="Only this campaign's decisions."),
            OpenApiParameter("battle", OpenApiTypes.INT, description="Only this battle's decisions."),
        ],
        responses={200: DecisionSerializer(many=True)},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class AftermathRetryView(APIView):
    """The organiser queues a failed aftermath again once its cause is fixed (e.g. the next week opened)."""

    class OutputSerializer(serializers.Serializer):
        battle = serializers.IntegerField(source="battle_id")
        status = serializers.CharField()
        attempts = serializers.IntegerField()

    @extend_schema(request=None, responses={202: OutputSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        battle = _battle_for(request.user, pk)
        aftermath = aftermath_retry(battle=battle, actor=viewer(request))
        return Response(self.OutputSerializer(aftermath).data, status=202)


class FailedAftermathListView(generics.ListAPIView[Aftermath]):
    """The campaign's aftermaths that failed for a lasting reason, with the reason: what the organiser (or
    the GM) must fix before retrying. Other members get 403."""

    class OutputSerializer(serializers.ModelSerializer[Aftermath]):
        class Meta:
            model = Aftermath
            fields = ["battle", "status", "error", "failure_code", "failed_at", "attempts", "created_at"]

    serializer_class = OutputSerializer
    queryset = Aftermath.objects.none()  # for the schema; get_queryset asks the viewer's role

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        return failed_aftermaths_of(viewer=self.request.user, campaign_id=self.kwargs["pk"])

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class DecisionAnswerView(APIView):
    """Answer a decision: a value, a list of values, or an object, as its request's questions say."""

    class InputSerializer(serializers.Serializer):
        answer = DecisionAnswerField()

    @extend_schema(request=InputSerializer, responses={200: DecisionSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        decision = decision_answer(decision_id=pk, actor=viewer(request), answer=data.validated_data["answer"])
        return Response(DecisionSerializer(decision).data)

"""``/api/v1/battles/{id}/aftermath/`` and ``/api/v1/decisions/``: the post-battle sequence as it happened,
and the choices waiting for the viewer."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from campaign.lib.errors import NotFound
from campaign.selectors.roles import STAFF, role_of, rosters_private
from referee.api.serializers import RollOutputSerializer
from referee.models import LedgerEntry
from roster.aftermath.decisions import decision_answer
from roster.models import Aftermath, Battle, Decision


def _battle_for(viewer_user: Any, battle_id: int) -> Battle:
    """Both players and the organiser see an aftermath; every member does unless rosters are private."""
    battle = Battle.objects.select_related("campaign", "warband_a", "warband_b").filter(pk=battle_id).first()
    role = role_of(viewer=viewer_user, campaign_id=battle.campaign_id) if battle is not None else None
    if battle is None or role is None:
        raise NotFound(_("No such battle."), code="battle_not_found")
    players = {w.owner_id for w in (battle.warband_a, battle.warband_b) if w is not None}
    if rosters_private(battle.campaign) and viewer_user.pk not in players and role not in STAFF:
        raise NotFound(_("No such battle."), code="battle_not_found")
    return battle


class DecisionSerializer(serializers.ModelSerializer[Decision]):
    battle = serializers.IntegerField(source="aftermath.battle_id")
    answerer = serializers.CharField(source="answerer.username")
    open = serializers.SerializerMethodField()

    class Meta:
        model = Decision
        fields = [
            "id",
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


class AftermathSerializer(serializers.Serializer):
    """The post-battle sequence; before it starts only ``battle``, ``status`` and empty lists."""

    battle = serializers.IntegerField()
    status = serializers.CharField(help_text=_("not_started, or the aftermath's status"))
    error = serializers.CharField(required=False, allow_blank=True)
    rolled_at = serializers.DateTimeField(required=False, allow_null=True)
    applied_at = serializers.DateTimeField(required=False, allow_null=True)
    resolved_at = serializers.DateTimeField(required=False, allow_null=True)
    report = serializers.JSONField(required=False, help_text=_("The confirmed report, as the engine read it."))
    rolls = RollOutputSerializer(many=True)
    effects = serializers.ListField(child=serializers.JSONField(), help_text=_("Each effect the engine applied."))
    injuries = serializers.ListField(child=serializers.JSONField(), required=False)
    experience = serializers.ListField(child=serializers.JSONField(), required=False)
    advances = serializers.ListField(child=serializers.JSONField(), required=False)
    exploration = serializers.ListField(child=serializers.JSONField(), required=False)
    income = serializers.ListField(child=serializers.JSONField(), required=False)
    decisions = DecisionSerializer(many=True)


class AftermathView(APIView):
    """Status, every roll with its rule ID, every effect, and the decisions (open and answered)."""

    @extend_schema(responses={200: AftermathSerializer})
    def get(self, request: Request, pk: int) -> Response:
        battle = _battle_for(request.user, pk)
        aftermath = Aftermath.objects.filter(battle=battle).first()
        if aftermath is None:
            return Response({"battle": battle.pk, "status": "not_started", "rolls": [], "effects": [], "decisions": []})
        rolls = LedgerEntry.objects.filter(ref=f"aftermath:{battle.pk}").select_related("stream", "roller")
        outcome = aftermath.outcome or {}
        return Response(
            {
                "battle": battle.pk,
                "status": aftermath.status,
                "error": aftermath.error,
                "rolled_at": aftermath.rolled_at,
                "applied_at": aftermath.applied_at,
                "resolved_at": aftermath.resolved_at,
                "report": aftermath.report,
                "rolls": RollOutputSerializer(rolls.order_by("stream_id", "seq"), many=True, context={}).data,
                "effects": outcome.get("effects", []),
                "injuries": outcome.get("injuries", []),
                "experience": outcome.get("experience", []),
                "advances": outcome.get("advances", []),
                "exploration": outcome.get("exploration", []),
                "income": outcome.get("income", []),
                "decisions": DecisionSerializer(
                    aftermath.decisions.select_related("answerer", "aftermath"), many=True
                ).data,
            }
        )


class DecisionListView(generics.ListAPIView[Decision]):
    """The choices waiting for you (``?open=false`` for the ones you made)."""

    serializer_class = DecisionSerializer

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "open", OpenApiTypes.BOOL, description=_("true (the default): open ones; false: the ones you made.")
            )
        ]
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return Decision.objects.none()
        mine = Decision.objects.filter(answerer_id=self.request.user.pk).select_related("answerer", "aftermath")
        if self.request.query_params.get("open", "true").lower() in ("false", "0", "no"):
            return mine.filter(~Q(answered_at=None)).order_by("-answered_at")
        return mine.filter(answered_at=None).order_by("id")


class DecisionAnswerView(APIView):
    """Answer a decision: a value, a list of values, or an object, as its request's questions say."""

    class InputSerializer(serializers.Serializer):
        answer = serializers.JSONField()

    @extend_schema(request=InputSerializer, responses={200: DecisionSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        decision = decision_answer(decision_id=pk, actor=viewer(request), answer=data.validated_data["answer"])
        return Response(DecisionSerializer(decision).data)

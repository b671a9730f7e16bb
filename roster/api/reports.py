"""``/api/v1/battles/{id}/report/``, ``/confirm/``, ``/dispute/``, ``/override/``: reporting a battle."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from campaign.lib.bounds import BIGINT_MAX
from campaign.lib.errors import NotFound
from roster.battles.reports import battle_confirm, battle_dispute, battle_override, battle_report
from roster.models import Battle, BattleReport
from roster.selectors import battle_for_viewer, report_as_seen, report_of


class ReportSerializer(serializers.ModelSerializer[BattleReport]):
    reporter = serializers.CharField(source="reporter.username")
    responder = serializers.CharField(source="responder.username", allow_null=True, default=None)
    battle_status = serializers.CharField(source="battle.status")

    class Meta:
        model = BattleReport
        fields = [
            "battle",
            "battle_status",
            "status",
            "reporter",
            "data",
            "responder",
            "dispute_reason",
            "submitted_at",
            "responded_at",
        ]


MAX_LISTED = 200  # more models than any two warbands field
MAX_COUNT = 99


def _id(**kw: Any) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=1, max_value=BIGINT_MAX, **kw)


def _counts(help_text: Any) -> serializers.DictField:
    return serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=MAX_COUNT), required=False, help_text=help_text
    )


class StrictSerializer(serializers.Serializer):
    """Refuses keys it does not declare: a report is stored as sent, so what it stores must be known."""

    def to_internal_value(self, data: Any) -> Any:
        unknown = sorted(set(data) - set(self.fields)) if isinstance(data, dict) else []
        if unknown:
            raise serializers.ValidationError({name: [_("Not a field of this object.")] for name in unknown})
        return super().to_internal_value(data)


class OutOfActionSerializer(StrictSerializer):
    victim = _id(help_text=_("The warrior (a model of a group: the group) taken out of action."))
    by = _id(required=False, allow_null=True, default=None, help_text=_("Who took it out; null when unknown."))


class ObjectivesSerializer(StrictSerializer):
    """Scenario objectives at the end of the game (ids are warriors unless noted; map keys are ids too)."""

    wyrdstone_counters = _counts(_("Wyrdstone Hunt: warrior id -> counters carried."))
    heroes_in_building = serializers.ListField(child=_id(), required=False, max_length=MAX_LISTED)
    broke_through = serializers.ListField(child=_id(), required=False, max_length=MAX_LISTED)
    first_to_escape = _id(required=False, allow_null=True)
    chest_found_by = _id(required=False, allow_null=True)
    chest_holder = _id(required=False, allow_null=True, help_text=_("Hidden Treasure: the warband that carried it."))
    buildings_held = _counts(_("Occupy: warband id -> buildings held."))
    carried_shards = _counts(_("Chance Encounter: warband id -> shards carried off."))

    def to_representation(self, instance: Any) -> Any:
        return instance

    def to_internal_value(self, data: Any) -> Any:
        # The engine's ids are strings.
        values = super().to_internal_value(data)
        return {
            k: [str(i) for i in v] if isinstance(v, list) else {str(a): n for a, n in v.items()}
            if isinstance(v, dict) else (None if v is None else str(v))
            for k, v in values.items()
        }


class ReportInputSerializer(serializers.Serializer):
    scenario = serializers.SlugField(required=False, help_text=_("The scenario played; the pre-battle one if empty."))
    winner = _id(required=False, allow_null=True, help_text=_("A warband id; null: a draw."))
    out_of_action = OutOfActionSerializer(  # type: ignore[call-arg]
        many=True,
        default=list,
        max_length=MAX_LISTED,
        help_text=_("One {victim, by} per model out of action: warrior ids (by: null when unknown)."),
    )
    absent = serializers.ListField(child=_id(), default=list, max_length=MAX_LISTED)
    objectives = ObjectivesSerializer(default=dict, help_text=_("The scenario's objectives (see the rules pack)."))


def _battle(request: Request, pk: int) -> Battle:
    battle, _access = battle_for_viewer(viewer=request.user, battle_id=pk)
    return battle


class BattleReportView(APIView):
    """Read the battle's report, or (a player of the battle) report it."""

    @extend_schema(responses={200: ReportSerializer})
    def get(self, request: Request, pk: int) -> Response:
        report = report_of(_battle(request, pk))
        if report is None:
            raise NotFound(str(_("This battle has not been reported yet.")), code="report_not_found")
        body = ReportSerializer(report).data
        body["data"] = report_as_seen(report.battle, request.user, body["data"])
        return Response(body)

    @extend_schema(request=ReportInputSerializer, responses={200: ReportSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        data = ReportInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        report = battle_report(battle=_battle(request, pk), actor=viewer(request), data=dict(data.validated_data))
        return Response(ReportSerializer(report).data)


class BattleConfirmView(APIView):
    """The opponent confirms the report: the aftermath is rolled and applied on the server."""

    @extend_schema(request=None, responses={200: ReportSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        return Response(ReportSerializer(battle_confirm(battle=_battle(request, pk), actor=viewer(request))).data)


class BattleDisputeView(APIView):
    """The opponent disputes the report, saying why; the organiser settles it."""

    class InputSerializer(serializers.Serializer):
        reason = serializers.CharField(max_length=2000)

    @extend_schema(request=InputSerializer, responses={200: ReportSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        report = battle_dispute(
            battle=_battle(request, pk), actor=viewer(request), reason=data.validated_data["reason"]
        )
        return Response(ReportSerializer(report).data)


class BattleOverrideView(APIView):
    """The organiser settles the report (as it stands, or a corrected one) and confirms it."""

    class InputSerializer(serializers.Serializer):
        reason = serializers.CharField(max_length=2000)
        report = ReportInputSerializer(required=False, allow_null=True)

    @extend_schema(request=InputSerializer, responses={200: ReportSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given: Any = data.validated_data.get("report")
        report = battle_override(
            battle=_battle(request, pk),
            actor=viewer(request),
            reason=data.validated_data["reason"],
            data=dict(given) if given else None,
        )
        return Response(ReportSerializer(report).data)

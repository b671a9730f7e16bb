"""Battles: list and read them (with the pre-battle sequence and the scenario sheet), run the pre-battle
sequence, answer its choices, and the organiser's corrections."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from roster.api.battle_serializers import BattleSerializer
from roster.battles.corrections import battle_correct
from roster.battles.prebattle import battle_prebattle_answer, battle_prebattle_run
from roster.models import Battle
from roster.selectors import battle_for_viewer, battles_of, prebattle_view, scenario_sheet


class BattleDetailSerializer(BattleSerializer):
    prebattle = serializers.SerializerMethodField()
    scenario_sheet = serializers.SerializerMethodField()

    class Meta(BattleSerializer.Meta):
        fields = [*BattleSerializer.Meta.fields, "prebattle", "scenario_sheet"]

    def get_prebattle(self, battle: Battle) -> dict[str, Any] | None:
        return prebattle_view(battle, viewer=self.context["request"].user)

    def get_scenario_sheet(self, battle: Battle) -> dict[str, Any] | None:
        return scenario_sheet(battle)


class BattleFilter(django_filters.FilterSet):
    week = django_filters.NumberFilter(field_name="week__number", label=_("week number"))
    status = django_filters.ChoiceFilter(choices=Battle.Status.choices)
    warband = django_filters.NumberFilter(method="either_side", label=_("a warband on either side"))

    class Meta:
        model = Battle
        fields = ["week", "status", "warband"]

    def either_side(self, queryset: QuerySet[Battle], name: str, value: int) -> QuerySet[Battle]:
        return queryset.filter(Q(warband_a_id=value) | Q(warband_b_id=value))


class BattleListView(generics.ListAPIView[Battle]):
    """The campaign's battles (filters: week number, status, warband)."""

    queryset = Battle.objects.none()  # for the schema; get_queryset asks the selector
    serializer_class = BattleSerializer
    filterset_class = BattleFilter

    def get_queryset(self) -> QuerySet[Battle]:
        return battles_of(viewer=self.request.user, campaign_id=self.kwargs["pk"])


class BattleDetailView(APIView):
    """One battle, with its pre-battle sequence and the sheet of its scenario."""

    @extend_schema(responses={200: BattleDetailSerializer})
    def get(self, request: Request, pk: int) -> Response:
        battle, _access = battle_for_viewer(viewer=request.user, battle_id=pk)
        return Response(BattleDetailSerializer(battle, context={"request": request}).data)


def _fresh(request: Request, pk: int) -> Response:
    battle, _access = battle_for_viewer(viewer=request.user, battle_id=pk)
    return Response(BattleDetailSerializer(battle, context={"request": request}).data)


class PrebattleView(APIView):
    """The pre-battle sequence (organiser or either player): the lower-rated warband rolls the scenario (on 2 or
    12 it chooses), Old Battle Wounds are rolled, who misses the game is listed, the scenario's setup is rolled.
    Rolled once: a second call answers with the stored outcome. ``scenario`` (organiser only) records a scenario
    the players agreed on instead of rolling."""

    class InputSerializer(serializers.Serializer):
        scenario = serializers.SlugField(required=False, allow_null=True, default=None)

    @extend_schema(responses={200: BattleDetailSerializer})
    def get(self, request: Request, pk: int) -> Response:
        return _fresh(request, pk)

    @extend_schema(request=InputSerializer, responses={200: BattleDetailSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        battle, _access = battle_for_viewer(viewer=request.user, battle_id=pk)
        data = self.InputSerializer(data=request.data or {})
        data.is_valid(raise_exception=True)
        battle_prebattle_run(battle=battle, actor=viewer(request), scenario=data.validated_data["scenario"])
        return _fresh(request, pk)


class PrebattleAnswerView(APIView):
    """The player whose warband a pending pre-battle choice belongs to makes it (a scenario, attack or defend)."""

    class InputSerializer(serializers.Serializer):
        decision = serializers.CharField(max_length=80, help_text=_("The pending choice's id."))
        answer = serializers.JSONField(help_text=_("An option's value, or a list of values."))

    @extend_schema(request=InputSerializer, responses={200: BattleDetailSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        battle, _access = battle_for_viewer(viewer=request.user, battle_id=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        battle_prebattle_answer(
            battle=battle,
            actor=viewer(request),
            decision=data.validated_data["decision"],
            answer=data.validated_data["answer"],
        )
        return _fresh(request, pk)


class BattleCorrectView(APIView):
    """The organiser corrects a battle's result or scenario, with a reason; audited and on the timeline."""

    class InputSerializer(serializers.Serializer):
        reason = serializers.CharField()
        result = serializers.ChoiceField(choices=["a", "b", "draw"], required=False, allow_null=True, default=None)
        scenario = serializers.SlugField(required=False, allow_null=True, default=None)

    class OutputSerializer(serializers.Serializer):
        correction = serializers.IntegerField()
        battle = BattleDetailSerializer()

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer}, operation_id="battles_correct")
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        battle, _access = battle_for_viewer(viewer=request.user, battle_id=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        correction = battle_correct(battle=battle, actor=viewer(request), **data.validated_data)
        battle, _access = battle_for_viewer(viewer=request.user, battle_id=pk)
        output = self.OutputSerializer({"correction": correction.pk, "battle": battle}, context={"request": request})
        return Response(output.data)

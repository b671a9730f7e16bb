"""Output shapes of a Mordheim battle, shared by the battle, pairing and report endpoints."""

from __future__ import annotations

from rest_framework import serializers

from campaign.api.serializers import text_choices
from roster.models import Battle


class WarbandRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    owner = serializers.CharField(source="owner.username")
    rating = serializers.IntegerField()


class BattleSerializer(serializers.ModelSerializer[Battle]):
    week_number = serializers.IntegerField(source="week.number")
    warband_a = WarbandRefSerializer()
    warband_b = WarbandRefSerializer(allow_null=True)
    status = text_choices(Battle.Status)
    result = text_choices(Battle.Result, "'' (not played) | a | b | draw")

    class Meta:
        model = Battle
        fields = [
            "id",
            "campaign",
            "week",
            "week_number",
            "warband_a",
            "warband_b",
            "status",
            "scenario",
            "result",
            "winner",
            "created_at",
            "updated_at",
            "prebattle_at",
            "reported_at",
            "confirmed_at",
            "resolved_at",
        ]

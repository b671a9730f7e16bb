"""Output shapes of the roster API (the mobile apps are generated from these); the roster's own shape lives
in ``roster.documents.serializers``, which the web pages read too."""

from __future__ import annotations

from rest_framework import serializers

from roster.documents.serializers import (
    FALLEN,
    FallenSerializer,
    HoldingSerializer,
    InjurySerializer,
    RosterSerializer,
    WarbandSummarySerializer,
    WarriorSerializer,
    holdings_data,
)
from roster.models import TreasuryEntry

__all__ = [
    "FALLEN",
    "FallenSerializer",
    "HistorySerializer",
    "HoldingSerializer",
    "InjurySerializer",
    "RosterSerializer",
    "TreasuryEntrySerializer",
    "WarbandSummarySerializer",
    "WarriorSerializer",
    "holdings_data",
]


class TreasuryEntrySerializer(serializers.ModelSerializer[TreasuryEntry]):
    actor = serializers.CharField(source="actor.username", allow_null=True, default=None)

    class Meta:
        model = TreasuryEntry
        fields = ["id", "amount", "balance_after", "reason", "detail", "actor", "created_at"]


class HistorySerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    by = serializers.CharField(allow_null=True)
    what = serializers.CharField()
    id = serializers.IntegerField()
    change = serializers.CharField()
    fields = serializers.ListField(child=serializers.CharField())  # type: ignore[assignment]
    label = serializers.CharField()  # type: ignore[assignment]

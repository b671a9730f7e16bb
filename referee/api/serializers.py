"""Output shapes of the referee's records, used wherever a roll is shown."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from referee.models import LedgerEntry


class RollOutputSerializer(serializers.ModelSerializer[LedgerEntry]):
    """A ledger entry. A blind roll shown to its own roller has ``hidden`` set and no result."""

    stream = serializers.CharField(source="stream.key")
    roller = serializers.CharField(source="roller.username", allow_null=True, default=None)
    roller_id = serializers.IntegerField(allow_null=True, help_text="The roller's user id (the chain hash covers it).")
    hidden = serializers.SerializerMethodField()

    class Meta:
        model = LedgerEntry
        fields = [
            "id",
            "stream",
            "seq",
            "campaign",
            "week",
            "roller",
            "roller_id",
            "purpose",
            "rule_id",
            "ref",
            "notation",
            "label",
            "faces",
            "kept",
            "total",
            "visibility",
            "manual",
            "hidden",
            "created_at",
            "prev_hash",
            "hash",
        ]

    def get_hidden(self, entry: LedgerEntry) -> bool:
        return bool(self.context.get("redacted", {}).get(entry.pk, False))

    def to_representation(self, entry: LedgerEntry) -> dict[str, Any]:
        data = super().to_representation(entry)
        if data["hidden"]:
            data.update(faces=None, kept=None, total=None)
        return data

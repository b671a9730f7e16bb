"""Output shapes of the referee's records, used wherever a roll is shown."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from referee.models import LedgerEntry

RECEIPT_WITHHOLDS = ("seq", "faces", "kept", "total", "prev_hash", "hash")


class RollOutputSerializer(serializers.ModelSerializer[LedgerEntry]):
    """A ledger entry, whole. A receipt (context ``receipt``: a GM-only or blind roll answered to a roller
    who may not see it) has ``hidden`` set and nothing derived from the result: no faces, kept dice,
    total, sequence number, hash or previous hash, whatever the roll was. Context ``unchained``: the ids
    whose ``prev_hash`` is withheld, being the hash of a roll the viewer may not see."""

    stream = serializers.CharField(source="stream.key")
    roller = serializers.CharField(source="roller.username", allow_null=True, default=None)
    roller_id = serializers.IntegerField(allow_null=True, help_text="The roller's user id (the chain hash covers it).")
    hidden = serializers.SerializerMethodField()
    seq = serializers.IntegerField(allow_null=True)
    faces = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    kept = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    total = serializers.IntegerField(allow_null=True)
    prev_hash = serializers.CharField(allow_null=True)
    hash = serializers.CharField(allow_null=True)
    week_number = serializers.IntegerField(
        source="week.number", allow_null=True, default=None, help_text="The week's number, as the ?week= filter takes."
    )

    class Meta:
        model = LedgerEntry
        fields = [
            "id",
            "stream",
            "seq",
            "campaign",
            "week",
            "week_number",
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
        return bool(self.context.get("receipt", False))

    def to_representation(self, entry: LedgerEntry) -> dict[str, Any]:
        data = super().to_representation(entry)
        if data["hidden"]:
            data.update(dict.fromkeys(RECEIPT_WITHHOLDS))
        if entry.pk in self.context.get("unchained", ()):
            data["prev_hash"] = None
        return data

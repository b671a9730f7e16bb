"""The aftermath's records, typed: what the post-battle sequence rolled and decided for each warrior and
warband (``referee.engine.systems.mordheim.postbattle``), with ids as the integers the rest of the API uses
(the engine keeps them as text)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers


class EngineIdField(serializers.IntegerField):
    """A warband's or warrior's id: the engine writes it as text, the API answers the integer. A warrior
    the engine made (a henchman promoted to Hero) is named by the row it became (the context's
    ``id_map``, the aftermath's)."""

    def to_representation(self, value: Any) -> int:
        text = str(value)
        if text.isdigit():
            return int(text)
        return int(self.context.get("id_map", {})[text])


class AftermathInjuryRollSerializer(serializers.Serializer):
    result = serializers.CharField(help_text=_("The injury table's entry, e.g. INJ_DEAD."))
    roll = serializers.IntegerField()
    sub = serializers.CharField(allow_blank=True, help_text=_("The entry's own sub-roll result, if it has one."))


class AftermathInjuryRecordSerializer(AftermathInjuryRollSerializer):
    nested = AftermathInjuryRollSerializer(
        many=True, help_text=_("Further rolls this result called for (multiple injuries).")
    )


class AftermathInjurySerializer(serializers.Serializer):
    warband = EngineIdField()
    warrior = EngineIdField()
    records = AftermathInjuryRecordSerializer(many=True)
    removed = serializers.BooleanField(help_text=_("The warrior leaves the roster."))
    models_lost = serializers.IntegerField(min_value=0)
    pending = serializers.ListField(child=serializers.CharField(), help_text=_("Keys of decisions still open."))


class AwardSerializer(serializers.Serializer):
    award = serializers.CharField(help_text=_("Why, e.g. XP_SURVIVES."))
    xp = serializers.IntegerField()


class ExperienceSerializer(serializers.Serializer):
    warband = EngineIdField()
    warrior = EngineIdField()
    old_xp = serializers.IntegerField()
    new_xp = serializers.IntegerField()
    awards = serializers.SerializerMethodField(help_text=_("Each award: its rule's reason and the experience."))

    @extend_schema_field(AwardSerializer(many=True))
    def get_awards(self, instance: Any) -> list[dict[str, Any]]:
        return [{"award": str(reason), "xp": int(n)} for reason, n in instance.get("awards", [])]


class AdvanceSerializer(serializers.Serializer):
    warrior = EngineIdField()
    threshold = serializers.IntegerField(allow_null=True)
    table = serializers.CharField()
    rolls = serializers.ListField(child=serializers.IntegerField())
    result = serializers.CharField()
    stat = serializers.CharField(allow_blank=True)
    pending = serializers.CharField(allow_blank=True, help_text=_("The key of a decision still open, if any."))
    lost = serializers.CharField(allow_blank=True)
    sub_roll = serializers.IntegerField(allow_null=True)


class ExplorationSerializer(serializers.Serializer):
    warband = EngineIdField()
    searchers = serializers.ListField(child=EngineIdField(), help_text=_("The heroes who searched."))
    rolled = serializers.ListField(child=serializers.IntegerField())
    final = serializers.ListField(child=serializers.IntegerField(), help_text=_("The dice after any re-roll."))
    total = serializers.IntegerField()
    shards = serializers.IntegerField(min_value=0)
    location = serializers.CharField(allow_null=True)
    pending = serializers.CharField(allow_blank=True)


class IncomeSerializer(serializers.Serializer):
    warband = EngineIdField()
    gold = serializers.IntegerField()
    shards_found = serializers.IntegerField(min_value=0)
    shards_held = serializers.IntegerField(min_value=0)
    sale = serializers.CharField(allow_null=True, help_text=_("The key of the wyrdstone sale decision, if any."))


RECORDS: dict[str, type[serializers.Serializer]] = {
    "injuries": AftermathInjurySerializer,
    "experience": ExperienceSerializer,
    "advances": AdvanceSerializer,
    "exploration": ExplorationSerializer,
    "income": IncomeSerializer,
}


def records_of(outcome: dict[str, Any], *, id_map: dict[str, int]) -> dict[str, list[Any]]:
    """The outcome's records as the API answers them."""
    return {
        name: list(serializer(outcome.get(name, []), many=True, context={"id_map": id_map}).data)
        for name, serializer in RECORDS.items()
    }

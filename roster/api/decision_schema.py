"""A post-battle decision's request and answer, typed: the questions a player answers, each with its
options and the effects an option applies (``referee.engine.systems.mordheim.decisions``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from roster.api.aftermath_records import EngineIdField
from roster.api.effects_schema import EffectListField

ANSWER_SCHEMA = {
    "oneOf": [
        {"type": "string", "description": "An option's value (one question)."},
        {"type": "array", "items": {"type": "string"}, "description": "Option values (one question, pick > 1)."},
        {
            "type": "object",
            "description": "Question name -> an option's value or a list of them (several questions).",
            "additionalProperties": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
        },
    ]
}


@extend_schema_field(ANSWER_SCHEMA)
class DecisionAnswerField(serializers.JSONField):
    """An answer as its decision's questions ask: option values are text ("0" stays "0")."""


class DecisionOptionSerializer(serializers.Serializer):
    value = serializers.CharField(help_text=_("What to answer to pick this option."))
    label = serializers.CharField(allow_blank=True)  # type: ignore[assignment]  # a declared field, not Field.label
    effects = EffectListField(help_text=_("What picking it does, where no further dice are needed."))


class DecisionQuestionSerializer(serializers.Serializer):
    name = serializers.CharField()
    options = DecisionOptionSerializer(many=True)
    pick = serializers.IntegerField(min_value=1, help_text=_("How many options to pick."))
    distinct = serializers.BooleanField(help_text=_("Whether each option may be picked only once."))


class DecisionRequestSerializer(serializers.Serializer):
    id = serializers.CharField(help_text=_("The decision's key within its aftermath."))
    kind = serializers.CharField()
    warband = EngineIdField()
    warrior = EngineIdField(allow_null=True)
    chooser = serializers.CharField(help_text=_("player, captor or organiser"))
    rule = serializers.CharField(help_text=_("The rule ID that asks."))
    questions = DecisionQuestionSerializer(many=True)
    context = serializers.DictField(  # type: ignore[assignment]  # a declared field, not Serializer.context
        help_text=_("Free-form: what the kind shows beside its questions (e.g. the dice rolled); not needed to answer.")
    )


def request_of(request: dict[str, Any], id_map: dict[str, int]) -> Any:
    return DecisionRequestSerializer(request, context={"id_map": id_map}).data

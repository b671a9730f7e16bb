"""The effects of the post-battle sequence, typed: one component per kind (``Effect<Kind>``), united
as ``Effect`` with ``kind`` as discriminator, built from the engine's effect dataclasses so the schema
cannot drift from what the engine writes. Warband and warrior ids are the API's integers."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from django.core.validators import RegexValidator
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from referee.engine.systems.mordheim.effects import effect_kinds
from roster.api.aftermath_records import EngineIdField

#: Fields that name a warrior or warband of the roster (the engine writes their ids as text).
ID_FIELDS = frozenset({"warrior", "warband", "to_warband", "captor", "group"})


@extend_schema_field({"oneOf": [{"type": "boolean"}, {"type": "string"}]})
class FlagValueField(serializers.Field):
    """A flag's value: true/false or a text."""

    def to_representation(self, value: Any) -> Any:
        return value


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string"},
            {"type": "integer"},
            {"type": "boolean"},
            {"type": "array", "items": {"type": "string"}},
        ]
    }
)
class FactValueField(FlagValueField):
    """A scenario fact's value: a text, a number, true/false or a list of texts."""

    def to_representation(self, value: Any) -> Any:
        return list(value) if isinstance(value, tuple) else value


def _field(name: str, hint: Any) -> serializers.Field:
    args = set(typing.get_args(hint)) if isinstance(hint, types.UnionType) else {hint}
    nullable = type(None) in args
    args.discard(type(None))
    if name in ID_FIELDS and args == {str}:
        return EngineIdField(allow_null=nullable)
    if args == {str}:
        return serializers.CharField(allow_null=nullable, allow_blank=True)
    if args == {int}:
        return serializers.IntegerField(allow_null=nullable)
    if args == {bool}:
        return serializers.BooleanField(allow_null=nullable)
    if args == {bool, str}:
        return FlagValueField()
    if len(args) == 1 and typing.get_origin(next(iter(args))) is tuple:
        return serializers.ListField(child=serializers.CharField())
    return FactValueField()


def _serializer(kind: str, cls: type) -> type[serializers.Serializer]:
    hints = typing.get_type_hints(cls)
    # A pattern, not an enum: each kind its own, so the union's members are disjoint (oneOf holds).
    fields: dict[str, Any] = {"kind": serializers.CharField(validators=[RegexValidator(f"^{kind}$")])}
    fields.update({f.name: _field(f.name, hints[f.name]) for f in dataclasses.fields(cls)})
    name = "Effect" + "".join(part.title() for part in kind.split("_"))
    return type(name + "Serializer", (serializers.Serializer,), fields)


BY_KIND: dict[str, type[serializers.Serializer]] = {k: _serializer(k, c) for k, c in effect_kinds().items()}

@extend_schema_field(
    PolymorphicProxySerializer(
        component_name="Effect",
        serializers={kind: s() for kind, s in BY_KIND.items()},
        resource_type_field_name="kind",
        many=True,
    )
)
class EffectListField(serializers.ListField):
    """The effects, each as its kind's component."""

    def to_representation(self, data: Any) -> list[Any]:
        return effects_out(data, id_map=self.context.get("id_map", {}))


def effects_out(effects: list[dict[str, Any]], *, id_map: dict[str, int]) -> list[dict[str, Any]]:
    """The engine's effects (``to_dict`` forms) as the API answers them."""
    return [dict(BY_KIND[e["kind"]](e, context={"id_map": id_map}).data) for e in effects]

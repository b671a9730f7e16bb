"""The arena duel's own view shape (its ``view_for``), and the view field that picks a game's shape."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers


class ArenaTurnSerializer(serializers.Serializer):
    active = serializers.CharField(allow_blank=True)
    number = serializers.IntegerField()
    order = serializers.ListField(child=serializers.CharField())


class ArenaGameSerializer(serializers.Serializer):
    """What one seat sees of a duel: the public duel, its own hidden part (``me``), and, for the GM who
    sees hidden state, both fighters' (``hidden``)."""

    system = serializers.CharField()
    status = serializers.CharField()
    phase = serializers.CharField(allow_blank=True)
    seats = serializers.DictField(child=serializers.CharField())
    turn = ArenaTurnSerializer()
    fighters = serializers.DictField(child=serializers.DictField(), help_text=_(
        "Each fighter's public part: name, Charisma, position, Shaken, wounds, and the loadout once both chose."))
    duel = serializers.DictField(help_text=_("Gambling, bans, selection: all public."))
    contests = serializers.ListField(child=serializers.DictField(), help_text=_(
        "Opposed rolls: who, the winner once announced, and ``mine``, your own side's roll."))
    declaration = serializers.DictField(allow_null=True, help_text=_("This turn's public declaration."))
    queue = serializers.ListField(child=serializers.DictField())
    hold = serializers.DictField(allow_null=True)
    harm = serializers.DictField(allow_null=True)
    bonus = serializers.DictField(child=serializers.IntegerField())
    result = serializers.DictField(allow_null=True)
    outcome = serializers.DictField(allow_null=True)
    me = serializers.DictField(required=False, help_text=_(
        "A fighter's own hidden part: sheet, what it learned, bennies, loadout, declaration, hold, rolls."))
    hidden = serializers.DictField(child=serializers.DictField(), required=False,
                                   help_text=_("The GM's: every fighter's hidden part."))


def game_field(generic: type[serializers.Serializer]) -> serializers.Field:
    """The ``game`` of a table view, in its system's shape (the arena's own, else the generic board)."""

    @extend_schema_field(PolymorphicProxySerializer(component_name="TableGameView",
                                                    serializers=[generic, ArenaGameSerializer],
                                                    resource_type_field_name=None))
    class GameField(serializers.Field):
        def to_representation(self, value: Any) -> Any:
            if isinstance(value, dict) and value.get("system") == "arena_duel":
                return ArenaGameSerializer(value).data
            return generic(value).data

    return GameField(allow_null=True)

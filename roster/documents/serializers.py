"""The roster's shape: what the API serves (the mobile apps are generated from these), the web page and the
printable sheet read, and ``roster.documents.cache`` keeps built once per change."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from roster.injuries import injury_view
from roster.models import Holding, Warband, Warrior
from roster.names import named

FALLEN = (Warrior.Status.DEAD, Warrior.Status.RETIRED)


def _name(names: Any) -> str:
    """A pack's name in the reader's language, as every roster page names it (``roster.names.named``)."""
    if names is None:
        return ""
    return named({"en": names.en, "ru": names.ru, "cs": getattr(names, "cs", "")})


class HoldingSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    item = serializers.CharField(source="item_slug")
    name = serializers.SerializerMethodField()
    price_paid = serializers.IntegerField()

    def get_name(self, holding: Holding) -> str:
        catalogue = self.context["pack"].catalogue
        return _name(catalogue.items[holding.item_slug].name) if holding.item_slug in catalogue else holding.item_slug


def holdings_data(holdings: list[Holding], context: dict[str, Any]) -> list[dict[str, Any]]:
    """The HoldingSerializer shape, built directly: a roster has a hundred items and a serializer per
    warrior cost more than the rest of the request (tests/bench/bench_roster.py)."""
    catalogue = context["pack"].catalogue
    names = context.setdefault("item_names", {})
    out = []
    for h in holdings:
        if h.item_slug not in names:
            item = catalogue.items.get(h.item_slug)
            names[h.item_slug] = _name(item.name) if item is not None else h.item_slug
        out.append({"id": h.pk, "item": h.item_slug, "name": names[h.item_slug], "price_paid": h.price_paid})
    return out


class InjurySerializer(serializers.Serializer):
    """A lasting serious injury: the table entry, what it does, its rule, and the battle it came from."""

    result = serializers.CharField(help_text="The table entry's id, e.g. INJ_HAND_INJURY.")
    name = serializers.CharField()
    sub = serializers.CharField(allow_blank=True, help_text="The sub-roll's result, e.g. ARM_SEVERE_AMPUTATED.")
    effect = serializers.CharField(allow_blank=True)
    rule = serializers.CharField(allow_blank=True)
    roll = serializers.IntegerField(allow_null=True)
    battle = serializers.IntegerField(allow_null=True)
    week = serializers.IntegerField(allow_null=True)


class WarriorSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.CharField()
    type = serializers.CharField(source="type_slug")
    type_name = serializers.SerializerMethodField()
    count = serializers.IntegerField()
    status = serializers.CharField()
    is_leader = serializers.BooleanField()
    large = serializers.BooleanField()
    race = serializers.CharField()
    profile = serializers.DictField(child=serializers.IntegerField())
    xp = serializers.IntegerField()
    skills = serializers.ListField(child=serializers.CharField())
    skill_lists = serializers.ListField(child=serializers.CharField())
    injuries = serializers.SerializerMethodField()
    flags = serializers.DictField()
    missed_games = serializers.IntegerField()
    cost = serializers.IntegerField(help_text="Hire cost per model, in gold crowns.")
    equipment = serializers.SerializerMethodField()

    def get_type_name(self, warrior: Warrior) -> str:
        warband_list = self.context["list"]
        return (
            _name(warband_list.warrior_type(warrior.type_slug).name)
            if warband_list.has_type(warrior.type_slug)
            else warrior.type_slug
        )

    @extend_schema_field(HoldingSerializer(many=True))
    def get_equipment(self, warrior: Warrior) -> list[dict[str, Any]]:
        return holdings_data(self.context["by_warrior"].get(warrior.pk, []), self.context)

    @extend_schema_field(InjurySerializer(many=True))
    def get_injuries(self, warrior: Warrior) -> list[dict[str, Any]]:
        return [injury_view(row, self.context["pack"].tables) for row in warrior.injuries]


class FallenSerializer(serializers.Serializer):
    """A warrior no longer on the roster (dead, retired): his name, record and injuries stay readable."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.CharField()
    type = serializers.CharField(source="type_slug")
    status = serializers.CharField()
    xp = serializers.IntegerField()
    skills = serializers.ListField(child=serializers.CharField())
    profile = serializers.DictField(child=serializers.IntegerField())
    injuries = serializers.SerializerMethodField()

    @extend_schema_field(InjurySerializer(many=True))
    def get_injuries(self, warrior: Warrior) -> list[dict[str, Any]]:
        return [injury_view(row, self.context["pack"].tables) for row in warrior.injuries]


class WarbandSummarySerializer(serializers.ModelSerializer[Warband]):
    owner = serializers.CharField(source="owner.username")
    list = serializers.CharField(source="list_slug")

    class Meta:
        model = Warband
        fields = ["id", "campaign", "owner", "name", "list", "status", "treasury", "shards", "rating", "created_at"]


class RosterSerializer(WarbandSummarySerializer):
    """The whole roster in one response: warriors with their equipment, and the stash."""

    list_name = serializers.SerializerMethodField()
    trading_sequence = serializers.IntegerField()
    warriors = serializers.SerializerMethodField()
    stash = serializers.SerializerMethodField()
    problems = serializers.SerializerMethodField(
        help_text="What keeps the roster from being legal by its list (empty: it may be submitted and approved)."
    )
    review_note = serializers.CharField(help_text="Why the organiser sent the warband back, if they did.")
    submitted_at = serializers.DateTimeField(allow_null=True)
    fallen = serializers.SerializerMethodField(help_text="Warriors who died or retired, with their record.")

    class Meta(WarbandSummarySerializer.Meta):
        fields = [
            *WarbandSummarySerializer.Meta.fields,
            "list_name",
            "trading_sequence",
            "warriors",
            "stash",
            "problems",
            "review_note",
            "submitted_at",
            "fallen",
        ]

    @extend_schema_field(FallenSerializer(many=True))
    def get_fallen(self, warband: Warband) -> list[dict[str, Any]]:
        fallen = [w for w in warband.warriors.all() if w.status in FALLEN]
        return FallenSerializer(fallen, many=True, context=self.context).data  # type: ignore[return-value]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_problems(self, warband: Warband) -> list[str]:
        return [p.message for p in self.context.get("problems", ())]

    def get_list_name(self, warband: Warband) -> str:
        return _name(self.context["list"].name)

    @extend_schema_field(WarriorSerializer(many=True))
    def get_warriors(self, warband: Warband) -> list[dict[str, Any]]:
        warriors = [w for w in warband.warriors.all() if w.on_roster]
        return WarriorSerializer(warriors, many=True, context=self.context).data  # type: ignore[return-value]

    @extend_schema_field(HoldingSerializer(many=True))
    def get_stash(self, warband: Warband) -> list[dict[str, Any]]:
        return HoldingSerializer(self.context["by_warrior"].get(None, []), many=True, context=self.context).data  # type: ignore[return-value]

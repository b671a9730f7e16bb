"""Typed shapes of a Mordheim pack's catalogue: warband lists, the price chart, skills (no free-form objects)."""

from __future__ import annotations

from rest_framework import serializers


class NamesSerializer(serializers.Serializer):
    en = serializers.CharField()
    ru = serializers.CharField(allow_null=True)
    cs = serializers.CharField(allow_null=True)


class ProfileSerializer(serializers.Serializer):
    M = serializers.IntegerField()
    WS = serializers.IntegerField()
    BS = serializers.IntegerField()
    S = serializers.IntegerField()
    T = serializers.IntegerField()
    W = serializers.IntegerField()
    I = serializers.IntegerField()  # noqa: E741 - the rulebook's abbreviation for Initiative
    A = serializers.IntegerField()
    Ld = serializers.IntegerField()


class VariableCostSerializer(serializers.Serializer):
    base = serializers.IntegerField()
    dice = serializers.CharField()
    multiplier = serializers.IntegerField()
    text = serializers.CharField()


class ItemSerializer(serializers.Serializer):
    """One entry of the price chart; ``rarity`` null is a common item (always for sale)."""

    id = serializers.CharField()
    name = serializers.CharField()
    names = NamesSerializer()
    category = serializers.CharField()
    cost = serializers.IntegerField(help_text="The chart price in gold crowns (the base of a variable price).")
    rarity = serializers.IntegerField(allow_null=True)
    variable_cost = VariableCostSerializer(allow_null=True)
    hands = serializers.IntegerField(allow_null=True)
    restriction = serializers.CharField(allow_blank=True)


class EquipmentOptionSerializer(serializers.Serializer):
    """An item a warrior type may buy from its list, at the list's price (what ``/buy/`` and ``/hire/`` charge)."""

    item = serializers.CharField()
    name = serializers.CharField()
    price = serializers.IntegerField(help_text="The fixed price in gold crowns (the base of a variable price).")
    variable_cost = VariableCostSerializer(allow_null=True)
    first_free = serializers.BooleanField(help_text="The first one of these for each model is free at hire.")
    rarity = serializers.IntegerField(allow_null=True, help_text="Rare N for this list; null: common.")
    only = serializers.ListField(child=serializers.CharField(), help_text="Only these warrior types; empty: all.")
    note = serializers.CharField(allow_blank=True)


class EquipmentListSerializer(serializers.Serializer):
    id = serializers.CharField()
    options = EquipmentOptionSerializer(many=True)


class ListSkillSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    names = NamesSerializer()
    text = serializers.CharField(allow_blank=True)
    only = serializers.ListField(child=serializers.CharField())


class ListSkillListSerializer(serializers.Serializer):
    """A skill list of the warband's own (the common five are in the catalogue's ``skill_lists``)."""

    id = serializers.CharField()
    name = serializers.CharField()
    names = NamesSerializer()
    skills = ListSkillSerializer(many=True)


class WarriorTypeSerializer(serializers.Serializer):
    type = serializers.CharField(help_text="The id ``/hire/`` takes as ``type``.")
    name = serializers.CharField()
    names = NamesSerializer()
    kind = serializers.CharField(help_text="hero or henchman")
    cost = serializers.IntegerField(help_text="Hire cost per model in gold crowns.")
    min = serializers.IntegerField()
    max = serializers.IntegerField(allow_null=True, help_text="Most models of this type; null: no limit.")
    group_size_max = serializers.IntegerField(allow_null=True)
    profile = ProfileSerializer()
    race = serializers.CharField(allow_null=True)
    starting_xp = serializers.IntegerField()
    gains_xp = serializers.BooleanField()
    leader = serializers.BooleanField()
    large = serializers.BooleanField()
    equipment_list = serializers.CharField(allow_null=True, help_text="Its list in ``equipment_lists``; null: none.")
    excluded_categories = serializers.ListField(child=serializers.CharField())
    skill_lists = serializers.ListField(child=serializers.CharField())
    special = serializers.ListField(child=serializers.CharField())


class WarbandListSerializer(serializers.Serializer):
    """A whole warband list: what a phone needs to build a legal warband on it."""

    slug = serializers.CharField(help_text="The id a new warband takes as ``list``.")
    name = serializers.CharField()
    names = NamesSerializer()
    starting_gold = serializers.IntegerField()
    min_warriors = serializers.IntegerField()
    max_warriors = serializers.IntegerField()
    max_heroes = serializers.IntegerField()
    rare_search_bonus = serializers.IntegerField()
    leader_type = serializers.CharField(allow_null=True)
    special = serializers.ListField(child=serializers.CharField())
    notes = serializers.CharField(allow_blank=True)
    warrior_types = WarriorTypeSerializer(many=True)
    equipment_lists = EquipmentListSerializer(many=True)
    skill_lists = ListSkillListSerializer(many=True)


class SkillRestrictionsSerializer(serializers.Serializer):
    leader_only = serializers.BooleanField()
    spellcasters_only = serializers.BooleanField()
    incompatible_with = serializers.ListField(child=serializers.CharField())
    unusable_by = serializers.ListField(child=serializers.CharField())
    forbidden_for = serializers.ListField(child=serializers.CharField())


class SkillSerializer(serializers.Serializer):
    id = serializers.CharField()
    list = serializers.CharField()
    name = serializers.CharField()
    names = NamesSerializer()
    effect = serializers.CharField()
    restrictions = SkillRestrictionsSerializer()


class SkillListSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    names = NamesSerializer()
    skills = serializers.ListField(child=serializers.CharField())


class CatalogueSerializer(serializers.Serializer):
    slug = serializers.CharField()
    version = serializers.CharField()
    checksum = serializers.CharField()
    currency = serializers.CharField()
    warband_lists = WarbandListSerializer(many=True)
    equipment = ItemSerializer(many=True)
    skill_lists = SkillListSerializer(many=True)
    skills = SkillSerializer(many=True)

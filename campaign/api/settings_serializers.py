"""The settings' API shape, typed per game system, read from the one settings base and its catalogues.

One serializer per game system (and one for a system without settings code) holds the league's settings
that apply to it and the system's own: each field's type, bounds, choices (codes) and default come
from the engine's declarations, its help text from the catalogue of words the system's app registered
(read when the schema is rendered, in the reader's language). The OpenAPI schema offers them as a union
discriminated by ``system``; a request's ``settings`` is one of their partial forms. Values are
checked by the base in the service (a bad one is a 400 naming the field, in words).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from campaign.league import campaign_specs
from campaign.lib.setting_words import choice_words, lazy_help, lazy_label
from referee.engine.game_systems import systems
from referee.engine.system_settings import BOOL, CHOICE, INT, LIST, MAP, Setting

NO_SYSTEM = ""  # a campaign whose rules pack names a system with no code here


def _camel(slug: str) -> str:
    return "".join(part.capitalize() for part in slug.split("_")) or "Other"


class _ChoiceWords:
    """A choice's words, read when shown (the catalogue registers after this module is imported)."""

    def __init__(self, owner: str, spec: Setting, code: Any) -> None:
        self.owner, self.spec, self.code = owner, spec, code

    def __str__(self) -> str:
        return str(choice_words(self.owner, self.spec, self.code))


def _choices(owner: str, spec: Setting) -> list[tuple[Any, Any]]:
    return [(code, format_lazy("{}", _ChoiceWords(owner, spec, code))) for code in spec.choices]


def _field(owner: str, spec: Setting, partial: bool) -> serializers.Field:
    common: dict[str, Any] = {"help_text": lazy_help(owner, spec.name), "label": lazy_label(owner, spec.name)}
    if partial:
        common["required"] = False
    if spec.kind == BOOL:
        return serializers.BooleanField(**common)
    if spec.kind == CHOICE:
        return serializers.ChoiceField(choices=_choices(owner, spec), **common)
    if spec.kind == INT:
        bounds: dict[str, Any] = {
            k: v for k, v in (("min_value", spec.minimum), ("max_value", spec.maximum)) if v is not None
        }
        return serializers.IntegerField(allow_null=spec.optional, **bounds, **common)
    if spec.kind == LIST:
        child = serializers.ChoiceField(choices=_choices(owner, spec)) if spec.choices else serializers.CharField()
        return serializers.ListField(child=child, **common)
    if spec.kind == MAP:
        return serializers.DictField(child=serializers.IntegerField(min_value=spec.minimum or 0), **common)
    return serializers.CharField(allow_blank=True, **common)


@cache
def settings_serializer(slug: str, partial: bool = False) -> type[serializers.Serializer]:
    """Every setting of a campaign on ``slug`` as a serializer (``partial``: each one optional, for a change)."""
    attrs: dict[str, Any] = {spec.name: _field(owner, spec, partial) for owner, spec in campaign_specs(slug)}
    name = f"{'Patched' if partial else ''}{_camel(slug)}CampaignSettings"
    attrs["Meta"] = type("Meta", (), {"ref_name": name})
    return type(name, (serializers.Serializer,), attrs)


def system_slugs() -> list[str]:
    return [s.slug for s in systems()]


class LeagueSettingSerializer(serializers.Serializer):
    name = serializers.CharField()
    default = serializers.JSONField(allow_null=True)
    label = serializers.CharField(  # type: ignore[assignment]  # a field named label: the metaclass takes it
        help_text=_("The setting's name in the reader's language.")
    )
    doc = serializers.CharField(help_text=_("What the setting does, in the reader's language."))


@cache
def settings_out_serializer(slug: str) -> type[serializers.Serializer]:
    """A campaign's settings as the API answers them, for a campaign on ``slug``."""
    attrs: dict[str, Any] = {
        "system": serializers.ChoiceField(choices=[(slug, slug)], help_text=_("The campaign's game system.")),
        "time_zone": serializers.CharField(),
        "settings": settings_serializer(slug)(help_text=_("Every setting, league and game system, by name.")),
        "league": serializers.ListSerializer(
            child=LeagueSettingSerializer(), help_text=_("The league settings described.")
        ),
    }
    name = f"{_camel(slug)}CampaignSettingsRead"
    attrs["Meta"] = type("Meta", (), {"ref_name": name})
    return type(name, (serializers.Serializer,), attrs)


def settings_out_union() -> PolymorphicProxySerializer:
    return PolymorphicProxySerializer(
        component_name="CampaignSettingsRead",
        serializers={slug: settings_out_serializer(slug) for slug in system_slugs()},
        resource_type_field_name="system",
    )


@extend_schema_field(
    PolymorphicProxySerializer(
        component_name="CampaignSettingsChange",
        serializers=[settings_serializer(slug, partial=True) for slug in system_slugs()],
        resource_type_field_name=None,
    )
)
class SettingsChangeField(serializers.DictField):
    """The settings to change, by name: some of the campaign's system's (checked by the service)."""

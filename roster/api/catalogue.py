"""``/api/v1/rulesets/{slug}/catalogue/`` and ``.../warband-lists/{list}/``: what a phone needs to build a
warband with no hard-coded id: every warband list (types, profiles, costs, limits, equipment and skill
lists, special rules, starting gold), the price chart and the skills, in the reader's language, with ETags.

Prices are those ``/hire/`` and ``/buy/`` charge: an equipment option's ``price`` is the list's own price
where it gives one, else the chart's (``referee.engine.systems.mordheim.warband.equipment.listed_price``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.errors import NotFound
from campaign.lib.i18n import localized
from referee.api.rulesets import NOT_MODIFIED, VERSION_PARAM, cached, pack_or_404
from referee.engine.packfiles import LoadedPack
from referee.engine.systems.mordheim.lists.types import Item, Name, VariableCost, WarbandList
from referee.engine.systems.mordheim.tables.pack_parser import MordheimPack
from referee.engine.systems.mordheim.warband.equipment import listed_price
from roster.api.catalogue_serializers import CatalogueSerializer, WarbandListSerializer

RESTRICTION_FLAGS = ("leader_only", "spellcasters_only")
RESTRICTION_LISTS = ("incompatible_with", "unusable_by", "forbidden_for")


def _names(name: Name | Mapping[str, Any]) -> dict[str, str | None]:
    raw = {"en": name.en, "ru": name.ru} if isinstance(name, Name) else dict(name)
    return {"en": str(raw.get("en") or ""), "ru": raw.get("ru") or None, "cs": raw.get("cs") or None}


def _named(name: Name | Mapping[str, Any]) -> dict[str, Any]:
    names = _names(name)
    return {"name": localized({k: v for k, v in names.items() if v}), "names": names}


def _variable(cost: VariableCost | None) -> dict[str, Any] | None:
    if cost is None:
        return None
    return {"base": cost.base, "dice": cost.dice, "multiplier": cost.multiplier, "text": cost.text}


def _item(item: Item) -> dict[str, Any]:
    return {
        "id": item.id,
        **_named(item.name),
        "category": item.category,
        "cost": item.cost,
        "rarity": item.rarity,
        "variable_cost": _variable(item.variable_cost),
        "hands": item.hands,
        "restriction": item.restriction,
    }


def warband_list_data(warband_list: WarbandList, pack: MordheimPack) -> dict[str, Any]:
    """One list in the catalogue's shape (``WarbandListSerializer``)."""
    items = pack.catalogue.items
    leader = warband_list.leader_type
    return {
        "slug": warband_list.slug,
        **_named(warband_list.name),
        "starting_gold": warband_list.starting_gold,
        "min_warriors": warband_list.min_warriors,
        "max_warriors": warband_list.max_warriors,
        "max_heroes": warband_list.max_heroes,
        "rare_search_bonus": warband_list.rare_search_bonus,
        "leader_type": leader.type if leader is not None else None,
        "special": list(warband_list.special),
        "notes": warband_list.notes,
        "warrior_types": [
            {
                "type": t.type,
                **_named(t.name),
                "kind": t.kind,
                "cost": t.cost,
                "min": t.min,
                "max": t.max,
                "group_size_max": t.group_size_max,
                "profile": t.profile.to_dict(),
                "race": t.race,
                "starting_xp": t.starting_xp,
                "gains_xp": t.gains_xp,
                "leader": t.leader,
                "large": t.large,
                "equipment_list": t.equipment_list,
                "excluded_categories": list(t.excluded_categories),
                "skill_lists": list(t.skill_lists),
                "special": list(t.special),
            }
            for t in warband_list.warrior_types
        ],
        "equipment_lists": [
            {
                "id": list_id,
                "options": [
                    {
                        "item": o.item,
                        "name": localized(_names(items[o.item].name)),
                        "price": listed_price(o, items[o.item]),
                        "variable_cost": None if o.cost is not None else _variable(items[o.item].variable_cost),
                        "first_free": o.first_free,
                        "rarity": o.rarity if o.overrides_rarity else items[o.item].rarity,
                        "only": list(o.only),
                        "note": o.note,
                    }
                    for o in options
                ],
            }
            for list_id, options in warband_list.equipment_lists.items()
        ],
        "skill_lists": [
            {
                "id": sl.id,
                **_named(sl.name),
                "skills": [{"id": s.id, **_named(s.name), "text": s.text, "only": list(s.only)} for s in sl.skills],
            }
            for sl in warband_list.skill_lists
        ],
    }


def catalogue_data(loaded: LoadedPack, pack: MordheimPack) -> dict[str, Any]:
    tables = pack.tables
    return {
        "slug": loaded.slug,
        "version": loaded.version,
        "checksum": loaded.checksum,
        "currency": "gc",
        "warband_lists": [warband_list_data(pack.lists[slug], pack) for slug in sorted(pack.lists)],
        "equipment": [_item(item) for item in pack.catalogue.items.values()],
        "skill_lists": [
            {"id": lid, **_named(_skill_list_names(loaded, lid)), "skills": list(members)}
            for lid, members in tables.skill_lists.items()
        ],
        "skills": [
            {
                "id": s.id,
                "list": s.list,
                **_named({"en": s.en, "ru": s.ru}),
                "effect": s.effect,
                "restrictions": {
                    **{flag: bool(s.restrictions.get(flag, False)) for flag in RESTRICTION_FLAGS},
                    **{key: [str(v) for v in s.restrictions.get(key, ())] for key in RESTRICTION_LISTS},
                },
            }
            for s in tables.skills.values()
        ],
    }


def _skill_list_names(loaded: LoadedPack, list_id: str) -> dict[str, Any]:
    for raw in loaded.source.files.get("tables.json", {}).get("skill_lists", ()):
        if raw.get("id") == list_id:
            return {lang: raw[lang] for lang in ("en", "ru", "cs") if raw.get(lang)}
    return {"en": list_id}


def _mordheim(loaded: LoadedPack) -> MordheimPack:
    if not isinstance(loaded.typed, MordheimPack):
        raise NotFound(
            _("Rules pack %(slug)s has no warband lists: it is not a Mordheim pack.") % {"slug": loaded.slug},
            code="no_catalogue",
        )
    return loaded.typed


class CatalogueView(APIView):
    """Every warband list, the equipment and price chart, and the skills of a Mordheim rules pack, localized
    by ``Accept-Language``; cache it and revalidate with ``If-None-Match`` (304 when unchanged)."""

    permission_classes = [AllowAny]

    @extend_schema(parameters=[VERSION_PARAM], responses={200: CatalogueSerializer, 304: NOT_MODIFIED})
    def get(self, request: Request, slug: str) -> Response:
        loaded = pack_or_404(slug, request.query_params.get("version"))
        pack = _mordheim(loaded)
        return cached(
            request, lambda: CatalogueSerializer(catalogue_data(loaded, pack)).data, loaded.checksum[:16], "catalogue"
        )


class WarbandListView(APIView):
    """One warband list of a Mordheim rules pack: its warrior types, limits, equipment and skill lists."""

    permission_classes = [AllowAny]

    @extend_schema(parameters=[VERSION_PARAM], responses={200: WarbandListSerializer, 304: NOT_MODIFIED})
    def get(self, request: Request, slug: str, list_slug: str) -> Response:
        loaded = pack_or_404(slug, request.query_params.get("version"))
        pack = _mordheim(loaded)
        warband_list = pack.warband_list(list_slug)
        if warband_list is None:
            raise NotFound(
                _("Rules pack %(slug)s has no warband list %(list)s; its lists are: %(lists)s.")
                % {"slug": slug, "list": list_slug, "lists": ", ".join(sorted(pack.lists))},
                code="unknown_warband_list",
            )
        return cached(
            request,
            lambda: WarbandListSerializer(warband_list_data(warband_list, pack)).data,
            loaded.checksum[:16],
            "list",
            list_slug,
        )

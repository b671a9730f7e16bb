"""``/api/v1/rulesets/``: rules packs and their tables, cacheable by clients (ETag)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.http import parse_etags
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.errors import DomainError, NotFound
from campaign.lib.i18n import localized
from referee.engine.packfiles import LoadedPack
from referee.engine.tables import InvalidRoll, describe_values
from referee.served_packs import get_pack, packs

NOT_MODIFIED = OpenApiResponse(description="Your copy (If-None-Match: its ETag) is current.")
VERSION_PARAM = OpenApiParameter("version", str, description="A pack version; the newest when omitted.")


#: Bodies already built, by ETag: a pack version never changes, so each is built once per process and
#: language (bounded; the oldest goes first).
_BUILT: dict[str, Any] = {}
_BUILT_MAX = 256


def cached(request: Request, build: Callable[[], Any], *parts: str) -> Response:
    """A pack's data, tagged so a phone can revalidate it cheaply: 304 (nothing built) when its copy is
    current; otherwise the body, built once per process and language for this pack version."""
    etag = '"' + "-".join(parts) + f'-{get_language() or "en"}"'
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        response = Response(status=304)
    else:
        if etag not in _BUILT:
            if len(_BUILT) >= _BUILT_MAX:
                _BUILT.pop(next(iter(_BUILT)), None)
            _BUILT[etag] = build()
        response = Response(_BUILT[etag])
    response["ETag"] = etag
    response["Cache-Control"] = "public, max-age=300"
    response["Vary"] = "Accept-Language"
    return response


def pack_or_404(slug: str, version: str | None) -> LoadedPack:
    pack = get_pack(slug, version)
    if pack is None:
        if version:
            raise NotFound(_("There is no rules pack %(slug)s version %(v)s.") % {"slug": slug, "v": version})
        raise NotFound(_("There is no rules pack called %(slug)s.") % {"slug": slug})
    return pack


class PackSerializer(serializers.Serializer):
    slug = serializers.CharField()
    system = serializers.CharField()
    version = serializers.CharField()
    name = serializers.CharField()
    checksum = serializers.CharField()
    tables = serializers.ListField(child=serializers.CharField())


def _pack_data(pack: LoadedPack) -> dict[str, Any]:
    return {
        "slug": pack.slug,
        "system": pack.system,
        "version": pack.version,
        "name": localized(pack.source.name),
        "checksum": pack.checksum,
        "tables": sorted(pack.tables),
    }


class RulesetListView(APIView):
    """Every rules pack version this server serves."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: PackSerializer(many=True), 304: NOT_MODIFIED})
    def get(self, request: Request) -> Response:
        key = "-".join(p.checksum[:8] for p in packs())
        return cached(request, lambda: [_pack_data(p) for p in packs()], "packs", key)


class RulesetDetailView(APIView):
    """One rules pack: its manifest, provenance and the names of its tables."""

    permission_classes = [AllowAny]

    class OutputSerializer(PackSerializer):
        description = serializers.CharField(allow_blank=True)
        provenance = serializers.CharField(allow_blank=True)
        roll_tables = serializers.ListField(child=serializers.CharField())
        versions = serializers.ListField(child=serializers.CharField())

    @extend_schema(parameters=[VERSION_PARAM], responses={200: OutputSerializer, 304: NOT_MODIFIED})
    def get(self, request: Request, slug: str) -> Response:
        pack = pack_or_404(slug, request.query_params.get("version"))
        versions = [p.version for p in packs() if p.slug == slug]

        def build() -> dict[str, Any]:
            return _pack_data(pack) | {
                "description": str(pack.source.manifest.get("description", "")),
                "provenance": str(pack.source.manifest.get("provenance", "")),
                "roll_tables": sorted(pack.roll_tables),
                "versions": versions,
            }

        return cached(request, build, pack.checksum[:16], *versions)


class RulesTableSerializer(serializers.Serializer):
    """The whole table (``data``, and for a rolled table its ``dice`` and ``valid_values``), or with ``?roll=N``
    the ``entry`` that roll gives."""

    table = serializers.CharField()
    data = serializers.JSONField(  # type: ignore[assignment]
        required=False, help_text=_lazy("The table as the pack holds it (without ?roll).")
    )
    dice = serializers.CharField(required=False, help_text=_lazy("e.g. D66, for a table that is rolled on."))
    valid_values = serializers.ListField(child=serializers.IntegerField(), required=False)
    roll = serializers.IntegerField(required=False)
    entry = serializers.DictField(required=False, help_text=_lazy("The entry the roll gives: id, name and its data."))


class TableView(APIView):
    """A table of a rules pack; ``?roll=N`` returns the entry that roll gives (a quick reference)."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            VERSION_PARAM,
            OpenApiParameter("roll", int, description="A roll of the table's dice, e.g. 35 on a D66 table."),
        ],
        responses={200: RulesTableSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request, slug: str, table: str) -> Response:
        pack = pack_or_404(slug, request.query_params.get("version"))
        if table not in pack.tables:
            raise NotFound(
                _("Rules pack %(slug)s has no table %(table)s; its tables are: %(names)s.")
                % {"slug": slug, "table": table, "names": ", ".join(sorted(pack.tables))}
            )
        raw_roll = request.query_params.get("roll")
        if raw_roll is None:
            return cached(request, lambda: _table_data(pack, table), pack.checksum[:16], table)
        return self._lookup(request, pack, table, raw_roll)

    def _lookup(self, request: Request, pack: LoadedPack, table: str, raw_roll: str) -> Response:
        roll_table = pack.roll_tables.get(table)
        if roll_table is None:
            raise DomainError(
                _("Table %(table)s is not rolled on, so it takes no roll.") % {"table": table},
                code="not_a_roll_table",
                fields={"roll": [_("This table has no dice.")]},
            )
        try:
            roll = int(raw_roll)
        except ValueError:
            raise DomainError(
                _("roll must be a whole number, e.g. ?roll=35."),
                code="invalid_roll",
                field="roll",
            ) from None
        try:
            entry = roll_table.lookup(roll)
        except InvalidRoll as exc:
            raise DomainError(
                _("%(roll)s is not a possible %(dice)s roll; valid values are %(valid)s.")
                % {"roll": roll, "dice": exc.dice, "valid": describe_values(exc.valid)},
                code="invalid_roll",
                field="roll",
            ) from None
        data = {
            "table": table,
            "dice": roll_table.dice,
            "roll": roll,
            "entry": dict(entry.data) | {"id": entry.id, "name": localized(_names(entry.data))},
        }
        return cached(request, lambda: data, pack.checksum[:16], table, str(roll))


def _table_data(pack: LoadedPack, table: str) -> dict[str, Any]:
    data: dict[str, Any] = {"table": table, "data": pack.tables[table]}
    if table in pack.roll_tables:
        data["dice"] = pack.roll_tables[table].dice
        data["valid_values"] = list(pack.roll_tables[table].valid_values)
    return data


def _names(data: Mapping[str, Any]) -> dict[str, str]:
    return {lang: str(data[lang]) for lang in ("en", "ru", "cs") if lang in data}

"""``/api/v1/campaigns/{id}/arena-characters/`` and ``/api/v1/arena-characters/{id}/``: the arena characters.

Every member sees each character's name, owner and final Charisma (AD-INFO-01); the sheet, gear,
wounds and persistent bennies only its owner, the organiser and the GM (``sheet_visible``). The
organiser and the GM make and edit characters. A user outside the campaign gets 404.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.schema import errors
from campaign.lib.api.viewer import viewer
from campaign.lib.errors import NotFound, RuleViolation
from campaign.models import Campaign
from campaign.selectors.rolls import campaign_for_member
from campaign.selectors.users import user_by_username
from campaign.tables.selectors import character_card, character_for, characters_visible_to
from campaign.tables.services.characters import character_create, character_edit


class ArenaPersistentBennySerializer(serializers.Serializer):
    id = serializers.CharField()
    item = serializers.CharField(help_text=gettext_lazy("What it came as (an amulet)."))
    awarded_in = serializers.CharField(allow_blank=True)
    spent_in = serializers.CharField(allow_blank=True, help_text=gettext_lazy("Empty while unspent."))


class ArenaCharacterSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    campaign = serializers.IntegerField()
    name = serializers.CharField()
    owner = serializers.CharField(help_text=gettext_lazy("The owning player's username."))
    charisma = serializers.IntegerField(help_text=gettext_lazy("Public: the final Charisma (AD-INFO-01)."))
    duels = serializers.IntegerField()
    sheet_visible = serializers.BooleanField(help_text=gettext_lazy("Whether you may read the sheet."))
    sheet = serializers.DictField(allow_null=True, help_text=gettext_lazy(
        "Attributes, skills, edges, hindrances, arcane gift, power points, poison vials; null unless yours "
        "or you are the organiser or GM."))
    gear = serializers.ListField(child=serializers.CharField(), allow_null=True)
    wounds = serializers.IntegerField(allow_null=True)
    persistent_bennies = ArenaPersistentBennySerializer(many=True, allow_null=True)


class ArenaCharacterInputSerializer(serializers.Serializer):
    owner = serializers.CharField(max_length=150, help_text=gettext_lazy("The owning player's username."))
    name = serializers.CharField(max_length=80)
    sheet = serializers.DictField()
    gear = serializers.ListField(child=serializers.CharField(max_length=80), required=False, default=list)


class ArenaCharacterEditSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80, required=False)
    sheet = serializers.DictField(required=False)
    gear = serializers.ListField(child=serializers.CharField(max_length=80), required=False)
    wounds = serializers.IntegerField(min_value=0, max_value=3, required=False)


def _campaign(request: Request, pk: int) -> Campaign:
    campaign = campaign_for_member(viewer=request.user, campaign_id=pk)
    if campaign is None:
        raise NotFound(_("No such campaign."), code="campaign_not_found")
    return campaign


def _card(request: Request, character: Any) -> dict[str, Any]:
    return ArenaCharacterSerializer(character_card(viewer=request.user, character=character)).data


class ArenaCharacterListCreateView(APIView):
    """The campaign's characters (sheets where you may read them), or make one (organiser or GM)."""

    @extend_schema(responses={200: ArenaCharacterSerializer(many=True), **errors(401, 404)})
    def get(self, request: Request, pk: int) -> Response:
        _campaign(request, pk)
        rows = characters_visible_to(viewer=request.user, campaign_id=pk)
        return Response([_card(request, c) for c in rows])

    @extend_schema(request=ArenaCharacterInputSerializer,
                   responses={201: ArenaCharacterSerializer, **errors(400, 401, 403, 404)})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        campaign = _campaign(request, pk)
        data = ArenaCharacterInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        owner = user_by_username(v["owner"])
        if owner is None:
            raise RuleViolation(_("No player of that name."), code="owner_not_player", field="owner")
        character = character_create(actor=viewer(request), campaign=campaign, owner=owner, name=v["name"],
                                     sheet=v["sheet"], gear=v["gear"])
        return Response(_card(request, character), status=201)


class ArenaCharacterDetailView(APIView):
    """One character: its public part, and its sheet where you may read it; the staff edit it."""

    @extend_schema(responses={200: ArenaCharacterSerializer, **errors(401, 404)})
    def get(self, request: Request, pk: int) -> Response:
        return Response(_card(request, character_for(viewer=request.user, pk=pk)))

    @extend_schema(request=ArenaCharacterEditSerializer,
                   responses={200: ArenaCharacterSerializer, **errors(400, 401, 403, 404)})
    @idempotent
    def patch(self, request: Request, pk: int) -> Response:
        character = character_for(viewer=request.user, pk=pk)
        data = ArenaCharacterEditSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        changed = character_edit(actor=viewer(request), character=character, **data.validated_data)
        return Response(_card(request, changed))

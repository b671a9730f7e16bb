"""Characters of an intrigue campaign: the GM sets them up and edits them (stats, counters, companions,
stash, info holdings, promises); a player reads their own sheet whole and everyone else's public face."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from campaign.lib.errors import RuleViolation
from campaign.selectors import campaign_access
from campaign.selectors.users import user_by_id
from campaign.weekly.models import Character, Promise
from campaign.weekly.selectors import character_for_viewer, characters_visible_to, promise_for_viewer
from campaign.weekly.services import character_create, character_update, info_set, promise_set


def _stat() -> serializers.IntegerField:
    return serializers.IntegerField(required=False, min_value=-99, max_value=99)


class SheetSerializer(serializers.Serializer):
    """The fields of a character sheet a GM may set (all optional on an edit)."""

    name = serializers.CharField(max_length=80, required=False)
    magic = _stat()
    shadow = _stat()
    might = _stat()
    influence = _stat()
    preparedness = _stat()
    debt = _stat()
    xp = serializers.IntegerField(required=False, min_value=0, max_value=10_000)
    # Checked by the service (its enum would clash in the schema with the other "status" enums).
    status = serializers.CharField(max_length=8, required=False, help_text=_lazy("alive, dead or out"))
    ever_out = serializers.BooleanField(required=False)
    knows_ritual_location = serializers.BooleanField(required=False)
    ritual_source = serializers.ChoiceField(choices=Character.RitualSource.choices, required=False, allow_blank=True)
    abilities = serializers.ListField(child=serializers.DictField(), required=False)
    ingredients = serializers.ListField(child=serializers.CharField(max_length=60), required=False)
    artifacts = serializers.ListField(child=serializers.CharField(max_length=60), required=False)
    companions = serializers.ListField(child=serializers.DictField(), required=False)


class SheetInfoSerializer(serializers.Serializer):
    subject = serializers.IntegerField()
    subject_key = serializers.CharField()
    companion = serializers.CharField(allow_blank=True)
    count = serializers.IntegerField()
    gained = serializers.ListField(child=serializers.IntegerField(), help_text=_lazy("The week each level was gained."))
    valid = serializers.BooleanField()


class SheetPromiseSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    week = serializers.IntegerField()
    promiser = serializers.IntegerField()
    beneficiary = serializers.IntegerField()
    service = serializers.CharField()
    fulfilled = serializers.BooleanField()


class CharacterSheetSerializer(serializers.Serializer):
    """A character as the viewer may see it: the public face for everyone; with ``whole`` (its player and
    the GM) every field below ``whole`` too."""

    id = serializers.IntegerField()
    key = serializers.CharField()
    campaign = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField(help_text=_lazy("alive, dead or out"))
    ever_out = serializers.BooleanField()
    my_info = serializers.IntegerField(help_text=_lazy("How much the viewer knows about this character."))
    whole = serializers.BooleanField()
    player = serializers.CharField(required=False)
    user = serializers.IntegerField(required=False)
    magic = serializers.IntegerField(required=False)
    shadow = serializers.IntegerField(required=False)
    might = serializers.IntegerField(required=False)
    influence = serializers.IntegerField(required=False)
    preparedness = serializers.IntegerField(required=False)
    debt = serializers.IntegerField(required=False)
    xp = serializers.IntegerField(required=False)
    knows_ritual_location = serializers.BooleanField(required=False)
    ritual_source = serializers.CharField(required=False, allow_blank=True)
    abilities = serializers.ListField(child=serializers.JSONField(), required=False)
    ingredients = serializers.ListField(child=serializers.CharField(), required=False)
    artifacts = serializers.ListField(child=serializers.CharField(), required=False)
    companions = serializers.ListField(child=serializers.JSONField(), required=False)
    info = SheetInfoSerializer(many=True, required=False)
    promises = SheetPromiseSerializer(many=True, required=False)


class CharacterListSerializer(serializers.Serializer):
    results = CharacterSheetSerializer(many=True)


class CharacterListView(APIView):
    """Every character of the campaign: whole for its owner and the GM, the public face for the rest.
    The GM creates one for a player (POST)."""

    class InputSerializer(SheetSerializer):
        user = serializers.IntegerField()

    @extend_schema(responses={200: CharacterListSerializer})
    def get(self, request: Request, pk: int) -> Response:
        return Response({"results": characters_visible_to(viewer=request.user, campaign_id=pk)})

    @extend_schema(request=InputSerializer, responses={201: CharacterSheetSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        sheet = dict(data.validated_data)
        user = user_by_id(sheet.pop("user"))
        if user is None:
            raise RuleViolation(_("No such user."), code="not_a_player", fields={"user": [_("Unknown user.")]})
        access = campaign_access(viewer=request.user, campaign_id=pk)
        character = character_create(campaign=access.campaign, actor=viewer(request), user=user, sheet=sheet)
        _row, sheet_out = character_for_viewer(viewer=request.user, character_id=character.pk)
        return Response(sheet_out, status=201)


class CharacterDetailView(APIView):
    """One character as the viewer may see it; the GM edits it (PATCH, any sheet field)."""

    @extend_schema(responses={200: CharacterSheetSerializer})
    def get(self, request: Request, pk: int) -> Response:
        _row, sheet = character_for_viewer(viewer=request.user, character_id=pk)
        return Response(sheet)

    @extend_schema(request=SheetSerializer, responses={200: CharacterSheetSerializer})
    @transaction.atomic  # the change and its response together: a failure after the write undoes it
    def patch(self, request: Request, pk: int) -> Response:
        row, _sheet = character_for_viewer(viewer=request.user, character_id=pk)
        data = SheetSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        character_update(character=row, actor=viewer(request), changes=data.validated_data)
        _row, sheet = character_for_viewer(viewer=request.user, character_id=pk)
        return Response(sheet)


class CharacterInfoView(APIView):
    """The GM sets what this character (or one of their companions) knows about another (WM-INFO-01)."""

    class InputSerializer(serializers.Serializer):
        subject = serializers.IntegerField()
        count = serializers.IntegerField(min_value=0)
        valid = serializers.BooleanField(default=True)
        companion = serializers.CharField(required=False, default="", allow_blank=True)

    @extend_schema(request=InputSerializer, responses={200: CharacterSheetSerializer})
    @transaction.atomic  # the change and its response together: a failure after the write undoes it
    def put(self, request: Request, pk: int) -> Response:
        holder, _sheet = character_for_viewer(viewer=request.user, character_id=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        info_set(
            holder=holder,
            subject=data.validated_data["subject"],
            actor=viewer(request),
            count=data.validated_data["count"],
            valid=data.validated_data["valid"],
            companion=data.validated_data["companion"],
        )
        _row, sheet = character_for_viewer(viewer=request.user, character_id=pk)
        return Response(sheet)


class PromiseChangeSerializer(serializers.Serializer):
    fulfilled = serializers.BooleanField()


class PromiseView(APIView):
    """The GM marks a service promised in an Exchange as fulfilled (WM-EXCH-02)."""

    class OutputSerializer(serializers.ModelSerializer[Promise]):
        class Meta:
            model = Promise
            fields = ["id", "week", "promiser", "beneficiary", "service", "fulfilled"]

    @extend_schema(request=PromiseChangeSerializer, responses={200: OutputSerializer})
    @transaction.atomic  # the change and its response together: a failure after the write undoes it
    def patch(self, request: Request, pk: int) -> Response:
        # Whoever may read one of its parties' sheets whole may know it exists; anyone else: 404.
        promise = promise_for_viewer(viewer=request.user, promise_id=pk)
        data = PromiseChangeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        promise = promise_set(promise=promise, actor=viewer(request), fulfilled=data.validated_data["fulfilled"])
        return Response(self.OutputSerializer(promise).data)

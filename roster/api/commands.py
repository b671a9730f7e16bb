"""One endpoint per roster command. Each answers with the command's result and the whole updated roster,
so a phone redraws in one round trip; each accepts an Idempotency-Key, so a retry never buys twice."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from campaign.lib.bounds import INTEGER_MAX, SMALLINT_MAX
from campaign.lib.errors import NotFound
from referee.engine.systems.mordheim.lists.types import STATS
from roster.api.serializers import RosterSerializer
from roster.api.warbands import roster_response
from roster.models import Warband, Warrior
from roster.selectors import roster_of
from roster.services import hiring, trading, warbands
from roster.services.warbands import MAX_CHARACTERISTIC, MAX_MISSED_GAMES, MAX_XP


class CommandView(APIView):
    """Validate the input, run ``act`` for the viewer's warband, answer with result and roster."""

    class InputSerializer(serializers.Serializer):
        pass

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        warband = roster_of(viewer=request.user, warband_id=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = self.act(warband, viewer(request), dict(data.validated_data))
        roster = roster_response(roster_of(viewer=request.user, warband_id=pk)).data
        return Response({"result": result, "warband": roster})


def _command(input_serializer: type[serializers.Serializer], result: type[serializers.Serializer], doc: str) -> Any:
    """The schema of a command: its input, and ``{"result": <the command's own>, "warband": <the roster>}``."""
    name = result.__qualname__.split(".")[0].removesuffix("View") + "Output"
    output = inline_serializer(name=name, fields={"result": result(), "warband": RosterSerializer()})
    return extend_schema(request=input_serializer, responses={200: output}, description=doc)


def _ids(help_text: str = "") -> serializers.ListField:
    return serializers.ListField(child=serializers.IntegerField(), help_text=help_text)


class HireView(CommandView):
    class InputSerializer(serializers.Serializer):
        type = serializers.SlugField(help_text=_("A warrior type of the warband's list."))
        name = serializers.CharField(max_length=120, required=False, default="", allow_blank=True)
        count = serializers.IntegerField(min_value=1, max_value=20, default=1)
        group = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            help_text=_("Join this Henchman group instead of starting a new one."),
        )
        equipment = serializers.ListField(child=serializers.SlugField(), required=False, default=list)

    class ResultSerializer(serializers.Serializer):
        warrior = serializers.IntegerField(help_text=_("The Hero or group hired (or joined)."))

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        warrior = hiring.warband_hire(
            warband=warband,
            actor=actor,
            type_slug=data["type"],
            name=data["name"],
            count=data["count"],
            group=data["group"],
            equipment=data["equipment"],
        )
        return {"warrior": warrior.pk}

    @_command(
        InputSerializer,
        ResultSerializer,
        "Hire a Hero, a new Henchman group, or more models into a group.",
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class DismissView(CommandView):
    class InputSerializer(serializers.Serializer):
        warrior = serializers.IntegerField()
        count = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)

    class ResultSerializer(serializers.Serializer):
        warrior = serializers.IntegerField()
        status = serializers.CharField()

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        warrior = hiring.warband_dismiss(warband=warband, actor=actor, warrior=data["warrior"], count=data["count"])
        return {"warrior": warrior.pk, "status": warrior.status}

    @_command(
        InputSerializer,
        ResultSerializer,
        "Dismiss a Hero, or models of a group; their equipment goes to the stash.",
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class BuyView(CommandView):
    class InputSerializer(serializers.Serializer):
        item = serializers.SlugField()
        warrior = serializers.IntegerField(
            required=False, allow_null=True, default=None, help_text=_("Who gets it; empty: the stash.")
        )

    class ResultSerializer(serializers.Serializer):
        holdings = _ids(_("One item per model bought."))
        price = serializers.IntegerField(help_text=_("Gold paid for each."))

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        holdings = trading.warband_buy(warband=warband, actor=actor, item_slug=data["item"], warrior=data["warrior"])
        return {"holdings": [h.pk for h in holdings], "price": holdings[0].price_paid}

    @_command(
        InputSerializer,
        ResultSerializer,
        "Buy an item for a warrior (a group pays for every model) or for the stash.",
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class SellView(CommandView):
    class InputSerializer(serializers.Serializer):
        holding = serializers.IntegerField()

    class ResultSerializer(serializers.Serializer):
        gold = serializers.IntegerField()

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        return {"gold": trading.warband_sell(warband=warband, actor=actor, holding=data["holding"])}

    @_command(InputSerializer, ResultSerializer, "Sell an item for half its price.")
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class SearchView(CommandView):
    class InputSerializer(serializers.Serializer):
        warrior = serializers.IntegerField(help_text=_("The Hero who searches."))
        item = serializers.SlugField()

    class ResultSerializer(serializers.Serializer):
        search = serializers.IntegerField()
        found = serializers.BooleanField()
        total = serializers.IntegerField()
        rarity = serializers.IntegerField()
        roll = serializers.IntegerField(help_text=_("The ledger entry of the 2D6."))
        faces = serializers.ListField(child=serializers.IntegerField())

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        search = trading.warband_search_rare(
            warband=warband, actor=actor, warrior=data["warrior"], item_slug=data["item"]
        )
        return {
            "search": search.pk,
            "found": search.success,
            "total": search.total,
            "rarity": search.target,
            "roll": search.roll_id,
            "faces": search.roll.faces,
        }

    @_command(
        InputSerializer,
        ResultSerializer,
        "A Hero searches for a rare item (2D6 + modifiers against its rarity, on the server).",
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class MoveItemView(CommandView):
    class InputSerializer(serializers.Serializer):
        holding = serializers.IntegerField()
        warrior = serializers.IntegerField(allow_null=True, help_text=_("Who gets it; null: the stash."))

    class ResultSerializer(serializers.Serializer):
        holdings = _ids()

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        moved = trading.warband_move_item(
            warband=warband, actor=actor, holding=data["holding"], to_warrior=data["warrior"]
        )
        return {"holdings": [h.pk for h in moved]}

    @_command(
        InputSerializer,
        ResultSerializer,
        "Equip, unequip or swap an item, where the receiving warrior's list allows it.",
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class ApproveView(CommandView):
    class InputSerializer(serializers.Serializer):
        pass

    class ResultSerializer(serializers.Serializer):
        status = serializers.CharField()

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        return {"status": warbands.warband_approve(warband=warband, actor=actor).status}

    @_command(InputSerializer, ResultSerializer, "The organiser accepts the warband into the campaign.")
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class ProfileChangesSerializer(serializers.Serializer):
    """The characteristics to set; the ones left out stay as they are."""

    def get_fields(self) -> dict[str, serializers.Field]:
        return {
            stat: serializers.IntegerField(required=False, min_value=0, max_value=MAX_CHARACTERISTIC) for stat in STATS
        }

    def to_internal_value(self, data: Any) -> Any:
        return super().to_internal_value(_no_unknown_keys(self, data))


def _no_unknown_keys(serializer: serializers.Serializer, data: Any) -> Any:
    unknown = sorted(set(data) - set(serializer.fields)) if isinstance(data, dict) else []
    if unknown:
        raise serializers.ValidationError({name: [_("Not a field of this object.")] for name in unknown})
    return data


class WarriorChangesSerializer(serializers.Serializer):
    """The warrior fields a correction sets (only the ones sent), checked as the commands they correct check them."""

    xp = serializers.IntegerField(required=False, min_value=0, max_value=MAX_XP)
    count = serializers.IntegerField(required=False, min_value=0, max_value=SMALLINT_MAX)
    status = serializers.ChoiceField(choices=Warrior.Status.choices, required=False)
    name = serializers.CharField(required=False, max_length=120)
    profile = ProfileChangesSerializer(required=False)
    skills = serializers.ListField(child=serializers.SlugField(max_length=60), required=False, max_length=100)
    missed_games = serializers.IntegerField(required=False, min_value=0, max_value=MAX_MISSED_GAMES)

    def to_internal_value(self, data: Any) -> Any:
        return super().to_internal_value(_no_unknown_keys(self, data))


class CorrectView(CommandView):
    class InputSerializer(serializers.Serializer):
        reason = serializers.CharField(max_length=2000)
        treasury = serializers.IntegerField(
            default=0,
            min_value=-INTEGER_MAX,
            max_value=INTEGER_MAX,
            help_text=_("Gold to add (negative to take away)."),
        )
        shards = serializers.IntegerField(default=0, min_value=-INTEGER_MAX, max_value=INTEGER_MAX)
        warrior = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1)
        changes = WarriorChangesSerializer(required=False, default=dict)

    class ResultSerializer(serializers.Serializer):
        correction = serializers.IntegerField()
        changes = serializers.JSONField(help_text=_("What changed: treasury, shards, warrior {id, before, after}."))

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        target = warband.warriors.filter(pk=data["warrior"]).first() if data["warrior"] else None
        if data["warrior"] and target is None:
            raise NotFound(_("No such warrior in this warband."), code="warrior_not_found", fields={"warrior": [""]})
        correction = warbands.warband_correct(
            warband=warband,
            actor=actor,
            reason=data["reason"],
            treasury=data["treasury"],
            shards=data["shards"],
            warrior=target,
            warrior_changes=dict(data["changes"]) | (
                {"profile": dict(data["changes"]["profile"])} if "profile" in data["changes"] else {}
            ) if data["warrior"] else None,
        )
        return {"correction": correction.pk, "changes": correction.changes}

    @_command(
        InputSerializer,
        ResultSerializer,
        "The organiser corrects the warband; who, when and why are recorded.",
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)

"""One endpoint per roster command a player sends: hire, dismiss, buy, sell, search, move kit (the shared
shape in ``roster.api.command_base``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from roster.api.command_base import CommandView, command_schema, id_list
from roster.models import Warband
from roster.services import hiring, trading


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

    @command_schema(
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

    @command_schema(
        InputSerializer,
        ResultSerializer,
        "Dismiss a Hero, or models of a group; their equipment goes to the stash.",
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class BuyView(CommandView):
    class InputSerializer(serializers.Serializer):
        item = serializers.SlugField(max_length=60)
        warrior = serializers.IntegerField(
            required=False, allow_null=True, default=None, help_text=_("Who gets it; empty: the stash.")
        )
        haggler = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            help_text=_(
                "A Hero with Haggle who takes 2D6 gc off the price of one item (never below 1 gc), once per "
                "post-battle sequence (MH-SKL-05)."
            ),
        )

    class ResultSerializer(serializers.Serializer):
        holdings = id_list(_("One item per model bought."))
        price = serializers.IntegerField(help_text=_("The listed price of each."))
        paid = serializers.IntegerField(help_text=_("Gold paid in all, after any haggling."))
        discount = serializers.IntegerField(help_text=_("Gold the haggling took off."))
        rolls = id_list(_("The ledger entries of the haggling roll, if any."))

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        bought = trading.warband_purchase(
            warband=warband, actor=actor, item_slug=data["item"], warrior=data["warrior"], haggler=data["haggler"]
        )
        return {
            "holdings": [h.pk for h in bought.holdings],
            "price": bought.unit_price,
            "paid": bought.total,
            "discount": bought.discount,
            "rolls": [r.pk for r in bought.rolls],
        }

    @command_schema(
        InputSerializer,
        ResultSerializer,
        "Buy an item for a warrior (a group pays for every model) or for the stash; optionally haggle (MH-SKL-05).",
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

    @command_schema(InputSerializer, ResultSerializer, "Sell an item for half its price.")
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
        modifier = serializers.IntegerField(help_text=_("What was added to the 2D6 (skills, a kept gem, the list)."))

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
            "modifier": search.total - search.roll.total,
        }

    @command_schema(
        InputSerializer,
        ResultSerializer,
        "A Hero searches for a rare item: 2D6 + modifiers (Streetwise +2, a kept gem +1, the list's own bonus) "
        "against its rarity, rolled on the server (MH-TRD-02/03, MH-SKL-04).",
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class MoveItemView(CommandView):
    class InputSerializer(serializers.Serializer):
        holding = serializers.IntegerField()
        warrior = serializers.IntegerField(allow_null=True, help_text=_("Who gets it; null: the stash."))

    class ResultSerializer(serializers.Serializer):
        holdings = id_list()

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        moved = trading.warband_move_item(
            warband=warband, actor=actor, holding=data["holding"], to_warrior=data["warrior"]
        )
        return {"holdings": [h.pk for h in moved]}

    @command_schema(
        InputSerializer,
        ResultSerializer,
        "Equip, unequip or swap an item, where the receiving warrior's list allows it.",
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)

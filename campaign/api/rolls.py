"""``/api/v1/rolls/``: ad hoc rolls made on the server, and the ledger as the viewer may see it."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.errors import NotFound
from campaign.selectors.rolls import (
    campaign_for_member,
    chained_to_hidden,
    roll_of,
    roll_shown_to,
    rolls_newest_first,
)
from campaign.services.rolls import roll_ad_hoc
from referee.api.serializers import RollOutputSerializer
from referee.models import LedgerEntry, Visibility


class RollFilter(django_filters.FilterSet):
    campaign = django_filters.NumberFilter(field_name="campaign_id")
    # The number, as ?week= on battles and the timeline; a roll's ``week`` field is the week's id.
    week = django_filters.NumberFilter(
        field_name="week__number", label=_("week number (1, 2, ...), not the week's id")
    )
    roller = django_filters.CharFilter(field_name="roller__username", label=_("roller's username"))
    purpose = django_filters.CharFilter(field_name="purpose")
    rule = django_filters.CharFilter(field_name="rule_id")

    class Meta:
        model = LedgerEntry
        fields = ["campaign", "week", "roller", "purpose", "rule"]


class RollListCreateView(generics.ListAPIView[LedgerEntry]):
    """List the rolls you may see (filters: campaign, week, roller, purpose, rule), or make a roll.

    A GM-only or blind roll is answered with a receipt (``hidden`` true; no result, sequence number or
    hash) unless you are the campaign's GM, and is then neither listed nor shown to you."""

    serializer_class = RollOutputSerializer
    filterset_class = RollFilter

    class InputSerializer(serializers.Serializer):
        notation = serializers.CharField(max_length=200, help_text=_("e.g. 2d6+1, D66, 4d6kh3, d6!, trait(d8)"))
        purpose = serializers.CharField(max_length=60, default="adhoc")
        label = serializers.CharField(max_length=120, required=False, default="", allow_blank=True)  # type: ignore[assignment]
        visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PUBLIC)
        campaign = serializers.IntegerField(required=False, allow_null=True, default=None)

    def get_queryset(self) -> QuerySet[LedgerEntry]:
        return rolls_newest_first(viewer=self.request.user)

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        assert page is not None
        context = {"unchained": chained_to_hidden(entries=page, viewer=request.user)}
        return self.get_paginated_response(RollOutputSerializer(page, many=True, context=context).data)

    @extend_schema(request=InputSerializer, responses={201: RollOutputSerializer})
    @idempotent
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        campaign = None
        if data.validated_data["campaign"] is not None:
            campaign = campaign_for_member(viewer=request.user, campaign_id=data.validated_data["campaign"])
            if campaign is None:
                raise NotFound(gettext("No such campaign."), code="campaign_not_found")
        entry = roll_ad_hoc(
            user=request.user,
            notation=data.validated_data["notation"],
            purpose=data.validated_data["purpose"],
            visibility=data.validated_data["visibility"],
            campaign=campaign,
            label=data.validated_data["label"],
        )
        # A roll its roller may not see (GM-only, blind) answers a receipt: the same for every result.
        receipt = not roll_shown_to(entry=entry, viewer=request.user)
        return Response(RollOutputSerializer(entry, context={"receipt": receipt}).data, status=201)


class RollDetailView(APIView):
    """One roll, if you may see it."""

    @extend_schema(responses={200: RollOutputSerializer})
    def get(self, request: Request, pk: int) -> Response:
        entry = roll_of(viewer=request.user, roll_id=pk)
        if entry is None:
            raise NotFound(gettext("No such roll."), code="roll_not_found")
        context = {"unchained": chained_to_hidden(entries=[entry], viewer=request.user)}
        return Response(RollOutputSerializer(entry, context=context).data)

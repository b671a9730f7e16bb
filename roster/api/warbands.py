"""``/api/v1/warbands/``: found a warband, read whole rosters, the treasury ledger and the history."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, HttpResponseNotModified
from django.utils.http import parse_etags
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.schema import etag_header
from campaign.lib.api.viewer import viewer
from campaign.lib.errors import NotFound
from campaign.selectors.rolls import campaign_for_member
from roster.api.serializers import (
    HistorySerializer,
    RosterSerializer,
    TreasuryEntrySerializer,
    WarbandSummarySerializer,
)
from roster.documents.cache import RosterDocument, document_of, roster_document, warband_visible
from roster.models import TreasuryEntry, Warband
from roster.selectors import history_of, ledger_of, warbands_visible_to
from roster.services.warbands import warband_create


def roster_response(warband: Warband, *, status: int = 200) -> Response:
    """The roster of a warband the viewer may see (``roster.documents.cache``), as data a command's
    idempotency record can keep."""
    document = document_of(warband)
    response = Response(document.data, status=status)
    response["ETag"] = document.etag
    return response


def document_response(
    document: RosterDocument, *, request: Request | None = None, status: int = 200
) -> HttpResponse:
    """The representation's JSON as the cache keeps it, with its ETag; 304 and no body when the phone
    already has this one.

    ``private, no-cache``: a phone keeps it and asks again each time with If-None-Match; no shared cache
    keeps a roster that only some may see.
    """
    match = request is not None and document.etag in parse_etags(request.headers.get("If-None-Match", ""))
    response = (
        HttpResponseNotModified()
        if match
        else HttpResponse(document.body, status=status, content_type="application/json")
    )
    response["ETag"] = document.etag
    response["Cache-Control"] = "private, no-cache"
    return response


class WarbandListCreateView(generics.ListAPIView[Warband]):
    """The warbands you may see (``?campaign=`` to filter), or found one in a campaign you play in."""

    serializer_class = WarbandSummarySerializer

    class InputSerializer(serializers.Serializer):
        campaign = serializers.IntegerField()
        list = serializers.SlugField(help_text=_("A warband list of the campaign's rules pack, e.g. reikland."))
        name = serializers.CharField(max_length=120)

    def get_queryset(self) -> Any:
        campaign = self.request.query_params.get("campaign")
        if campaign is None:
            return warbands_visible_to(viewer=self.request.user)
        return warbands_visible_to(viewer=self.request.user, campaign_id=int(campaign) if campaign.isdigit() else -1)

    @extend_schema(parameters=[OpenApiParameter("campaign", int, description=_("only this campaign"))])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=InputSerializer, responses={201: RosterSerializer}, parameters=[etag_header(201)])
    @idempotent
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        campaign = campaign_for_member(viewer=request.user, campaign_id=data.validated_data["campaign"])
        if campaign is None:
            raise NotFound(_("No such campaign, or you are not one of its players."), code="campaign_not_found")
        warband = warband_create(
            campaign=campaign,
            owner=viewer(request),
            list_slug=data.validated_data["list"],
            name=data.validated_data["name"],
        )
        return roster_response(warband_visible(viewer=request.user, warband_id=warband.pk), status=201)


class WarbandDetailView(APIView):
    """The whole roster: warriors with profiles, experience, skills, injuries and equipment, and the stash."""

    @extend_schema(
        responses={
            200: RosterSerializer,
            304: OpenApiResponse(description=_("Not modified: the roster is still the one of this ETag.")),
        },
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        return document_response(roster_document(viewer=request.user, warband_id=pk), request=request)


class WarbandLedgerView(generics.ListAPIView[Any]):
    """Every movement of the warband's gold, newest first; the treasury equals their sum."""

    serializer_class = TreasuryEntrySerializer
    queryset = TreasuryEntry.objects.none()  # for the schema; get_queryset filters by viewer

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        return ledger_of(viewer=self.request.user, warband_id=self.kwargs["pk"])


class WarbandHistoryView(APIView):
    """Every recorded change to the warband, its warriors and items: who, when, what."""

    @extend_schema(responses={200: HistorySerializer(many=True)})
    def get(self, request: Request, pk: int) -> Response:
        return Response(HistorySerializer(history_of(viewer=request.user, warband_id=pk), many=True).data)

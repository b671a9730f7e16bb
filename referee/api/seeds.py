"""Seeds anyone can check: a user's own stream (rotate to reveal), contributions, a campaign's fairness page."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from campaign.lib.errors import NotFound
from referee.models import RollStream
from referee.selectors import campaign_for_member, fairness_of
from referee.services.streams import seed_contribution_set, user_stream_current, user_stream_rotate


class StreamSerializer(serializers.Serializer):
    key = serializers.CharField()
    commitment = serializers.CharField()
    rolls = serializers.IntegerField(source="next_seq")
    seed = serializers.SerializerMethodField()
    salt = serializers.CharField()
    revealed_at = serializers.DateTimeField(allow_null=True)

    def get_seed(self, stream: RollStream) -> str | None:
        return stream.seed if stream.revealed_at else None


class MySeedView(APIView):
    """Your own roll stream (rolls outside campaigns): the current commitment and every revealed seed."""

    class OutputSerializer(serializers.Serializer):
        current = StreamSerializer()
        revealed = StreamSerializer(many=True)

    @extend_schema(responses={200: OutputSerializer})
    def get(self, request: Request) -> Response:
        current = user_stream_current(user=request.user)
        revealed = RollStream.objects.filter(user=viewer(request), revealed_at__isnull=False).order_by("-id")
        return Response(self.OutputSerializer({"current": current, "revealed": revealed}).data)


class MySeedRotateView(APIView):
    """Reveal your current seed (so your past rolls can be recomputed) and start a new one."""

    class OutputSerializer(serializers.Serializer):
        revealed = StreamSerializer()
        current = StreamSerializer()

    @extend_schema(request=None, responses={200: OutputSerializer})
    @idempotent
    def post(self, request: Request) -> Response:
        old, new = user_stream_rotate(user=request.user)
        return Response(self.OutputSerializer({"revealed": old, "current": new}).data)


def _member_campaign(request: Request, campaign_id: int) -> Any:
    campaign = campaign_for_member(viewer=request.user, campaign_id=campaign_id)
    if campaign is None:
        raise NotFound(_("No such campaign."), code="campaign_not_found")
    return campaign


class SeedContributionView(APIView):
    """Set your seed contribution for the campaign's next week (frozen into its dice when it opens)."""

    class InputSerializer(serializers.Serializer):
        value = serializers.CharField(max_length=64)

    class OutputSerializer(serializers.Serializer):
        week_number = serializers.IntegerField()
        value = serializers.CharField()

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        campaign = _member_campaign(request, pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        contribution = seed_contribution_set(campaign=campaign, user=request.user, value=data.validated_data["value"])
        return Response(self.OutputSerializer(contribution).data)


class FairnessView(APIView):
    """The page a league points to when someone says the dice hate them.

    Each week's commitment (the SHA-256 of its seed, published when it opened)
    and, once the week closed, the seed itself; and, over the campaign's rolls you
    may see, how often each face of each die size came up, with a chi-square
    p-value against fair dice.
    """

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, pk: int) -> Response:
        campaign = _member_campaign(request, pk)
        return Response(fairness_of(campaign=campaign, viewer=request.user))

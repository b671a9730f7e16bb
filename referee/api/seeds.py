"""Your own roll stream, for rolls outside campaigns: its commitment, and rotation to reveal its seed."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from referee.models import RollStream
from referee.selectors import revealed_streams_of, user_stream_of
from referee.services.streams import user_stream_rotate


class StreamSerializer(serializers.Serializer):
    key = serializers.CharField()
    commitment = serializers.CharField()
    rolls = serializers.IntegerField(source="next_seq")
    seed = serializers.SerializerMethodField()
    salt = serializers.CharField()
    scheme = serializers.IntegerField(
        help_text=_("Dice scheme: how the HMAC blocks become faces (1 or 2, docs/verifying-rolls.md section 4).")
    )
    revealed_at = serializers.DateTimeField(allow_null=True)

    def get_seed(self, stream: RollStream) -> str | None:
        return stream.seed if stream.revealed_at else None


class MySeedView(APIView):
    """Your own roll stream (rolls outside campaigns): the current commitment and every revealed seed.

    ``current`` is null until your stream opens: your first roll outside a campaign opens it, or a
    rotation does (so you can have its commitment before you roll). Reading never opens one."""

    class OutputSerializer(serializers.Serializer):
        current = StreamSerializer(allow_null=True)
        revealed = StreamSerializer(many=True)

    @extend_schema(responses={200: OutputSerializer})
    def get(self, request: Request) -> Response:
        current = user_stream_of(user=viewer(request))
        revealed = revealed_streams_of(user=viewer(request))
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

"""Standings of a Mordheim campaign."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from roster.selectors.standings import standings_of


class StandingsView(APIView):
    """Standings: points from the league's win/draw/loss/bye points; ties broken by wins, fewer losses, experience
    gained, shards found, then rating (equal on all of these: same rank)."""

    class OutputSerializer(serializers.Serializer):
        rank = serializers.IntegerField()
        warband = serializers.IntegerField()
        name = serializers.CharField()
        owner = serializers.CharField()
        status = serializers.CharField()
        played = serializers.IntegerField()
        wins = serializers.IntegerField()
        draws = serializers.IntegerField()
        losses = serializers.IntegerField()
        byes = serializers.IntegerField()
        points = serializers.IntegerField()
        rating = serializers.IntegerField()
        xp_gained = serializers.IntegerField()
        shards_found = serializers.IntegerField()

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request, pk: int) -> Response:
        return Response(self.OutputSerializer(standings_of(viewer=request.user, campaign_id=pk), many=True).data)

"""A campaign's dice in the open: the fairness page, and each player's seed contribution."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.errors import NotFound
from campaign.selectors.rolls import campaign_for_member, fairness_of
from campaign.services.streams import seed_contribution_set


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


class FairnessStreamSerializer(serializers.Serializer):
    commitment = serializers.CharField(help_text=_("SHA-256 of the stream's seed, published when it opened."))
    seed = serializers.CharField(allow_null=True, help_text=_("Null until the week closes (or not yours to see)."))
    salt = serializers.CharField(allow_null=True)
    scheme = serializers.IntegerField(
        help_text=_("Dice scheme: how the HMAC blocks become faces (1 or 2, docs/verifying-rolls.md section 4).")
    )
    contributions = serializers.DictField(
        child=serializers.CharField(), allow_null=True, help_text=_("The players' frozen seed contributions.")
    )
    revealed_at = serializers.DateTimeField(allow_null=True)
    rolls = serializers.IntegerField(help_text=_("The stream's rolls you may see."))


class FairnessHiddenStreamSerializer(FairnessStreamSerializer):
    audience = serializers.CharField(help_text=_("gm, self or party (docs/hidden-rolls.md)."))
    key = serializers.CharField()


class FairnessWeekSerializer(FairnessStreamSerializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    hidden_streams = FairnessHiddenStreamSerializer(
        many=True, help_text=_("The week's hidden streams whose audience you are in.")
    )


class FairnessDieSerializer(serializers.Serializer):
    sides = serializers.IntegerField()
    faces = serializers.DictField(child=serializers.IntegerField(), help_text=_("Face -> how often it came up."))
    dice_rolled = serializers.IntegerField()
    chi_square = serializers.FloatField()
    degrees_of_freedom = serializers.IntegerField()
    p_value = serializers.FloatField()


class FairnessSerializer(serializers.Serializer):
    campaign = serializers.IntegerField()
    weeks = FairnessWeekSerializer(many=True)
    dice = FairnessDieSerializer(many=True)


class FairnessView(APIView):
    """The page a league points to when someone says the dice hate them.

    Each week's commitment (the SHA-256 of its seed, published when it opened)
    and, once the week closed, the seed itself; the week's hidden streams you may
    see (``hidden_streams``: GM, self, party; docs/hidden-rolls.md), likewise; and,
    over the campaign's rolls you may see, how often each face of each die size
    came up, with a chi-square p-value against fair dice.
    """

    @extend_schema(responses={200: FairnessSerializer})
    def get(self, request: Request, pk: int) -> Response:
        campaign = _member_campaign(request, pk)
        return Response(FairnessSerializer(fairness_of(campaign=campaign, viewer=request.user)).data)

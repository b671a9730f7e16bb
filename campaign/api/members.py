"""Members and invitations: list members, leave, remove; invite by code or link, accept, revoke."""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.serializers import InvitationSerializer, MemberSerializer
from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from campaign.lib.errors import NotFound
from campaign.models import Invitation, Membership
from campaign.selectors import (
    campaign_access,
    invitation_by_code,
    invitation_in,
    invitations_of,
    members_of,
    membership_in,
)
from campaign.services.members import (
    MAX_INVITATION_DAYS,
    MAX_INVITATION_USES,
    invitation_accept,
    invitation_create,
    invitation_problem,
    invitation_revoke,
    membership_leave,
    membership_remove,
)


class MemberFilter(django_filters.FilterSet):
    active = django_filters.BooleanFilter(
        field_name="left_at", lookup_expr="isnull", label=gettext_lazy("true: current members; false: former ones")
    )
    role = django_filters.ChoiceFilter(choices=Membership.Role.choices)

    class Meta:
        model = Membership
        fields = ["active", "role"]


class MemberListView(generics.ListAPIView[Membership]):
    """The campaign's members, former ones included (``left_at`` set)."""

    queryset = Membership.objects.none()  # for the schema; get_queryset asks the selector
    serializer_class = MemberSerializer
    filterset_class = MemberFilter

    def get_queryset(self) -> QuerySet[Membership]:
        return members_of(viewer=self.request.user, campaign_id=self.kwargs["pk"])


class MemberRemoveView(APIView):
    """The organiser removes a player or a GM; their warbands, battles and history stay."""

    @extend_schema(request=None, responses={200: MemberSerializer})
    @idempotent
    def post(self, request: Request, pk: int, membership_id: int) -> Response:
        membership = membership_in(viewer=request.user, campaign_id=pk, membership_id=membership_id)
        if membership is None:
            raise NotFound(_("No such member."), code="member_not_found")
        return Response(MemberSerializer(membership_remove(membership=membership, actor=viewer(request))).data)


class LeaveView(APIView):
    """Leave the campaign. You keep read-only access to it; the last organiser cannot leave."""

    @extend_schema(request=None, responses={200: MemberSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        access = campaign_access(viewer=request.user, campaign_id=pk)
        return Response(MemberSerializer(membership_leave(campaign=access.campaign, user=viewer(request))).data)


class InvitationListCreateView(generics.ListAPIView[Invitation]):
    """The organiser's invitations for the campaign; or a new one (a code and a link to share)."""

    queryset = Invitation.objects.none()  # for the schema; get_queryset asks the selector
    serializer_class = InvitationSerializer

    class InputSerializer(serializers.Serializer):
        role = serializers.ChoiceField(choices=Invitation.Role.choices, default=Invitation.Role.PLAYER)
        days = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=1,
            max_value=MAX_INVITATION_DAYS,
            help_text=gettext_lazy("Days it stays valid; the league's default when left out or null."),
        )
        max_uses = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=1,
            min_value=1,
            max_value=MAX_INVITATION_USES,
            help_text=gettext_lazy("How many people may use it: 1 when left out; null: any number until it expires."),
        )

    def get_queryset(self) -> QuerySet[Invitation]:
        return invitations_of(viewer=self.request.user, campaign_id=self.kwargs["pk"])

    @extend_schema(request=InputSerializer, responses={201: InvitationSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        access = campaign_access(viewer=request.user, campaign_id=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        invitation = invitation_create(campaign=access.campaign, actor=viewer(request), **data.validated_data)
        return Response(InvitationSerializer(invitation, context={"request": request}).data, status=201)


class InvitationRevokeView(APIView):
    """The organiser withdraws an invitation."""

    @extend_schema(request=None, responses={200: InvitationSerializer})
    @idempotent
    def post(self, request: Request, pk: int, invitation_id: int) -> Response:
        invitation = invitation_in(viewer=request.user, campaign_id=pk, invitation_id=invitation_id)
        if invitation is None:
            raise NotFound(_("No such invitation."), code="invitation_not_found")
        invitation = invitation_revoke(invitation=invitation, actor=viewer(request))
        return Response(InvitationSerializer(invitation, context={"request": request}).data)


class InvitationByCodeView(APIView):
    """What an invitation code offers (the campaign's name and the role), for whoever holds the code."""

    class OutputSerializer(serializers.Serializer):
        campaign = serializers.IntegerField(source="campaign.id")
        campaign_name = serializers.CharField(source="campaign.name")
        system = serializers.CharField(source="campaign.system")
        role = serializers.CharField()
        expires_at = serializers.DateTimeField()
        usable = serializers.BooleanField()
        problem = serializers.CharField(allow_null=True)

    @extend_schema(responses={200: OutputSerializer})
    def get(self, request: Request, code: str) -> Response:
        invitation = invitation_by_code(code)
        if invitation is None:
            raise NotFound(_("No such invitation; check the code."), code="invitation_not_found")
        problem = invitation_problem(invitation, timezone.now())
        out = {
            "campaign": invitation.campaign,
            "role": invitation.role,
            "expires_at": invitation.expires_at,
            "usable": problem is None,
            "problem": problem.code if problem else None,
        }
        return Response(self.OutputSerializer(out).data)


class InvitationAcceptView(APIView):
    """Join the campaign with an invitation code."""

    @extend_schema(request=None, responses={201: MemberSerializer})
    @idempotent
    def post(self, request: Request, code: str) -> Response:
        membership = invitation_accept(code=code, user=viewer(request))
        return Response(MemberSerializer(membership).data, status=201)

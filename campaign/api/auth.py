"""Token login per device (django-rest-knox) and the viewer's own profile."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from knox.settings import knox_settings
from knox.views import LogoutAllView as KnoxLogoutAllView
from knox.views import LogoutView as KnoxLogoutView
from rest_framework import serializers
from rest_framework.exceptions import Throttled
from rest_framework.generics import ListAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.errors import DomainError, NotAllowed
from campaign.lib.models import ApiDevice
from campaign.lib.throttles import ScopedRateThrottle
from campaign.selectors import memberships_of
from campaign.selectors.devices import devices_of
from campaign.services import account_guard
from campaign.services.tokens import auth_token_issue, auth_token_revoke


class LoginView(APIView):
    """Exchange a username and password for a token for this device."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"

    class InputSerializer(serializers.Serializer):
        username = serializers.CharField()
        password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)
        device = serializers.CharField(required=False, max_length=64, help_text=_("A name for this device."))

    class OutputSerializer(serializers.Serializer):
        token = serializers.CharField()
        expiry = serializers.DateTimeField(allow_null=True)
        username = serializers.CharField()

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer}, auth=[])
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        login = data.validated_data["username"]
        wait = account_guard.login_wait(request._request, login)
        if wait:
            raise Throttled(wait=wait, detail=account_guard.too_many_attempts_message(wait), code="too_many_attempts")
        user = authenticate(request._request, username=login, password=data.validated_data["password"])
        if user is None:
            account_guard.login_failed(request._request, login)
            raise DomainError(gettext("Wrong username or password."), code="invalid_credentials")
        account_guard.login_succeeded(request._request, login)
        refusal = account_guard.account_refusal(user)
        if refusal:
            raise NotAllowed(refusal, code="email_unconfirmed" if user.is_active else "inactive")
        # Past TOKEN_LIMIT_PER_USER live tokens the least recently used is revoked, not the login refused.
        instance, token = auth_token_issue(
            user=user, limit=knox_settings.TOKEN_LIMIT_PER_USER, device=data.validated_data.get("device", "")
        )
        out = {"token": token, "expiry": instance.expiry, "username": user.get_username()}
        return Response(self.OutputSerializer(out).data)


class LogoutView(KnoxLogoutView):
    """Revoke the token this request was made with (this device only)."""

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request, format: Any = None) -> Response:
        return super().post(request, format)


class LogoutAllView(KnoxLogoutAllView):
    """Revoke every token of the viewer: every device is logged out."""

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request, format: Any = None) -> Response:
        return super().post(request, format)


class DeviceSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    created = serializers.DateTimeField()
    last_used = serializers.DateTimeField(allow_null=True)
    this_device = serializers.BooleanField(help_text=_("The token this request was made with."))


class DeviceListView(ListAPIView):
    """The viewer's API tokens, one per device: its name, when it was made, when it was last used."""

    serializer_class = DeviceSerializer

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):  # the schema generator asks anonymously
            return ApiDevice.objects.none()
        current = getattr(self.request.auth, "pk", None)
        return [
            {**vars(device), "this_device": device.token_pk == current} for device in devices_of(user=self.request.user)
        ]


class DeviceRevokeView(APIView):
    """Revoke one of the viewer's devices (its token stops working at once)."""

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request, device_id: int) -> Response:
        auth_token_revoke(user=request.user, device_id=device_id)
        return Response(status=204)


class MeMembershipSerializer(serializers.Serializer):
    campaign_id = serializers.IntegerField(source="campaign.id")
    campaign = serializers.CharField(source="campaign.name")
    system = serializers.CharField(source="campaign.system")
    status = serializers.CharField(source="campaign.status")
    role = serializers.CharField()


class MeView(APIView):
    """The viewer, with the campaigns they belong to and their role in each."""

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        username = serializers.CharField()
        is_staff = serializers.BooleanField()
        campaigns = MeMembershipSerializer(many=True)

    @extend_schema(responses={200: OutputSerializer})
    def get(self, request: Request) -> Response:
        user = request.user
        campaigns = MeMembershipSerializer(memberships_of(user=user), many=True).data
        return Response(
            {
                "id": user.pk,
                "username": user.get_username(),
                "is_staff": user.is_staff,
                "campaigns": campaigns,
            }
        )

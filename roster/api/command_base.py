"""What every roster command endpoint shares: validate, act on the viewer's warband, answer with the
command's result and the whole updated roster (one round trip for a phone), honour an Idempotency-Key."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from roster.api.serializers import RosterSerializer
from roster.documents.cache import document_of, warband_visible
from roster.models import Warband


class CommandView(APIView):
    """Validate the input, run ``act`` for the viewer's warband, answer with result and roster."""

    class InputSerializer(serializers.Serializer):
        pass

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        warband = warband_visible(viewer=request.user, warband_id=pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = self.act(warband, viewer(request), dict(data.validated_data))
        roster = document_of(warband_visible(viewer=request.user, warband_id=pk)).data
        return Response({"result": result, "warband": roster})


def command_schema(
    input_serializer: type[serializers.Serializer], result: type[serializers.Serializer], doc: str
) -> Any:
    """The schema of a command: its input, and ``{"result": <the command's own>, "warband": <the roster>}``."""
    name = result.__qualname__.split(".")[0].removesuffix("View") + "Output"
    output = inline_serializer(name=name, fields={"result": result(), "warband": RosterSerializer()})
    return extend_schema(request=input_serializer, responses={200: output}, description=doc)


def id_list(help_text: str = "") -> serializers.ListField:
    return serializers.ListField(child=serializers.IntegerField(), help_text=help_text)

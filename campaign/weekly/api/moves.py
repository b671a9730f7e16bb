"""``/api/v1/weeks/{id}/moves/``: the viewer's own secret moves for the week (every one for the GM).

Players submit (POST, with an optional Idempotency-Key), change (PATCH) and withdraw (DELETE)
their moves and free actions until the deadline. Another player's move answers exactly as a
move that does not exist.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import idempotent
from campaign.lib.api.viewer import viewer
from campaign.lib.bounds import BIGINT_MAX
from campaign.weekly.access import week_viewer
from campaign.weekly.models import WeeklyMove
from campaign.weekly.selectors import move_for_viewer, moves_visible_to
from campaign.weekly.services import move_submit, move_update, move_withdraw
from referee.engine.systems.weekly_moves.catalog import default_catalogue


def move_kinds() -> list[str]:
    return sorted(default_catalogue().move_types)


class MoveSerializer(serializers.ModelSerializer[WeeklyMove]):
    key = serializers.CharField(read_only=True)
    character_key = serializers.SerializerMethodField()

    class Meta:
        model = WeeklyMove
        fields = ["id", "key", "week", "character", "character_key", "kind", "payload", "created_at", "updated_at"]

    def get_character_key(self, move: WeeklyMove) -> str:
        return f"p{move.character_id}"


MAX_KEYS = 16
MAX_ITEMS = 50
MAX_TEXT = 200


def _scalar_ok(value: Any) -> bool:
    if isinstance(value, bool) or value is None:
        return True
    if isinstance(value, int):
        return abs(value) <= BIGINT_MAX
    if isinstance(value, float):
        return abs(value) <= BIGINT_MAX
    return isinstance(value, str) and len(value) <= MAX_TEXT


def _value_ok(value: Any, depth: int) -> bool:
    if isinstance(value, dict):
        return depth > 0 and len(value) <= MAX_KEYS and all(
            isinstance(k, str) and len(k) <= 40 and _value_ok(v, depth - 1) for k, v in value.items()
        )
    if isinstance(value, list):
        return depth > 0 and len(value) <= MAX_ITEMS and all(_value_ok(v, depth - 1) for v in value)
    return _scalar_ok(value)


class PayloadField(serializers.DictField):
    """A move's details: the engine checks their meaning against the rules; this keeps their shape to what
    any move has (at most 16 keys; texts, numbers, booleans, and lists or objects of them, two levels deep)."""

    def to_internal_value(self, data: Any) -> Any:
        value = super().to_internal_value(data)
        if not _value_ok(value, depth=3):
            raise serializers.ValidationError(
                _("A move's details are at most %(k)d keys of texts (up to %(t)d characters), numbers, booleans, "
                  "and lists or objects of them.") % {"k": MAX_KEYS, "t": MAX_TEXT}
            )
        return value


FILTERS = [
    OpenApiParameter("kind", OpenApiTypes.STR, description="Only moves of this kind."),
    OpenApiParameter("character", OpenApiTypes.INT, description="Only this character's moves (the GM's filter)."),
]


def _int_param(request: Request, name: str) -> int | None:
    raw = request.query_params.get(name)
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise serializers.ValidationError({name: ["A whole number."]}) from None


class WeekMovesView(generics.ListAPIView[WeeklyMove]):
    """The viewer's moves and free actions for the week (all of them for the GM); a player submits one."""

    queryset = WeeklyMove.objects.none()  # for the schema; get_queryset asks the selector
    serializer_class = MoveSerializer

    class InputSerializer(serializers.Serializer):
        kind = serializers.ChoiceField(choices=move_kinds())
        payload = PayloadField(required=False, default=dict)

    def get_queryset(self) -> QuerySet[WeeklyMove]:
        _who, moves = moves_visible_to(
            viewer=self.request.user,
            week_id=self.kwargs["pk"],
            kind=self.request.query_params.get("kind") or None,
            character_id=_int_param(self.request, "character"),
        )
        return moves

    @extend_schema(parameters=FILTERS)
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=InputSerializer, responses={201: MoveSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        who = week_viewer(viewer=request.user, week_id=pk)
        move = move_submit(week=who.week, actor=viewer(request), **data.validated_data)
        return Response(MoveSerializer(move).data, status=201)


class MoveChangeSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=move_kinds(), required=False)
    payload = PayloadField(required=False)


class WeekMoveDetailView(APIView):
    """One of the viewer's moves: read it, change it, or withdraw it before the deadline."""

    @extend_schema(responses={200: MoveSerializer})
    def get(self, request: Request, pk: int, move_id: int) -> Response:
        return Response(MoveSerializer(move_for_viewer(viewer=request.user, week_id=pk, move_id=move_id)).data)

    @extend_schema(request=MoveChangeSerializer, responses={200: MoveSerializer})
    @transaction.atomic  # the change and its response together: a failure after the write undoes it
    def patch(self, request: Request, pk: int, move_id: int) -> Response:
        data = MoveChangeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        who = week_viewer(viewer=request.user, week_id=pk)
        move = move_update(week=who.week, actor=viewer(request), move_id=move_id, **data.validated_data)
        return Response(MoveSerializer(move).data)

    @extend_schema(responses={204: None})
    @transaction.atomic  # the change and its response together: a failure after the write undoes it
    def delete(self, request: Request, pk: int, move_id: int) -> Response:
        who = week_viewer(viewer=request.user, week_id=pk)
        move_withdraw(week=who.week, actor=viewer(request), move_id=move_id)
        return Response(status=204)

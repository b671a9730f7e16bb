"""The roster's review: the player submits, the organiser approves, sends back with a reason, or corrects."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from campaign.lib.bounds import INTEGER_MAX, SMALLINT_MAX
from campaign.lib.errors import NotFound
from referee.engine.systems.mordheim.lists.types import STATS
from roster.api.command_base import CommandView, command_schema
from roster.models import Warband, Warrior
from roster.selectors import warrior_of
from roster.services import warbands
from roster.services.warbands import MAX_CHARACTERISTIC, MAX_MISSED_GAMES, MAX_XP


class SubmitView(CommandView):
    class InputSerializer(serializers.Serializer):
        pass

    class ResultSerializer(serializers.Serializer):
        status = serializers.CharField()

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        return {"status": warbands.warband_submit(warband=warband, actor=actor).status}

    @command_schema(
        InputSerializer,
        ResultSerializer,
        "The player submits the warband for the organiser's approval. A roster its list forbids (no leader, "
        "too few or too many warriors, a limit broken) is refused with every problem in fields.problems.",
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class ApproveView(CommandView):
    class InputSerializer(serializers.Serializer):
        pass

    class ResultSerializer(serializers.Serializer):
        status = serializers.CharField()

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        return {"status": warbands.warband_approve(warband=warband, actor=actor).status}

    @command_schema(
        InputSerializer,
        ResultSerializer,
        "The organiser accepts a submitted warband into the campaign, only when its roster is legal by its "
        "list; otherwise 400 warband_not_legal with every problem in fields.problems.",
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class SendBackView(CommandView):
    class InputSerializer(serializers.Serializer):
        reason = serializers.CharField(max_length=2000, help_text=_("What the player should change."))

    class ResultSerializer(serializers.Serializer):
        status = serializers.CharField()
        reason = serializers.CharField()

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        sent = warbands.warband_send_back(warband=warband, actor=actor, reason=data["reason"])
        return {"status": sent.status, "reason": sent.review_note}

    @command_schema(
        InputSerializer, ResultSerializer, "The organiser sends a submitted warband back to its player with a reason."
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)


class ProfileChangesSerializer(serializers.Serializer):
    """The characteristics to set; the ones left out stay as they are."""

    def get_fields(self) -> dict[str, serializers.Field]:
        return {
            stat: serializers.IntegerField(required=False, min_value=0, max_value=MAX_CHARACTERISTIC) for stat in STATS
        }

    def to_internal_value(self, data: Any) -> Any:
        return super().to_internal_value(_no_unknown_keys(self, data))


def _no_unknown_keys(serializer: serializers.Serializer, data: Any) -> Any:
    unknown = sorted(set(data) - set(serializer.fields)) if isinstance(data, dict) else []
    if unknown:
        raise serializers.ValidationError({name: [_("Not a field of this object.")] for name in unknown})
    return data


class WarriorChangesSerializer(serializers.Serializer):
    """The warrior fields a correction sets (only the ones sent), checked as the commands they correct check them."""

    xp = serializers.IntegerField(required=False, min_value=0, max_value=MAX_XP)
    count = serializers.IntegerField(required=False, min_value=0, max_value=SMALLINT_MAX)
    status = serializers.ChoiceField(choices=Warrior.Status.choices, required=False)
    name = serializers.CharField(required=False, max_length=120)
    profile = ProfileChangesSerializer(required=False)
    skills = serializers.ListField(child=serializers.SlugField(max_length=60), required=False, max_length=100)
    missed_games = serializers.IntegerField(required=False, min_value=0, max_value=MAX_MISSED_GAMES)

    def to_internal_value(self, data: Any) -> Any:
        return super().to_internal_value(_no_unknown_keys(self, data))


class CorrectView(CommandView):
    class InputSerializer(serializers.Serializer):
        reason = serializers.CharField(max_length=2000)
        treasury = serializers.IntegerField(
            default=0,
            min_value=-INTEGER_MAX,
            max_value=INTEGER_MAX,
            help_text=_("Gold to add (negative to take away)."),
        )
        shards = serializers.IntegerField(default=0, min_value=-INTEGER_MAX, max_value=INTEGER_MAX)
        warrior = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1)
        changes = WarriorChangesSerializer(required=False, default=dict)

    class ResultSerializer(serializers.Serializer):
        correction = serializers.IntegerField()
        changes = serializers.JSONField(help_text=_("What changed: treasury, shards, warrior {id, before, after}."))

    def act(self, warband: Warband, actor: Any, data: dict[str, Any]) -> dict[str, Any]:
        target = warrior_of(warband, data["warrior"]) if data["warrior"] else None
        if data["warrior"] and target is None:
            raise NotFound(_("No such warrior in this warband."), code="warrior_not_found", field="warrior")
        correction = warbands.warband_correct(
            warband=warband,
            actor=actor,
            reason=data["reason"],
            treasury=data["treasury"],
            shards=data["shards"],
            warrior=target,
            warrior_changes=dict(data["changes"]) | (
                {"profile": dict(data["changes"]["profile"])} if "profile" in data["changes"] else {}
            ) if data["warrior"] else None,
        )
        return {"correction": correction.pk, "changes": correction.changes}

    @command_schema(
        InputSerializer,
        ResultSerializer,
        "The organiser corrects the warband; who, when and why are recorded.",
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)

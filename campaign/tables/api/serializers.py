"""Shapes of the table API: every response typed (its errors in the one shape: ``campaign.lib.api.schema``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from campaign.tables.api.arena_serializers import game_field
from referee.table_models import TableSeat, TableSession


class TableSeatSerializer(serializers.Serializer):
    key = serializers.CharField()
    username = serializers.CharField()
    role = serializers.ChoiceField(choices=TableSeat.Role.choices)
    side = serializers.CharField(allow_blank=True)
    last_seen_at = serializers.DateTimeField(allow_null=True)


class TableStreamSerializer(serializers.Serializer):
    key = serializers.CharField()
    commitment = serializers.CharField()
    scheme = serializers.IntegerField()
    seed = serializers.CharField(allow_null=True)
    salt = serializers.CharField(allow_null=True)
    contributions = serializers.DictField(child=serializers.CharField(allow_blank=True), allow_null=True)


class TableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    campaign = serializers.IntegerField(allow_null=True)
    system = serializers.CharField()
    status = serializers.ChoiceField(choices=TableSession.Status.choices)
    settings = serializers.DictField()
    rules_pack = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    seats = TableSeatSerializer(many=True)
    commitment = serializers.CharField(help_text=_("SHA-256 of the table's secret seed, published at open."))
    seed = serializers.CharField(allow_null=True, help_text=_("Revealed when the table closes."))
    salt = serializers.CharField(allow_null=True)
    scheme = serializers.IntegerField(
        help_text=_("Dice scheme: how the HMAC blocks become faces (1 or 2, docs/verifying-rolls.md section 4).")
    )
    contributions = serializers.DictField(child=serializers.CharField(allow_blank=True), allow_null=True)
    my_seat = serializers.CharField(allow_null=True)
    my_seq = serializers.IntegerField(allow_null=True, help_text=_("How many events your seat has been shown."))
    my_stream = TableStreamSerializer(allow_null=True,
                                      help_text=_("Your seat's own dice (your deck's shuffles, your hidden rolls)."))
    seat_streams = TableStreamSerializer(many=True, help_text=_(
        "The seats' own streams you may check: yours, and every seat's for a GM who sees hidden state."))
    close_waiting_for = serializers.ListField(child=serializers.CharField(),
                                              help_text=_("Players yet to agree to close the game in progress."))


class TableZoneCardSerializer(serializers.Serializer):
    handle = serializers.CharField(help_text=_("Your own name for this card; drawn anew when it is hidden."))
    face_up = serializers.BooleanField()
    card = serializers.CharField(required=False, help_text=_("Its identity, only if you know it."))
    data = serializers.DictField()  # type: ignore[assignment]


class TableZoneSerializer(serializers.Serializer):
    key = serializers.CharField()
    owner = serializers.CharField(allow_blank=True)
    policy = serializers.CharField()
    count = serializers.IntegerField()
    cards = TableZoneCardSerializer(many=True, required=False)


class TableTurnSerializer(serializers.Serializer):
    active = serializers.CharField(allow_blank=True)
    phase = serializers.CharField(allow_blank=True)
    number = serializers.IntegerField()
    order = serializers.ListField(child=serializers.CharField())


class TableWindowSerializer(serializers.Serializer):
    key = serializers.CharField()
    participants = serializers.ListField(child=serializers.CharField())
    priority = serializers.CharField()


class TableDecisionSerializer(serializers.Serializer):
    key = serializers.CharField()
    player = serializers.CharField()
    kind = serializers.CharField()
    options = serializers.ListField(child=serializers.JSONField())
    rule = serializers.CharField(allow_blank=True)
    context = serializers.DictField()  # type: ignore[assignment]


class TableGameSerializer(serializers.Serializer):
    seats = serializers.DictField(child=serializers.CharField())
    status = serializers.CharField()
    zones = TableZoneSerializer(many=True)
    counters = serializers.DictField(child=serializers.IntegerField())
    turn = TableTurnSerializer()
    window = TableWindowSerializer(allow_null=True)
    facts = serializers.ListField(child=serializers.DictField())
    decisions = TableDecisionSerializer(many=True)
    pending_decisions = serializers.IntegerField()
    chains = serializers.ListField(child=serializers.DictField())
    outcome = serializers.DictField(allow_null=True)
    doomtrooper = serializers.DictField(required=False, help_text=_("Doomtrooper's own part of the view."))
    skirmish = serializers.DictField(required=False, help_text=_("The skirmish's own part of the view."))


class TableViewSerializer(serializers.Serializer):
    status = serializers.CharField()
    seq = serializers.IntegerField()
    game = game_field(TableGameSerializer)


class TableEventSerializer(serializers.Serializer):
    n = serializers.IntegerField(help_text=_("Its number among the events your seat is shown."))
    code = serializers.CharField()
    rule = serializers.CharField(allow_blank=True)
    data = serializers.DictField()  # type: ignore[assignment]
    compensates = serializers.BooleanField(help_text=_("An undo or amend: fetch the view again."))
    message = serializers.CharField(required=False, help_text=_("The event in the reader's language."))
    command = serializers.CharField(help_text=_("Your name for the command that made it."))


class TableEventsSerializer(serializers.Serializer):
    resync = serializers.BooleanField()
    seq = serializers.IntegerField()
    events = TableEventSerializer(many=True)


class TableFieldSpecSerializer(serializers.Serializer):
    type = serializers.CharField()
    required = serializers.BooleanField()  # type: ignore[assignment]
    choices = serializers.ListField(child=serializers.JSONField())
    minimum = serializers.IntegerField(allow_null=True)
    maximum = serializers.IntegerField(allow_null=True)


class TableAllowedCommandSerializer(serializers.Serializer):
    kind = serializers.CharField()
    rules = serializers.ListField(child=serializers.CharField())
    fields = serializers.DictField(child=TableFieldSpecSerializer())  # type: ignore[assignment]
    options = serializers.DictField()
    label = serializers.CharField(required=False, help_text=_("The command in the reader's language."))  # type: ignore[assignment]
    labels = serializers.DictField(child=serializers.DictField(child=serializers.CharField()), required=False,
                                   help_text=_("Per field, each offered value in the reader's language."))


class TableRollSerializer(serializers.Serializer):
    stream = serializers.CharField()
    seq = serializers.IntegerField()
    campaign = serializers.IntegerField(allow_null=True)
    week = serializers.IntegerField(allow_null=True)
    roller_id = serializers.IntegerField(allow_null=True)
    purpose = serializers.CharField()
    ref = serializers.CharField(allow_blank=True)
    visibility = serializers.CharField()
    manual = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    prev_hash = serializers.CharField()
    command = serializers.CharField(help_text=_("Your name for the command that made it."))
    notation = serializers.CharField()
    label = serializers.CharField(allow_blank=True)  # type: ignore[assignment]
    rule_id = serializers.CharField(allow_blank=True)
    faces = serializers.ListField(child=serializers.IntegerField())
    kept = serializers.ListField(child=serializers.IntegerField())
    total = serializers.IntegerField()
    hash = serializers.CharField()


class TableAuditSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    ok = serializers.BooleanField()
    rolls_recomputed = serializers.IntegerField()
    shuffles = serializers.IntegerField()
    moves = serializers.IntegerField()
    events = serializers.IntegerField()
    problems = serializers.ListField(child=serializers.CharField())
    trail = serializers.ListField(child=serializers.DictField(),
                                  help_text=_("The moves of your own piles, for an outside check."))
    piles = serializers.ListField(child=serializers.CharField(), help_text=_("The piles the trail follows."))


class TableUndoSerializer(serializers.Serializer):
    undone = serializers.BooleanField()
    waiting_for = serializers.ListField(child=serializers.CharField(), help_text=_("Seats yet to agree."))
    seq = serializers.IntegerField()

"""``/api/v1/tables/``: one view per command; reads go through the referee's selectors with the viewer.

A table the viewer may not see answers 404 exactly like a missing one; a table the viewer may
see but has no seat at shows its header only (403 ``not_seated`` elsewhere). Command posts take
an ``Idempotency-Key`` (a retried command changes nothing) and an optional ``expected_seq``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.lib.api.idempotency import HEADER, idempotent
from campaign.lib.api.schema import errors
from campaign.lib.api.viewer import viewer
from campaign.lib.errors import RuleViolation
from campaign.selectors.roles import campaign_ids_of
from campaign.tables.api.serializers import (
    TableAllowedCommandSerializer,
    TableAuditSerializer,
    TableDecisionSerializer,
    TableEventsSerializer,
    TableRollSerializer,
    TableSerializer,
    TableUndoSerializer,
    TableViewSerializer,
)
from campaign.tables.selectors import tables_listed_to
from campaign.tables.services.tables import campaign_table_close, campaign_table_join, campaign_table_open
from campaign.tables.words.api import commands_in_words, events_in_words
from referee.table_models import TableSeat, TableSession
from referee.tables import selectors as sel
from referee.tables import services as svc


def _table(request: Request, pk: int) -> TableSession:
    return sel.table_for(viewer=request.user, pk=pk, member_of=campaign_ids_of(viewer=request.user))


def _seat(request: Request, pk: int) -> tuple[TableSession, TableSeat]:
    session = _table(request, pk)
    seat = sel.seat_required(session=session, viewer=request.user)
    svc.seat_seen(session=session, user=request.user)
    return session, seat


def _detail(session: TableSession, request: Request) -> dict[str, Any]:
    session.refresh_from_db()
    return TableSerializer(sel.detail_of(session=session, viewer=request.user)).data


class TableListCreateView(APIView):
    """Tables you may see (yours, and your campaigns'), or open one of a campaign's."""

    class InputSerializer(serializers.Serializer):
        campaign = serializers.IntegerField()
        system = serializers.CharField(max_length=40)
        settings = serializers.DictField(required=False, default=dict)
        role = serializers.ChoiceField(choices=TableSeat.Role.choices, default=TableSeat.Role.PLAYER)
        options = serializers.DictField(required=False, default=dict,
                                        help_text=_("A deck list, where the app holds decks."))
        contribution = serializers.CharField(max_length=64, required=False, default="", allow_blank=True)

    @extend_schema(parameters=[OpenApiParameter("campaign", int), OpenApiParameter("system", str),
                               OpenApiParameter("status", str)],
                   responses={200: TableSerializer(many=True), **errors(401)})
    def get(self, request: Request) -> Response:
        query, campaign = request.query_params, request.query_params.get("campaign")
        if campaign and not campaign.isdigit():
            raise RuleViolation(str(_("campaign must be a number.")), code="invalid", field="campaign")
        tables = tables_listed_to(viewer=request.user, campaign_id=int(campaign) if campaign else None,
                                  system=query.get("system"), status=query.get("status"))
        rows = [sel.detail_of(session=t, viewer=request.user) for t in tables]
        return Response(TableSerializer(rows, many=True).data)

    @extend_schema(request=InputSerializer, responses={201: TableSerializer, **errors(400, 401, 404, 409)})
    @idempotent
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        session = campaign_table_open(user=viewer(request), campaign_id=v["campaign"], system=v["system"],
                                      settings=v["settings"], role=v["role"], options=v["options"],
                                      contribution=v["contribution"])
        return Response(_detail(session, request), status=201)


class TableDetailView(APIView):
    """A table's header: seats, who was seen when, the commitment (the seed once closed), your seq."""

    @extend_schema(responses={200: TableSerializer, **errors(401, 404)})
    def get(self, request: Request, pk: int) -> Response:
        return Response(_detail(_table(request, pk), request))


class TableJoinView(APIView):
    """Take a seat at an open table of a campaign you belong to."""

    class InputSerializer(serializers.Serializer):
        role = serializers.ChoiceField(choices=TableSeat.Role.choices, default=TableSeat.Role.PLAYER)
        options = serializers.DictField(required=False, default=dict)
        contribution = serializers.CharField(max_length=64, required=False, default="", allow_blank=True)

    @extend_schema(request=InputSerializer, responses={201: TableSerializer, **errors(400, 401, 404, 409)})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        session = _table(request, pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        campaign_table_join(user=viewer(request), session=session, **data.validated_data)
        return Response(_detail(session, request), status=201)


class TableStartView(APIView):
    """Start the game: the seats' contributions are frozen into the dice; decks are shuffled and dealt."""

    class InputSerializer(serializers.Serializer):
        first = serializers.CharField(required=False, allow_null=True, default=None,
                                      help_text=_("The seat that begins, by agreement; leave out for a coin toss."))
        operator = serializers.CharField(required=False, allow_null=True, default=None,
                                         help_text=_("The player seat that operates the house seat's creatures."))

    @extend_schema(request=InputSerializer, responses={200: TableSerializer, **errors(400, 401, 403, 404, 409)})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        session = _table(request, pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        svc.table_start(session=session, user=viewer(request), first=data.validated_data["first"],
                        operator=data.validated_data["operator"])
        return Response(_detail(session, request))


class TableCloseView(APIView):
    """Close the table: its seed is revealed and the audit can run."""

    @extend_schema(request=None, responses={200: TableSerializer, **errors(401, 403, 404)})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        session = _table(request, pk)
        campaign_table_close(user=viewer(request), session=session)
        return Response(_detail(session, request))


class TableViewView(APIView):
    """Your seat's view of the game. Send If-None-Match with the last ETag: 304 when nothing you see changed."""

    @extend_schema(responses={200: TableViewSerializer, 304: None, **errors(401, 403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        session, seat = _seat(request, pk)
        body = TableViewSerializer(sel.view_of(session=session, seat=seat)).data
        etag = sel.etag_of(session=session, seat=seat, body=body)
        response = Response(status=304) if request.headers.get("If-None-Match") == etag else Response(body)
        response["ETag"] = etag
        response["Cache-Control"] = "private, no-cache"
        return response


class TableEventsView(APIView):
    """Your seat's events after the ``after``-th, or ``resync`` when your phone should fetch the view."""

    @extend_schema(parameters=[OpenApiParameter("after", int)], responses={200: TableEventsSerializer,
                                                                           **errors(400, 401, 403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        session, seat = _seat(request, pk)
        raw = request.query_params.get("after", "0")
        if not raw.lstrip("-").isdigit():
            raise RuleViolation(str(_("after must be a whole number.")), code="invalid", field="after")
        events = events_in_words(session, sel.events_for(session=session, seat=seat, after=int(raw)))
        return Response(TableEventsSerializer(events).data)


class TableCommandsView(APIView):
    """What you may do now: each command kind with its fields, the rules it applies and its options."""

    @extend_schema(responses={200: TableAllowedCommandSerializer(many=True), **errors(401, 403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        session, seat = _seat(request, pk)
        commands = commands_in_words(session, sel.commands_for(session=session, seat=seat),
                                     sel.view_of(session=session, seat=seat))
        return Response(TableAllowedCommandSerializer(commands, many=True).data)


class CommandInputSerializer(serializers.Serializer):
    payload = serializers.DictField(required=False, default=dict)
    expected_seq = serializers.IntegerField(required=False, allow_null=True, default=None,
                                            help_text=_("Your seat's seq as your phone last saw it: 409 when stale."))


def _send(request: Request, pk: int, kind: str, payload: dict[str, Any], expected: int | None) -> Response:
    session = _table(request, pk)
    svc.table_command(session=session, user=viewer(request), kind=kind, payload=payload, expected_seq=expected,
                      key=request.headers.get(HEADER, ""))
    session.refresh_from_db()
    seat = sel.seat_required(session=session, viewer=request.user)
    return Response(TableViewSerializer(sel.view_of(session=session, seat=seat)).data)


class TableCommandSendView(APIView):
    """Send a command of ``kind`` for your seat; answers with your new view."""

    @extend_schema(request=CommandInputSerializer,
                   responses={200: TableViewSerializer, **errors(400, 401, 403, 404, 409)})
    @idempotent
    def post(self, request: Request, pk: int, kind: str) -> Response:
        data = CommandInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return _send(request, pk, kind, data.validated_data["payload"], data.validated_data["expected_seq"])


class TableUndoView(APIView):
    """Undo the last command: at once when it is yours alone to undo, else when every player (or the GM) asks."""

    @extend_schema(request=None, responses={200: TableUndoSerializer, **errors(401, 403, 404, 409)})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        session = _table(request, pk)
        before = session.seq
        after = svc.table_undo(session=session, user=viewer(request))
        seat = sel.seat_required(session=after, viewer=request.user)
        seat.refresh_from_db()
        pending = after.pending_undo or {}
        players = {s.key for s in after.seats.all() if s.role == TableSeat.Role.PLAYER}
        return Response(TableUndoSerializer({"undone": after.seq > before,
                                        "waiting_for": sorted(players - set(pending.get("by", []))) if pending else [],
                                        "seq": seat.view_seq}).data)


class TableAmendView(APIView):
    """Correct a command's facts (its sender or the table's GM); its stored rolls are replayed, never rerolled."""

    class InputSerializer(serializers.Serializer):
        command = serializers.IntegerField()
        payload = serializers.DictField()

    @extend_schema(request=InputSerializer, responses={200: TableViewSerializer, **errors(400, 401, 403, 404, 409)})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        session = _table(request, pk)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        svc.table_amend(session=session, user=viewer(request), command_id=data.validated_data["command"],
                        payload=data.validated_data["payload"])
        session.refresh_from_db()
        seat = sel.seat_required(session=session, viewer=request.user)
        return Response(TableViewSerializer(sel.view_of(session=session, seat=seat)).data)


class TableDecisionsView(APIView):
    """The decisions waiting for you (a points split, where equipment goes)."""

    @extend_schema(responses={200: TableDecisionSerializer(many=True), **errors(401, 403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        session, seat = _seat(request, pk)
        return Response(TableDecisionSerializer(sel.decisions_for(session=session, seat=seat), many=True).data)


class TableDecisionAnswerView(APIView):
    """Answer one of your decisions (``vp`` for a points split, ``choice`` for the others)."""

    class InputSerializer(serializers.Serializer):
        vp = serializers.IntegerField(required=False, min_value=0)
        choice = serializers.CharField(required=False, max_length=40)
        expected_seq = serializers.IntegerField(required=False, allow_null=True, default=None)

    @extend_schema(request=InputSerializer, responses={200: TableViewSerializer, **errors(400, 401, 403, 404, 409)})
    @idempotent
    def post(self, request: Request, pk: int, key: str) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = dict(data.validated_data)
        expected = v.pop("expected_seq")
        return _send(request, pk, "answer", {"decision": key, **v}, expected)


class TableRollsView(APIView):
    """The table's rolls: all sealed (none shown) until the table closes and its seed is revealed."""

    @extend_schema(responses={200: TableRollSerializer(many=True), **errors(401, 403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        session, seat = _seat(request, pk)
        return Response(TableRollSerializer(sel.rolls_for(session=session, seat=seat), many=True).data)


class TableAuditView(APIView):
    """After close: every roll recomputed from the revealed seed, every shuffle, draw and deal checked."""

    @extend_schema(responses={200: TableAuditSerializer, **errors(401, 403, 404, 409)})
    def get(self, request: Request, pk: int) -> Response:
        session, seat = _seat(request, pk)
        return Response(TableAuditSerializer(sel.audit_for(session=session, seat=seat)).data)

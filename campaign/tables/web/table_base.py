"""What every live table's pages share, whatever the game: the table by its id (hidden like a missing one),
the seat's header (seen now, seats and presence), a posted command's fields read as their types say and the
command sent with its ``seq`` and idempotency key, exactly as the API sends it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from campaign.lib.errors import RuleViolation
from campaign.lib.web.common import attempt
from campaign.selectors.roles import campaign_ids_of
from referee.table_models import TableSeat, TableSession
from referee.tables import selectors as sel
from referee.tables import services as svc

POLL_SECONDS = 4
T = TypeVar("T")


def table_of(request: HttpRequest, pk: int) -> TableSession:
    return sel.table_for(viewer=request.user, pk=pk, member_of=campaign_ids_of(viewer=request.user))


def page_of(pk: int) -> str:
    return reverse("table-page", args=[pk])


def status_label(value: str) -> str:
    return str(dict(TableSession.Status.choices).get(value, value))


def header(request: HttpRequest, session: TableSession) -> tuple[TableSeat | None, dict[str, Any], dict[str, Any]]:
    """The viewer's seat (marked seen now), the table's public header, and the context every live part starts
    from (the header, the seat, each seat's player, the poll, the status in words)."""
    seat = sel.seat_of(session=session, viewer=request.user)
    if seat is not None:
        svc.seat_seen(session=session, user=request.user)
        session.refresh_from_db()
    detail = sel.detail_of(session=session, viewer=request.user)
    usernames = {s["key"]: s["username"] for s in detail["seats"]}
    context: dict[str, Any] = {
        "table": detail,
        "session": session,
        "seat": seat,
        "usernames": usernames,
        "poll": POLL_SECONDS,
        "status": status_label(detail["status"]),
    }
    return seat, detail, context


def _typed(raw: str, kind: str, name: str, label_of: Callable[[str], str]) -> Any:
    try:
        return int(raw) if kind == "int" else json.loads(raw) if kind == "objs" else raw
    except ValueError:
        text = _("%(field)s must be a whole number.") if kind == "int" else _("%(field)s is not readable.")
        raise RuleViolation(text % {"field": label_of(name)}, code="invalid_field", fields={name: [raw]}) from None


def posted(fields: dict[str, Any], request: HttpRequest, label_of: Callable[[str], str]) -> dict[str, Any]:
    """The posted fields of a command type (as ``describe`` gives them), each read as its type says; left out
    when empty. A number that is not one is refused by the field's label, as the API would refuse it."""
    out: dict[str, Any] = {}
    for name, spec in fields.items():
        kind = spec["type"]
        if kind == "bool":
            value: Any = True if request.POST.get(name) else (False if spec["required"] else None)
        elif kind in ("cards", "strs"):
            value = [v.strip() for raw in request.POST.getlist(name) for v in raw.split(",") if v.strip()] or None
        else:
            raw = request.POST.get(name, "").strip()
            value = _typed(raw, kind, name, label_of) if raw else None
        if value is not None:
            out[name] = value
    return out


def send(request: HttpRequest, session: TableSession, kind: str, payload: dict[str, Any]) -> None:
    """One command through the API's service, with the page's ``seq`` (stale: 409) and idempotency key."""
    expected = request.POST.get("seq", "")
    svc.table_command(
        session=session,
        user=request.user,
        kind=kind,
        payload=payload,
        expected_seq=int(expected) if expected.isdigit() else None,
        key=request.POST.get("key", "")[:64],
    )


def on_table(
    request: HttpRequest, pk: int, write: Callable[[TableSession], T], text: str | Callable[[T], str]
) -> HttpResponse:
    """One write to the table the viewer may see (else 404), back on its page: refused, it says why and nothing
    changed; done, it says ``text`` (or ``text(result)``)."""
    session = table_of(request, pk)
    return attempt(request, lambda: write(session), text, page_of(pk))


def command_post(
    request: HttpRequest,
    pk: int,
    kind: str,
    read: Callable[[dict[str, Any]], dict[str, Any]],
    text: Callable[[TableSession], str],
) -> HttpResponse:
    """Send one of the commands the seat may send now, its fields read by ``read`` from the offered type."""

    def write(session: TableSession) -> TableSession:
        seat = sel.seat_required(session=session, viewer=request.user)
        offered = {c["kind"]: c for c in sel.commands_for(session=session, seat=seat)}
        if kind not in offered:
            raise RuleViolation(_("That is not something you may do now."), code="not_allowed_now")
        send(request, session, kind, read(offered[kind]))
        return session

    return on_table(request, pk, write, text)

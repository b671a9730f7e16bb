"""Live tables on the phone: a campaign's tables (open one, join one) and a table's page (seats and presence,
my hand or my sealed cards, the board, the counters, the commands I may send now as small forms, the log).

Every read goes through ``referee.tables.selectors`` with the viewer, exactly as the API's do, so the page
shows only what the viewer's own view contains; every write goes through the same services as the API.
The page polls ``table-live`` with htmx: an unchanged per-seat ETag answers 204 and nothing is redrawn.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.lib.web.common import attempt, form_post, not_found_is_404
from campaign.selectors import campaign_access
from campaign.tables.selectors import tables_listed_to
from campaign.tables.services.tables import campaign_table_close, campaign_table_join, campaign_table_open
from campaign.tables.web import tables_arena, tables_doomtrooper, tables_skirmish
from campaign.tables.web.table_base import command_post, header, on_table, page_of, posted, status_label, table_of
from campaign.tables.web.table_texts import command_label, field_label
from referee.table_models import TableSeat, TableSession
from referee.tables import selectors as sel
from referee.tables import services as svc

SYSTEM = "doomtrooper"


@dataclass(frozen=True)
class TablePages:
    """One live system's part of the table pages; what it leaves empty is done as for Doomtrooper."""

    #: Opened from the campaign's list of tables, with these fields of the form (None: not opened there).
    open_input: Callable[[HttpRequest], dict[str, Any]] | None = None
    #: A seat's options read from the join form.
    join_options: Callable[[HttpRequest], dict[str, Any]] | None = None
    command_label: Callable[[str], str] = command_label
    #: What an unseated viewer's page adds (the join form's choices).
    join_context: Callable[[TableSession], dict[str, Any]] | None = None
    #: The seated viewer's live part (``session, seat, view, usernames``).
    live: Callable[..., dict[str, Any]] | None = None
    #: The whole page and its live part, when the system draws its own.
    page: Callable[[HttpRequest, TableSession], HttpResponse] | None = None
    live_page: Callable[[HttpRequest, TableSession], HttpResponse] | None = None
    #: The seat needs a choice made on the table's page (a faction, a character): the campaign's list
    #: links to that join form with these words; the others join from the list at once.
    join_on_page: Any = None


DOOMTROOPER = TablePages(open_input=lambda request: {}, live=tables_doomtrooper.live)
#: The one table that dispatches the live tables' pages, keyed by the system's slug.
PAGES: dict[str, TablePages] = {
    SYSTEM: DOOMTROOPER,
    tables_skirmish.SYSTEM: TablePages(
        open_input=tables_skirmish.open_input,
        join_options=tables_skirmish.join_options,
        command_label=tables_skirmish.command_label,
        join_context=tables_skirmish.join_context,
        live=tables_skirmish.live,
        join_on_page=gettext_lazy("Choose a faction to join table %(n)s"),
    ),
    tables_arena.ARENA: TablePages(
        page=tables_arena.arena_page,
        live_page=tables_arena.arena_live,
        join_on_page=gettext_lazy("Choose a character to join duel %(n)s"),
    ),
}


def pages_of(system: str) -> TablePages:
    return PAGES.get(system, DOOMTROOPER)


@login_required
@not_found_is_404
def tables_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The campaign's tables the viewer may see, with open and join."""
    access = campaign_access(viewer=request.user, campaign_id=pk)
    tables = tables_listed_to(viewer=request.user, campaign_id=pk, limit=50)
    rows = [sel.detail_of(session=t, viewer=request.user) for t in tables]
    for row in rows:
        row["status_label"] = status_label(row["status"])
        prompt = pages_of(row["system"]).join_on_page
        if prompt is not None:
            row["join_on_page"] = prompt % {"n": row["id"]}
    return render(
        request,
        "campaign/tables/list.html",
        {"campaign": access.campaign, "rows": rows, **tables_skirmish.open_context(access.campaign)},
    )


def _opened_here(posted: str) -> str:
    """The system of a table opened from the campaign's list: the one posted if it opens there, else Doomtrooper."""
    return posted if posted in PAGES and PAGES[posted].open_input is not None else SYSTEM


@form_post
def table_new(request: HttpRequest, pk: int) -> HttpResponse:
    system = _opened_here(request.POST.get("system") or "")
    open_input = PAGES[system].open_input or (lambda request: {})
    return attempt(
        request,
        lambda: campaign_table_open(user=request.user, campaign_id=pk, system=system, **open_input(request)),
        _("Table opened: ask the other player to join it."),
        lambda session: page_of(session.pk),
        back=reverse("tables-page", args=[pk]),
    )


@form_post
def table_join_view(request: HttpRequest, pk: int) -> HttpResponse:
    def join(session: TableSession) -> TableSeat:
        read = pages_of(session.system).join_options
        options = read(request) if read is not None else None
        return campaign_table_join(user=request.user, session=session, options=options)

    return on_table(request, pk, join, _("You have a seat at the table."))


@form_post
def table_start_view(request: HttpRequest, pk: int) -> HttpResponse:
    first, operator = request.POST.get("first") or None, request.POST.get("operator") or None
    start = partial(svc.table_start, user=request.user, first=first, operator=operator)
    return on_table(request, pk, lambda s: start(session=s), _("The game has started."))


@form_post
def table_close_view(request: HttpRequest, pk: int) -> HttpResponse:
    close = partial(campaign_table_close, user=request.user)
    return on_table(request, pk, lambda s: close(session=s), lambda s: _("The table is closed: its seed is revealed.")
                    if s.status == TableSession.Status.CLOSED else
                    _("Your wish to close is recorded: the game closes once every player (or the GM) agrees."))


def _undo(session: TableSession, user: Any) -> bool:
    """Undo the seat's last command: True when it was undone now, False when the others must agree first."""
    before = session.seq
    return svc.table_undo(session=session, user=user).seq > before


@form_post
def table_undo_view(request: HttpRequest, pk: int) -> HttpResponse:
    return on_table(
        request,
        pk,
        lambda s: _undo(s, request.user),
        lambda undone: _("Your last command was undone.") if undone else _("Undo asked: the other players must agree."),
    )


@form_post
def table_command_view(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """Send one of the commands the seat may send now (its fields as the command type declares them)."""

    def text(session: TableSession) -> str:
        return _("Sent: %(command)s.") % {"command": pages_of(session.system).command_label(kind)}

    return command_post(request, pk, kind, lambda c: posted(c["fields"], request, field_label), text)


def _etag(session: TableSession, seat: TableSeat, detail: dict[str, Any], view: dict[str, Any]) -> str:
    """The seat's ETag over its view, the seats and their presence to the minute: what the live part shows."""
    seats = [
        (s["key"], s["username"], s["role"], s["last_seen_at"].strftime("%Y%m%d%H%M") if s["last_seen_at"] else "")
        for s in detail["seats"]
    ]
    return sel.etag_of(session=session, seat=seat, body=[detail["status"], seats, view]).strip('"')


def _live(request: HttpRequest, session: TableSession) -> dict[str, Any]:
    """Everything the live part shows, from the viewer's own seat (or the public header when unseated)."""
    seat, detail, context = header(request, session)
    usernames = context["usernames"]
    own = pages_of(session.system)
    if seat is None:
        return context | (own.join_context(session) if own.join_context is not None else {})
    view = sel.view_of(session=session, seat=seat)
    if own.live is not None:  # every live system's own part (Doomtrooper's: tables_doomtrooper.live)
        return (
            context
            | own.live(session, seat, view, usernames)
            | {
                "view": view,
                "game": view["game"],
                "etag": _etag(session, seat, detail, view),
                "key": uuid.uuid4().hex,
                "may_start": session.status == TableSession.Status.OPEN,
            }
        )
    return context  # a system without its own live part: the header alone


@login_required
@not_found_is_404
def table_page(request: HttpRequest, pk: int) -> HttpResponse:
    session = table_of(request, pk)
    page = pages_of(session.system).page
    if page is not None:
        return page(request, session)
    context = _live(request, session)
    context["campaign"] = session.campaign
    return render(request, "campaign/tables/table.html", context)


@login_required
@not_found_is_404
def table_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The live part alone, for htmx's poll: 204 (nothing redrawn) while the seat's ETag is unchanged."""
    session = table_of(request, pk)
    live_page = pages_of(session.system).live_page
    if live_page is not None:
        return live_page(request, session)
    seat = sel.seat_of(session=session, viewer=request.user)
    if seat is not None and request.GET.get("etag"):
        svc.seat_seen(session=session, user=request.user)
        session.refresh_from_db()
        seat.refresh_from_db()
        detail = sel.detail_of(session=session, viewer=request.user)
        if request.GET["etag"] == _etag(session, seat, detail, sel.view_of(session=session, seat=seat)):
            return HttpResponse(status=204)
    return render(request, "campaign/tables/live.html", _live(request, session))

"""An arena duel on the phone: a fighter's page (my sheet, what I learned of the opponent, my bennies,
my hidden rolls with reroll and accept, my hold, the declaration with its public and hidden part, the
lane of 24 squares) and the GM's console (both hidden parts, announcements, rulings, corrections: the
forms and the correction are in ``campaign.tables.web.arena_forms``).

Every read is the seat's own view from ``referee.tables.selectors`` (the arena's ``view_for``), exactly
as the API's; every write goes through the same services as the API.
"""

from __future__ import annotations

import uuid
from functools import partial
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaign.lib.web.common import attempt, form_post
from campaign.tables.selectors import characters_visible_to
from campaign.tables.services.tables import ARENA, campaign_table_join, campaign_table_open
from campaign.tables.web.arena_forms import amend_forms, declaration, field_label, widgets
from campaign.tables.web.table_base import command_post, header, on_table, page_of, posted, send
from campaign.tables.web.table_texts_arena import COMMANDS, PHASES, PURPOSES, STATUSES, fact_text, label, roll_text
from campaign.tables.web.table_texts_arena import sentence as arena_sentence
from referee.engine.systems.arena_duel.lane import ACTIONS, HELD_ACTIONS
from referee.table_models import TableSeat, TableSession
from referee.tables import selectors as sel

#: Commands the page shows in their own places (the rolls, the declaration, the GM's announcements).
OWN_PLACES = ("reroll", "finalize", "announce", "declare")
LANE = 26


@form_post
def arena_new(request: HttpRequest, pk: int) -> HttpResponse:
    """The GM (or the organiser) opens a duel and takes its GM seat."""
    settings = {"crit_fail_reroll": True} if request.POST.get("crit_fail_reroll") else {}
    return attempt(
        request,
        lambda: campaign_table_open(
            user=request.user, campaign_id=pk, system=ARENA, role=TableSeat.Role.GM, settings=settings
        ),
        _("Duel opened: the fighters join it with their characters."),
        lambda session: page_of(session.pk),
        back=reverse("tables-page", args=[pk]),
    )


@form_post
def arena_join(request: HttpRequest, pk: int) -> HttpResponse:
    """A fighter sits down with one of its own characters (its sheet is read from the campaign)."""
    raw = request.POST.get("character", "")
    join = partial(campaign_table_join, user=request.user, options={"character": int(raw)} if raw.isdigit() else {})
    return on_table(request, pk, lambda s: join(session=s), _("You have a seat at the duel."))


@form_post
def arena_command(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """Send one of the commands the seat may send now."""
    return command_post(
        request,
        pk,
        kind,
        lambda c: posted(c["fields"], request, field_label),
        lambda _session: _("Sent: %(command)s.") % {"command": label(COMMANDS, kind)},
    )


@form_post
def arena_declare(request: HttpRequest, pk: int) -> HttpResponse:
    """AD-ORD-02: this turn's declaration: the public part (path, actions) and the hidden part (a hold)."""
    return on_table(request, pk, lambda s: send(request, s, "declare", declaration(request)), _("Declared."))


def _rolls(part: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            **r,
            "what": label(PURPOSES, r.get("purpose")),
            "trait_name": str(r.get("trait") or "").replace("_", " "),
            "tries": roll_text(r),
            "rerolls": max(0, len(r.get("rolls") or []) - 1),
            "state": label(STATUSES, r.get("status")),
        }
        for r in part.get("rolls") or []
    ]


def _part(part: dict[str, Any]) -> dict[str, Any]:
    """A hidden part (mine, or each fighter's for the GM), in words."""
    sheet = part.get("sheet") or {}
    return {
        **part,
        "rolls_shown": _rolls(part),
        "facts": [fact_text(f) for f in part.get("knowledge") or []],
        "attributes": sorted((sheet.get("attributes") or {}).items()),
        "skills": sorted((sheet.get("skills") or {}).items()),
        "persistent": len(part.get("persistent_bennies") or []),
    }


def _lane(game: dict[str, Any], names: dict[str, str]) -> list[dict[str, Any]]:
    at = {f.get("position"): names.get(s, s) for s, f in game["fighters"].items() if f.get("position") is not None}
    return [{"n": n, "who": at.get(n, "")} for n in range(LANE)]


def _etag(session: TableSession, seat: TableSeat, detail: dict[str, Any], view: dict[str, Any]) -> str:
    """The seat's ETag over its own view and who sits where: what the live part shows."""
    seats = [(s["key"], s["username"], s["role"]) for s in detail["seats"]]
    return sel.etag_of(session=session, seat=seat, body=[detail["status"], seats, view]).strip('"')


def arena_context(request: HttpRequest, session: TableSession) -> dict[str, Any]:
    """Everything the duel's live part shows, from the viewer's own seat (the header when unseated)."""
    seat, detail, context = header(request, session)
    usernames = context["usernames"]
    if seat is None:
        mine = characters_visible_to(viewer=request.user, campaign_id=session.campaign_id, own=True)
        return context | {"my_characters": list(mine)}
    view = sel.view_of(session=session, seat=seat)
    game = view["game"] or {}
    context["may_start"] = session.status == TableSession.Status.OPEN and seat.role == TableSeat.Role.GM
    if not game:
        return context | {"etag": _etag(session, seat, detail, view)}
    names = {s: f["name"] for s, f in game["fighters"].items()}
    who = {k: f"{names[k]} ({u})" if k in names else u for k, u in usernames.items()}
    fighters = [(s, who[s]) for s in game["fighters"]]
    commands = [
        {"kind": c["kind"], "label": label(COMMANDS, c["kind"]), "rules": c["rules"], "fields": widgets(c, fighters)}
        for c in sel.commands_for(session=session, seat=seat)
        if c["kind"] not in OWN_PLACES
    ]
    offered = {c["kind"]: c for c in sel.commands_for(session=session, seat=seat)}
    events = sel.events_for(session=session, seat=seat, after=0)["events"]
    me = _part(game["me"]) if "me" in game else None
    turn = game.get("turn") or {}
    context |= {
        "view": view,
        "game": game,
        "me": me,
        "gm": "hidden" in game,
        "who": who,
        "lane": _lane(game, names),
        "hidden": [{"seat": s, "who": who[s], **_part(p)} for s, p in (game.get("hidden") or {}).items()],
        "public": [{"seat": s, "who": who[s], **f} for s, f in game["fighters"].items()],
        "commands": commands,
        "may_declare": "declare" in offered,
        "may_announce": "announce" in offered,
        "ready_contests": (offered.get("announce") or {}).get("options", {}).get("contest", []),
        "announce_rolls": (offered.get("announce") or {}).get("options", {}).get("roll", []),
        "phase": label(PHASES, game.get("phase")),
        "active": who.get(turn.get("active", ""), ""),
        "actions": ACTIONS,
        "held_actions": HELD_ACTIONS,
        "loadout": (me or {}).get("loadout") or [],
        "log": [arena_sentence(e, who) for e in reversed(events[-40:])],
        "key": uuid.uuid4().hex,
        "etag": _etag(session, seat, detail, view),
        "amends": amend_forms(session, seat, who, {s: p.get("loadout") or [] for s, p in game["hidden"].items()})
        if "hidden" in game
        else [],
    }
    return context


def arena_page(request: HttpRequest, session: TableSession) -> HttpResponse:
    context = arena_context(request, session)
    context["campaign"] = session.campaign
    return render(request, "campaign/tables/arena.html", context)


def arena_live(request: HttpRequest, session: TableSession) -> HttpResponse:
    """The live part alone, for htmx's poll: 204 while the seat's ETag is unchanged."""
    seat = sel.seat_of(session=session, viewer=request.user)
    if seat is not None and request.GET.get("etag"):
        detail = sel.detail_of(session=session, viewer=request.user)
        if request.GET["etag"] == _etag(session, seat, detail, sel.view_of(session=session, seat=seat)):
            return HttpResponse(status=204)
    return render(request, "campaign/tables/arena_live.html", arena_context(request, session))

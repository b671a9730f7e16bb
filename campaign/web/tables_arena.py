"""An arena duel on the phone: a fighter's page (my sheet, what I learned of the opponent, my bennies,
my hidden rolls with reroll and accept, my hold, the declaration with its public and hidden part, the
lane of 24 squares) and the GM's console (both hidden parts, announcements, rulings, corrections).

Every read is the seat's own view from ``referee.tables.selectors`` (the arena's ``view_for``), exactly
as the API's; every write goes through the same services as the API.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.lib.errors import RuleViolation
from campaign.selectors.characters import characters_visible_to
from campaign.selectors.roles import campaign_ids_of
from campaign.services.tables import ARENA, campaign_table_join, campaign_table_open
from campaign.web.common import done, not_found_is_404, refusals_as_messages
from campaign.web.table_texts_arena import COMMANDS, FIELDS, PHASES, PURPOSES, STATUSES, fact_text, label, roll_text
from campaign.web.table_texts_arena import sentence as arena_sentence
from referee.engine.systems.arena_duel.lane import ACTIONS, HELD_ACTIONS
from referee.table_models import TableSeat, TableSession
from referee.tables import selectors as sel
from referee.tables import services as svc

POLL_SECONDS = 4
#: Commands the page shows in their own places (the rolls, the declaration, the GM's announcements).
OWN_PLACES = ("reroll", "finalize", "announce", "declare")
LANE = 26


def _table(request: HttpRequest, pk: int) -> TableSession:
    return sel.table_for(viewer=request.user, pk=pk, member_of=campaign_ids_of(viewer=request.user))


def _page(pk: int) -> str:
    return reverse("table-page", args=[pk])


@login_required
@require_POST
@not_found_is_404
def arena_new(request: HttpRequest, pk: int) -> HttpResponse:
    """The GM (or the organiser) opens a duel and takes its GM seat."""
    settings = {"crit_fail_reroll": True} if request.POST.get("crit_fail_reroll") else {}
    with refusals_as_messages(request) as refused:
        session = campaign_table_open(user=request.user, campaign_id=pk, system=ARENA, role=TableSeat.Role.GM,
                                      settings=settings)
    if refused:
        return redirect("tables-page", pk)
    return done(request, _("Duel opened: the fighters join it with their characters."), _page(session.pk))


@login_required
@require_POST
@not_found_is_404
def arena_join(request: HttpRequest, pk: int) -> HttpResponse:
    """A fighter sits down with one of its own characters (its sheet is read from the campaign)."""
    session = _table(request, pk)
    raw = request.POST.get("character", "")
    with refusals_as_messages(request) as refused:
        campaign_table_join(user=request.user, session=session,
                            options={"character": int(raw)} if raw.isdigit() else {})
    if refused:
        return redirect(_page(pk))
    return done(request, _("You have a seat at the duel."), _page(pk))


def _payload(command: dict[str, Any], request: HttpRequest) -> dict[str, Any]:
    """The posted fields of an offered command, read as their types say (refused as the API would)."""
    out: dict[str, Any] = {}
    for name, spec in command["fields"].items():
        if spec["type"] == "bool":
            if request.POST.get(name):
                out[name] = True
            continue
        if spec["type"] == "strs":
            values = [v for v in request.POST.getlist(name) if v]
            if values:
                out[name] = values
            continue
        raw = request.POST.get(name, "").strip()
        if not raw:
            continue
        if spec["type"] == "int":
            if not raw.lstrip("-").isdigit():
                raise RuleViolation(_("%(field)s must be a whole number.") % {"field": label(FIELDS, name)},
                                    code="invalid_field", fields={name: [raw]})
            out[name] = int(raw)
        else:
            out[name] = raw
    return out


def _send(request: HttpRequest, session: TableSession, kind: str, payload: dict[str, Any]) -> None:
    expected = request.POST.get("seq", "")
    svc.table_command(session=session, user=request.user, kind=kind, payload=payload,
                      expected_seq=int(expected) if expected.isdigit() else None, key=request.POST.get("key", "")[:64])


@login_required
@require_POST
@not_found_is_404
def arena_command(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """Send one of the commands the seat may send now."""
    session = _table(request, pk)
    with refusals_as_messages(request) as refused:
        seat = sel.seat_required(session=session, viewer=request.user)
        offered = {c["kind"]: c for c in sel.commands_for(session=session, seat=seat)}
        if kind not in offered:
            raise RuleViolation(_("That is not something you may do now."), code="not_allowed_now")
        _send(request, session, kind, _payload(offered[kind], request))
    if refused:
        return redirect(_page(pk))
    return done(request, _("Sent: %(command)s.") % {"command": label(COMMANDS, kind)}, _page(pk))


def _action(request: HttpRequest, prefix: str) -> list[dict[str, Any]]:
    kind = request.POST.get(f"{prefix}_kind", "")
    if not kind:
        return []
    action: dict[str, Any] = {"kind": kind}
    if request.POST.get(f"{prefix}_item"):
        action["item"] = request.POST[f"{prefix}_item"]
    at = request.POST.get(f"{prefix}_at", "")
    if at.isdigit():
        action["at"] = int(at)
    return [action]


@login_required
@require_POST
@not_found_is_404
def arena_declare(request: HttpRequest, pk: int) -> HttpResponse:
    """AD-ORD-02: this turn's declaration: the public part (path, actions) and the hidden part (a hold)."""
    session = _table(request, pk)
    with refusals_as_messages(request) as refused:
        payload: dict[str, Any] = {"actions": _action(request, "action")}
        move = request.POST.get("move_to", "")
        if move.isdigit():
            payload["move_to"] = int(move)
        held = _action(request, "hold")
        trigger = request.POST.get("hold_trigger", "")
        if held or trigger:
            payload["hold_actions"] = held
            if trigger.isdigit():
                payload["hold_trigger"] = int(trigger)
        _send(request, session, "declare", payload)
    if refused:
        return redirect(_page(pk))
    return done(request, _("Declared."), _page(pk))


@login_required
@require_POST
@not_found_is_404
def arena_amend(request: HttpRequest, pk: int) -> HttpResponse:
    """The GM corrects a command's facts: replayed with its stored rolls (never rolled again)."""
    session = _table(request, pk)
    with refusals_as_messages(request) as refused:
        command = request.POST.get("command", "")
        try:
            payload = json.loads(request.POST.get("payload") or "{}")
        except ValueError:
            raise RuleViolation(_("The corrected details are not readable."), code="invalid_field",
                                fields={"payload": ["json"]}) from None
        if not command.isdigit() or not isinstance(payload, dict):
            raise RuleViolation(_("Name the command by its number and give its corrected details."),
                                code="invalid_field", fields={"command": [command]})
        svc.table_amend(session=session, user=request.user, command_id=int(command), payload=payload)
    if refused:
        return redirect(_page(pk))
    return done(request, _("The command was corrected."), _page(pk))


def _rolls(part: dict[str, Any]) -> list[dict[str, Any]]:
    return [{**r, "what": label(PURPOSES, r.get("purpose")), "trait_name": str(r.get("trait") or "").replace("_", " "),
             "tries": roll_text(r), "rerolls": max(0, len(r.get("rolls") or []) - 1),
             "state": label(STATUSES, r.get("status"))} for r in part.get("rolls") or []]


def _part(part: dict[str, Any]) -> dict[str, Any]:
    """A hidden part (mine, or each fighter's for the GM), in words."""
    sheet = part.get("sheet") or {}
    return {**part, "rolls_shown": _rolls(part), "facts": [fact_text(f) for f in part.get("knowledge") or []],
            "attributes": sorted((sheet.get("attributes") or {}).items()),
            "skills": sorted((sheet.get("skills") or {}).items()),
            "persistent": len(part.get("persistent_bennies") or [])}


def _widgets(command: dict[str, Any], fighters: list[tuple[str, str]]) -> list[dict[str, Any]]:
    out = []
    for name, spec in command["fields"].items():
        offered = (command.get("options") or {}).get(name)
        widget: dict[str, Any] = {"name": name, "label": label(FIELDS, name), "required": spec["required"],
                                  "id": f"a-{command['kind']}-{name}", "type": spec["type"]}
        if offered:
            widget |= {"widget": "select", "options": [(o, str(o).replace("_", " ")) for o in offered],
                       "multiple": spec["type"] == "strs"}
        elif spec["type"] == "seat":
            widget |= {"widget": "select", "options": fighters}
        elif spec["choices"]:
            widget |= {"widget": "select", "options": [(c, str(c).replace("_", " ")) for c in spec["choices"]]}
        else:
            widget["widget"] = {"int": "number", "bool": "checkbox"}.get(spec["type"], "text")
        out.append(widget)
    return out


def _lane(game: dict[str, Any], names: dict[str, str]) -> list[dict[str, Any]]:
    at = {f.get("position"): names.get(s, s) for s, f in game["fighters"].items() if f.get("position") is not None}
    return [{"n": n, "who": at.get(n, "")} for n in range(LANE)]


def _etag(session: TableSession, seat: TableSeat, detail: dict[str, Any], view: dict[str, Any]) -> str:
    """The seat's ETag over its own view and who sits where: what the live part shows."""
    seats = [(s["key"], s["username"], s["role"]) for s in detail["seats"]]
    return sel.etag_of(session=session, seat=seat, body=[detail["status"], seats, view]).strip('"')


def arena_context(request: HttpRequest, session: TableSession) -> dict[str, Any]:
    """Everything the duel's live part shows, from the viewer's own seat (the header when unseated)."""
    seat = sel.seat_of(session=session, viewer=request.user)
    if seat is not None:
        svc.seat_seen(session=session, user=request.user)
        session.refresh_from_db()
    detail = sel.detail_of(session=session, viewer=request.user)
    usernames = {s["key"]: s["username"] for s in detail["seats"]}
    context: dict[str, Any] = {"table": detail, "session": session, "seat": seat, "poll": POLL_SECONDS,
                               "status": str(dict(TableSession.Status.choices).get(detail["status"], ""))}
    if seat is None:
        mine = characters_visible_to(viewer=request.user, campaign_id=session.campaign_id).filter(
            owner_id=request.user.pk)
        return context | {"my_characters": list(mine)}
    view = sel.view_of(session=session, seat=seat)
    game = view["game"] or {}
    context["may_start"] = session.status == TableSession.Status.OPEN and seat.role == TableSeat.Role.GM
    if not game:
        return context | {"etag": _etag(session, seat, detail, view)}
    names = {s: f["name"] for s, f in game["fighters"].items()}
    who = {k: f"{names[k]} ({u})" if k in names else u for k, u in usernames.items()}
    fighters = [(s, who[s]) for s in game["fighters"]]
    commands = [{"kind": c["kind"], "label": label(COMMANDS, c["kind"]), "rules": c["rules"],
                 "fields": _widgets(c, fighters)}
                for c in sel.commands_for(session=session, seat=seat) if c["kind"] not in OWN_PLACES]
    offered = {c["kind"]: c for c in sel.commands_for(session=session, seat=seat)}
    events = sel.events_for(session=session, seat=seat, after=0)["events"]
    me = _part(game["me"]) if "me" in game else None
    turn = game.get("turn") or {}
    context |= {
        "view": view, "game": game, "me": me, "gm": "hidden" in game, "who": who, "lane": _lane(game, names),
        "hidden": [{"seat": s, "who": who[s], **_part(p)} for s, p in (game.get("hidden") or {}).items()],
        "public": [{"seat": s, "who": who[s], **f} for s, f in game["fighters"].items()],
        "commands": commands, "may_declare": "declare" in offered, "may_announce": "announce" in offered,
        "ready_contests": (offered.get("announce") or {}).get("options", {}).get("contest", []),
        "announce_rolls": (offered.get("announce") or {}).get("options", {}).get("roll", []),
        "phase": label(PHASES, game.get("phase")), "active": who.get(turn.get("active", ""), ""),
        "actions": ACTIONS, "held_actions": HELD_ACTIONS, "loadout": (me or {}).get("loadout") or [],
        "log": [arena_sentence(e, who) for e in reversed(events[-40:])], "key": uuid.uuid4().hex,
        "etag": _etag(session, seat, detail, view),
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

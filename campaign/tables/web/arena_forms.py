"""The arena duel's forms: a command's fields as labelled controls (one offered now, or a past one to
correct), the declaration read back from its form, and the GM's correction of a command (LIVE-TABLES §6).

A correction is the command's own fields filled in again, never raw JSON: it goes to the same
``table_amend`` service as the API's ``amend/``, which replays the command with its stored rolls.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from campaign.lib.errors import RuleViolation
from campaign.lib.web.common import form_post
from campaign.tables.web.table_base import on_table, posted
from campaign.tables.web.table_texts_arena import COMMANDS, FIELDS, label
from referee.engine.systems.arena_duel.lane import ACTIONS, HELD_ACTIONS
from referee.table_models import TableSeat, TableSession
from referee.tables import selectors as sel
from referee.tables import services as svc

DECLARE = "declare"


def field_label(name: str) -> str:
    return label(FIELDS, name)


def _shown(value: Any) -> str:
    return "" if value is None else ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def widgets(
    command: dict[str, Any], fighters: list[tuple[str, str]], values: dict[str, Any] | None = None, prefix: str = "a"
) -> list[dict[str, Any]]:
    """Each field of a command type as a control: the options offered now, a fighter by name, a choice, a
    number, a box to tick or a text; filled in with ``values`` (a past command's, to correct it)."""
    out = []
    for name, spec in command["fields"].items():
        offered = (command.get("options") or {}).get(name)
        value = (values or {}).get(name)
        if spec["type"] == "bool":
            value = "on" if value else None
        widget: dict[str, Any] = {
            "name": name,
            "label": field_label(name),
            "required": spec["required"],
            "id": f"{prefix}-{command['kind']}-{name}",
            "type": spec["type"],
            "min": spec["minimum"],
            "max": spec["maximum"],
            "value": _shown(value),
            "values": [str(v) for v in value] if isinstance(value, list) else [_shown(value)],
        }
        choices = offered or spec["choices"]
        if choices:
            widget |= {
                "widget": "select",
                "options": [(str(o), str(o).replace("_", " ")) for o in choices],
                "multiple": bool(offered) and spec["type"] == "strs",
            }
        elif spec["type"] == "seat":
            widget |= {"widget": "select", "options": fighters}
        else:
            widget["widget"] = {"int": "number", "bool": "checkbox"}.get(spec["type"], "text")
        out.append(widget)
    return out


def _declare_label(name: str) -> str:
    return {
        "move_to": _("Move to square (0 to 25)"),
        "action_kind": _("Action"),
        "action_item": _("With"),
        "action_at": _("On square"),
        "hold_trigger": _("Trigger distance"),
        "hold_kind": _("Held action"),
        "hold_item": _("With"),
    }.get(name, name)


def _square(name: str, raw: str) -> int | None:
    raw = raw.strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise RuleViolation(
            _("%(field)s must be a whole number.") % {"field": _declare_label(name)},
            code="invalid_field",
            fields={name: [raw]},
        )
    return int(raw)


def _actions(request: HttpRequest, prefix: str) -> list[dict[str, Any]]:
    """The form's actions of one part (one row a action; a row left without a kind is no action)."""
    kinds, items = request.POST.getlist(f"{prefix}_kind"), request.POST.getlist(f"{prefix}_item")
    ats = request.POST.getlist(f"{prefix}_at")
    out = []
    for n, kind in enumerate(kinds):
        if not kind:
            continue
        action: dict[str, Any] = {"kind": kind}
        if n < len(items) and items[n]:
            action["item"] = items[n]
        at = _square(f"{prefix}_at", ats[n]) if n < len(ats) else None
        if at is not None:
            action["at"] = at
        out.append(action)
    return out


def declaration(request: HttpRequest) -> dict[str, Any]:
    """AD-ORD-02: the declaration's payload from its form: the public part (path, actions), the hidden (a hold)."""
    payload: dict[str, Any] = {"actions": _actions(request, "action")}
    move = _square("move_to", request.POST.get("move_to", ""))
    if move is not None:
        payload["move_to"] = move
    held = _actions(request, "hold")
    trigger = _square("hold_trigger", request.POST.get("hold_trigger", ""))
    if held or trigger is not None:
        payload["hold_actions"] = held
        if trigger is not None:
            payload["hold_trigger"] = trigger
    return payload


def _control(cid: int, name: str, n: int, widget: str, value: Any, options: Any = ()) -> dict[str, Any]:
    return {
        "name": name,
        "label": _declare_label(name),
        "id": f"m{cid}-{name}-{n}",
        "widget": widget,
        "required": False,
        "min": 0,
        "max": None,
        "value": _shown(value),
        "values": [_shown(value)],
        "options": [(str(o), str(o).replace("_", " ")) for o in options],
    }


def _declare_widgets(cid: int, payload: dict[str, Any], loadout: list[str]) -> list[dict[str, Any]]:
    """A past declaration's form, filled in: the path, each action (and one more), the hold and its actions."""
    out = [_control(cid, "move_to", 0, "number", payload.get("move_to"))]
    for part, kinds, at in (("action", ACTIONS, True), ("hold", HELD_ACTIONS, False)):
        if part == "hold":
            out.append(_control(cid, "hold_trigger", 0, "number", payload.get("hold_trigger")))
        for n, action in enumerate([*(payload.get(f"{part}_actions" if part == "hold" else "actions") or []), {}]):
            item = action.get("item")
            items = [*loadout, *([item] if item and item not in loadout else [])]
            out += [
                _control(cid, f"{part}_kind", n, "select", action.get("kind"), kinds),
                _control(cid, f"{part}_item", n, "select", item, items),
            ]
            if at:
                out.append(_control(cid, f"{part}_at", n, "number", action.get("at")))
    return out


def amend_forms(
    session: TableSession, seat: TableSeat, who: dict[str, str], loadouts: dict[str, list[str]]
) -> list[dict[str, Any]]:
    """The commands this seat may correct, newest first, each as its own fields filled in with what was sent."""
    fighters = [(s, w) for s, w in who.items() if s in loadouts]
    out = []
    for c in sel.amendable_for(session=session, seat=seat):
        if not c["fields"]:
            continue  # nothing in it to correct
        fields = (
            _declare_widgets(c["command"], c["payload"], loadouts.get(c["seat"], []))
            if c["kind"] == DECLARE
            else widgets(c, fighters, c["payload"], prefix=f"m{c['command']}")
        )
        out.append(
            {
                "command": c["command"],
                "label": label(COMMANDS, c["kind"]),
                "who": who.get(c["seat"], ""),
                "fields": fields,
            }
        )
    return out


@form_post
def arena_amend(request: HttpRequest, pk: int) -> HttpResponse:
    """The GM (or a command's sender) corrects a command's details: replayed with its stored rolls, never
    rolled again. Its fields are read as the command type says; a bad one is refused, and nothing changes."""

    def write(session: TableSession) -> None:
        seat = sel.seat_required(session=session, viewer=request.user)
        raw = request.POST.get("command", "")
        entry = next((c for c in sel.amendable_for(session=session, seat=seat) if str(c["command"]) == raw), None)
        if entry is None:
            raise RuleViolation(
                _("Choose one of the commands listed under “Correct a command”."),
                code="not_amendable",
                fields={"command": [raw]},
            )
        payload = declaration(request) if entry["kind"] == DECLARE else posted(entry["fields"], request, field_label)
        missing = [n for n, spec in entry["fields"].items() if spec["required"] and n not in payload]
        if missing:
            raise RuleViolation(
                _("%(field)s is needed: fill it in.") % {"field": field_label(missing[0])},
                code="missing_field",
                fields={missing[0]: [""]},
            )
        if payload == entry["payload"]:
            raise RuleViolation(_("Nothing to correct: change one of the details first."), code="unchanged")
        svc.table_amend(session=session, user=request.user, command_id=entry["command"], payload=payload)

    return on_table(request, pk, write, _("The command was corrected."))

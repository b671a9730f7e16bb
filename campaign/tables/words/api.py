"""The words the table API puts beside the engine's codes, from the system's catalogue (``campaign.lib.engine_words``).

A catalogue that keys its command labels ``command.<kind>``, its option words ``choice.<value>`` and its event
sentences ``event.<code>`` (Doomtrooper's does) gets, in the reader's language: a ``label`` beside each allowed
command, ``labels`` (per field, value -> words) beside its ``options``, and a ``message`` beside each event. A
code the catalogue does not know gets nothing added, so a system without these keys answers as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from campaign.lib.engine_words import engine_words, knows, say
from referee.table_models import TableSession
from referee.tables.state import rules_of

CARD_FIELDS = ("card", "cards", "slug", "slugs")


def _context(session: TableSession, view: Mapping[str, Any] | None) -> dict[str, Any]:
    """Who each seat is, the pinned pack's card names, and each handle the viewer sees with its card."""
    rules = rules_of(session) if session.rules_pack_id else None
    cards = {slug: card.names for slug, card in (getattr(rules, "cards", None) or {}).items()}
    handles = {c["handle"]: c for z in ((view or {}).get("game") or {}).get("zones", []) for c in z.get("cards", [])}
    seats = session.seats.select_related("user")
    return {
        "usernames": {s.key: s.user.get_username() if s.user else _("Vacant seat") for s in seats},
        "cards": cards,
        "handles": handles,
    }


def _value_words(system: str, field: str, spec: Mapping[str, Any], value: Any, ctx: Mapping[str, Any]) -> str | None:
    names = engine_words(system).names
    if spec.get("type") in ("card", "cards"):
        return str(names("card", ctx["handles"].get(value, {}), ctx))
    if field in CARD_FIELDS:
        return str(names("card", value, ctx))
    if spec.get("type") == "seat":
        return str(ctx["usernames"].get(value, "")) or None
    if isinstance(value, str) and knows(system, f"choice.{value}"):
        return say(system, f"choice.{value}")
    return None


def commands_in_words(
    session: TableSession, commands: list[dict[str, Any]], view: Mapping[str, Any] | None
) -> list[dict[str, Any]]:
    """``commands`` (as ``commands_for`` gives them) with a ``label`` and the ``labels`` of their options."""
    system = session.system
    if not any(knows(system, f"command.{c['kind']}") for c in commands):
        return commands
    ctx = _context(session, view)
    out = []
    for command in commands:
        labels: dict[str, dict[str, str]] = {}
        for field, values in (command.get("options") or {}).items():
            spec = command["fields"].get(field, {})
            if isinstance(values, list):
                words = {str(v): w for v in values if (w := _value_words(system, field, spec, v, ctx)) is not None}
                if words:
                    labels[field] = words
        out.append(
            {**command, "label": say(system, f"command.{command['kind']}", fallback=command["kind"]), "labels": labels}
        )
    return out


def events_in_words(session: TableSession, body: dict[str, Any]) -> dict[str, Any]:
    """The seat's events (as ``events_for`` gives them) each with its ``message``, where the catalogue says it."""
    system = session.system
    events = body.get("events") or []
    if not any(knows(system, f"event.{e['code']}") for e in events):
        return body
    ctx = _context(session, None)
    return {
        **body,
        "events": [
            {**e, "message": say(system, f"event.{e['code']}", e.get("data") or {}, context=ctx)}
            if knows(system, f"event.{e['code']}")
            else e
            for e in events
        ],
    }

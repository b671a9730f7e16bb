"""A Doomtrooper table's live part: each side's warriors (wounds, cover, values, attachments), each player's fate,
victory points, actions and hand size, the combat, my hand or my sealed cards, the commands I may send now with
only the legal choices in their lists, and the log in sentences.

Everything comes from the seat's own view (``referee.tables.selectors``): the engine's affordances name the
legal values per field (``referee.engine.systems.doomtrooper.offers``); this module only puts them into words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from campaign.tables.web.table_texts import (
    PHASES,
    STATUSES,
    ZONES,
    card_name,
    choice_label,
    command_label,
    field_label,
    sentence,
    word,
    zone_label,
)
from campaign.tables.words.doomtrooper import names as words_of
from referee.table_models import TableSeat, TableSession
from referee.tables import selectors as sel
from referee.tables.state import rules_of

SYSTEM = "doomtrooper"
PLAY_ZONES = ("squad", "cohort", "station", "cover")
#: The order the commands are listed in: what a turn usually does first comes first, the concession last.
ORDER = (
    "report_draw",
    "deploy",
    "deploy_cover",
    "equip",
    "grant_gift",
    "assign_mission",
    "take_cover",
    "leave_cover",
    "meditate",
    "play_effect",
    "attack",
    "weapon",
    "modifier",
    "add_combatant",
    "replace_combatant",
    "pass",
    "answer",
    "complete_mission",
    "end_actions",
    "end_turn",
    "report_library_empty",
    "concede",
)
#: Kinds that cannot be taken back: the page asks once before sending them.
FINAL = {"concede": True}


def card_names(session: TableSession) -> dict[str, Any]:
    """The pinned pack's card names by slug (per language)."""
    rules = rules_of(session) if session.rules_pack_id else None
    return {slug: card.names for slug, card in (getattr(rules, "cards", None) or {}).items()}


def _decision_label(decision: Mapping[str, Any], usernames: Mapping[str, str], names: Mapping[str, Any]) -> str:
    context = decision.get("context") or {}
    if decision.get("kind") == "points_split":
        return _("Split %(points)s points for %(victim)s") % {
            "points": context.get("points", ""),
            "victim": card_name(context.get("victim"), names),
        }
    if decision.get("kind") == "equipment_destination":
        return _("Where %(card)s goes") % {"card": card_name(context.get("card"), names)}
    return choice_label(decision.get("kind"))


def _widgets(
    command: Mapping[str, Any],
    cards: Mapping[str, str],
    usernames: Mapping[str, str],
    names: Mapping[str, Any],
    decisions: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """Each field of a command as a control holding exactly the values the rules allow now (from the
    command's ``options``); an optional field with nothing to offer is left out."""
    options = command.get("options") or {}
    out = []
    for name, spec in command["fields"].items():
        offered = options.get(name)
        widget: dict[str, Any] = {
            "name": name,
            "label": field_label(name),
            "required": spec["required"],
            "id": f"f-{command['kind']}-{name}",
            "min": spec["minimum"],
            "max": spec["maximum"],
        }
        if spec["type"] in ("card", "cards"):
            values = [(h, cards.get(h, _("a face-down card"))) for h in offered or []]
            widget |= {"widget": "select", "options": values, "multiple": spec["type"] == "cards"}
        elif name in ("slug", "slugs"):
            values = [(s, card_name({"card": s}, names)) for s in offered or []]
            widget |= {"widget": "select", "options": values, "multiple": name == "slugs"}
        elif spec["type"] == "seat":
            values = [(k, usernames.get(k, k)) for k in offered if k in usernames] if offered is not None else []
            widget |= {"widget": "select", "options": values or list(usernames.items())}
        elif name == "decision":
            mine = [d for d in decisions if offered is None or d["key"] in offered]
            widget |= {"widget": "select", "options": [(d["key"], _decision_label(d, usernames, names)) for d in mine]}
            points = [d.get("context", {}).get("points") for d in mine if d.get("kind") == "points_split"]
            widget["split_max"] = points[0] if points else None
        elif offered is not None or spec["choices"]:
            values = offered if offered is not None else spec["choices"]
            widget |= {"widget": "select", "options": [(c, choice_label(c)) for c in values]}
        elif spec["type"] == "int":
            widget["widget"] = "number"
        elif spec["type"] == "bool":
            widget["widget"] = "checkbox"
        else:
            widget["widget"] = "text"
        if not spec["required"] and widget.get("widget") == "select" and not widget["options"]:
            continue
        if name in ("card", "slug") and offered:
            widget["required"] = True  # the card a command plays: one of the two fields, always needed
        out.append(widget)
    if command["kind"] == "answer":
        split = next((w.get("split_max") for w in out if w["name"] == "decision"), None)
        for w in out:
            if w["name"] == "vp" and split is not None:
                w |= {"min": 0, "max": split, "required": True}
            if w["name"] == "choice" and split is not None and not w.get("options"):
                w["skip"] = True
    return [w for w in out if not w.get("skip")]


def _warriors(
    game: Mapping[str, Any], dt: Mapping[str, Any], names: Mapping[str, Any], usernames: Mapping[str, str], me: str
) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Each side's warriors in play, and every card handle I can name (for the command lists)."""
    stats = {w["warrior"]: w for w in dt.get("warriors", [])}
    named: dict[str, str] = {}
    for z in game.get("zones", []):
        for c in z.get("cards", []):
            named[c["handle"]] = card_name(c, names)
    sides = []
    for seat, who in usernames.items():
        if seat not in (dt.get("players") or {}):
            continue
        warriors = []
        for z in game.get("zones", []):
            kind, _sep, owner = z["key"].partition(":")
            if owner != seat or kind not in PLAY_ZONES:
                continue
            for c in z.get("cards", []):
                data = c.get("data") or {}
                found = stats.get(c["handle"], {})
                warriors.append(
                    {
                        "name": card_name(c, names),
                        "zone": word(ZONES, kind),
                        "status": word(STATUSES, data.get("status")),
                        "wounded": data.get("status") == "wounded",
                        "in_cover": not c.get("face_up", True) or bool(data.get("in_cover")),
                        "unpaid": bool(data.get("unpaid")),
                        "stats": found,
                        "attachments": [named.get(a, _("a face-down card")) for a in data.get("attachments", [])],
                    }
                )
                named[c["handle"]] = f"{card_name(c, names)} · {who}"
        sides.append({"key": seat, "who": who, "mine": seat == me, "warriors": warriors})
    return sides, named


def _combat(dt: Mapping[str, Any], named: Mapping[str, str]) -> dict[str, Any] | None:
    combat = dt.get("combat")
    if not combat:
        return None
    values = combat.get("values") or {}

    def row(handle: str) -> dict[str, Any]:
        v = values.get(handle, {})
        return {"name": named.get(handle, _("a face-down card")), "attack": v.get("attack"), "armour": v.get("armour")}

    return {
        "tactic": choice_label(combat.get("tactic")),
        "attackers": [row(h) for h in combat.get("attackers", [])],
        "defenders": [row(h) for h in combat.get("defenders", [])],
    }


def live(
    session: TableSession, seat: TableSeat, view: Mapping[str, Any], usernames: Mapping[str, str]
) -> dict[str, Any]:
    """The Doomtrooper part of the page's context, from the seat's own view."""
    names = card_names(session)
    game = view.get("game") or {}
    dt = game.get("doomtrooper") or {}
    sides, named = _warriors(game, dt, names, usernames, seat.key)
    zones, sealed, hand = [], [], []
    for z in game.get("zones", []):
        kind = z["key"].partition(":")[0]
        cards = [
            {"name": card_name(c, names), "c": c, "meant_for": word(ZONES, (c.get("data") or {}).get("hidden_zone"))}
            for c in z.get("cards", [])
        ]
        if z["key"] == f"hand:{seat.key}":
            hand = cards
        elif kind not in PLAY_ZONES and kind != "attached" and z["policy"] != "nobody" and cards:
            zones.append({"label": zone_label(z["key"], usernames), "cards": cards})
        if z["owner"] == seat.key and kind in PLAY_ZONES:
            sealed += [c for c in cards if not c["c"].get("face_up") and c["c"].get("card")]
    decisions = sel.decisions_for(session=session, seat=seat)
    rank = {k: i for i, k in enumerate(ORDER)}
    commands = [
        {
            "kind": c["kind"],
            "label": command_label(c["kind"]),
            "final": FINAL.get(c["kind"], False),
            "fields": _widgets(c, named, usernames, names, decisions),
        }
        for c in sorted(sel.commands_for(session=session, seat=seat), key=lambda c: rank.get(c["kind"], 99))
    ]
    events = sel.events_for(session=session, seat=seat, after=0)["events"]
    players = [
        {"key": k, "who": usernames.get(k, k), "mine": k == seat.key, **v} for k, v in (dt.get("players") or {}).items()
    ]
    turn = game.get("turn") or {}
    window = game.get("window") or {}
    waiting_on = window.get("priority") or turn.get("active", "")
    pending = [d.get("player") for d in game.get("decisions", []) if d.get("player")]
    outcome = game.get("outcome")
    return {
        "dt": dt,
        "players": players,
        "mine": next((p for p in players if p["mine"]), None),
        "sides": sides,
        "zones": zones,
        "sealed": sealed,
        "hand": hand,
        "commands": commands,
        "combat": _combat(dt, named),
        "log": [sentence(e, usernames, names) for e in reversed(events[-40:])],
        "active": usernames.get(turn.get("active", ""), ""),
        "turn": turn,
        "phase": word(PHASES, turn.get("phase")),
        "waiting": usernames.get(waiting_on, "") if not pending and waiting_on != seat.key else "",
        "my_move": waiting_on == seat.key or seat.key in pending,
        "outcome": _outcome(outcome, usernames) if outcome else "",
    }


def _outcome(outcome: Mapping[str, Any], usernames: Mapping[str, str]) -> str:
    return str(words_of("outcome", outcome, {"usernames": usernames}))

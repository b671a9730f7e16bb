"""The skirmish (Dead Man's Hand) on a table's page: my hand, my first card and my characters' initiative
cards, the activation order as revealed, the response window when someone shoots at my figure, what I
may do now as forms with labelled fields, and the log in sentences. The GM's or house seat's controls are
the same forms: its characters are the seat's own in the view.

Everything here reads the seat's own view (``referee.tables.selectors``, redacted on the server), so a
page can show only what that seat may know; the generic pages (``campaign.tables.web.tables``) do the writing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _

from campaign.lib.errors import RuleViolation
from campaign.lib.i18n import localized
from campaign.models import Campaign
from campaign.tables.web.table_texts_skirmish import (
    CHOICES,
    PHASES,
    STATES,
    card_label,
    command_label,
    field_label,
    sentence,
    word,
)
from referee.served_packs import packs, pinned_pack
from referee.table_models import TableSeat, TableSession
from referee.tables import selectors as sel
from referee.tables.state import rules_of

SYSTEM = "skirmish_cards"
__all__ = ["SYSTEM", "command_label", "join_context", "join_options", "live", "open_context", "open_input"]
MAX_CHARACTERS = 6
CHARACTER_FIELDS = ("character", "with", "obscured_by", "howl_target")
#: The page lists what answers the moment first, and the rare or drastic commands last.
FIRST = ("duck_back", "quick_shot", "hth_declare", "pass", "decide", "place_first", "declare")
LAST = ("set_fact", "dispute_fact", "nerve_test", "dirty_rat", "declare_result", "concede")


def _rank(kind: str) -> int:
    return FIRST.index(kind) if kind in FIRST else len(FIRST) + 1 + LAST.index(kind) if kind in LAST else len(FIRST)


def _pack(session: TableSession) -> Any:
    return rules_of(session) if session.rules_pack_id else None


def _open_pack(campaign: Campaign) -> Any:
    """The pack a new table of this campaign pins: the campaign's own when it plays the skirmish, else the served."""
    if campaign.system == SYSTEM:
        return pinned_pack(campaign.rules_pack)
    served = [p for p in packs() if p.system == SYSTEM]
    return max(served, key=lambda p: p.version).typed if served else None


def open_context(campaign: Campaign) -> dict[str, Any]:
    """The open form: the scenario, and the values the pack leaves to the table (SC-END-03), my posse."""
    pack = _open_pack(campaign)
    if pack is None:
        return {}
    scenarios = [(s.slug, localized(s.name)) for s in pack.scenarios.values()]
    factions = [{"slug": f.slug, "name": localized(f.name)} for f in pack.factions.values()]
    profiles = [{"slug": p.slug, "name": localized(p.name), "hp": p.hp, "stress": p.stress}
                for p in pack.profiles.values()]
    return {"sk_open": {"scenarios": scenarios, "factions": factions, "profiles": profiles}} | {
        "sk_join": join_context_of(pack)["sk_join"]}


def _number(request: HttpRequest, name: str) -> int | None:
    raw = request.POST.get(name, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise RuleViolation(_("%(field)s must be a whole number.") % {"field": name}, code="invalid_field",
                            fields={name: [raw]})
    return int(raw)


def open_input(request: HttpRequest) -> dict[str, Any]:
    """``campaign_table_open``'s settings and options from the open form (a value left blank stays unset)."""
    settings: dict[str, Any] = {"scenario": request.POST.get("scenario", ""), "hand_size": {}, "profile_hp": {},
                                "profile_stress": {}}
    for key in request.POST:
        prefix, _sep, slug = key.partition("-")
        target = {"hand": "hand_size", "hp": "profile_hp", "stress": "profile_stress"}.get(prefix)
        value = _number(request, key) if target and slug else None
        if target and value is not None:
            settings[target][slug] = value
    return {"settings": settings, "options": join_options(request)}


def join_context(session: TableSession) -> dict[str, Any]:
    """The join form's choices: the pinned pack's factions and each faction's profiles."""
    pack = _pack(session)
    return {} if pack is None else join_context_of(pack)


def join_context_of(pack: Any) -> dict[str, Any]:
    factions = [(f.slug, localized(f.name)) for f in pack.factions.values()]
    profiles = [(p.slug, f"{localized(p.name)} · {localized(pack.factions[f].name)}")
                for f in pack.factions for p in (pack.profiles[s] for s in pack.factions[f].profiles)]
    return {"sk_join": {"factions": factions, "profiles": profiles, "rows": range(1, 4)}}


def join_options(request: HttpRequest) -> dict[str, Any]:
    """A player's seat from the join form: a faction and up to six named characters with their profiles."""
    characters = []
    for i in range(1, MAX_CHARACTERS + 1):
        name = request.POST.get(f"name-{i}", "").strip()
        profile = request.POST.get(f"profile-{i}", "").strip()
        if not name and not profile:
            continue
        if not profile:
            raise RuleViolation(_("Character %(n)s needs a profile.") % {"n": i}, code="invalid_character",
                                fields={f"profile-{i}": [_("Required.")]})
        # ids unique at the table: two players may each field a "Gunman 1"
        characters.append({"id": f"u{request.user.pk}-{i}", "name": name or profile, "profile": profile})
    return {"faction": request.POST.get("faction", ""), "characters": characters}


def _names(sk: Mapping[str, Any], usernames: Mapping[str, str]) -> dict[str, str]:
    controllers = {key: side["controller"] for key, side in sk.get("sides", {}).items()}
    out = {}
    for c in sk.get("characters", []):
        who = usernames.get(controllers.get(c["side"], ""), "")
        out[c["id"]] = f"{c['name']} ({who})" if who else c["name"]
    return out


def _widgets(command: dict[str, Any], names: Mapping[str, str], mine: list[str], alive: list[str],
             hand: list[tuple[str, str]], decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each field as a labelled control: characters and targets by name, cards from my hand, answers by label."""
    options = command.get("options") or {}
    out = []
    for name, spec in command["fields"].items():
        widget: dict[str, Any] = {"name": name, "label": field_label(name), "required": spec["required"],
                                  "id": f"f-{command['kind']}-{name}", "min": spec["minimum"], "max": spec["maximum"]}
        if name == "character":
            allowed = options.get("characters") or ([options["character"]] if options.get("character") else mine)
            widget |= {"widget": "select", "options": [(c, names.get(c, c)) for c in allowed]}
        elif name in CHARACTER_FIELDS or name == "target":
            widget |= {"widget": "select", "options": [(c, names.get(c, c)) for c in alive]}
        elif spec["type"] == "card":
            widget |= {"widget": "select", "options": hand}
        elif name == "actions":
            picks = [(a, word(CHOICES, a)) for a in options.get("actions", [])]
            widget |= {"widget": "actions", "options": picks, "slots": range(1, int(options.get("budget", 3)) + 1)}
        elif name == "key":
            widget |= {"widget": "select", "options": [(d["key"], _decision_label(d, names)) for d in decisions]}
        elif name == "choice":
            seen = {str(o) for d in decisions for o in d["options"]}
            seen |= {"decline"} if any(d["kind"] == "swap" for d in decisions) else set()
            widget |= {"widget": "select", "options": [(o, names.get(o) or word(CHOICES, o)) for o in sorted(seen)]}
        elif name == "winner":
            widget |= {"widget": "select", "options": [(w, word(CHOICES, w)) for w in options.get("winners", [])]}
        elif spec["choices"]:
            widget |= {"widget": "select", "options": [(c, word(CHOICES, c)) for c in spec["choices"]]}
        elif spec["type"] == "int":
            widget["widget"] = "number"
        elif spec["type"] == "bool":
            widget["widget"] = "checkbox"
        else:
            widget["widget"] = "text"
        out.append(widget)
    return out


def _decision_label(decision: Mapping[str, Any], names: Mapping[str, str]) -> str:
    labels = {"swap": _("Swap the lowest card?"), "result": _("The shot's result"),
              "order": _("Order my tied characters"), "reach": _("Did the charge reach?")}
    return str(labels.get(str(decision.get("kind")), str(decision.get("kind", "")).replace("_", " ")))


def _window(sk: Mapping[str, Any], game: Mapping[str, Any], seat: TableSeat, names: Mapping[str, str],
            mine: list[str]) -> str:
    """What the response window asks of me, in a sentence (empty when it does not ask me)."""
    window = game.get("window")
    pending = sk.get("pending") or {}
    if not window or window.get("priority") != seat.key or not pending:
        return ""
    target = (pending.get("payload") or {}).get("target", "")
    who = names.get(pending.get("char", ""), pending.get("char", ""))
    if pending.get("kind") == "shoot" and target in mine:
        return _("%(who)s is shooting at your %(target)s: Duck Back, a Quick Shot, or pass.") % {
            "who": who, "target": names.get(target, target)}
    return _("%(who)s is acting: you may interrupt with a Quick Shot, or pass.") % {"who": who}


def live(session: TableSession, seat: TableSeat, view: Mapping[str, Any],
         usernames: Mapping[str, str]) -> dict[str, Any]:
    """The skirmish part of the page's context, from the seat's own view."""
    game = view.get("game") or {}
    sk = game.get("skirmish") or {}
    names = _names(sk, usernames)
    my_sides = [k for k, s in sk.get("sides", {}).items() if s["controller"] == seat.key]
    zones = {z["key"]: z for z in game.get("zones", [])}
    hand = [{"handle": c["handle"], "name": card_label(c)} for side in my_sides
            for c in zones.get(f"hand:{side}", {}).get("cards", [])]
    first = [{"name": card_label(c), "by": names.get(sk.get("my_first_card_by", {}).get(side, ""), "")}
             for side in my_sides for c in zones.get(f"first:{side}", {}).get("cards", [])]
    chars = {c["id"]: c for c in sk.get("characters", [])}
    mine = [c["id"] for c in chars.values() if c["side"] in my_sides and not c["removed"]]
    alive = [c["id"] for c in chars.values() if not c["removed"]]
    order = [{"id": cid, "name": names.get(cid, cid), "card": card_label(chars[cid]["card"]),
              "state": word(STATES, chars[cid]["state"]), "up": cid == sk.get("up"), "mine": cid in mine}
             for cid in sk.get("order", []) if cid in chars]
    my_chars = [{"name": names.get(cid, cid), "card": card_label(chars[cid]["card"]) if chars[cid]["card"] else "",
                 "markers": chars[cid]["markers"], "movement": chars[cid]["movement"],
                 "state": word(STATES, chars[cid]["state"])} for cid in mine]
    decisions = sel.decisions_for(session=session, seat=seat)
    picks = [(h["handle"], h["name"]) for h in hand]
    commands = [{"kind": c["kind"], "label": command_label(c["kind"]), "rules": c["rules"],
                 "fields": _widgets(c, names, mine, alive, picks, decisions)}
                for c in sorted(sel.commands_for(session=session, seat=seat), key=lambda c: _rank(c["kind"]))]
    events = sel.events_for(session=session, seat=seat, after=0)["events"]
    sides = [{"who": usernames.get(s["controller"], s["controller"]), "kind": s["kind"], "hand": s["hand"],
              "deck": s["deck"], "discard": s["discard"], "placed": s["placed"], "mine": k in my_sides}
             for k, s in sk.get("sides", {}).items()]
    up = sk.get("up", "")
    return {
        "sk": sk, "sk_hand": hand, "sk_first": first, "sk_order": order, "sk_mine": my_chars, "sk_sides": sides,
        "sk_window": _window(sk, game, seat, names, mine), "sk_phase": word(PHASES, sk.get("phase")),
        "sk_up": names.get(up, up), "commands": commands,
        "log": [sentence(e, usernames, names) for e in reversed(events[-40:])],
    }

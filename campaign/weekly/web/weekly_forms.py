"""The weekly moves as forms: each move and free action of the intrigue game (WM-ING, WM-SPY, WM-CMB, WM-DUT, and
the free actions WM-PREP, WM-HELP, WM-EXCH, WM-RIT, WM-ABL), the fields it asks for, and its payload read from a
POST. The rules check stays in the service (``campaign.weekly.services.move_submit``); this only reads the form."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from campaign.league import system_of
from campaign.lib.i18n import localized
from campaign.weekly.access import SYSTEM, WeekViewer
from campaign.weekly.models import Character
from campaign.weekly.selectors import characters_in
from referee.engine.systems.weekly_moves.catalog import default_catalogue

#: Every kind a person sends from the page, in the order shown, and the fields its form asks for.
KINDS: dict[str, dict[str, Any]] = {
    "ingredient_search": {"label": _("Ingredient search"), "fields": ("mode",), "free": False},
    "spying": {"label": _("Spying"), "fields": ("target", "mode", "picks"), "free": False},
    "deadly_combat": {"label": _("Deadly combat"), "fields": ("target", "mode", "picks"), "free": False},
    "call_of_duty": {"label": _("Call of duty"), "fields": ("targets", "shift", "mode", "picks"), "free": False},
    "preparation": {"label": _("Preparation"), "fields": ("effect", "prep_target", "heal"), "free": True},
    "help": {"label": _("Help"), "fields": ("helped", "help_move"), "free": True},
    "exchange": {"label": _("Exchange"), "fields": ("partner", "give"), "free": True},
    "compute_ritual": {"label": _("Compute the Ritual location"), "fields": (), "free": True},
    "use_ability": {"label": _("Use an ability"), "fields": ("ability",), "free": True},
}
MODES = {"push": _("Push on a strong hit"), "hold": _("Hold back on a strong hit")}
PICKS = {
    "spying": {"info": _("Gain 1 info"), "surveillance": _("Surveillance"), "steal": _("Steal an item")},
    "deadly_combat": {"lower_preparedness": _("Lower their Preparedness"), "wound_companion": _("Wound a companion")},
    "call_of_duty": {"lower_own_debt": _("Lower my Debt"), "shift_target_debt": _("Shift a target's Debt")},
}
EFFECTS = {"preparedness": _("Raise Preparedness"), "heal": _("Heal a companion")}
GIVE_TYPES = {
    "info": _("Info on a player"),
    "ritual": _("The Ritual location"),
    "ingredient": _("An ingredient"),
    "artifact": _("An artifact"),
    "service": _("A service (a promise)"),
}
WHEN = {"": _("Whenever"), "before": _("Before my move"), "after": _("After my move")}


def label(kind: str) -> str:
    return str(KINDS[kind]["label"]) if kind in KINDS else kind.replace("_", " ").capitalize()


DECISIONS = {
    "mode": _("On a strong hit"),
    "pick": _("Choose a pick"),
    "ingredient": _("Choose an ingredient"),
    "loot": _("Choose the loot"),
    "companion": _("Choose a companion"),
    "troubles_companion": _("Which companion the Troubles strike"),
    "debt_shift": _("Debt shift"),
    "replacement": _("Choose a replacement move"),
}


def option_names() -> dict[str, str]:
    """Every strong-hit choice, pick and ingredient of the pack by its name in the reader's language."""
    catalogue = default_catalogue()
    names = {i.slug: localized(i.names) for i in catalogue.ingredients}
    for data in catalogue.move_data.values():
        for group in ("modes", "picks"):
            names.update({key: localized(n) for key, n in dict(data.get(group, {})).items()})
    return names


def item_name(slug: str) -> str:
    """An ingredient by its name in the reader's language (the pack's catalogue), an artifact as written."""
    known = {i.slug: i.names for i in default_catalogue().ingredients}
    return localized(known[slug]) if slug in known else slug.replace("_", " ")


def _text(request: HttpRequest, name: str) -> str:
    return str(request.POST.get(name, "")).strip()


def _picks(request: HttpRequest, kind: str) -> list[str] | None:
    picks = [p for p in (_text(request, "pick1"), _text(request, "pick2")) if p in PICKS.get(kind, {})]
    return picks or None


def _give(request: HttpRequest, n: int) -> list[dict[str, Any]]:
    items = []
    for i in range(1, n + 1):
        kind = _text(request, f"give{i}_type")
        item: dict[str, Any] = {"type": kind}
        if kind == "info":
            item["subject"] = _text(request, f"give{i}_subject")
        elif kind in ("ingredient", "artifact"):
            item["item"] = _text(request, f"give{i}_item")
            if kind == "ingredient" and not item["item"]:
                item = {"type": kind, "choice": "receiver"}
        elif kind == "service":
            item["text"] = _text(request, f"give{i}_text")
        items.append(item)
    return items


def payload_of(request: HttpRequest, kind: str, who: WeekViewer) -> dict[str, Any]:
    """The move's payload from the form, only the fields its kind asks for (an empty field is left out)."""
    fields = KINDS.get(kind, {}).get("fields", ())
    p: dict[str, Any] = {}
    if "target" in fields and _text(request, "target"):
        p["target"] = _text(request, "target")
    if "mode" in fields and _text(request, "mode") in MODES:
        p["mode"] = _text(request, "mode")
    if "picks" in fields and _picks(request, kind):
        p["picks"] = _picks(request, kind)
    if "targets" in fields:
        p["targets"] = [t for t in request.POST.getlist("targets") if t]
        if _text(request, "shift_target") and _text(request, "shift_direction") in ("1", "-1"):
            p["shift"] = {"target": _text(request, "shift_target"), "direction": int(_text(request, "shift_direction"))}
    if "effect" in fields:
        p["effect"] = _text(request, "effect")
        if _text(request, "prep_target"):
            p["target"] = _text(request, "prep_target")
        if _text(request, "heal"):
            p["heal"] = _text(request, "heal")
    if "helped" in fields:
        p["helped"], p["move"] = _text(request, "helped"), _text(request, "help_move")
    if "partner" in fields:
        p["partner"] = _text(request, "partner")
        p["give"] = _give(request, system_of(SYSTEM, who.campaign.settings).exchange_items_per_side)
    if "ability" in fields:
        p["ability"] = _text(request, "ability")
    if KINDS.get(kind, {}).get("free") and _text(request, "when") in ("before", "after"):
        p["when"] = _text(request, "when")
    if _text(request, "companion"):
        p["companion"] = _text(request, "companion")
    return p


def form_context(who: WeekViewer) -> dict[str, Any]:
    """What the move forms offer this player: the others to name, my companions, abilities, holdings."""
    me = who.character
    everyone = characters_in(who.week.campaign_id)
    others = [(c.key, c.name) for c in everyone if me is None or c.pk != me.pk]
    alive = [(c.key, c.name) for c in everyone if c.status == Character.Status.ALIVE and (me is None or c.pk != me.pk)]
    settings = system_of(SYSTEM, who.campaign.settings)
    companions = [(str(c.get("id")), str(c.get("name") or c.get("id"))) for c in (me.companions if me else [])]
    return {
        "kinds": [(k, v["label"], v["fields"], v["free"]) for k, v in KINDS.items()],
        "modes": MODES.items(),
        "picks": {k: list(v.items()) for k, v in PICKS.items()},
        "effects": EFFECTS.items(),
        "give_types": GIVE_TYPES.items(),
        "give_rows": range(1, settings.exchange_items_per_side + 1),
        "when": WHEN.items(),
        "targets": alive,
        "players": others,
        "companions": companions,
        "abilities": [(str(a.get("id")), str(a.get("name") or a.get("id"))) for a in (me.abilities if me else [])],
        "holdings": [(i, item_name(i)) for i in [*(me.ingredients if me else []), *(me.artifacts if me else [])]],
        "roll_moves": [(k, v["label"]) for k, v in KINDS.items() if not v["free"]],
    }

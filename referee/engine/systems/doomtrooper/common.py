"""Shared Doomtrooper helpers: seats' zones, player records, card look-ups, warriors in play."""

from __future__ import annotations

from typing import Any

from referee.engine.live.state import TableState
from referee.engine.live.system import CommandError
from referee.engine.systems.doomtrooper.cards import CardDef, Catalogue
from referee.engine.systems.doomtrooper.settings import DoomtrooperSettings

PLAY_ZONES = ("squad", "cohort", "station", "cover")
HIDDEN_ZONE = "hidden_zone"  # a card-data key: the sealed intended zone of a warrior deployed into cover


def zone(seat: str, name: str) -> str:
    return f"{name}:{seat}"


def zone_name(key: str) -> str:
    return key.split(":", 1)[0]


def settings_of(state: TableState) -> DoomtrooperSettings:
    return DoomtrooperSettings.from_dict(state.settings)


def catalogue(state: TableState) -> Catalogue:
    if not isinstance(state.rules, Catalogue):
        raise RuntimeError("a Doomtrooper table needs its card data (state.rules) loaded")
    return state.rules


def cdef(state: TableState, card_id: str) -> CardDef | None:
    """The definition of a card, or None when it is unknown (to the viewer of a redacted state)."""
    slug = state.cards[card_id].card
    return catalogue(state).get(slug) if slug else None


def player(state: TableState, seat: str) -> dict[str, Any]:
    return state.data["players"][seat]


def app_held(state: TableState) -> bool:
    return state.data["mode"] == "app_held"


def in_play(state: TableState, card_id: str) -> bool:
    card = state.cards.get(card_id)
    return card is not None and zone_name(card.zone) in PLAY_ZONES


def warriors_of(state: TableState, seat: str) -> list[str]:
    return [c for name in PLAY_ZONES for c in state.zones[zone(seat, name)].cards]


def all_warriors(state: TableState) -> list[str]:
    return [c for seat in state.players for c in warriors_of(state, seat)]


def controller(state: TableState, card_id: str) -> str:
    card = state.cards[card_id]
    return str(card.data.get("controller") or card.owner)


def attachments(state: TableState, warrior: str) -> list[str]:
    return list(state.cards[warrior].data.get("attachments", []))


def hand_count(state: TableState, seat: str) -> int:
    if app_held(state):
        return len(state.zones[zone(seat, "hand")].cards)
    return int(player(state, seat)["hand_count"])


def library_empty(state: TableState, seat: str) -> bool:
    if app_held(state):
        return not state.zones[zone(seat, "library")].cards
    return bool(player(state, seat)["library_empty"])


def fail(code: str, message: str, field: str = "", **params: Any) -> CommandError:
    """A refusal: its stable code, the engine's English (a fallback), the field at fault, and its parameters
    (card slugs, seat keys, numbers; never words): the Doomtrooper catalogue puts it into the reader's words."""
    return CommandError(code, message, field, params)


def own_warrior(view: TableState, seat: str, card_id: str, field: str = "warrior") -> None:
    if not in_play(view, card_id) or controller(view, card_id) != seat:
        raise fail("not_your_warrior", "choose one of your own warriors in play", field)


def played_def(view: TableState, seat: str, payload: dict[str, Any], *, phase: str) -> CardDef:
    """The card a command plays: from the sender's hand (app-held) or as entered (physical, by slug).

    Checks that it exists in the card data and may be played in ``phase`` (DT-TURN-02).
    """
    if app_held(view):
        card_id = payload.get("card")
        if not card_id:
            raise fail("card_needed", "choose the card from your hand", "card")
        if view.cards[card_id].zone != zone(seat, "hand"):
            raise fail("not_in_hand", "that card is not in your hand", "card")
        found = cdef(view, card_id)
    else:
        slug = payload.get("slug")
        if not slug:
            raise fail("card_needed", "choose the card you play", "slug")
        if hand_count(view, seat) < 1:
            raise fail("hand_empty", "your reported hand is empty: report your hand size first", "slug")
        found = catalogue(view).get(slug)
    if found is None:
        raise fail("unknown_card", "no such card in this table's card data", "slug")
    if found.steps and phase not in found.steps:
        raise fail("wrong_step", f"this card may be played only in: {', '.join(found.steps)}", "card",
                   card=found.slug, steps=list(found.steps))
    return found

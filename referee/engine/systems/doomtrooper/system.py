"""Doomtrooper at a live table: the :class:`~referee.engine.live.system.LiveSystem` of ``doomtrooper``.

Physical-deck mode by default (DT-SET-05): players use their own cards; the app keeps fate,
VP, actions, the warriors in play with their values, cover with the sealed identity and
zone, combat, points and the end. App-held mode (DT-SET-06) adds the server's decks: a
registered deck list, a shuffle whose seed the cutting seat contributes to, hands and draws.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.engine.live.events import Event
from referee.engine.live.state import TableState
from referee.engine.live.system import Command, CommandType, LiveSystem
from referee.engine.live.views import board, handles_in, knows_card
from referee.engine.rolls import Roller
from referee.engine.systems.doomtrooper import actions as act
from referee.engine.systems.doomtrooper import combat as cmb
from referee.engine.systems.doomtrooper import flow
from referee.engine.systems.doomtrooper import missions as mis
from referee.engine.systems.doomtrooper.cards import Catalogue
from referee.engine.systems.doomtrooper.commands import TYPES
from referee.engine.systems.doomtrooper.common import (
    all_warriors,
    app_held,
    cdef,
    fail,
    hand_count,
    library_empty,
    player,
    settings_of,
    zone,
    zone_name,
)
from referee.engine.systems.doomtrooper.offers import offers
from referee.engine.systems.doomtrooper.settings import DoomtrooperSettings

Check = Callable[[TableState, Command], None]
Do = Callable[[TableState, Command], list[Event]]


def _physical_only(view: TableState, cmd: Command) -> None:
    if app_held(view):
        raise fail("app_holds_decks", "the app holds the decks at this table: nothing to report")


def _end_turn_check(view: TableState, cmd: Command) -> None:
    cards = cmd.payload.get("cards", []) if app_held(view) else cmd.payload.get("slugs", [])
    if app_held(view) and any(view.cards[c].zone != zone(cmd.seat, "hand") for c in cards):
        raise fail("not_in_hand", "discard cards from your hand", "cards")
    if not app_held(view) and any(view.rules.get(s) is None for s in cards):
        raise fail("unknown_card", "no such card in this table's card data", "slugs")
    size = settings_of(view).hand_size
    if not flow.discard_count_ok(hand_count(view, cmd.seat), len(cards), size):
        raise fail("discard_count", f"with {hand_count(view, cmd.seat)} cards, discard down to {size} "
                   "(or one card at most when you hold no more)", "cards", hand=hand_count(view, cmd.seat),
                   size=size, chosen=len(cards))


def _report_draw_check(view: TableState, cmd: Command) -> None:
    _physical_only(view, cmd)
    size = settings_of(view).hand_size
    if cmd.payload["hand_count"] < size and not cmd.payload.get("library_empty"):
        raise fail("draw_to_seven", f"draw until you hold {size} cards, unless your library runs out", "hand_count",
                   size=size)


CHECKS: dict[str, Check] = {
    "report_draw": _report_draw_check,
    "report_library_empty": _physical_only,
    "deploy": act.check_deploy, "deploy_cover": act.check_deploy_cover, "take_cover": act.check_take_cover,
    "leave_cover": act.check_leave_cover, "meditate": act.check_meditate, "equip": act.check_equip,
    "reattach": act.reattach_refused, "grant_gift": act.check_gift, "assign_mission": mis.check_mission,
    "complete_mission": mis.check_complete, "play_effect": mis.check_effect, "attack": cmb.check_attack,
    "weapon": cmb.check_weapon, "modifier": cmb.check_modifier,
    "add_combatant": lambda v, c: cmb.check_join(v, c, "add_combatant"),
    "replace_combatant": lambda v, c: cmb.check_join(v, c, "replace_combatant"),
    "pass": lambda v, c: None, "end_actions": lambda v, c: None, "end_turn": _end_turn_check,
    "answer": cmb.check_split, "concede": lambda v, c: None,
}

DOES: dict[str, Do] = {
    "report_draw": lambda s, c: flow.report_draw(s, c.seat, c.payload),
    "report_library_empty": lambda s, c: flow.report_library_empty(s, c.seat),
    "deploy": act.do_deploy, "deploy_cover": act.do_deploy_cover, "take_cover": act.do_take_cover,
    "leave_cover": act.do_leave_cover, "meditate": act.do_meditate, "equip": act.do_equip,
    "grant_gift": act.do_gift, "assign_mission": mis.do_mission, "complete_mission": mis.do_complete,
    "play_effect": mis.do_effect, "attack": cmb.do_attack, "weapon": cmb.do_weapon, "modifier": cmb.do_modifier,
    "add_combatant": lambda s, c: cmb.do_join(s, c, "add_combatant"),
    "replace_combatant": lambda s, c: cmb.do_join(s, c, "replace_combatant"),
    "pass": cmb.do_pass, "end_actions": lambda s, c: flow.end_actions(s, c.seat),
    "end_turn": lambda s, c: flow.end_turn(s, c.seat, c.payload), "answer": cmb.do_split,
    "concede": lambda s, c: flow.concede(s, c.seat),
}
PLAYS = {"deploy", "deploy_cover", "equip", "grant_gift", "assign_mission", "play_effect", "modifier",
         "add_combatant", "replace_combatant"}


class DoomtrooperSystem(LiveSystem):
    slug = "doomtrooper"
    gm_sees_hidden = False

    def command_types(self) -> Mapping[str, CommandType]:
        return TYPES

    def settings_from_dict(self, raw: Mapping[str, Any]) -> DoomtrooperSettings:
        return DoomtrooperSettings.from_dict(raw)

    def seat_check(self, settings: Any, options: Mapping[str, Any], rules: Any = None) -> dict[str, Any]:
        """DT-SET-06: an app-held table needs each player's deck list, checked against the card data."""
        deck = options.get("deck")
        if settings.deck_mode != "app_held":
            if deck:
                raise fail("no_deck_needed", "players use their own cards at this table: register no deck", "deck")
            return {}
        if not isinstance(deck, list) or not deck or not all(isinstance(s, str) for s in deck):
            raise fail("deck_needed", "register your deck list: the card slugs of your deck", "deck")
        if isinstance(rules, Catalogue):
            unknown = sorted({s for s in deck if rules.get(s) is None})
            if unknown:
                raise fail("unknown_cards", f"not in this table's card data: {', '.join(unknown[:5])}", "deck",
                           cards=", ".join(unknown[:5]))
        if len(deck) > 500:
            raise fail("deck_too_big", "a deck list has at most 500 cards", "deck", most=500)
        return {"deck": list(deck)}

    def new_state(self, *, seats: Mapping[str, str], key: str, settings: Any,
                  options: Mapping[str, Mapping[str, Any]]) -> TableState:
        return flow.new_state(seats=seats, key=key, settings=settings, options=options)

    def setup(self, state: TableState, roller: Roller, start: Mapping[str, Any]) -> list[Event]:
        first = start.get("first")
        if first is not None and first not in state.players:
            raise fail("no_such_seat", "the first player must be one of the players", "first")
        return flow.setup(state, roller, start)

    def validate(self, view: TableState, command: Command) -> None:
        payload = command.payload
        if command.kind in PLAYS:
            if app_held(view) and "slug" in payload:
                raise fail("app_holds_decks", "the app holds your hand: choose the card by its handle", "slug")
            if not app_held(view) and "card" in payload:
                raise fail("physical_cards", "you play your own cards: choose the card by its name", "card")
        CHECKS[command.kind](view, command)

    def apply(self, state: TableState, command: Command, roller: Roller) -> list[Event]:
        return DOES[command.kind](state, command)

    def view_for(self, state: TableState, viewer: str) -> dict[str, Any]:
        out = board(state, viewer)
        s = settings_of(state)
        if not s.unpaid_shown:
            for entry in out["zones"]:
                for card in entry.get("cards", []):
                    if "card" not in card:
                        card["data"].pop("unpaid", None)
        warriors = []
        for card_id in all_warriors(state):
            found = cdef(state, card_id)
            if found is not None and knows_card(state, state.cards[card_id], viewer):
                warriors.append({"warrior": card_id, "value": found.value, "fight": found.fight,
                                 "shoot": found.shoot, "armour": found.armour, "affiliation": found.affiliation})
        combat = state.data["combat"]
        out["doomtrooper"] = handles_in(state, viewer, {
            "mode": state.data["mode"],
            "pool": state.counters["pool"].value,
            "players": {
                seat: {"fate": state.counters[f"fate:{seat}"].value, "vp": state.counters[f"vp:{seat}"].value,
                       "actions_left": player(state, seat)["actions_left"],
                       "attack_done": player(state, seat)["attack_done"],
                       "turns_taken": state.turn.taken.get(seat, 0), "hand_count": hand_count(state, seat),
                       "library_empty": library_empty(state, seat)}
                for seat in state.players
            },
            "warriors": warriors,
            "combat": None if combat is None else {
                "attackers": combat["attackers"], "defenders": combat["defenders"], "tactic": combat["tactic"],
                "weapons": combat["weapons"],
                "values": {w: {"attack": cmb.stat(state, w, combat["tactic"]), "armour": cmb.stat(state, w, "armour")}
                           for w in [*combat["attackers"], *combat["defenders"]]},
            },
            "vp_target": s.vp_target,
        })
        return out

    def affordances(self, view: TableState, viewer: str) -> list[dict[str, Any]]:
        if viewer not in view.players:
            return []
        me = player(view, viewer)
        phase, held = view.turn.phase, app_held(view)
        kinds = {"concede", "answer"} if any(d.player == viewer for d in view.decisions.values()) else {"concede"}
        if not held and not me["library_empty"]:
            kinds.add("report_library_empty")
        if any(c.owner == viewer and c.data.get("status") == "open" for c in view.cards.values()):
            kinds.add("complete_mission")
        if view.turn.active == viewer:
            if phase == "draw" and not held:
                kinds |= {"report_draw", "play_effect"}
            if phase == "actions":
                kinds |= {"end_actions", "play_effect"}
                if me["actions_left"] >= 1:
                    kinds |= {"deploy", "take_cover", "leave_cover", "meditate", "equip", "grant_gift",
                              "assign_mission"}
                    if view.turn.taken.get(viewer, 0) > 0 and not me["attack_done"]:
                        kinds.add("attack")
                if me["actions_left"] >= 3:
                    kinds.add("deploy_cover")
            if phase == "discard":
                kinds |= {"end_turn", "play_effect"}
        if phase == "combat" and view.window is not None and view.window.priority == viewer:
            kinds |= {"weapon", "modifier", "add_combatant", "replace_combatant", "pass"}
        return offers(view, viewer, kinds)


SYSTEM = DoomtrooperSystem()
__all__ = ["SYSTEM", "DoomtrooperSystem", "zone_name"]

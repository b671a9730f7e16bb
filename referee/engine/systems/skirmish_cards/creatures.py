"""Supernatural creatures (SC-SUP): Howl, the scavengers' targets, who controls creatures.

Unholy (SC-SUP-01) lives in :func:`referee.engine.systems.skirmish_cards.nerve.auto_pass`;
Terrifying (SC-SUP-02) in the shooting and hand-to-hand tests; the Leap (SC-SUP-04) and the
bear's charge (SC-SUP-05) in :mod:`.activation`; the scavengers' placement and Cowardly
(SC-SUP-06/08) in :mod:`.nerve`. This module holds the rest, and SC-SUP-09's seating.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.engine.live.events import Event
from referee.engine.live.state import GM, PLAYER, TableState
from referee.engine.rolls import Roller
from referee.engine.systems.skirmish_cards import nerve
from referee.engine.systems.skirmish_cards.model import HOUSE, char, in_play, refuse, say


def controlling_side(seats: Mapping[str, str], settings: Any, creature_player: str, factions: Mapping[str, str],
                     operator: str) -> tuple[str, str, str]:
    """SC-SUP-09: (side key, kind, controller seat) of the scenario's creatures.

    ``gm_or_house``: the table's GM seat, else a house seat operated by the player the scenario
    names (``operator`` when the players picked one at setup). ``named_player``: that player's side.
    """
    gms = [s for s, role in seats.items() if role == GM]
    named = next((s for s, f in factions.items() if f == creature_player), "")
    if settings.creature_control == "named_player":
        seat = operator or named
        if seat not in factions:
            raise refuse("creature_player_required", "name the player whose deck deals the creatures", "operator")
        return seat, PLAYER, seat
    if gms:
        return gms[0], "gm", gms[0]
    seat = operator or named
    if seat not in factions:
        raise refuse("house_operator_required", "name the player who operates the house seat (SC-SUP-09)",
                     "operator")
    return HOUSE, "house", seat


def check_howl(view: TableState, wolf: dict[str, Any], target: str) -> None:
    found = char(view, target)
    if found["removed"] or found["side"] == wolf["side"]:
        raise refuse("invalid_howl_target", "the Howl picks one enemy in play (SC-SUP-03)", "howl_target")


def howl(state: TableState, roller: Roller, wolf: dict[str, Any], target: str) -> list[Event]:
    """SC-SUP-03 (GAP-26): the first wolf's Howl: a Nerve test at -1 per wolf after the first.

    The marker a failure gives never removes the character.
    """
    state.data["howled"] = True
    wolves = [c for c in in_play(state, wolf["side"]) if c["creature"] == "wolf"]
    victim = state.data["chars"][target]
    events = [say("howl", "SC-SUP-03", wolf=wolf["id"], target=target, wolves=len(wolves))]
    _passed, tested = nerve.test(state, victim, roller, "SC-SUP-03", modifier=-(len(wolves) - 1),
                                 may_remove=not state.settings["howl_marker_never_removes"])
    return events + tested


def flock_turn(state: TableState, flock: dict[str, Any]) -> list[Event]:
    """SC-SUP-07: they engage their target until it dies or heals, then an enemy within 30 cm, or fly off."""
    target = state.data["chars"].get(flock["target"])
    heal = state.settings["scavenger_heal_below"]
    if target is not None and not target["removed"] and target["markers"] >= heal:
        return [say("scavengers.hunt", "SC-SUP-07", character=flock["id"], target=target["id"],
                    reminder="They must spend their actions engaging the target in hand-to-hand.")]
    if nerve.fact(state, flock["id"], "enemy_within_30"):
        flock["target"] = ""
        return [say("scavengers.retarget", "SC-SUP-07", character=flock["id"],
                    reminder="They engage an enemy within 30 cm in hand-to-hand.")]
    flock["flock"], flock["target"] = "aloft", ""
    return [say("scavengers.flew_off", "SC-SUP-07", character=flock["id"])]

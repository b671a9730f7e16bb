"""What a Doomtrooper seat may send now, and the legal values of each field (LIVE-TABLES §2 affordances).

``when_*`` are the command kinds' ``CommandType.when``: why a seat may not send the kind now, whatever its
payload (a conceded player sends nothing; no attack in the first turn; nothing to report at an app-held
table), as a refusal with a code. ``offers`` lists, for the seat's own redacted view, each kind it may send
with ``options``: per field, exactly the values the rules allow that seat now (card handles, the pack's
card slugs, seat keys, choice codes), so a page offers a list and never a text box.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.engine.live.state import TableState
from referee.engine.live.system import CommandError
from referee.engine.live.views import handles_in
from referee.engine.systems.doomtrooper.cards import CardDef
from referee.engine.systems.doomtrooper.common import (
    all_warriors,
    app_held,
    attachments,
    catalogue,
    cdef,
    controller,
    fail,
    player,
    settings_of,
    warriors_of,
    zone,
)

When = Callable[[TableState, str, Mapping[str, Any] | None], CommandError | None]


def conceded(state: TableState, seat: str) -> bool:
    return seat in state.data.get("conceded", [])


def _still_playing(state: TableState, seat: str) -> CommandError | None:
    if conceded(state, seat):
        return fail("conceded", "you conceded this game: you send no more commands")
    return None


def _actions(n: int) -> When:
    def when(state: TableState, seat: str, _payload: Mapping[str, Any] | None) -> CommandError | None:
        left = player(state, seat)["actions_left"] if seat in state.data["players"] else 0
        if left < n:
            return fail("no_actions", f"this needs {n} action(s) and you have {left} left", need=n, left=left)
        return None

    return when


def _attack(state: TableState, seat: str, _payload: Mapping[str, Any] | None) -> CommandError | None:
    if state.turn.taken.get(seat, 0) == 0:
        return fail("first_turn_attack", "you may not attack in your first turn")
    if player(state, seat)["attack_done"]:
        return fail("second_attack", "you have already attacked this turn")
    return _actions(1)(state, seat, None)


def _physical(state: TableState, _seat: str, _payload: Mapping[str, Any] | None) -> CommandError | None:
    if app_held(state):
        return fail("app_holds_decks", "the app holds the decks at this table: nothing to report")
    return None


def _library(state: TableState, seat: str, payload: Mapping[str, Any] | None) -> CommandError | None:
    if player(state, seat)["library_empty"]:
        return fail("library_already_empty", "your library is already reported empty")
    return _physical(state, seat, payload)


def _mission_open(state: TableState, seat: str, _payload: Mapping[str, Any] | None) -> CommandError | None:
    if not any(c.owner == seat and c.data.get("status") == "open" for c in state.cards.values()):
        return fail("no_open_mission", "you have no open mission to report")
    return None


#: Each kind's own condition beyond its phase and sender (LIVE-TABLES §6: a command only when the rules call).
EXTRA: dict[str, When] = {
    "report_draw": _physical, "report_library_empty": _library, "complete_mission": _mission_open,
    "attack": _attack, "deploy_cover": _actions(3),
    **dict.fromkeys(("deploy", "take_cover", "meditate", "equip", "grant_gift", "assign_mission"), _actions(1)),
}


def when_of(kind: str) -> When:
    """The ``when`` of ``kind``: a conceded player sends nothing (any kind), then the kind's own condition."""
    extra = EXTRA.get(kind)

    def when(state: TableState, seat: str, payload: Mapping[str, Any] | None) -> CommandError | None:
        return _still_playing(state, seat) or (extra(state, seat, payload) if extra else None)

    return when


# The legal values, from the seat's own redacted view.


def _defs(view: TableState, test: Callable[[CardDef], bool]) -> list[str]:
    """The pack's cards that pass ``test``, by slug (physical mode: the player holds the card itself)."""
    return sorted(slug for slug, found in catalogue(view).cards.items() if test(found))


def _hand(view: TableState, seat: str, test: Callable[[CardDef], bool]) -> list[str]:
    """The cards in ``seat``'s hand that pass ``test`` (app-held mode), by card id (handles later)."""
    return [c for c in view.zones[zone(seat, "hand")].cards if (d := cdef(view, c)) is not None and test(d)]


def _played(view: TableState, seat: str, test: Callable[[CardDef], bool]) -> dict[str, list[str]]:
    """The field a played card goes in, with the legal cards: the hand (app-held) or the pack (physical: none
    while the reported hand is empty)."""
    if app_held(view):
        return {"card": _hand(view, seat, test)}
    return {"slug": _defs(view, test) if player(view, seat)["hand_count"] > 0 else []}


def _zones(view: TableState, test: Callable[[CardDef], bool]) -> list[str]:
    """The zones a player may choose for a warrior instead of its own (DT-DEP-03: none unless a card says)."""
    return sorted({z for d in catalogue(view).cards.values() if test(d) for z in (d.zones and (d.home, *d.zones))})


def _face_up(view: TableState, card_id: str) -> bool:
    return view.cards[card_id].face_up


def _legion(view: TableState, card_id: str) -> CardDef | None:
    found = cdef(view, card_id)
    return found if found is not None and found.affiliation == "dark_legion" else None


def _fits_warrior(view: TableState, gift: CardDef, warrior: CardDef) -> bool:
    return warrior.immunity != "gifts" and (gift.gift == "generic" or gift.gift == warrior.apostle)


def _combat_options(view: TableState, seat: str) -> dict[str, dict[str, list[str]]]:
    combat = view.data["combat"] or {"attackers": [], "defenders": [], "tactic": "fight"}
    fighting = [*combat["attackers"], *combat["defenders"]]
    mine = [w for w in fighting if controller(view, w) == seat]
    tactic = combat["tactic"]

    def fits(weapon: CardDef) -> bool:
        return bool(weapon.weapon) and (weapon.weapon == "dual" or (weapon.weapon == "close") == (tactic == "fight"))

    weapons = [a for w in mine for a in attachments(view, w) if (d := cdef(view, a)) is not None and fits(d)]
    joinable = [w for w in all_warriors(view) if w not in fighting and _face_up(view, w)]
    return {
        "weapon": {"warrior": [w for w in mine if any(a in weapons for a in attachments(view, w))],
                   "weapons": weapons},
        "modifier": {**_played(view, seat, lambda d: d.type == "combat" and d.effect == "modify"),
                     "warrior": fighting},
        "add_combatant": {**_played(view, seat, lambda d: d.type == "combat" and d.effect == "add_combatant"),
                          "warrior": [w for w in joinable if controller(view, w) == seat],
                          "side": ["attackers", "defenders"]},
        "replace_combatant": {**_played(view, seat, lambda d: d.type == "combat" and d.effect == "replace_combatant"),
                              "warrior": joinable, "side": ["attackers", "defenders"]},
    }


def field_options(view: TableState, seat: str) -> dict[str, dict[str, Any]]:
    """Per command kind, per field, the values the rules allow ``seat`` now (card ids not yet handles)."""
    s = settings_of(view)
    bank = view.counters[f"fate:{seat}"].value
    mine = warriors_of(view, seat)
    up = [w for w in mine if _face_up(view, w)]
    down = [w for w in mine if not _face_up(view, w)]
    legion = [w for w in up if (d := _legion(view, w)) is not None]
    in_play = all_warriors(view)
    phase = view.turn.phase
    targets = [w for w in in_play if _face_up(view, w) or s.facedown_effect_target == "reveal"]
    open_missions = [c.id for c in view.cards.values() if c.owner == seat and c.data.get("status") == "open"]
    legion_defs = [d for w in legion if (d := _legion(view, w)) is not None]
    out: dict[str, dict[str, Any]] = {
        "deploy": {**_played(view, seat, lambda d: d.type == "warrior" and d.value <= bank),
                   "zone": _zones(view, lambda d: d.type == "warrior" and d.value <= bank)},
        "deploy_cover": {**_played(view, seat, lambda d: d.type == "warrior"),
                         "zone": _zones(view, lambda d: d.type == "warrior")},
        "take_cover": {"warrior": up},
        "leave_cover": {"warrior": down, **({} if app_held(view) else {
            "slug": sorted({str(view.cards[w].card) for w in down if view.cards[w].card})})},
        "equip": {**_played(view, seat, lambda d: d.type == "equipment"), "warrior": up},
        "grant_gift": {**_played(view, seat, lambda d: d.type == "gift" and any(_fits_warrior(view, d, w)
                                                                                for w in legion_defs)),
                       "warrior": legion},
        "assign_mission": {**_played(view, seat, lambda d: d.type == "mission"),
                           "warrior": [w for w in in_play if _face_up(view, w) or s.attach_facedown],
                           "player": list(view.players)},
        "complete_mission": {"mission": open_missions},
        "play_effect": {**_played(view, seat, lambda d: d.type == "other" and (not d.steps or phase in d.steps)),
                        "target": targets},
        "attack": {"attacker": up if not s.cover_attacker else mine, "defender": in_play,
                   "tactic": ["fight", "shoot"]},
        "end_turn": ({"cards": view.zones[zone(seat, "hand")].cards} if app_held(view)
                     else {"slugs": _defs(view, lambda d: True)}),
        "answer": {"decision": [d.key for d in view.decisions.values() if d.player == seat],
                   "choice": sorted({str(o) for d in view.decisions.values() if d.player == seat
                                     and d.kind != "points_split" for o in d.options})},
        **_combat_options(view, seat),
    }
    return out


PLAYED = ("card", "slug")
#: The fields a kind cannot be sent without: with no legal value for one of them, the kind is not offered.
NEEDS: dict[str, tuple[str, ...]] = {
    "deploy": PLAYED, "deploy_cover": PLAYED, "take_cover": ("warrior",), "leave_cover": ("warrior",),
    "equip": (*PLAYED, "warrior"), "grant_gift": (*PLAYED, "warrior"), "assign_mission": PLAYED,
    "complete_mission": ("mission",), "play_effect": PLAYED, "attack": ("attacker", "defender"),
    "weapon": ("warrior", "weapons"), "modifier": (*PLAYED, "warrior"), "add_combatant": (*PLAYED, "warrior"),
    "replace_combatant": (*PLAYED, "warrior"), "answer": ("decision",),
}


def _sendable(kind: str, options: Mapping[str, Any]) -> bool:
    return all(options[f] for f in NEEDS.get(kind, ()) if f in options)


def offers(view: TableState, viewer: str, kinds: set[str]) -> list[dict[str, Any]]:
    """Each kind in ``kinds`` that has a legal value for every field it needs, with its options: the legal
    values per field, card ids as ``viewer``'s handles."""
    every = field_options(view, viewer)
    return [{"kind": k, "options": handles_in(view, viewer, every.get(k, {}))} for k in sorted(kinds)
            if _sendable(k, every.get(k, {}))]

"""The Action step: deploy, cover, meditate, equip, gifts, missions, card effects (DT-ACT, DT-DEP, DT-COV,
DT-MED, DT-EQP, DT-DSG, DT-MIS). ``check_*`` see the sender's redacted view; ``do_*`` change the table."""

from __future__ import annotations

from typing import Any

from referee.engine.live import zones as z
from referee.engine.live.events import EVERYONE, Event, card_ref, public
from referee.engine.live.state import TableState
from referee.engine.live.system import Command
from referee.engine.sealed import Decision
from referee.engine.systems.doomtrooper.cards import CardDef
from referee.engine.systems.doomtrooper.common import (
    HIDDEN_ZONE,
    app_held,
    attachments,
    cdef,
    controller,
    fail,
    own_warrior,
    played_def,
    player,
    settings_of,
    warriors_of,
    zone,
    zone_name,
)
from referee.engine.systems.doomtrooper.flow import lose_fate_then_vp, pay, warrior_entered, warrior_left

COSTS = {"deploy": 1, "take_cover": 1, "meditate": 1, "equip": 1, "grant_gift": 1, "assign_mission": 1}


def need_actions(view: TableState, seat: str, n: int) -> None:
    if player(view, seat)["actions_left"] < n:
        left = player(view, seat)["actions_left"]
        raise fail("no_actions", f"this needs {n} action(s) and you have {left} left", need=n, left=left)


def spend(state: TableState, seat: str, n: int) -> None:
    me = player(state, seat)
    me["actions_left"] -= n
    me["used"] += n


def enter(state: TableState, seat: str, payload: dict[str, Any], *, to: str, face_up: bool = True,
          data: dict[str, Any] | None = None) -> tuple[str, list[Event]]:
    """Put the played card onto the table: from the hand (app-held) or as entered (physical)."""
    if app_held(state):
        card_id = payload["card"]
        events = z.move(state, card_id, to=to, face_up=face_up)
        state.cards[card_id].data.update(data or {})
        return card_id, events
    player(state, seat)["hand_count"] -= 1
    known = None if face_up else {seat}
    card, events = z.card_new(state, card=payload["slug"], owner=seat, zone=to, face_up=face_up,
                              known_to=known, data=data)
    return card.id, events


def warrior_def(view: TableState, seat: str, payload: dict[str, Any], phase: str = "actions") -> CardDef:
    found = played_def(view, seat, payload, phase=phase)
    if found.type != "warrior":
        raise fail("not_a_warrior", "only a warrior can be deployed", "card", card=found.slug)
    return found


def check_deploy(view: TableState, cmd: Command) -> None:
    need_actions(view, cmd.seat, 1)
    found = warrior_def(view, cmd.seat, dict(cmd.payload))
    bank = view.counters[f"fate:{cmd.seat}"].value
    if bank < found.value:  # DT-DEP-02: no partial payment
        raise fail("not_enough_fate", f"deploying costs {found.value} FP and your bank holds {bank}", "card",
                   card=found.slug, cost=found.value, bank=bank)


def _home(found: CardDef, payload: dict[str, Any]) -> str:
    chosen = payload.get("zone")
    return chosen if chosen and chosen in found.zones else found.home


def do_deploy(state: TableState, cmd: Command) -> list[Event]:
    found = warrior_def(state, cmd.seat, dict(cmd.payload))
    spend(state, cmd.seat, 1)
    pay(state, cmd.seat, found.value)  # DT-DEP-01: bank -> common pool
    card_id, events = enter(state, cmd.seat, dict(cmd.payload), to=zone(cmd.seat, _home(found, dict(cmd.payload))),
                            data={"status": "unwounded", "controller": cmd.seat, "attachments": []})
    warrior_entered(state, cmd.seat)
    return [*events, public("deployed", "DT-DEP-01", seat=cmd.seat, card=card_ref(state.cards[card_id]),
                            zone=zone_name(state.cards[card_id].zone), paid=found.value)]


def check_deploy_cover(view: TableState, cmd: Command) -> None:
    me = player(view, cmd.seat)
    need_actions(view, cmd.seat, 3)  # DT-COV-02
    if settings_of(view).cover_deploy_cost == "base_three" and me["used"]:
        raise fail("cover_needs_base_actions", "deploying into cover takes the turn's three ordinary actions: "
                   "it must come before any other action")
    found = warrior_def(view, cmd.seat, dict(cmd.payload))
    chosen = cmd.payload.get("zone")
    if chosen and chosen not in (found.home, *found.zones):
        raise fail("wrong_zone", f"this warrior joins the {found.home}", "zone", card=found.slug, zone=found.home)


def do_deploy_cover(state: TableState, cmd: Command) -> list[Event]:
    found = warrior_def(state, cmd.seat, dict(cmd.payload))
    spend(state, cmd.seat, 3)
    data = {"status": "unwounded", "controller": cmd.seat, "attachments": [], "in_cover": True, "unpaid": True,
            "revealed": False, HIDDEN_ZONE: _home(found, dict(cmd.payload))}  # DT-COV-06: zone sealed too
    card_id, events = enter(state, cmd.seat, dict(cmd.payload), to=zone(cmd.seat, "cover"), face_up=False, data=data)
    warrior_entered(state, cmd.seat)  # DT-END-02: a warrior deployed into cover enters play
    return [*events, public("deployed_into_cover", "DT-COV-02", seat=cmd.seat, card=card_ref(state.cards[card_id]))]


def check_take_cover(view: TableState, cmd: Command) -> None:
    need_actions(view, cmd.seat, 1)
    own_warrior(view, cmd.seat, cmd.payload["warrior"])
    if not view.cards[cmd.payload["warrior"]].face_up:
        raise fail("already_in_cover", "this warrior is already face down in cover", "warrior",
                   warrior=view.cards[cmd.payload["warrior"]].card)


def do_take_cover(state: TableState, cmd: Command) -> list[Event]:
    spend(state, cmd.seat, 1)
    warrior = cmd.payload["warrior"]
    events = z.flip(state, warrior, face_up=False)  # DT-COV-01: wounded stays wounded (GAP-04)
    state.cards[warrior].data["in_cover"] = True
    return [*events, public("took_cover", "DT-COV-01", seat=cmd.seat, card=card_ref(state.cards[warrior]))]


def reveal_warrior(state: TableState, warrior: str, rule: str) -> tuple[bool, list[Event]]:
    """Turn a face-down warrior up for everyone, for good (DT-COV-03, DT-COV-07); an unpaid one's value
    falls due (DT-COV-04). Returns whether it is still in play."""
    card = state.cards[warrior]
    events = z.flip(state, warrior, face_up=True)
    card.known_to.add(EVERYONE)
    card.data["revealed"] = True
    events.append(public("revealed", rule, card=card_ref(card)))
    if not card.data.get("unpaid"):
        return True, events
    owner = card.owner
    value = (cdef(state, warrior) or CardDef("", "warrior", {})).value
    card.data["unpaid"] = False
    if state.counters[f"fate:{owner}"].value >= value:
        pay(state, owner, value)
        return True, [*events, public("paid_on_reveal", "DT-COV-04", seat=owner, paid=value)]
    bank, lost_vp = lose_fate_then_vp(state, owner, value)
    events.append(public("shortfall_on_reveal", "DT-COV-04", seat=owner, fate_lost=bank, vp_lost=lost_vp))
    return False, [*events, *remove_warrior(state, warrior, rule="DT-COV-04")]


def check_leave_cover(view: TableState, cmd: Command) -> None:
    cost = settings_of(view).leave_cover_cost
    need_actions(view, cmd.seat, cost)
    warrior = cmd.payload["warrior"]
    own_warrior(view, cmd.seat, warrior)
    card = view.cards[warrior]
    if card.face_up:
        raise fail("not_in_cover", "this warrior is not in cover", "warrior", warrior=card.card)
    if not app_held(view) and card.data.get("unpaid") and cmd.payload.get("slug") != card.card:
        raise fail("seal_mismatch", "the card you reveal is not the one you sealed when deploying it", "slug",
                   card=cmd.payload.get("slug") or "")


def do_leave_cover(state: TableState, cmd: Command) -> list[Event]:
    spend(state, cmd.seat, settings_of(state).leave_cover_cost)
    warrior = cmd.payload["warrior"]
    card = state.cards[warrior]
    card.data["in_cover"] = False
    alive, events = reveal_warrior(state, warrior, "DT-COV-03")
    if alive and zone_name(card.zone) == "cover":
        events += z.move(state, warrior, to=zone(cmd.seat, card.data.pop(HIDDEN_ZONE)), face_up=True)  # DT-COV-06
    return [*events, public("left_cover", "GAP-03", seat=cmd.seat, card=card_ref(card), in_play=alive)]


def remove_warrior(state: TableState, warrior: str, *, rule: str) -> list[Event]:
    """A warrior leaves play with everything on it (DT-CMB-09, DT-EQP-04, GAP-10)."""
    card = state.cards[warrior]
    events: list[Event] = []
    for attached in attachments(state, warrior):
        kind = (cdef(state, attached) or CardDef("", "other", {})).type
        owner = state.cards[attached].owner
        if kind == "mission":
            state.cards[attached].data["return_to"] = owner
        if kind == "equipment" and not settings_of(state).equipment_discard_on_death:
            key = f"d{state.data['next_decision']}"
            state.data["next_decision"] += 1
            state.decisions[key] = Decision(key, owner, "equipment_destination", ["discard", "out_of_game"],
                                            "DT-EQP-04", {"card": attached})
            continue
        events += z.move(state, attached, to=zone(owner, "discard"), face_up=True)
    card.data.update(attachments=[], status="removed")
    events += z.move(state, warrior, to=zone(card.owner, "discard"), face_up=True)
    card.known_to.add(EVERYONE)
    warrior_left(state, controller(state, warrior))
    return [*events, public("warrior_removed", rule, card=card_ref(card))]


def check_meditate(view: TableState, cmd: Command) -> None:
    need_actions(view, cmd.seat, 1)  # DT-MED-01: allowed with no warriors in play


def do_meditate(state: TableState, cmd: Command) -> list[Event]:
    spend(state, cmd.seat, 1)
    state.counters[f"fate:{cmd.seat}"].value += 1
    return [public("meditated", "DT-MED-01", seat=cmd.seat)]


def _attach_target(view: TableState, seat: str, warrior: str) -> None:
    own_warrior(view, seat, warrior)
    if not view.cards[warrior].face_up and not settings_of(view).attach_facedown:
        raise fail("target_face_down", "nothing may be attached to a face-down warrior", "warrior")


def is_doomtrooper(view: TableState, found: CardDef) -> bool:
    return found.affiliation == "doomtrooper" or (
        found.affiliation == "brotherhood" and settings_of(view).brotherhood_is_doomtrooper
    )


def check_equip(view: TableState, cmd: Command) -> None:
    need_actions(view, cmd.seat, 1)
    found = played_def(view, cmd.seat, dict(cmd.payload), phase="actions")
    if found.type != "equipment":
        raise fail("not_equipment", "only an equipment card can be equipped", "card", card=found.slug)
    _attach_target(view, cmd.seat, cmd.payload["warrior"])
    target = cdef(view, cmd.payload["warrior"])
    if found.restriction == "doomtrooper_only" and (target is None or not is_doomtrooper(view, target)):
        raise fail("doomtroopers_only", "this equipment may be given only to a Doomtrooper", "warrior",
                   card=found.slug, warrior=target.slug if target else "")


def _attach(state: TableState, cmd: Command, rule: str, code: str) -> list[Event]:
    spend(state, cmd.seat, 1)
    warrior = cmd.payload["warrior"]
    card_id, events = enter(state, cmd.seat, dict(cmd.payload), to=zone(cmd.seat, "attached"),
                            data={"on": warrior})
    state.cards[warrior].data.setdefault("attachments", []).append(card_id)
    return [*events, public(code, rule, seat=cmd.seat, card=card_ref(state.cards[card_id]),
                            warrior=card_ref(state.cards[warrior]))]


def do_equip(state: TableState, cmd: Command) -> list[Event]:
    return _attach(state, cmd, "DT-EQP-01", "equipped")


def check_gift(view: TableState, cmd: Command) -> None:
    need_actions(view, cmd.seat, 1)
    found = played_def(view, cmd.seat, dict(cmd.payload), phase="actions")
    if found.type != "gift":
        raise fail("not_a_gift", "only a Dark Symmetry gift can be granted", "card", card=found.slug)
    legion = [w for w in warriors_of(view, cmd.seat) if (d := cdef(view, w)) and d.affiliation == "dark_legion"]
    if not legion:
        raise fail("no_dark_legion", "you need a Dark Legion warrior in play to grant a gift")
    _attach_target(view, cmd.seat, cmd.payload["warrior"])
    target = cdef(view, cmd.payload["warrior"])
    if target is None or target.affiliation != "dark_legion":
        raise fail("not_dark_legion", "a gift may go only to a Dark Legion warrior", "warrior",
                   warrior=target.slug if target else "")
    if found.gift != "generic" and target.apostle != found.gift:
        raise fail("wrong_apostle", f"this gift may go only to a follower of {found.gift}", "warrior",
                   card=found.slug, apostle=found.gift, warrior=target.slug)
    if target.immunity == "gifts":
        raise fail("immune_to_gifts", "this warrior is immune to Dark Symmetry gifts", "warrior", warrior=target.slug)
    if settings_of(view).dsg_one_per_kind and any(
        (cdef(view, a) or target).slug == found.slug for a in attachments(view, cmd.payload["warrior"])
    ):
        raise fail("gift_kind_taken", "this warrior already carries a Dark Symmetry card of that title", "warrior",
                   card=found.slug, warrior=target.slug)


def do_gift(state: TableState, cmd: Command) -> list[Event]:
    return _attach(state, cmd, "DT-DSG-01", "gift_granted")


def reattach_refused(view: TableState, cmd: Command) -> None:
    raise fail("equipment_permanent", "attached equipment is permanent: it can never be moved")


"""Missions and non-combat card effects (DT-MIS-01..05, DT-COV-08)."""

from __future__ import annotations

from referee.engine.live import zones as z
from referee.engine.live.events import Event, card_ref, public
from referee.engine.live.state import TableState
from referee.engine.live.system import Command
from referee.engine.systems.doomtrooper.actions import enter, need_actions, reveal_warrior, spend
from referee.engine.systems.doomtrooper.common import (
    cdef,
    controller,
    fail,
    in_play,
    played_def,
    settings_of,
    zone,
)


def check_mission(view: TableState, cmd: Command) -> None:
    need_actions(view, cmd.seat, 1)
    found = played_def(view, cmd.seat, dict(cmd.payload), phase="actions")
    if found.type != "mission":
        raise fail("not_a_mission", "only a mission card can be assigned", "card", card=found.slug)
    warrior, target_seat = cmd.payload.get("warrior"), cmd.payload.get("player")
    if bool(warrior) == bool(target_seat):
        raise fail("one_target", "assign the mission to one warrior or one player", "warrior")
    if warrior:
        if not in_play(view, warrior):
            raise fail("not_in_play", "that warrior is not in play", "warrior")
        kind = "own_warrior" if controller(view, warrior) == cmd.seat else "warrior"
        if not view.cards[warrior].face_up and not settings_of(view).attach_facedown:
            raise fail("target_face_down", "nothing may be attached to a face-down warrior", "warrior")
    else:
        kind = "self" if target_seat == cmd.seat else "player"
    if kind not in found.targets:
        raise fail("wrong_target", f"this mission may target: {', '.join(found.targets)}", "warrior",
                   card=found.slug, targets=list(found.targets))
    if settings_of(view).mission_no_duplicate:
        on = warrior or f"seat:{target_seat}"
        for card in view.cards.values():
            if card.card == found.slug and card.data.get("on") == on and card.data.get("status") == "open":
                raise fail("mission_duplicate", "that target already has this mission open", "warrior",
                           card=found.slug)


def do_mission(state: TableState, cmd: Command) -> list[Event]:
    spend(state, cmd.seat, 1)
    warrior, target_seat = cmd.payload.get("warrior"), cmd.payload.get("player")
    # DT-MIS-02: a warrior's mission attaches to it; a player's lies by that player.
    where = zone(cmd.seat, "attached") if warrior else zone(str(target_seat), "attached")
    data = {"on": warrior or f"seat:{target_seat}", "status": "open", "assigned_turn": state.turn.number,
            "owner": cmd.seat}
    card_id, events = enter(state, cmd.seat, dict(cmd.payload), to=where, data=data)
    if warrior:
        state.cards[warrior].data.setdefault("attachments", []).append(card_id)
    return [*events, public("mission_assigned", "DT-MIS-01", seat=cmd.seat, card=card_ref(state.cards[card_id]),
                            target=card_ref(state.cards[warrior]) if warrior else target_seat,
                            assigned_turn=state.turn.number)]


def check_complete(view: TableState, cmd: Command) -> None:
    mission = view.cards[cmd.payload["mission"]]
    if (cdef(view, mission.id) or None) is None or mission.data.get("status") != "open":
        raise fail("not_open_mission", "that is not an open mission", "mission")
    if mission.owner != cmd.seat:
        raise fail("not_your_mission", "only the mission's owner reports it done", "mission")


def do_complete(state: TableState, cmd: Command) -> list[Event]:
    mission = state.cards[cmd.payload["mission"]]
    on = mission.data.get("on", "")
    if on in state.cards:
        state.cards[on].data["attachments"] = [a for a in state.cards[on].data.get("attachments", [])
                                               if a != mission.id]
    mission.data.update(status="done", return_to=mission.owner)  # DT-MIS-04
    events = z.move(state, mission.id, to=zone(mission.owner, "discard"), face_up=True)
    return [*events, public("mission_done", "DT-MIS-04", seat=cmd.seat, card=card_ref(mission),
                            return_to=mission.owner, assigned_turn=mission.data.get("assigned_turn"))]


def check_effect(view: TableState, cmd: Command) -> None:
    found = played_def(view, cmd.seat, dict(cmd.payload), phase=view.turn.phase)
    if found.type != "other":
        raise fail("not_an_effect", "play equipment, gifts, missions and combat cards with their own commands",
                   "card", card=found.slug)
    target = cmd.payload.get("target")
    if target:
        if not in_play(view, target):
            raise fail("not_in_play", "that warrior is not in play", "target")
        if not view.cards[target].face_up and settings_of(view).facedown_effect_target == "untargetable":
            raise fail("target_face_down", "a face-down warrior cannot be the target of an effect",
                       "target")


def do_effect(state: TableState, cmd: Command) -> list[Event]:
    found = played_def(state, cmd.seat, dict(cmd.payload), phase=state.turn.phase)
    card_id, events = enter(state, cmd.seat, dict(cmd.payload), to=zone(cmd.seat, "played"))
    target = cmd.payload.get("target")
    outcome = "played"
    if target:
        was_down = not state.cards[target].face_up
        alive = True
        if was_down:  # DT-COV-08: revealed first, shown while the effect resolves
            alive, shown = reveal_warrior(state, target, "DT-COV-08")
            events += shown
        target_def = cdef(state, target)
        legal = alive and target_def is not None and (
            not found.legal_targets or target_def.affiliation in found.legal_targets
        )
        if legal and found.effect == "wound" and state.cards[target].data.get("status") == "unwounded":
            state.cards[target].data["status"] = "wounded"
            outcome = "wounded"
        elif not legal:
            outcome = "no_effect"
        if alive and was_down:
            events += z.flip(state, target, face_up=False)  # still in cover
    events += z.move(state, card_id, to=zone(cmd.seat, "discard"), face_up=True)  # the card is spent either way
    return [*events, public("effect_played", "DT-COV-08", seat=cmd.seat, card=card_ref(state.cards[card_id]),
                            target=card_ref(state.cards[target]) if target else None, outcome=outcome)]

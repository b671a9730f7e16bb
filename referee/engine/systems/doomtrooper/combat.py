"""Attack and combat (DT-ATK-01..03, DT-CMB-01..10, DT-COV-05) and points (DT-PTS-01..04).

A combat is a priority window (DT-CMB-04) between the attacking player and the defender's
controller (and whoever a card brings in, DT-CMB-06); each side is a list of warriors
(DT-CMB-10). When both pass in a row, every pair compares both ways at once (DT-CMB-08),
hits change status (DT-CMB-09), kills score (DT-PTS), and the turn goes on to Discard.
"""

from __future__ import annotations

from typing import Any

from referee.engine.live import zones as z
from referee.engine.live.events import Event, card_ref, public
from referee.engine.live.state import TableState
from referee.engine.live.system import Command
from referee.engine.live.turns import phase_set, window_join, window_open, window_pass, window_play
from referee.engine.sealed import Decision
from referee.engine.systems.doomtrooper.actions import enter, remove_warrior, reveal_warrior
from referee.engine.systems.doomtrooper.cards import CardDef
from referee.engine.systems.doomtrooper.common import (
    attachments,
    cdef,
    controller,
    fail,
    in_play,
    own_warrior,
    played_def,
    player,
    settings_of,
    zone,
)
from referee.engine.systems.doomtrooper.flow import check_vp_target

SIDES = ("attackers", "defenders")


def check_attack(view: TableState, cmd: Command) -> None:
    seat, p = cmd.seat, cmd.payload
    if view.turn.taken.get(seat, 0) == 0:
        raise fail("first_turn_attack", "you may not attack in your first turn")
    if player(view, seat)["attack_done"]:
        raise fail("second_attack", "you have already attacked this turn")
    if player(view, seat)["actions_left"] < 1:
        raise fail("no_actions", "you have no action left to attack with", need=1, left=0)
    own_warrior(view, seat, p["attacker"], "attacker")
    if not view.cards[p["attacker"]].face_up and not settings_of(view).cover_attacker:
        raise fail("attacker_in_cover", "a warrior in cover must leave cover before it attacks",
                   "attacker", warrior=view.cards[p["attacker"]].card or "")
    if p["defender"] == p["attacker"] or not in_play(view, p["defender"]):
        raise fail("bad_defender", "the defender must be another warrior in play", "defender")


def do_attack(state: TableState, cmd: Command) -> list[Event]:
    seat, p = cmd.seat, cmd.payload
    me = player(state, seat)
    me.update(attack_done=True, actions_left=0)  # DT-ATK-01: the last action; the rest are lost
    me["used"] += 1
    attacker, defender = p["attacker"], p["defender"]
    events: list[Event] = [public("attack_declared", "DT-ATK-02", seat=seat, attacker=card_ref(state.cards[attacker]),
                                  defender=card_ref(state.cards[defender]), tactic=p["tactic"])]
    in_cover = bool(state.cards[defender].data.get("in_cover"))
    if not state.cards[defender].face_up:  # DT-COV-03: chosen as defender, it is revealed
        alive, shown = reveal_warrior(state, defender, "DT-COV-03")
        events += shown
        if not alive:  # GAP-05: the combat ends at once, nobody scores, the attack is spent
            phase_set(state, "discard")
            return [*events, public("combat_cancelled", "GAP-05", reason="defender_removed")]
    state.data["combat"] = {
        "attackers": [attacker], "defenders": [defender], "tactic": p["tactic"], "attacking_player": seat,
        "weapons": {}, "mods": [], "cover": [defender] if in_cover else [],  # DT-COV-05: +3 Armour
        "was_face_down": [defender] if in_cover else [],
    }
    window_open(state, key="combat", participants=[seat, controller(state, defender)])
    phase_set(state, "combat")
    return [*events, preliminary(state)]


def stat(state: TableState, warrior: str, name: str) -> int:
    """A combatant's modified value (DT-CMB-02, DT-CMB-03: wounds change nothing; DT-CMB-07: any integer)."""
    combat = state.data["combat"]
    base = cdef(state, warrior) or CardDef("", "warrior", {})
    value = getattr(base, name)
    chosen = set(combat["weapons"].get(warrior, []))
    for attached in attachments(state, warrior):
        found = cdef(state, attached)
        if found is None or found.type == "mission":
            continue
        if found.weapon and attached not in chosen:
            continue
        value += found.mod(name)
    for mod in combat["mods"]:
        if mod["warrior"] == warrior:
            value += int(mod["modifier"].get(name, 0))
    if name == "armour" and warrior in combat["cover"]:
        value += 3
    return value


def pairs(combat: dict[str, Any]) -> list[tuple[str, str]]:
    """DT-CMB-10, ``first_opponent``: the first warriors pair, each added one pairs with the other's first."""
    attackers, defenders = combat["attackers"], combat["defenders"]
    out = [(attackers[0], defenders[0])]
    out += [(a, defenders[0]) for a in attackers[1:]]
    out += [(attackers[0], d) for d in defenders[1:]]
    return out


def hits(state: TableState) -> dict[str, list[str]]:
    """Who hits whom (DT-CMB-01, DT-CMB-08): each value at least the target's Armour hits it."""
    tactic = state.data["combat"]["tactic"]
    out: dict[str, list[str]] = {}
    for a, d in pairs(state.data["combat"]):
        if stat(state, a, tactic) >= stat(state, d, "armour"):
            out.setdefault(d, []).append(a)
        if stat(state, d, tactic) >= stat(state, a, "armour"):
            out.setdefault(a, []).append(d)
    return out


def preliminary(state: TableState) -> Event:
    combat = state.data["combat"]
    tactic = combat["tactic"]
    values = {
        w: {"attack": stat(state, w, tactic), "armour": stat(state, w, "armour")}
        for w in [*combat["attackers"], *combat["defenders"]]
    }
    return public("combat_preliminary", "DT-CMB-01",
                  values=[{"warrior": card_ref(state.cards[w]), **v} for w, v in values.items()],
                  would_wound=[card_ref(state.cards[w]) for w in hits(state)])


def _combatant(view: TableState, seat: str, warrior: str) -> None:
    combat = view.data["combat"]
    if warrior not in [*combat["attackers"], *combat["defenders"]]:
        raise fail("not_in_combat", "that warrior is not in this combat", "warrior",
                   warrior=view.cards[warrior].card or "")


def check_weapon(view: TableState, cmd: Command) -> None:
    warrior, chosen = cmd.payload["warrior"], cmd.payload["weapons"]
    _combatant(view, cmd.seat, warrior)
    if controller(view, warrior) != cmd.seat:
        raise fail("weapon_not_yours", "the warrior's controller chooses its weapon", "warrior",
                   warrior=view.cards[warrior].card or "")
    tactic = view.data["combat"]["tactic"]
    classes = set()
    for card_id in chosen:
        found = cdef(view, card_id)
        if card_id not in attachments(view, warrior) or found is None or not found.weapon:
            raise fail("not_its_weapon", "choose weapons attached to this warrior", "weapons",
                       warrior=view.cards[warrior].card or "")
        if not (found.weapon == "dual" or (found.weapon == "close") == (tactic == "fight")):
            raise fail("weapon_tactic", f"a {found.weapon} weapon does not work in a {tactic} combat", "weapons",
                       card=found.slug, weapon=found.weapon, tactic=tactic)
        classes.add(found.weapon)
    if settings_of(view).weapon_limit == "one_card" and len(chosen) > 1:
        raise fail("one_weapon", "each warrior uses at most one weapon in a combat", "weapons")
    if len(classes) > 1:
        raise fail("one_weapon_class", "each warrior uses weapons of one class only", "weapons")


def do_weapon(state: TableState, cmd: Command) -> list[Event]:
    window_play(state, cmd.seat)
    state.data["combat"]["weapons"][cmd.payload["warrior"]] = list(cmd.payload["weapons"])
    return [public("weapon_chosen", "DT-CMB-02", seat=cmd.seat, warrior=card_ref(state.cards[cmd.payload["warrior"]]),
                   weapons=[card_ref(state.cards[w]) for w in cmd.payload["weapons"]]), preliminary(state)]


def _combat_card(view: TableState, cmd: Command, effect: str) -> CardDef:
    found = played_def(view, cmd.seat, dict(cmd.payload), phase="combat")
    if found.type != "combat" or found.effect != effect:
        raise fail("wrong_card", "that card does not do this in combat", "card", card=found.slug, effect=effect)
    return found


def check_modifier(view: TableState, cmd: Command) -> None:
    found = _combat_card(view, cmd, "modify")
    warrior = cmd.payload["warrior"]
    _combatant(view, cmd.seat, warrior)
    target = cdef(view, warrior)
    if found.is_dark_symmetry and target is not None and target.immunity == "dark_symmetry":
        raise fail("immune", "this warrior is immune to Dark Symmetry cards", "warrior",
                   card=found.slug, warrior=target.slug)
    for mod in view.data["combat"]["mods"]:  # DT-CMB-05: per player, per warrior, per title
        if mod["player"] == cmd.seat and mod["warrior"] == warrior and mod["title"] == found.slug:
            raise fail("modifier_kind_used", "you already played a card of that kind on this warrior", "card",
                       card=found.slug, warrior=target.slug if target else "")


def do_modifier(state: TableState, cmd: Command) -> list[Event]:
    found = _combat_card(state, cmd, "modify")
    window_play(state, cmd.seat)
    card_id, events = enter(state, cmd.seat, dict(cmd.payload), to=zone(cmd.seat, "played"))
    state.data["combat"]["mods"].append({"player": cmd.seat, "warrior": cmd.payload["warrior"], "title": found.slug,
                                         "card": card_id, "modifier": dict(found.modifier)})
    return [*events, public("modifier_played", "DT-CMB-04", seat=cmd.seat, card=card_ref(state.cards[card_id]),
                            warrior=card_ref(state.cards[cmd.payload["warrior"]])), preliminary(state)]


def check_join(view: TableState, cmd: Command, effect: str) -> None:
    _combat_card(view, cmd, effect)
    warrior = cmd.payload["warrior"]
    if effect == "add_combatant":
        own_warrior(view, cmd.seat, warrior)
    elif not in_play(view, warrior):
        raise fail("not_in_play", "that warrior is not in play", "warrior")
    if not view.cards[warrior].face_up:
        raise fail("cover_cannot_join", "a warrior in cover cannot join a combat", "warrior")
    combat = view.data["combat"]
    if warrior in [*combat["attackers"], *combat["defenders"]]:
        raise fail("already_in_combat", "that warrior already fights here", "warrior",
                   warrior=view.cards[warrior].card or "")


def do_join(state: TableState, cmd: Command, effect: str) -> list[Event]:
    window_play(state, cmd.seat)
    combat = state.data["combat"]
    _card_id, events = enter(state, cmd.seat, dict(cmd.payload), to=zone(cmd.seat, "played"))
    side, warrior = cmd.payload["side"], cmd.payload["warrior"]
    if effect == "add_combatant":  # DT-CMB-10
        combat[side].append(warrior)
        rule = "DT-CMB-10"
    else:  # DT-CMB-06: the new warrior takes the role; the labels stay
        combat["cover"] = [w for w in combat["cover"] if w != combat[side][0]]
        combat[side][0] = warrior
        rule = "DT-CMB-06"
    window_join(state, controller(state, warrior))
    return [*events, public("combatant_joined", rule, seat=cmd.seat, side=side,
                            warrior=card_ref(state.cards[warrior])), preliminary(state)]


def do_pass(state: TableState, cmd: Command) -> list[Event]:
    if not window_pass(state, cmd.seat):
        return [public("passed", "DT-CMB-04", seat=cmd.seat)]
    return [public("passed", "DT-CMB-04", seat=cmd.seat), *resolve(state)]


def resolve(state: TableState) -> list[Event]:
    """Both passed in a row: apply every hit at once (DT-CMB-08, DT-CMB-09), then score (DT-PTS)."""
    combat = state.data["combat"]
    struck = hits(state)
    events: list[Event] = [public("combat_resolved", "DT-CMB-08",
                                  hits=[{"warrior": card_ref(state.cards[w]), "hits": len(h)}
                                        for w, h in struck.items()])]
    killed: list[tuple[str, str]] = []
    for warrior, by in struck.items():
        card = state.cards[warrior]
        steps = len(by) + (1 if card.data.get("status") == "wounded" else 0)
        if steps >= 2:
            order = [*combat["attackers"], *combat["defenders"]]
            killer = min(by, key=order.index)  # GAP-23: the hitter listed first on its side
            killed.append((warrior, controller(state, killer)))
        else:
            card.data["status"] = "wounded"
            events.append(public("wounded", "DT-CMB-09", warrior=card_ref(card)))
    attacking = combat["attacking_player"]
    for warrior, scorer in killed:
        value = (cdef(state, warrior) or CardDef("", "warrior", {})).value  # DT-PTS-04: printed value
        victim_side = controller(state, warrior)
        events += remove_warrior(state, warrior, rule="DT-CMB-09")
        events.append(public("killed", "DT-CMB-09", warrior=card_ref(state.cards[warrior]), scorer=scorer))
        if scorer == attacking and victim_side == attacking:  # DT-PTS-03: double, all as FP
            state.counters[f"fate:{scorer}"].value += 2 * value
            events.append(public("scored", "DT-PTS-03", seat=scorer, fp=2 * value, vp=0))
        elif value:
            key = f"d{state.data['next_decision']}"
            state.data["next_decision"] += 1
            state.decisions[key] = Decision(key, scorer, "points_split", [value], "DT-PTS-02",
                                            {"points": value, "victim": warrior})
            events.append(public("points_due", "DT-PTS-01", seat=scorer, points=value, decision=key))
    for warrior in combat["was_face_down"]:  # DT-COV-05: face down again if it survived, still in cover
        if in_play(state, warrior):
            events += z.flip(state, warrior, face_up=False)
    for mod in combat["mods"]:
        events += z.move(state, mod["card"], to=zone(state.cards[mod["card"]].owner, "discard"))
    state.data["combat"] = None
    phase_set(state, "discard")
    return [*events, *check_vp_target(state)]


def check_split(view: TableState, cmd: Command) -> None:
    decision = view.decisions.get(cmd.payload["decision"])
    if decision is None or decision.player != cmd.seat:
        raise fail("no_such_decision", "there is no such decision for you", "decision")
    if decision.kind == "points_split":
        if not 0 <= cmd.payload.get("vp", -1) <= decision.context["points"]:
            raise fail("bad_split", f"split {decision.context['points']} points: VP between 0 and that", "vp",
                       points=decision.context["points"])
    elif cmd.payload.get("choice") not in decision.options:
        raise fail("bad_choice", f"choose one of: {', '.join(map(str, decision.options))}", "choice",
                   choices=[str(o) for o in decision.options])


def do_split(state: TableState, cmd: Command) -> list[Event]:
    decision = state.decisions.pop(cmd.payload["decision"])
    seat = cmd.seat
    if decision.kind == "equipment_destination":  # DT-EQP-04 with the setting off: the table decides
        card_id = decision.context["card"]
        target = "discard" if cmd.payload["choice"] == "discard" else "played"
        events = z.move(state, card_id, to=zone(state.cards[card_id].owner, target))
        return [*events, public("equipment_placed", "DT-EQP-04", card=card_ref(state.cards[card_id]),
                                where=cmd.payload["choice"])]
    points, vp = decision.context["points"], cmd.payload["vp"]
    state.counters[f"vp:{seat}"].value += vp  # DT-PTS-02: any integer split
    state.counters[f"fate:{seat}"].value += points - vp
    return [public("scored", "DT-PTS-02", seat=seat, vp=vp, fp=points - vp), *check_vp_target(state)]

"""Hand-to-hand (SC-HTH): rounds, modifiers, markers by difference, the round-one card rules, Break off.

A fight is ``data["fights"][id]``: its two participants (one per side, nobody joins), who
started it and when, its round, and the turn of its last roll (one roll per turn in later
turns, SC-HTH-09). Before each roll the defender may declare defensive fighting or a roof
throw in a response window; the attacker declares them with its Fight.
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event
from referee.engine.live.state import TableState
from referee.engine.rolls import Roller
from referee.engine.systems.skirmish_cards import activation, decks, nerve, results
from referee.engine.systems.skirmish_cards.model import controller, has, next_id, say

THROW_REMINDER = ("A character the faller is thrown toward must pass a Nerve test or take one marker: send a "
                  "Nerve test for it (SC-HTH-13).")


def start(state: TableState, attacker: dict[str, Any], defender: dict[str, Any]) -> dict[str, Any]:
    fid = next_id(state, "fight")
    fight = {"id": fid, "sides": [attacker["id"], defender["id"]], "initiator": attacker["id"], "round": 0,
             "started_turn": state.turn.number, "rolled_turn": 0, "options": {}}
    state.data["fights"][fid] = fight
    attacker["fight"] = defender["fight"] = fid
    attacker["contact"] = defender["contact"] = ""
    return fight


def other(fight: dict[str, Any], cid: str) -> str:
    return fight["sides"][1] if fight["sides"][0] == cid else fight["sides"][0]


def _card_value(state: TableState, c: dict[str, Any]) -> tuple[int, int]:
    """The higher initiative card; equal cards go by the activation order (SC-HTH-14, SC-INIT-05)."""
    rank = decks.rank(state.cards[c["card"]].card) if c["card"] else -1
    order = state.data["order"]
    place = order.index(c["id"]) if c["id"] in order else len(order)
    return (rank if rank else -1, -place)


def modifiers(state: TableState, fight: dict[str, Any], c: dict[str, Any], enemy: dict[str, Any], *,
              roller_id: str) -> list[list[Any]]:
    """SC-HTH-03 (and SC-SUP-05's +2 for the bear)."""
    mods: list[list[Any]] = []
    if enemy["markers"]:
        mods.append(["enemy_markers", state.settings["hth_marker_sign"] * enemy["markers"], "SC-HTH-03"])
    if c["mounted"] or fight["options"].get(c["id"], {}).get("higher") or nerve.fact(state, c["id"], "higher"):
        mods.append(["higher", 1, "SC-HTH-03"])
    if fight["round"] == 1 and fight["initiator"] == c["id"] and fight["started_turn"] == state.turn.number:
        mods.append(["started_fight", 2 if c["creature"] == "bear" else 1,
                     "SC-SUP-05" if c["creature"] == "bear" else "SC-HTH-03"])
    if has(c, "hand_weapon") or any(state.data["tables"]["weapons"].get(w, {}).get("hand") for w in c["weapons"]):
        mods.append(["hand_weapon", 1, "SC-HTH-03"])
    if fight["round"] > 1 and roller_id == c["id"]:
        mods.append(["higher_card", 1, "SC-HTH-09"])
    return mods


def check_fight(view: TableState, c: dict[str, Any]) -> None:
    from referee.engine.systems.skirmish_cards.model import refuse

    if not c["fight"] and not c.get("contact"):
        raise refuse("not_in_contact", "Fight needs base contact: a declared Move into contact first (SC-HTH-01)")


def resolve(state: TableState, roller: Roller, fight: dict[str, Any], roller_id: str) -> list[Event]:
    """One round: Terrifying and lasso tests, a d10 each, markers by the difference (or a throw)."""
    fight["round"] += 1
    fight["rolled_turn"] = state.turn.number
    a, d = (state.data["chars"][cid] for cid in fight["sides"])
    events: list[Event] = [say("fight.round", "SC-HTH-03", fight=fight["id"], round=fight["round"])]
    for tester, monster in ((a, d), (d, a)):
        if has(monster, "terrifying") and not has(tester, "terrifying"):
            events += nerve.test(state, tester, roller, "SC-SUP-02")[1]
    attacker_opts = fight["options"].get(a["id"], {})
    if fight["round"] == 1 and attacker_opts.get("lasso") and a["mounted"]:
        caught, tested = nerve.test(state, d, roller, "SC-HTH-12")
        caught = not caught
        events += [*tested, say("lasso.caught" if caught else "lasso.missed", "SC-HTH-12", target=d["id"])]
    if a["removed"] or d["removed"]:
        return events + settle(state, fight)
    totals = {}
    for c, enemy in ((a, d), (d, a)):
        die = roller.roll("d10", rule="SC-HTH-03", label=f"fight {c['id']}").total
        mods = modifiers(state, fight, c, enemy, roller_id=roller_id)
        totals[c["id"]] = die + sum(m[1] for m in mods)
        events.append(say("fight.rolled", "SC-HTH-03", character=c["id"], die=die, modifiers=mods,
                          total=totals[c["id"]]))
    if totals[a["id"]] == totals[d["id"]]:
        events.append(say("fight.tied", "SC-HTH-04", fight=fight["id"]))
        return events + round_over(state, fight, winner=None)
    winner, loser = (a, d) if totals[a["id"]] > totals[d["id"]] else (d, a)
    diff = abs(totals[a["id"]] - totals[d["id"]])
    wopts, lopts = fight["options"].get(winner["id"], {}), fight["options"].get(loser["id"], {})
    if wopts.get("throw"):
        events.append(say("fight.thrown", "SC-HTH-13", character=loser["id"], reminder=THROW_REMINDER))
        nerve.owe(state, "SC-HTH-13", faller=loser["id"])
        events += _fall(state, roller, loser, "SC-HTH-13")
    elif wopts.get("defensive"):
        events.append(say("fight.defended", "SC-HTH-06", character=winner["id"]))
    else:
        count = max(0, diff - 1) if lopts.get("defensive") else diff
        events.append(say("fight.lost", "SC-HTH-06" if lopts.get("defensive") else "SC-HTH-04",
                          character=loser["id"], markers=count))
        for _ in range(count):
            events += nerve.place(state, loser, "SC-HTH-04")
        if loser["mounted"] and not loser["removed"]:
            events.append(say("rider.dragged_off", "SC-HTH-05", character=loser["id"]))
            events += _fall(state, roller, loser, "SC-HTH-05", from_horse=True)
    if a["removed"] or d["removed"]:
        return events + settle(state, fight)
    return events + round_over(state, fight, winner=winner["id"])


def _fall(state: TableState, roller: Roller, c: dict[str, Any], rule: str, *, from_horse: bool = False) -> list:
    return results.falls(state, roller, c, rule, from_horse=from_horse, seat=controller(state, c["side"]))


def round_over(state: TableState, fight: dict[str, Any], *, winner: str | None) -> list[Event]:
    """SC-HTH-07/08 (GAP-24): after round one both cards go, except a charged winner keeps its card."""
    fight["options"] = {}
    if fight["round"] != 1 or fight["started_turn"] != state.turn.number:
        return []
    events: list[Event] = []
    defender = state.data["chars"][other(fight, fight["initiator"])]
    if defender["state"] == "waiting":
        if winner == defender["id"] and state.settings["charged_winner_keeps_card"]:
            defender["budget"] = 2
            events.append(say("charged.won", "SC-HTH-07", character=defender["id"], actions=2))
        else:
            defender["state"] = "done"
            events.append(say("charged.card_lost", "SC-HTH-07", character=defender["id"]))
            events += activation.initiative.discard_card(state, defender, "SC-HTH-08")
    attacker = state.data["chars"][fight["initiator"]]
    attacker["declared"] = attacker["declared"][: attacker["used"]]
    return [*events, say("fight.first_round_over", "SC-HTH-08", fight=fight["id"])]


def settle(state: TableState, fight: dict[str, Any]) -> list[Event]:
    """SC-HTH-11 (GAP-25): the survivor takes two actions, never more than remain of its three."""
    state.data["fights"].pop(fight["id"], None)
    events: list[Event] = [say("fight.over", "SC-HTH-11", fight=fight["id"])]
    for cid in fight["sides"]:
        c = state.data["chars"][cid]
        c["fight"] = ""
        if c["removed"]:
            continue
        give = state.settings["survivor_actions"]
        if c["state"] == "active":
            c["declared"] = c["declared"][: c["used"]]
            c["budget"] = c["used"] + min(give, c["budget"] - c["used"])
            c["redeclare"] = c["budget"] > c["used"]
            c["state"] = "waiting" if c["redeclare"] else c["state"]
        elif c["state"] == "waiting":
            c["budget"] = give
        events.append(say("fight.survivor", "SC-HTH-11", character=cid, actions=c["budget"] - c["used"]))
    return events


def break_off(state: TableState, c: dict[str, Any]) -> list[Event]:
    """SC-HTH-10: two Moves; the first disengages in place with a marker, the second goes up to 10 cm."""
    fight = state.data["fights"].pop(c["fight"])
    for cid in fight["sides"]:
        state.data["chars"][cid]["fight"] = ""
    c["movement"] += 2
    return [say("fight.broken_off", "SC-HTH-10", character=c["id"], markers=c["movement"],
                reminder="The first Move disengages in place; the second goes up to 10 cm in any direction.")]

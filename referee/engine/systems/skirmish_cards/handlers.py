"""One check (on the sender's redacted view) and one effect (on the full state) per command kind."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.engine.live.events import Event
from referee.engine.live.facts import fact_dispute, fact_enter
from referee.engine.live.state import GM, OBSERVER, TableState
from referee.engine.live.system import Command
from referee.engine.live.turns import window_pass, window_play
from referee.engine.rolls import Roller
from referee.engine.systems.skirmish_cards import (
    activation,
    creatures,
    decks,
    endgame,
    flow,
    initiative,
    interrupts,
    melee,
    nerve,
    results,
    shooting,
)
from referee.engine.systems.skirmish_cards.model import (
    char,
    controller,
    controls,
    has,
    is_current,
    own,
    refuse,
    say,
    sides,
)
from referee.engine.systems.skirmish_cards.pack import RESULTS

Check = Callable[[TableState, Command], None]
Do = Callable[[TableState, Command, Roller], list[Event]]


def _seated(view: TableState, seat: str) -> None:
    if view.seats.get(seat) == OBSERVER:
        raise refuse("observers_watch", "an observer watches: only players and the GM act")


def _acting(view: TableState, cmd: Command, kind: str) -> dict[str, Any]:
    c = own(view, cmd.seat, cmd.payload["character"])
    activation.check_next(view, c, kind)
    return c


def _mine(state: TableState, cmd: Command) -> dict[str, Any]:
    return state.data["chars"][cmd.payload["character"]]


def _used(state: TableState, cmd: Command) -> dict[str, Any]:
    c = _mine(state, cmd)
    c["used"] += 1
    return c


# -- initiative and decisions ------------------------------------------------------------------------------

def check_place_first(view: TableState, cmd: Command) -> None:
    initiative.check_place(view, cmd.seat, own(view, cmd.seat, cmd.payload["character"]))


def do_place_first(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    return initiative.place_first(state, cmd.seat, _mine(state, cmd), roller)


def check_decide(view: TableState, cmd: Command) -> None:
    decision = view.decisions.get(cmd.payload["key"])
    if decision is None or decision.player != cmd.seat:
        raise refuse("no_such_decision", "there is no such decision for you", "key")
    choice = cmd.payload.get("choice") or ""
    if decision.kind == "swap" and choice != "decline":
        initiative.check_swap(view, decision, choice, cmd.payload.get("with") or "")
    elif decision.kind == "order":
        initiative.check_tie_order(decision, list(cmd.payload.get("order") or []))
    elif decision.kind == "result" and choice not in RESULTS:
        raise refuse("invalid_result", f"enter one of {', '.join(RESULTS)}", "choice")
    elif decision.kind == "reach" and choice not in ("yes", "no"):
        raise refuse("invalid_choice", "answer yes or no", "choice")


def do_decide(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    decision = state.decisions.pop(cmd.payload["key"])
    choice = cmd.payload.get("choice") or ""
    if decision.kind == "swap":
        if choice == "decline":
            return [say("swap.declined", "SC-INIT-08"), *initiative.order(state, roller)]
        return initiative.swap(state, choice, cmd.payload["with"], roller)
    if decision.kind == "order":
        return initiative.set_tie_order(state, decision.key, list(cmd.payload["order"]))
    if decision.kind == "reach":
        return flow.reached(state, choice == "yes")
    return results.answer(state, roller, decision.key, choice)


# -- declaring and acting -------------------------------------------------------------------------------------

def check_declare(view: TableState, cmd: Command) -> None:
    c = own(view, cmd.seat, cmd.payload["character"])
    if view.window is not None or view.decisions:
        raise refuse("waiting", "wait until the open response or result is settled")
    howl = cmd.payload.get("howl_target") or ""
    activation.check_declare(view, c, list(cmd.payload["actions"]), howl)
    if howl and activation.first_wolf(view, c):
        creatures.check_howl(view, c, howl)


def do_declare(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    c = _mine(state, cmd)
    events = activation.declare(state, c, list(cmd.payload["actions"]))
    if c["creature"] == "scavengers":
        events += creatures.flock_turn(state, c)
    if activation.first_wolf(state, c) and cmd.payload.get("howl_target"):
        events += creatures.howl(state, roller, c, cmd.payload["howl_target"])
    return events


def check_move(view: TableState, cmd: Command) -> None:
    activation.check_move(view, _acting(view, cmd, "move"), dict(cmd.payload))


def do_move(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    c, p = _used(state, cmd), dict(cmd.payload)
    mode = p.get("mode") or "move"
    if mode in ("charge", "leap") and p.get("target"):
        events = activation.move(state, c, {**p, "mode": "leap" if mode == "leap" else "move"})
        return events + interrupts.open_for(state, {"kind": "charge", "char": c["id"], "payload": p})
    events = activation.move(state, c, p)
    if nerve.fact(state, c["id"], "moving_vehicle"):
        nerve.owe(state, "SC-FALL-06", character=c["id"])
    return events + interrupts.open_for(state, {"kind": "move", "char": c["id"], "payload": p})


def check_simple(kind: str) -> Check:
    def check(view: TableState, cmd: Command) -> None:
        c = _acting(view, cmd, kind)
        if kind == "reload":
            activation.check_reload(c, bool(cmd.payload.get("switch")))
        if kind == "fight":
            melee.check_fight(view, c)
        if kind == "break_off" and not c["fight"]:
            raise refuse("not_in_hand_to_hand", "Break off leaves a fight: this character is in none")
    return check


def do_aim(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    return activation.aim(state, _used(state, cmd))


def do_reload(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    return activation.reload(state, _used(state, cmd), bool(cmd.payload.get("switch")))


def do_recover(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    return activation.recover(state, _used(state, cmd))


def do_break_off(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    return melee.break_off(state, _used(state, cmd))


def check_shoot(view: TableState, cmd: Command) -> None:
    shooting.check(view, _acting(view, cmd, "shoot"), dict(cmd.payload))


def do_shoot(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    c, p = _mine(state, cmd), dict(cmd.payload)
    target = state.data["chars"][p["target"]]
    if p.get("range") == "close" and p.get("nearest") is False and not c["must_nearest"]:
        passed, events = shooting.nearest_test(state, roller, c)
        if not passed:
            return events
    else:
        events = []
    c["used"] += 1
    events.append(say("shot.announced", "SC-SHT-01", shooter=c["id"], target=target["id"],
                      reminder=shooting.REMINDER))
    return events + interrupts.open_for(state, {"kind": "shoot", "char": c["id"], "payload": p})


def do_fight(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    c = _used(state, cmd)
    target_id = c.get("contact") or melee.other(state.data["fights"][c["fight"]], c["id"])
    options = {k: bool(cmd.payload.get(k)) for k in ("defensive", "lasso", "throw", "higher")}
    return flow.begin_fight(state, c, state.data["chars"][target_id], options)


def check_mount_free(view: TableState, cmd: Command) -> None:
    c = own(view, cmd.seat, cmd.payload["character"])
    if not is_current(view, c["id"]) or not has(c, "free_mount"):
        raise refuse("not_free", "only a faction that mounts for free does so outside its actions (SC-MNT-02)")
    if not cmd.payload.get("dismount") and c["horse"] != "tethered":
        raise refuse("no_horse", "there is no tethered horse to mount")


def do_mount_free(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    c = _mine(state, cmd)
    mode = "dismount" if cmd.payload.get("dismount") else "mount"
    events = activation.move(state, c, {"mode": mode})
    c["movement"] -= 1  # free: no action, so no Move's marker
    return events


def check_end_activation(view: TableState, cmd: Command) -> None:
    c = own(view, cmd.seat, cmd.payload["character"])
    if not is_current(view, c["id"]) or view.window or view.data.get("pending"):
        raise refuse("not_active", "only the active character's activation can be ended now")


def do_end_activation(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    c = _mine(state, cmd)
    c["declared"] = c["declared"][: c["used"]]
    c["redeclare"] = False
    nerve.owed_clear(state)  # a test nobody took when it was due is not owed later
    return [say("actions.forgone", "SC-ACT-01", character=c["id"])]


def check_dirty_rat(view: TableState, cmd: Command) -> None:
    _seated(view, cmd.seat)
    c = char(view, cmd.payload["character"])
    if controls(view, cmd.seat, c["id"]) and view.seats.get(cmd.seat) != GM:
        raise refuse("own_character", "call it on an opponent's character (or as the GM)")
    up = view.data["order"][view.data["index"]] if view.data["index"] < len(view.data["order"]) else ""
    if c["id"] != up or c["declared"]:
        raise refuse("not_applicable", "only the character whose card is up and that has declared nothing")


def do_dirty_rat(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    return activation.lose_activation(state, _mine(state, cmd), "SC-ACT-03")


# -- the response window ---------------------------------------------------------------------------------------

def check_duck_back(view: TableState, cmd: Command) -> None:
    interrupts.check_duck_back(view, own(view, cmd.seat, cmd.payload["character"]))


def do_duck_back(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    window_play(state, cmd.seat)
    return interrupts.duck_back(state, _mine(state, cmd), dict(cmd.payload))


def check_quick_shot(view: TableState, cmd: Command) -> None:
    interrupts.check_quick_shot(view, own(view, cmd.seat, cmd.payload["character"]), dict(cmd.payload))


def do_quick_shot(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    window_play(state, cmd.seat)
    return interrupts.quick_shot(state, roller, _mine(state, cmd), dict(cmd.payload))


def check_hth_declare(view: TableState, cmd: Command) -> None:
    interrupts.check_hth_declare(view, own(view, cmd.seat, cmd.payload["character"]))


def do_hth_declare(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    window_play(state, cmd.seat)
    return interrupts.hth_declare(state, _mine(state, cmd), dict(cmd.payload))


def check_pass(view: TableState, cmd: Command) -> None:
    if view.decisions:
        raise refuse("waiting", "wait until the pending result is entered")


def do_pass(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    closed = window_pass(state, cmd.seat)
    return [say("passed", "SC-INT-01", seat=cmd.seat, closed=closed)]


# -- cards, facts, tests, the end ---------------------------------------------------------------------------------

def _side_of_card(view: TableState, cmd: Command, card_id: str) -> str:
    side = view.cards[card_id].owner
    decks.check_play(view, cmd.seat, side, card_id)
    return side


def check_play_card(view: TableState, cmd: Command) -> None:
    side = _side_of_card(view, cmd, cmd.payload["card"])
    if cmd.payload.get("answer"):
        decks.check_answer(view, side)


def do_play_card(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    card_id = cmd.payload["card"]
    side = state.cards[card_id].owner
    slug = state.cards[card_id].card
    events = decks.play(state, side, card_id, answer=bool(cmd.payload.get("answer")),
                        target=cmd.payload.get("target") or "")
    removes = int(state.data["tables"]["cards"].get(slug, {}).get("removes_markers") or 0)
    target = state.data["chars"].get(cmd.payload.get("target") or "")
    if removes and target is not None and not target["removed"]:
        target["markers"] = max(0, target["markers"] - removes)
        events.append(say("markers.removed_by_card", "SC-WND-03", character=target["id"], markers=target["markers"]))
    return events


def check_eot_draw(view: TableState, cmd: Command) -> None:
    mine = [s for s, info in sides(view).items() if info["controller"] == cmd.seat and info["kind"] == "player"]
    if not mine:
        raise refuse("not_your_side", "only a player with a hand draws at the end of the turn")
    decks.check_end_of_turn_draw(view, cmd.seat, mine[0], cmd.payload["draw"], cmd.payload.get("discard"))


def do_eot_draw(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    side = next(s for s, info in sides(state).items() if info["controller"] == cmd.seat and info["kind"] == "player")
    return decks.end_of_turn_draw(state, side, roller, take=cmd.payload["draw"], discarding=cmd.payload.get("discard"))


def check_set_fact(view: TableState, cmd: Command) -> None:
    _seated(view, cmd.seat)
    char(view, cmd.payload["character"])


def do_set_fact(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    p = cmd.payload
    return fact_enter(state, key=f"{p['character']}.{p['name']}", value=p["value"], seat=cmd.seat)


def check_dispute_fact(view: TableState, cmd: Command) -> None:
    _seated(view, cmd.seat)
    found = view.facts.get(cmd.payload["key"])
    if found is None or found.entered_by == cmd.seat:
        raise refuse("cannot_dispute", "dispute a fact another seat entered", "key")


def do_dispute_fact(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    return fact_dispute(state, key=cmd.payload["key"], seat=cmd.seat)


def check_nerve_test(view: TableState, cmd: Command) -> None:
    _seated(view, cmd.seat)
    if char(view, cmd.payload["character"])["removed"] or view.decisions:
        raise refuse("cannot_test", "test a character in play, once pending results are entered", "character")


def do_nerve_test(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    c = _mine(state, cmd)
    index = nerve.owed_index(state, c["id"], cmd.payload["trigger"])
    if index is not None:
        state.data["nerve_owed"].pop(index)
    if cmd.payload["trigger"] == "SC-FALL-06":
        return results.jump_onto_moving(state, roller, c, controller(state, c["side"]))
    return nerve.test(state, c, roller, "SC-HTH-13")[1]


def check_concede(view: TableState, cmd: Command) -> None:
    if not any(info["controller"] == cmd.seat and info["kind"] == "player" for info in sides(view).values()):
        raise refuse("not_your_side", "only a player's faction can concede")


def do_concede(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    for info in sides(state).values():
        if info["controller"] == cmd.seat and info["kind"] == "player":
            info["out"] = True
    return [say("conceded", "SC-END-02", seat=cmd.seat), *endgame.check_over(state, rule="SC-END-02")]


def check_declare_result(view: TableState, cmd: Command) -> None:
    winner = cmd.payload["winner"]
    if winner != "draw" and sides(view).get(winner, {}).get("kind") != "player":
        raise refuse("invalid_winner", "name a player's side, or draw", "winner")


def do_declare_result(state: TableState, cmd: Command, roller: Roller) -> list[Event]:
    winner = cmd.payload["winner"]
    return endgame.end(state, {"result": "draw" if winner == "draw" else "win",
                               "winner": "" if winner == "draw" else winner, "rule": "SC-END-02"})


HANDLERS: dict[str, tuple[Check, Do]] = {
    "place_first": (check_place_first, do_place_first),
    "decide": (check_decide, do_decide),
    "declare": (check_declare, do_declare),
    "move": (check_move, do_move),
    "aim": (check_simple("aim"), do_aim),
    "shoot": (check_shoot, do_shoot),
    "reload": (check_simple("reload"), do_reload),
    "recover": (check_simple("recover"), do_recover),
    "fight": (check_simple("fight"), do_fight),
    "break_off": (check_simple("break_off"), do_break_off),
    "mount_free": (check_mount_free, do_mount_free),
    "end_activation": (check_end_activation, do_end_activation),
    "dirty_rat": (check_dirty_rat, do_dirty_rat),
    "duck_back": (check_duck_back, do_duck_back),
    "quick_shot": (check_quick_shot, do_quick_shot),
    "hth_declare": (check_hth_declare, do_hth_declare),
    "pass": (check_pass, do_pass),
    "play_card": (check_play_card, do_play_card),
    "eot_draw": (check_eot_draw, do_eot_draw),
    "set_fact": (check_set_fact, do_set_fact),
    "dispute_fact": (check_dispute_fact, do_dispute_fact),
    "nerve_test": (check_nerve_test, do_nerve_test),
    "concede": (check_concede, do_concede),
    "declare_result": (check_declare_result, do_declare_result),
}

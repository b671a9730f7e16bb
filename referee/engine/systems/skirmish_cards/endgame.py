"""End of turn and end of game (SC-END-01, SC-BNT-01/05/06): the five steps in order, and the outcome.

Step 2 waits for every player with a hand to take (or decline) their draw; steps 3-5 then
run at once: Big Nerve Tests, reshuffling empty piles, the next turn's start.
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event
from referee.engine.live.state import TableState
from referee.engine.rolls import Roller
from referee.engine.systems.skirmish_cards import decks, initiative, nerve
from referee.engine.systems.skirmish_cards.model import in_play, say, sides


def begin(state: TableState) -> list[Event]:
    """Step 1: movement markers off, 'this turn' cards leave play, unused Aim is lost (GAP-09)."""
    state.turn.phase = "end_of_turn"
    state.turn.order, state.turn.index = [], 0
    events: list[Event] = [say("turn.ending", "SC-END-01", turn=state.turn.number)]
    for c in state.data["chars"].values():
        c["movement"] = 0
        if state.settings["aim_expires_end_of_turn"]:
            c["aim"] = 0
        c["no_shoot"] = False
        if c["card"]:
            events += initiative.discard_card(state, c, "SC-INIT-10")
    events += decks.lasting_discard(state)
    events.append(say("movement.cleared", "SC-END-01"))
    for info in sides(state).values():
        info["eot_done"] = info["kind"] != "player" or info["out"]
    return events


def waiting_for_draws(state: TableState) -> list[str]:
    return [side for side, info in sides(state).items() if not info["eot_done"]]


def finish(state: TableState, roller: Roller) -> list[Event]:
    """Steps 3-5: Big Nerve Tests (both failing: a draw), empty piles reshuffled, the next turn."""
    events: list[Event] = []
    failed = []
    for side in sides(state):
        if not nerve.bnt_due(state, side) or (not state.settings["bnt_repeats"] and sides(state)[side]["tested"]):
            continue
        sides(state)[side]["tested"] = True
        passed, tested = nerve.big_test(state, side, roller)
        events += tested
        if not passed:
            failed.append(side)
    for side in failed:
        sides(state)[side]["out"] = True
        events.append(say("faction.left", "SC-BNT-05", side=side))
    events += check_over(state, rule="SC-BNT-06" if len(failed) > 1 else "SC-BNT-05")
    if state.status == "ended":
        return events
    for side in sides(state):
        if not state.zones[decks.deck(side)].cards:
            events += decks.reshuffle(state, side, roller, "SC-DECK-09")
    return events + initiative.turn_start(state, roller)


def standing(state: TableState) -> list[str]:
    return [side for side, info in sides(state).items()
            if info["kind"] == "player" and not info["out"] and in_play(state, side)]


def end(state: TableState, outcome: dict[str, Any]) -> list[Event]:
    state.outcome = outcome
    state.status = "ended"
    state.turn.phase = "ended"
    state.turn.order, state.turn.index = [], 0
    state.window = None
    state.decisions.clear()
    return [say("game.ended", outcome.get("rule", "SC-END-02"), result=outcome["result"],
                winner=outcome.get("winner", ""))]


def check_over(state: TableState, *, rule: str = "SC-BNT-05") -> list[Event]:
    """The game ends when at most one player's faction is left on the table."""
    if state.status == "ended":
        return []
    left = standing(state)
    players = [s for s, info in sides(state).items() if info["kind"] == "player"]
    if len(players) == 1 and not left:  # a lone posse against the creatures: wiped out or broken, it loses
        return end(state, {"result": "loss", "winner": "", "rule": rule})
    if len(players) < 2 or len(left) > 1:
        return []
    if not left:
        return end(state, {"result": "draw", "winner": "", "rule": "SC-BNT-06"})
    return end(state, {"result": "win", "winner": left[0], "rule": rule})

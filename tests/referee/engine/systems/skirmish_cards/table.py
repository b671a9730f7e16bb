"""A skirmish table for the rules tests: seats, scripted shuffles and dice, commands through the mechanism.

Every command goes through ``referee.engine.live.run`` (the mechanism's checks, then the
system's ``validate`` on the sender's redacted view, then ``apply``), the path the product
uses. Dice come from the one scripted roller (``tests/support/dice.py``): faces queued with
:meth:`Table.dice`; once the queue is empty the dice show their highest face and the one
below it in turn (so a roll-off the test did not script never ties for ever).
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

from referee.engine.live import Command, CommandError, Group, allowed, render, replay, run, run_setup
from referee.engine.live.events import audience_sees
from referee.engine.live.views import redact
from referee.engine.rolls import Roll
from referee.engine.systems.skirmish_cards.decks import deck_list
from referee.engine.systems.skirmish_cards.system import SkirmishLive
from tests.support.dice import ScriptedRoller

KEY = "cd" * 16
HP = {"lawmen_boss": 3, "lawmen_deputy": 2, "outlaws_boss": 3, "outlaws_gunman": 2, "dire_wolf": 2,
      "storm_raven": 2, "risen_bear": 4}
STRESS = {"lawmen_boss": 4, "lawmen_deputy": 5, "outlaws_boss": 4, "outlaws_gunman": 5, "dire_wolf": 5,
          "storm_raven": 5, "risen_bear": 5, "scavengers": 5}
BASE = {"profile_hp": HP, "profile_stress": STRESS, "hand_size": {"lawmen": 2, "outlaws": 2}}
POSSES = {
    "bob": {"faction": "lawmen", "characters": [{"id": "marshal", "profile": "lawmen_boss"},
                                                {"id": "deputy", "profile": "lawmen_deputy"}]},
    "carol": {"faction": "outlaws", "characters": [{"id": "leader", "profile": "outlaws_boss"},
                                                   {"id": "gunman", "profile": "outlaws_gunman"}]},
}


def shuffle_faces(size: int, order: Sequence[int]) -> list[int]:
    """The d(i) faces that make ``shuffle(size)`` give ``order`` (deck-list positions, top first)."""
    target = list(order) + [p for p in range(1, size + 1) if p not in order]
    arr = list(range(1, size + 1))
    faces = []
    for i in range(size, 1, -1):
        j = arr.index(target[i - 1]) + 1
        faces.append(j)
        arr[i - 1], arr[j - 1] = arr[j - 1], arr[i - 1]
    return faces


def top(colour: str, slugs: Sequence[str], *, copies: int = 1, faction_cards: bool = True) -> list[int]:
    """Faces for a deck of ``colour`` whose top cards are ``slugs`` (the rest in list order)."""
    cards = deck_list(colour=colour, copies=copies, faction_cards=faction_cards)
    return shuffle_faces(len(cards), [cards.index(s) + 1 for s in slugs])


class _Queue:
    """The queued faces, read one at a time; an empty queue is a pause (the fallback), not the end."""

    def __init__(self, queue: deque[int]) -> None:
        self.queue = queue

    def __iter__(self) -> Iterator[int]:
        return self

    def __next__(self) -> int:
        if not self.queue:
            raise StopIteration
        return self.queue.popleft()


class Table:
    def __init__(self, *, seats: dict[str, str] | None = None, settings: dict[str, Any] | None = None,
                 posses: dict[str, Any] | None = None, faces: Sequence[int] = (), start: dict[str, Any] | None = None,
                 system: SkirmishLive | None = None) -> None:
        self.system = system or SkirmishLive()
        self.seats = seats or {"bob": "player", "carol": "player"}
        self.queue: deque[int] = deque(faces)
        self.rolls: list[Roll] = []
        turns = itertools.count()
        self.roller = ScriptedRoller(_Queue(self.queue), fallback=lambda sides: max(1, sides - next(turns) % 2),
                                     log=self.rolls)
        raw = {**BASE, **(settings or {})}
        chosen = posses or {s: POSSES[s] for s in self.seats if s in POSSES}
        self.state = self.system.new_state(seats=self.seats, key=KEY, settings=raw, options=chosen)
        self.initial = self.state.copy()
        self.log: list[tuple[int, Any]] = []
        self.groups: list[Group] = []
        setup = run_setup(self.system, self.state, start or {}, self.roller)
        self._record(Command("start", "", start or {}), setup)

    def dice(self, *faces: int) -> Table:
        self.queue.extend(faces)
        return self

    def _record(self, command: Command, applied: Any) -> None:
        group = len(self.groups)
        self.groups.append(Group(command, applied.rolls))
        self.log += [(group, e) for e in applied.events]

    def send(self, seat: str, kind: str, **payload: Any) -> Any:
        applied = run(self.system, self.state, Command(kind, seat, payload), self.roller)
        self._record(Command(kind, seat, payload), applied)
        return applied

    def refused(self, seat: str, kind: str, **payload: Any) -> CommandError:
        before = self.state.to_dict()
        try:
            self.send(seat, kind, **payload)
        except CommandError as exc:
            assert self.state.to_dict() == before, "a refused command changed the table"
            return exc
        raise AssertionError(f"{kind} by {seat} was accepted")

    # -- reading ---------------------------------------------------------------------------------------------
    @property
    def data(self) -> dict[str, Any]:
        return self.state.data

    def c(self, cid: str) -> dict[str, Any]:
        return self.state.data["chars"][cid]

    def card(self, cid: str) -> str:
        return self.state.cards[self.c(cid)["card"]].card if self.c(cid)["card"] else ""

    def hand(self, side: str) -> list[str]:
        return [self.state.cards[c].card for c in self.state.zones[f"hand:{side}"].cards]

    def zone(self, key: str) -> list[str]:
        return [self.state.cards[c].card for c in self.state.zones[key].cards]

    def handle_in(self, seat: str, zone: str, slug: str) -> str:
        view = self.system.view_for(self.state, seat)
        cards = next(z for z in view["zones"] if z["key"] == zone)["cards"]
        return next(c["handle"] for c in cards if c.get("card") == slug)

    def codes(self, since: int = 0) -> list[str]:
        return [e.code for _, e in self.log[since:]]

    def events(self, code: str) -> list[dict[str, Any]]:
        return [dict(e.data) for _, e in self.log if e.code == code]

    def rules(self) -> set[str]:
        return {e.rule for _, e in self.log}

    def seen_by(self, seat: str, since: int = 0) -> list[dict[str, Any]]:
        return [{"code": e.code, "rule": e.rule, "data": render(e.data, key=KEY, viewer=seat)}
                for _, e in self.log[since:] if audience_sees(e.audience, seat)]

    def allowed(self, seat: str) -> list[dict[str, Any]]:
        return allowed(self.system, self.state, seat)

    def kinds(self, seat: str) -> set[str]:
        return {a["kind"] for a in self.allowed(seat)}

    def view(self, seat: str) -> dict[str, Any]:
        return self.system.view_for(self.state, seat)

    def redacted(self, seat: str) -> Any:
        return redact(self.state, seat)

    def rebuilt(self) -> Any:
        state, _ = replay(self.system, self.initial, self.groups)
        return state

    # -- playing -----------------------------------------------------------------------------------------------
    def place(self, **by: str) -> None:
        for seat, cid in by.items():
            self.send(seat, "place_first", character=cid)

    def declare(self, cid: str, *actions: str, **extra: Any) -> Any:
        return self.send(self.seat_of(cid), "declare", character=cid, actions=list(actions), **extra)

    def seat_of(self, cid: str) -> str:
        return self.state.data["sides"][self.c(cid)["side"]]["controller"]

    def up(self) -> str:
        data = self.state.data
        return data["order"][data["index"]] if data["index"] < len(data["order"]) else ""

    def pass_all(self) -> None:
        while self.state.window is not None:
            self.send(self.state.window.priority, "pass")

    def result(self, result: str) -> None:
        key = next(iter(self.state.decisions))
        self.send(self.state.decisions[key].player, "decide", key=key, choice=result)


BOB_TOP = ["5-black", "6-black", "10-black", "4-black"]
CAROL_TOP = ["7-red", "8-red", "9-red", "3-red"]


def ready(*, bob: Sequence[str] = BOB_TOP, carol: Sequence[str] = CAROL_TOP, decline: bool = True,
          rolls: Sequence[int] = (), **kw: Any) -> Table:
    """Turn 1 in activations: marshal 10, leader 9, deputy 4, gunman 3 (Carol declines the swap)."""
    t = Table(faces=[*top("black", bob), *top("red", carol), *rolls], **kw)
    t.place(bob="marshal", carol="leader")
    if decline and t.state.decisions:
        key = next(iter(t.state.decisions))
        t.send(t.state.decisions[key].player, "decide", key=key, choice="decline")
    return t


def finish_turn(t: Table, *, draws: bool = True) -> None:
    """Every waiting character Aims (or Breaks off), then each player declines the end-of-turn draw."""
    while t.state.turn.phase == "activations":
        cid = t.up()
        t.declare(cid, "break_off" if t.c(cid)["fight"] else "aim")
        t.send(t.seat_of(cid), "break_off" if t.c(cid)["fight"] else "aim", character=cid)
    if draws:
        for _side, info in t.data["sides"].items():
            if t.state.turn.phase == "end_of_turn" and not info["eot_done"]:
                t.send(info["controller"], "eot_draw", draw=False)


BIG = {
    "bob": {"faction": "lawmen", "characters": [{"id": "marshal", "profile": "lawmen_boss"}]
            + [{"id": f"d{i}", "profile": "lawmen_deputy"} for i in range(1, 5)]},
    "carol": {"faction": "outlaws", "characters": [{"id": "leader", "profile": "outlaws_boss"},
                                                   {"id": "gunman", "profile": "outlaws_gunman"}]},
}


def remove(t: Table, *cids: str) -> None:
    """Arrange a table with characters already out of play (as SC-WND-04 removes them), then let it settle."""
    from referee.engine.systems.skirmish_cards import flow, nerve

    for cid in cids:
        nerve.remove(t.state, t.c(cid), "SC-WND-04")
    flow.settle(t.state, t.roller)


def next_turn(t: Table, *, rolls: Sequence[int] = (), **firsts: str) -> None:
    """Finish this turn, then place the next turn's first cards (``seat=character``), declining any swap."""
    finish_turn(t)
    t.dice(*rolls)
    for seat, cid in firsts.items():
        t.send(seat, "place_first", character=cid)
    for key, decision in list(t.state.decisions.items()):
        if decision.kind == "swap":
            t.send(decision.player, "decide", key=key, choice="decline")


def charge(t: Table, attacker: str = "marshal", defender: str = "leader", *, dice: Sequence[int] = (),
           actions: Sequence[str] = ("move", "fight"), **options: Any) -> None:
    t.declare(attacker, *actions)
    t.send(t.seat_of(attacker), "move", character=attacker, mode="charge", target=defender)
    t.pass_all()
    t.dice(*dice)
    t.send(t.seat_of(attacker), "fight", character=attacker, **options)

"""A duel at a live table for the arena tests: Gina the GM, fighters a and b, scripted dice per command."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from referee.engine.live import Command, CommandError, Group, allowed, render, run, run_setup
from referee.engine.live.state import TableState
from referee.engine.systems.arena_duel import SYSTEM
from referee.engine.systems.arena_duel.sheets import private
from tests.support.dice import ScriptedRoller

KEY = "5a" * 16
SEATS = {"a": "player", "b": "player", "gm": "gm"}


def sheet(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": "Fighter", "charisma": 0, "arcane": "",
        "attributes": {"agility": 8, "smarts": 6, "spirit": 6, "strength": 8, "vigor": 6},
        "skills": {"fighting": 8, "notice": 6, "gambling": 6, "persuasion": 6, "stealth": 6, "intimidation": 6,
                   "taunt": 6, "knowledge_magic": 6, "shooting": 6, "throwing": 6, "healing": 6},
        "edges": [], "hindrances": [], "power_points": 0, "max_power_points": 0, "poison_vials": 0,
    }
    for key, value in changes.items():
        if key in ("attributes", "skills") and isinstance(value, dict):
            base[key] = {**base[key], **value}
        else:
            base[key] = value
    return base


def character(ident: str, persistent: int = 0, **changes: Any) -> dict[str, Any]:
    return {"id": ident, "sheet": sheet(**changes),
            "persistent_bennies": [{"id": f"{ident}-amulet-{i}", "item": "amulet", "awarded_in": "duel-0"}
                                   for i in range(persistent)]}


class Duel:
    """One table: every command through the mechanism's ``run`` with the dice scripted for it."""

    def __init__(self, a: dict[str, Any] | None = None, b: dict[str, Any] | None = None,
                 settings: dict[str, Any] | None = None) -> None:
        options = {"a": {"character": a or character("ca", charisma=2)},
                   "b": {"character": b or character("cb", charisma=-1)}, "gm": {}}
        self.state: TableState = SYSTEM.new_state(seats=SEATS, key=KEY, settings=settings or {}, options=options)
        self.initial = self.state.copy()
        roller = ScriptedRoller([])
        self.events = list(run_setup(SYSTEM, self.state, {}, roller).events)
        self.groups = [Group(Command("start", "gm", {}), list(roller.made))]
        self.last: list[Any] = []

    def send(self, who_: str, kind: str, dice: list[int] | tuple[int, ...] = (), **payload: Any) -> list[Any]:
        roller = ScriptedRoller(list(dice))
        command = Command(kind, who_, payload)
        applied = run(SYSTEM, self.state, command, roller)
        assert roller.remaining == [], f"{kind}: scripted faces left over: {roller.remaining}"
        self.groups.append(Group(command, list(roller.made)))
        self.events += applied.events
        self.last = applied.events
        return applied.events

    def refused(self, who_: str, kind: str, dice: list[int] | tuple[int, ...] = (), **payload: Any) -> CommandError:
        before = json.dumps(self.state.to_dict(), sort_keys=True)
        with pytest.raises(CommandError) as refused:
            run(SYSTEM, self.state, Command(kind, who_, payload), ScriptedRoller(list(dice)))
        assert json.dumps(self.state.to_dict(), sort_keys=True) == before, "a refused command changed the table"
        return refused.value

    def view(self, seat: str) -> dict[str, Any]:
        return SYSTEM.view_for(self.state, seat)

    def seen(self, seat: str) -> list[dict[str, Any]]:
        """The events ``seat`` may read, rendered for it."""
        return [render(e.to_dict(), key=KEY, viewer=seat) for e in self.events
                if "*" in e.audience or seat in e.audience]

    def allowed(self, seat: str) -> list[dict[str, Any]]:
        return allowed(SYSTEM, self.state, seat)

    def codes(self, seat: str = "gm") -> list[str]:
        return [e["code"] for e in self.seen(seat)]

    # The hidden parts, read as the tests' referee (the full state).
    def mine(self, seat: str) -> dict[str, Any]:
        return private(self.state, seat)

    def fight(self) -> dict[str, Any]:
        return self.state.data["fight"]

    def bennies(self, seat: str) -> int:
        return self.state.counters[f"bennies:{seat}"].value

    def open_roll(self, seat: str, purpose: str | None = None) -> str:
        """The key of ``seat``'s latest roll (of ``purpose``)."""
        rolls = [k for k, v in self.mine(seat)["rolls"].items() if purpose is None or v["purpose"] == purpose]
        return rolls[-1]

    def contest(self, kind: str) -> dict[str, Any]:
        return [c for c in self.state.data["contests"].values() if c["kind"] == kind][-1]

    def roll_and_announce(self, seat: str, kind: str, dice: list[int], then: list[int] | None = None,
                          **payload: Any) -> list[Any]:
        """``seat`` rolls, accepts, and the GM announces (``then``: the dice the announced effect draws)."""
        self.send(seat, kind, dice, **payload)
        key = self.open_roll(seat)
        if self.state.chains[key].status == "open":
            self.send(seat, "finalize", roll=key)
        return self.send("gm", "announce", then or [], roll=key)

    def decide(self, kind: str, dice: list[int] = ()) -> list[Any]:
        """Finalize both sides of the latest ``kind`` contest and let the GM compare them."""
        contest = self.contest(kind)
        for seat, key in sorted(contest["sides"].items()):
            if self.state.chains[key].status == "open":
                self.send(seat, "finalize", roll=key)
        return self.send("gm", "announce", contest=contest["id"], dice=dice)

    def copy(self) -> Duel:
        return copy.deepcopy(self)


# Walking the duel to a step: a wins Gambling unless told otherwise.

def to_gambling(d: Duel, a_faces: tuple[int, ...] = (5, 2), b_faces: tuple[int, ...] = (3, 2)) -> None:
    """The Gambling step opens with both hidden rolls (a first, then b: trait die, wild die)."""
    d.send("gm", "phase_next", dice=[*a_faces, *b_faces])


def to_bans(d: Duel, winner: str = "a") -> None:
    high, low = (5, 2), (3, 2)
    to_gambling(d, *(high, low) if winner == "a" else (low, high))
    d.decide("gambling")
    d.send("gm", "phase_next")


def to_selection(d: Duel, bans: tuple[str, str] = ("bows", "crossbow")) -> None:
    to_bans(d)
    d.send("b", "ban", group=bans[0])
    d.send("a", "ban", group=bans[1])
    d.send("a", "bans_done")
    d.send("gm", "phase_next")


def to_final(d: Duel, a_items: list[str] | None = None, b_items: list[str] | None = None,
             bans: tuple[str, str] = ("bows", "crossbow")) -> None:
    to_selection(d, bans)
    d.send("a", "choose", items=a_items if a_items is not None else ["long_sword", "leather_armour"])
    d.send("b", "choose", items=b_items if b_items is not None else ["axe", "leather_armour"])
    d.send("gm", "phase_next")


def to_fight(d: Duel, **items: Any) -> None:
    to_final(d, **items)
    d.send("gm", "phase_next")


def first_turn(d: Duel, first: str = "a") -> None:
    """The organisers' signal: opposed Notice (d6), ``first`` wins."""
    faces = [5, 2, 3, 2] if first == "a" else [3, 2, 5, 2]
    d.send("gm", "signal", dice=faces)
    d.decide("first_turn")


def in_fight(d: Duel, *, a_at: int = 0, b_at: int = 25, a_ready: tuple[str, ...] = (), b_ready: tuple[str, ...] = (),
             first: str = "a", **items: Any) -> None:
    """GIVEN the fighters on these squares with these weapons in hand, ``first`` to act."""
    to_fight(d, **items)
    first_turn(d, first)
    d.fight()["positions"].update(a=a_at, b=b_at)
    d.fight()["readied"].update(a=list(a_ready), b=list(b_ready))


def hold(d: Duel, seat: str, trigger: int, actions: list[dict[str, Any]], agility: list[int], **declared: Any) -> None:
    """``seat`` declares a hold (its Agility d8 rolled at once), accepts the roll and ends its turn."""
    d.send(seat, "declare", agility, hold_trigger=trigger, hold_actions=actions, **declared)
    d.send(seat, "finalize", roll=d.mine(seat)["hold"]["roll"])
    d.send(seat, "end_turn")


def strike(d: Duel, seat: str, faces: list[int]) -> list[Any]:
    """The current step's actor rolls it, accepts, and the GM announces the effect."""
    d.send(seat, "act", faces)
    key = d.open_roll(seat)
    if d.state.chains[key].status == "open":
        d.send(seat, "finalize", roll=key)
    return d.send("gm", "announce", roll=key)

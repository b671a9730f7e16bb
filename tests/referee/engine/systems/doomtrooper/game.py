"""A Doomtrooper table driven through the engine, as the product drives it (a plain module, no Django)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from referee.engine.dice import SeededRoller
from referee.engine.live import Applied, Command, CommandError, TableState, allowed, run, run_setup
from referee.engine.live.events import handle
from referee.engine.live.views import redact
from referee.engine.packfiles import read_pack_source
from referee.engine.systems.doomtrooper.cards import Catalogue, parse_doomtrooper_pack
from referee.engine.systems.doomtrooper.common import warriors_of
from referee.engine.systems.doomtrooper.system import SYSTEM

PACK = Path(__file__).resolve().parents[5] / "fixtures" / "doomtrooper"
KEY = "5e" * 16
DECK = ["line_trooper", "heavy_trooper", "combat_blade", "aim", "fury", "brace", "armour_plate", "meditate_x"]


@cache
def cards() -> Catalogue:
    return parse_doomtrooper_pack(read_pack_source(PACK))


def deck(n: int = 12) -> list[str]:
    base = ["line_trooper", "heavy_trooper", "combat_blade", "aim", "fury", "brace", "armour_plate",
            "legion_centurion", "gift_of_dark_symmetry", "assault_rifle", "tribal_scout", "hunt_mission"]
    return (base * (n // len(base) + 1))[:n]


class Game:
    def __init__(self, *, mode: str = "physical", first: str | None = "s1", seats: int = 2,
                 decks: dict[str, list[str]] | None = None, seed: bytes = b"doom", **settings: Any) -> None:
        keys = [f"s{i}" for i in range(1, seats + 1)]
        self.settings = SYSTEM.settings_from_dict({"deck_mode": mode, **settings})
        options = {s: {"deck": (decks or {}).get(s, deck())} for s in keys} if mode == "app_held" else {}
        self.state: TableState = SYSTEM.new_state(seats=dict.fromkeys(keys, "player"), key=KEY,
                                                  settings=self.settings, options=options)
        self.state.rules = cards()
        self.roller = SeededRoller(seed=seed * 8, salt=b"table")
        self.setup = run_setup(SYSTEM, self.state, {} if first is None else {"first": first}, self.roller)
        self.events = list(self.setup.events)

    # sending
    def send(self, seat: str, kind: str, **payload: Any) -> Applied:
        applied = run(SYSTEM, self.state, Command(kind, seat, payload), self.roller)
        self.events += applied.events
        return applied

    def refuse(self, seat: str, kind: str, **payload: Any) -> str:
        before = self.state.to_dict()
        with pytest.raises(CommandError) as refused:
            self.send(seat, kind, **payload)
        assert self.state.to_dict() == before, "a refused command changed the table"
        return refused.value.code

    def h(self, card_id: str, viewer: str) -> str:
        return handle(KEY, viewer, card_id, self.state.cards[card_id].epoch)

    # reading
    @property
    def active(self) -> str:
        return self.state.turn.active

    def fate(self, seat: str) -> int:
        return self.state.counters[f"fate:{seat}"].value

    def vp(self, seat: str) -> int:
        return self.state.counters[f"vp:{seat}"].value

    @property
    def outcome(self) -> dict[str, Any]:
        assert self.state.outcome is not None, "the game has not ended"
        return self.state.outcome

    def me(self, seat: str) -> dict[str, Any]:
        return self.state.data["players"][seat]

    def newest(self) -> str:
        return f"c{self.state.next_card - 1}"

    def warriors(self, seat: str) -> list[str]:
        return warriors_of(self.state, seat)

    def kinds(self, seat: str) -> set[str]:
        return {a["kind"] for a in allowed(SYSTEM, self.state, seat)}

    def view(self, seat: str) -> TableState:
        return redact(self.state, seat)

    # playing
    def to_actions(self) -> None:
        if self.state.turn.phase == "draw":
            self.send(self.active, "report_draw", hand_count=7)

    def deploy(self, seat: str, slug: str, **extra: Any) -> str:
        self.to_actions()
        self.send(seat, "deploy", slug=slug, **extra)
        return self.newest()

    def cover(self, seat: str, slug: str, **extra: Any) -> str:
        self.to_actions()
        self.send(seat, "deploy_cover", slug=slug, **extra)
        return self.newest()

    def pass_turn(self) -> None:
        """The active seat ends its actions and its turn; the next seat reaches its Action step."""
        self.to_actions()
        if self.state.turn.phase == "actions":
            self.send(self.active, "end_actions")
        self.send(self.active, "end_turn")
        self.to_actions()

    def attack(self, attacker: str, defender: str, tactic: str = "fight") -> Applied:
        seat = self.state.cards[attacker].owner
        return self.send(seat, "attack", attacker=self.h(attacker, seat), defender=self.h(defender, seat),
                         tactic=tactic)

    def pass_combat(self) -> None:
        while self.state.window is not None:
            self.send(self.state.window.priority, "pass")

    def ready_to_fight(self) -> None:
        """Both first turns over, s1 in its second Action step (DT-ATK-01)."""
        self.pass_turn()
        self.pass_turn()

"""The state of a live table: seats, zones of cards, counters, the turn, facts, hidden roll chains.

Plain dataclasses with ``to_dict``/``from_dict``, so the Django side stores the state as JSON
(the session's snapshot) and rebuilds it exactly. ``data`` is the game system's own part.
The state never leaves the engine as it is: :func:`referee.engine.live.views.redact` and the
system's ``view_for`` decide what a viewer gets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.engine.sealed import Decision

#: Zone policies: who sees the cards in a zone (and their order).
PUBLIC = "public"  # everyone sees its face-up cards; face-down ones only by who knows them
OWNER = "owner"  # its owner sees the cards; the others see how many
NOBODY = "nobody"  # nobody sees the cards or their order (a library); everyone sees the count
SEALED_ZONE = "sealed"  # nobody sees anything, not even the count, until the table closes
POLICIES = (PUBLIC, OWNER, NOBODY, SEALED_ZONE)

PLAYER, GM, OBSERVER = "player", "gm", "observer"


@dataclass
class Card:
    """One physical card at the table. ``known_to`` only grows (seat keys, or ``"*"`` for everyone)."""

    id: str
    card: str  # its definition's slug ("" when the server does not know it)
    owner: str
    zone: str
    face_up: bool = True
    known_to: set[str] = field(default_factory=set)
    epoch: int = 0  # bumped whenever the card enters a hidden place: its handles are drawn anew
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "card": self.card, "owner": self.owner, "zone": self.zone, "face_up": self.face_up,
            "known_to": sorted(self.known_to), "epoch": self.epoch, "data": self.data,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Card:
        return cls(
            id=raw["id"], card=raw["card"], owner=raw["owner"], zone=raw["zone"], face_up=raw["face_up"],
            known_to=set(raw["known_to"]), epoch=raw["epoch"], data=dict(raw["data"]),
        )


@dataclass
class Zone:
    """An ordered place for cards (index 0 is the top of a pile)."""

    key: str
    owner: str  # "" for a shared zone
    policy: str
    cards: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "owner": self.owner, "policy": self.policy, "cards": list(self.cards)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Zone:
        return cls(raw["key"], raw["owner"], raw["policy"], list(raw["cards"]))


@dataclass
class Counter:
    """A number with a floor (and optional cap): a fate bank, victory points, bennies, a pool (a sink).

    ``private``: only its owner (and a seated GM who sees hidden state) may read it (Savage
    Worlds bennies, AD-ROLL-05); everyone else's view leaves it out altogether.
    """

    key: str
    value: int = 0
    floor: int | None = 0
    cap: int | None = None
    owner: str = ""
    private: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "value": self.value, "floor": self.floor, "cap": self.cap, "owner": self.owner,
                "private": self.private}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Counter:
        return cls(**raw)


@dataclass
class Turn:
    """Whose turn it is and in which phase; ``taken`` counts each seat's turns begun before this one."""

    order: list[str] = field(default_factory=list)
    index: int = 0
    phase: str = ""
    number: int = 0
    taken: dict[str, int] = field(default_factory=dict)

    @property
    def active(self) -> str:
        return self.order[self.index] if self.order else ""

    def to_dict(self) -> dict[str, Any]:
        return {"order": self.order, "index": self.index, "phase": self.phase, "number": self.number,
                "taken": self.taken}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Turn:
        return cls(list(raw["order"]), raw["index"], raw["phase"], raw["number"], dict(raw["taken"]))


@dataclass
class Window:
    """A priority window: each participant plays or passes in turn until all pass in a row."""

    key: str
    participants: list[str]
    current: int = 0
    passes: int = 0
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def priority(self) -> str:
        return self.participants[self.current]

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "participants": self.participants, "current": self.current,
                "passes": self.passes, "data": self.data}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Window:
        return cls(raw["key"], list(raw["participants"]), raw["current"], raw["passes"], dict(raw["data"]))


@dataclass
class Fact:
    """A table fact a seat entered (a range band, cover, base contact), which another seat may dispute."""

    key: str
    value: Any
    entered_by: str
    status: str = "agreed"  # or "disputed"
    disputed_by: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "value": self.value, "entered_by": self.entered_by, "status": self.status,
                "disputed_by": self.disputed_by}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Fact:
        return cls(**raw)


@dataclass
class RerollChain:
    """A hidden roll and its rerolls: seen by its owner only until announced."""

    key: str
    owner: str
    notation: str
    rule: str
    budget: str  # the counter each reroll spends (bennies); "" for none
    rolls: list[dict[str, Any]] = field(default_factory=list)
    chosen: int = -1
    status: str = "open"  # open -> final -> announced

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "owner": self.owner, "notation": self.notation, "rule": self.rule,
                "budget": self.budget, "rolls": self.rolls, "chosen": self.chosen, "status": self.status}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> RerollChain:
        return cls(**raw)


@dataclass
class TableState:
    """Everything about one live table. ``seats``: seat key -> role; ``key``: the handle secret (hex)."""

    system: str
    seats: dict[str, str]
    key: str
    settings: dict[str, Any] = field(default_factory=dict)
    status: str = "playing"  # playing -> ended
    sees_hidden: list[str] = field(default_factory=list)  # seated GMs the table lets see hidden cards
    zones: dict[str, Zone] = field(default_factory=dict)
    cards: dict[str, Card] = field(default_factory=dict)
    counters: dict[str, Counter] = field(default_factory=dict)
    turn: Turn = field(default_factory=Turn)
    window: Window | None = None
    facts: dict[str, Fact] = field(default_factory=dict)
    chains: dict[str, RerollChain] = field(default_factory=dict)
    decisions: dict[str, Decision] = field(default_factory=dict)
    outcome: dict[str, Any] | None = None
    next_card: int = 1
    data: dict[str, Any] = field(default_factory=dict)
    #: The table's pinned rules (its system's typed pack): never stored, set by whoever loads the state.
    rules: Any = field(default=None, compare=False, repr=False)

    @property
    def players(self) -> list[str]:
        return [s for s, role in self.seats.items() if role == PLAYER]

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": self.system, "seats": self.seats, "key": self.key, "settings": self.settings,
            "status": self.status, "sees_hidden": self.sees_hidden,
            "zones": {k: z.to_dict() for k, z in self.zones.items()},
            "cards": {k: c.to_dict() for k, c in self.cards.items()},
            "counters": {k: c.to_dict() for k, c in self.counters.items()},
            "turn": self.turn.to_dict(), "window": self.window.to_dict() if self.window else None,
            "facts": {k: f.to_dict() for k, f in self.facts.items()},
            "chains": {k: c.to_dict() for k, c in self.chains.items()},
            "decisions": {k: d.to_dict() for k, d in self.decisions.items()},
            "outcome": self.outcome, "next_card": self.next_card, "data": self.data,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> TableState:
        import copy

        raw = copy.deepcopy(dict(raw))
        return cls(
            system=raw["system"], seats=dict(raw["seats"]), key=raw["key"], settings=raw["settings"],
            status=raw["status"], sees_hidden=list(raw["sees_hidden"]),
            zones={k: Zone.from_dict(z) for k, z in raw["zones"].items()},
            cards={k: Card.from_dict(c) for k, c in raw["cards"].items()},
            counters={k: Counter.from_dict(c) for k, c in raw["counters"].items()},
            turn=Turn.from_dict(raw["turn"]),
            window=Window.from_dict(raw["window"]) if raw["window"] else None,
            facts={k: Fact.from_dict(f) for k, f in raw["facts"].items()},
            chains={k: RerollChain.from_dict(c) for k, c in raw["chains"].items()},
            decisions={k: Decision.from_dict(d) for k, d in raw["decisions"].items()},
            outcome=raw["outcome"], next_card=raw["next_card"], data=raw["data"],
        )

    def copy(self) -> TableState:
        out = TableState.from_dict(self.to_dict())
        out.rules = self.rules
        return out

"""The intrigue game's state (spec §1) as plain dataclasses with JSON round trips.

Info holdings live in one map keyed by ``(holder, subject)`` so that any player's
knowledge about any other is one lookup. A holder is a player id, or a companion id
when companions keep their own holdings (GAP-01); companion ids are unique in a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

STATS = ("magic", "shadow", "might", "influence")
HEALTHY, WOUNDED, DEAD = "healthy", "wounded", "dead"
ALIVE, OUT = "alive", "out"
COUNTERS = ("none", "per_week", "single_use")


@dataclass(slots=True)
class Companion:
    """A companion: health, traits, and (GAP-01) its own stats and ingredients if it has any."""

    id: str
    name: str = ""
    health: str = HEALTHY
    dangerous: bool = False
    familiar: bool = False
    stats: dict[str, int] = field(default_factory=dict)
    ingredients: list[str] = field(default_factory=list)

    @property
    def alive(self) -> bool:
        return self.health != DEAD

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "health": self.health,
            "dangerous": self.dangerous,
            "familiar": self.familiar,
            "stats": dict(self.stats),
            "ingredients": list(self.ingredients),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Companion:
        health = str(d.get("health", HEALTHY))
        if health not in (HEALTHY, WOUNDED, DEAD):
            raise ValueError(f"companion {d.get('id')}: unknown health {health!r}")
        return cls(
            id=str(d["id"]),
            name=str(d.get("name", "")),
            health=health,
            dangerous=bool(d.get("dangerous", False)),
            familiar=bool(d.get("familiar", False)),
            stats={k: int(v) for k, v in dict(d.get("stats", {})).items()},
            ingredients=[str(i) for i in d.get("ingredients", [])],
        )


@dataclass(slots=True)
class Ability:
    """An ability with its counter: ``uses`` allowed per week (``per_week``) or ever (``single_use``).

    ``effect`` is what the engine applies itself: ``relocate_shelter`` invalidates every
    holding about the owner (WM-ABL-02); ``narrative`` is applied by the GM.
    """

    id: str
    name: str = ""
    counter: str = "none"
    uses: int = 1
    used: int = 0
    effect: str = "narrative"

    @property
    def available(self) -> bool:
        return self.counter == "none" or self.used < self.uses

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "counter": self.counter,
            "uses": self.uses,
            "used": self.used,
            "effect": self.effect,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Ability:
        counter = str(d.get("counter", "none"))
        if counter not in COUNTERS:
            raise ValueError(f"ability {d.get('id')}: unknown counter {counter!r}")
        return cls(
            id=str(d["id"]),
            name=str(d.get("name", "")),
            counter=counter,
            uses=int(d.get("uses", 1)),
            used=int(d.get("used", 0)),
            effect=str(d.get("effect", "narrative")),
        )


@dataclass(slots=True)
class Player:
    """A player character (spec §1). ``status``: alive, dead or out; ``ever_out`` sticks."""

    id: str
    name: str = ""
    magic: int = 0
    shadow: int = 0
    might: int = 0
    influence: int = 0
    preparedness: int = 1
    debt: int = 0
    xp: int = 0
    abilities: list[Ability] = field(default_factory=list)
    ingredients: list[str] = field(default_factory=list)
    artifacts: list[str] = field(default_factory=list)
    companions: list[Companion] = field(default_factory=list)
    status: str = ALIVE
    ever_out: bool = False
    knows_ritual_location: bool = False
    ritual_source: str = ""  # "computed" or "exchange"

    @property
    def active(self) -> bool:
        """Alive and in the Game: may act, may be picked at random."""
        return self.status == ALIVE

    def stat(self, name: str) -> int:
        return int(getattr(self, name))

    def companion(self, cid: str) -> Companion | None:
        return next((c for c in self.companions if c.id == cid), None)

    def living_companions(self) -> list[Companion]:
        return [c for c in self.companions if c.alive]

    def ability(self, aid: str) -> Ability | None:
        return next((a for a in self.abilities if a.id == aid), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            **{s: getattr(self, s) for s in STATS},
            "preparedness": self.preparedness,
            "debt": self.debt,
            "xp": self.xp,
            "abilities": [a.to_dict() for a in self.abilities],
            "ingredients": list(self.ingredients),
            "artifacts": list(self.artifacts),
            "companions": [c.to_dict() for c in self.companions],
            "status": self.status,
            "ever_out": self.ever_out,
            "knows_ritual_location": self.knows_ritual_location,
            "ritual_source": self.ritual_source,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Player:
        status = str(d.get("status", ALIVE))
        if status not in (ALIVE, DEAD, OUT):
            raise ValueError(f"player {d.get('id')}: unknown status {status!r}")
        return cls(
            id=str(d["id"]),
            name=str(d.get("name", "")),
            **{s: int(d.get(s, 0)) for s in STATS},
            preparedness=int(d.get("preparedness", 1)),
            debt=int(d.get("debt", 0)),
            xp=int(d.get("xp", 0)),
            abilities=[Ability.from_dict(a) for a in d.get("abilities", [])],
            ingredients=[str(i) for i in d.get("ingredients", [])],
            artifacts=[str(i) for i in d.get("artifacts", [])],
            companions=[Companion.from_dict(c) for c in d.get("companions", [])],
            status=status,
            ever_out=bool(d.get("ever_out", False)),
            knows_ritual_location=bool(d.get("knows_ritual_location", False)),
            ritual_source=str(d.get("ritual_source", "")),
        )


@dataclass(slots=True)
class InfoHolding:
    """Info(holder -> subject): ``count`` 0..cap, the week each level came, ``valid`` (WM-ABL-02)."""

    holder: str
    subject: str
    count: int = 0
    gained: list[int] = field(default_factory=list)
    valid: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {
            "holder": self.holder,
            "subject": self.subject,
            "count": self.count,
            "gained": list(self.gained),
            "valid": self.valid,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> InfoHolding:
        return cls(
            holder=str(d["holder"]),
            subject=str(d["subject"]),
            count=int(d.get("count", 0)),
            gained=[int(w) for w in d.get("gained", [])],
            valid=bool(d.get("valid", True)),
        )


@dataclass(slots=True)
class Promise:
    """A service promised in an Exchange (WM-EXCH-02): binding; the GM enforces it."""

    promiser: str
    beneficiary: str
    service: str
    week: int
    fulfilled: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "promiser": self.promiser,
            "beneficiary": self.beneficiary,
            "service": self.service,
            "week": self.week,
            "fulfilled": self.fulfilled,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Promise:
        return cls(
            promiser=str(d["promiser"]),
            beneficiary=str(d["beneficiary"]),
            service=str(d["service"]),
            week=int(d["week"]),
            fulfilled=bool(d.get("fulfilled", False)),
        )


@dataclass(slots=True)
class WeekLedger:
    """What this week's resolution has done so far, kept in the state so a resumed run agrees.

    ``help_used``: help entry id -> the move it helped. ``exchanges``: exchange entry ids
    already carried out. ``applied``: actor -> intents applied this week (WM-TRB-02).
    """

    help_used: dict[str, str] = field(default_factory=dict)
    exchanges: list[str] = field(default_factory=list)
    applied: dict[str, list[str]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "help_used": dict(self.help_used),
            "exchanges": list(self.exchanges),
            "applied": {k: list(v) for k, v in self.applied.items()},
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> WeekLedger:
        return cls(
            help_used={str(k): str(v) for k, v in dict(d.get("help_used", {})).items()},
            exchanges=[str(x) for x in d.get("exchanges", [])],
            applied={str(k): [str(x) for x in v] for k, v in dict(d.get("applied", {})).items()},
        )


@dataclass(slots=True)
class GameState:
    """The whole game: week, status, players, every info holding, promises, the GM's queue."""

    week: int = 1
    status: str = "open"
    players: dict[str, Player] = field(default_factory=dict)
    info: dict[tuple[str, str], InfoHolding] = field(default_factory=dict)
    promises: list[Promise] = field(default_factory=list)
    queue: list[str] = field(default_factory=list)
    ledger: WeekLedger = field(default_factory=WeekLedger)

    def player(self, pid: str) -> Player:
        return self.players[pid]

    def owner_of(self, cid: str) -> Player | None:
        for p in self.players.values():
            if p.companion(cid) is not None:
                return p
        return None

    def holding(self, holder: str, subject: str) -> InfoHolding | None:
        return self.info.get((holder, subject))

    def to_dict(self) -> dict[str, Any]:
        return {
            "week": self.week,
            "status": self.status,
            "players": [p.to_dict() for p in self.players.values()],
            "info": [h.to_dict() for h in self.info.values()],
            "promises": [p.to_dict() for p in self.promises],
            "queue": list(self.queue),
            "ledger": self.ledger.to_dict(),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameState:
        players = [Player.from_dict(p) for p in d.get("players", [])]
        holdings = [InfoHolding.from_dict(h) for h in d.get("info", [])]
        state = cls(
            week=int(d.get("week", 1)),
            status=str(d.get("status", "open")),
            players={p.id: p for p in players},
            info={(h.holder, h.subject): h for h in holdings},
            promises=[Promise.from_dict(p) for p in d.get("promises", [])],
            queue=[str(q) for q in d.get("queue", [])],
            ledger=WeekLedger.from_dict(d.get("ledger", {})),
        )
        ids = [c.id for p in players for c in p.companions]
        if len(ids) != len(set(ids)):
            raise ValueError("companion ids must be unique in a game")
        return state

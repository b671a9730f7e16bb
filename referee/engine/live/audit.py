"""The close audit: replay every pile's order from the sealed trail and check every draw and deal.

A correct shuffle alone does not prove honest dealing (LIVE-TABLES §3): the audit rebuilds
each zone's order from the sealed events (``deck.built``, ``card.entered``, ``card.moved``,
``deck.shuffled``), applying each shuffle's permutation as the ledger's recomputed roll gives
it, and checks that each moved card was where the trail says it was taken from (a draw is a
move from index 0, the top), that each shuffle's result is the order the table went on with,
and that each shuffle's label names the hash of the pile it shuffled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.engine.dice import shuffled
from referee.engine.live.zones import deck_hash
from referee.engine.rolls import Roll


@dataclass(frozen=True)
class AuditProblem:
    seq: int
    message: str

    def __str__(self) -> str:
        return f"event #{self.seq}: {self.message}"


@dataclass
class AuditReport:
    shuffles: int = 0
    moves: int = 0
    problems: list[AuditProblem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class TrailEvent:
    seq: int
    group: int
    code: str
    data: Mapping[str, Any]


def audit_trail(events: Iterable[TrailEvent], rolls_of: Callable[[int], list[Roll]]) -> AuditReport:
    """Check the trail; ``rolls_of(group)`` gives that command group's rolls as the ledger recomputes them."""
    report = AuditReport()
    zones: dict[str, list[str]] = {}
    slugs: dict[str, str] = {}

    def problem(event: TrailEvent, message: str) -> None:
        report.problems.append(AuditProblem(event.seq, message))

    for event in events:
        data = event.data
        if event.code == "deck.built":
            zones.setdefault(data["zone"], []).extend(data["cards"])
            slugs.update(zip(data["cards"], data["slugs"], strict=True))
        elif event.code == "card.entered":
            zones.setdefault(data["to"], []).insert(int(data["index"]), data["card"])
            slugs[data["card"]] = data["card_slug"]
        elif event.code == "card.moved":
            report.moves += 1
            source = zones.setdefault(data["from"], [])
            index = int(data["index_from"])
            if index >= len(source) or source[index] != data["card"]:
                problem(event, f"{data['card']} was not at place {index + 1} of {data['from']} when it was taken")
                continue
            if slugs.get(data["card"], data.get("card_slug")) != data.get("card_slug"):
                problem(event, f"{data['card']} is not the card the deck list put there")
                continue
            source.pop(index)
            zones.setdefault(data["to"], []).insert(int(data["index_to"]), data["card"])
        elif event.code == "deck.shuffled":
            report.shuffles += 1
            pile = zones.setdefault(data["zone"], [])
            rolls = rolls_of(event.group)
            index = int(data["roll"])
            if index >= len(rolls):
                problem(event, f"the shuffle of {data['zone']} has no roll in the ledger")
                continue
            made = rolls[index]
            if deck_hash([slugs.get(c, "") for c in pile]) not in made.label:
                problem(event, f"the shuffle of {data['zone']} was not of the pile the table held")
                continue
            try:
                order = shuffled(pile, made.kept)
            except ValueError as exc:
                problem(event, f"the shuffle of {data['zone']} does not fit its pile: {exc}")
                continue
            if order != list(data["order"]):
                problem(event, f"{data['zone']} did not go on in the order its shuffle gave")
                continue
            zones[data["zone"]] = order
    return report

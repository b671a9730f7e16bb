"""Decisions: the choices the rules leave to a player, a captor or the organiser.

A :class:`DecisionRequest` lists its questions and their options; where an option
needs no further dice, it carries the effects it applies. ``resolve_decision``
checks an answer against the options and turns it into effects, follow-up
decisions and any rolls the answer calls for (a lost pit fight, a kept die to
re-roll). Everything here round-trips through plain dicts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.engine.rolls import Roll, Roller, roll_from_dict, roll_to_dict
from referee.engine.systems.mordheim.effects import Effect, effects_from_list, effects_to_list
from referee.engine.systems.mordheim.state import MordheimSettings, WarbandSnapshot
from referee.engine.systems.mordheim.tables.book import MordheimTables

PLAYER = "player"
CAPTOR = "captor"
ORGANISER = "organiser"

ANSWER_UNKNOWN_QUESTION = "The answer names a question this decision does not ask."
ANSWER_MISSING_QUESTION = "Every question of this decision needs an answer."
ANSWER_WRONG_COUNT = "Pick exactly {pick} option(s) for {question}."
ANSWER_NOT_AN_OPTION = "{value!r} is not one of the options for {question}."
ANSWER_REPEATED = "Each option may be picked only once for {question}."
ANSWER_WRONG_TYPE = "Answer {question} with an option's value or a list of them, not {kind}."


class DecisionError(ValueError):
    """An answer that does not fit the decision; the message tells the user why."""


@dataclass(frozen=True, slots=True)
class Option:
    value: str
    label: str = ""
    effects: tuple[Effect, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "label": self.label, "effects": effects_to_list(self.effects)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Option:
        return cls(
            str(raw["value"]), str(raw.get("label", "")), effects_from_list(list(raw.get("effects", ())))
        )


@dataclass(frozen=True, slots=True)
class Question:
    """Pick ``pick`` values among ``options`` (all different unless ``distinct`` is false)."""

    name: str
    options: tuple[Option, ...]
    pick: int = 1
    distinct: bool = True

    def option(self, value: str) -> Option | None:
        return next((o for o in self.options if o.value == value), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "options": [o.to_dict() for o in self.options],
            "pick": self.pick,
            "distinct": self.distinct,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Question:
        return cls(
            str(raw["name"]),
            tuple(Option.from_dict(o) for o in raw["options"]),
            int(raw.get("pick", 1)),
            bool(raw.get("distinct", True)),
        )


@dataclass(frozen=True, slots=True)
class DecisionRequest:
    """A pending choice. ``warband`` is the warband whose player (or captor) answers."""

    id: str
    kind: str
    warband: str
    warrior: str | None
    chooser: str
    rule: str
    questions: tuple[Question, ...]
    context: Mapping[str, Any] = field(default_factory=dict, compare=True, hash=False)

    @property
    def options(self) -> tuple[Option, ...]:
        """The options of the first (usually only) question."""
        return self.questions[0].options

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "warband": self.warband,
            "warrior": self.warrior,
            "chooser": self.chooser,
            "rule": self.rule,
            "questions": [q.to_dict() for q in self.questions],
            "context": dict(self.context),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> DecisionRequest:
        return cls(
            id=str(raw["id"]),
            kind=str(raw["kind"]),
            warband=str(raw["warband"]),
            warrior=raw.get("warrior"),
            chooser=str(raw["chooser"]),
            rule=str(raw["rule"]),
            questions=tuple(Question.from_dict(q) for q in raw["questions"]),
            context=dict(raw.get("context", {})),
        )


def single(
    *,
    id: str,
    kind: str,
    warband: str,
    warrior: str | None,
    rule: str,
    options: Sequence[Option],
    chooser: str = PLAYER,
    context: Mapping[str, Any] | None = None,
    pick: int = 1,
    distinct: bool = True,
) -> DecisionRequest:
    """A decision with one question named ``choice``."""
    return DecisionRequest(
        id,
        kind,
        warband,
        warrior,
        chooser,
        rule,
        (Question("choice", tuple(options), pick, distinct),),
        dict(context or {}),
    )


Answer = Mapping[str, tuple[str, ...]]


def normalise_answer(request: DecisionRequest, answer: str | Sequence[str] | Mapping[str, Any]) -> Answer:
    """Check ``answer`` against the options. A bare value or list answers the only question."""
    if not isinstance(answer, Mapping):
        answer = {request.questions[0].name: answer}
    names = {q.name for q in request.questions}
    if set(answer) - names:
        raise DecisionError(ANSWER_UNKNOWN_QUESTION)
    out: dict[str, tuple[str, ...]] = {}
    for q in request.questions:
        if q.name not in answer:
            raise DecisionError(ANSWER_MISSING_QUESTION)
        values = _option_values(answer[q.name], q.name)
        if len(values) != q.pick:
            raise DecisionError(ANSWER_WRONG_COUNT.format(pick=q.pick, question=q.name))
        for v in values:
            if q.option(v) is None:
                raise DecisionError(ANSWER_NOT_AN_OPTION.format(value=v, question=q.name))
        if q.distinct and len(set(values)) != len(values):
            raise DecisionError(ANSWER_REPEATED.format(question=q.name))
        out[q.name] = values
    return out


def _option_value(raw: Any, question: str) -> str:
    # Options are strings; a whole number (a phone sending an id as a number) stands for its digits.
    if isinstance(raw, str):
        return raw
    if isinstance(raw, int) and not isinstance(raw, bool):
        return str(raw)
    kind = "null" if raw is None else type(raw).__name__
    raise DecisionError(ANSWER_WRONG_TYPE.format(question=question, kind=kind))


def _option_values(raw: Any, question: str) -> tuple[str, ...]:
    """One value or a list of values, each a string (or a whole number); anything else is refused."""
    if isinstance(raw, list | tuple):
        return tuple(_option_value(v, question) for v in raw)
    return (_option_value(raw, question),)


@dataclass(frozen=True)
class Context:
    """What a handler may use: the warbands as they stand now, the tables, rulings, dice."""

    warbands: tuple[WarbandSnapshot, ...]
    tables: MordheimTables
    settings: MordheimSettings
    roller: Roller
    #: Advance records (``AdvanceRecord.to_dict()``) the handlers made, so every advance is recorded.
    advances: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Resolution:
    """An answered decision: its effects, the decisions it opens, the rolls it made, and the advances
    rolled for it (``AdvanceRecord.to_dict()``: a promoted Hero's roll, advances for XP it granted)."""

    decision: str
    answer: Answer
    effects: tuple[Effect, ...]
    decisions: tuple[DecisionRequest, ...] = ()
    rolls: tuple[Roll, ...] = ()
    advances: tuple[Mapping[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "decision": self.decision,
            "answer": {k: list(v) for k, v in self.answer.items()},
            "effects": effects_to_list(self.effects),
            "decisions": [d.to_dict() for d in self.decisions],
            "rolls": [roll_to_dict(r) for r in self.rolls],
            "advances": [dict(a) for a in self.advances],
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Resolution:
        return cls(
            str(raw["decision"]),
            {k: tuple(v) for k, v in raw["answer"].items()},
            effects_from_list(raw["effects"]),
            tuple(DecisionRequest.from_dict(d) for d in raw["decisions"]),
            tuple(roll_from_dict(r) for r in raw["rolls"]),
            tuple(raw.get("advances", ())),
        )


Handled = tuple[list[Effect], list[DecisionRequest]]
Handler = Callable[[DecisionRequest, Answer, Context], Handled]
def chosen_effects(request: DecisionRequest, answer: Answer) -> list[Effect]:
    """The effects carried by the chosen options, question by question."""
    out: list[Effect] = []
    for q in request.questions:
        for v in answer[q.name]:
            opt = q.option(v)
            if opt is not None:
                out.extend(opt.effects)
    return out

"""What a sealed-moves week is made of: move types, submitted moves, events, decisions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

#: Result statuses. ``resolved``: applied. ``invalid``: failed its rules check and was not
#: applied. ``lost``: invalid at resolution and no replacement came (WM-ABL-02). ``void``:
#: nothing to do (help never used, exchange without a partner). ``deferred``: will take
#: effect at a later entry (the second half of an exchange). ``awaiting``: paused for a decision.
RESULT_STATUSES = ("resolved", "invalid", "lost", "void", "deferred", "awaiting")


class _Plain:
    """``to_dict``/``from_dict`` for a dataclass whose fields are JSON values already."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


@dataclass(frozen=True, slots=True)
class MoveError(_Plain):
    """Why a move cannot be accepted: a stable ``code`` for clients, and a message for people."""

    code: str
    message: str
    field: str = ""


@dataclass(frozen=True, slots=True)
class MoveType:
    """A kind of move a system offers: ``category`` is ``move`` (limited per week) or ``free``."""

    slug: str
    category: str
    names: Mapping[str, str]
    rules: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "slug": self.slug,
            "category": self.category,
            "names": dict(self.names),
            "rules": [*self.rules],
        }


@dataclass(slots=True)
class Move(_Plain):
    """One submission: ``player`` is its author; ``seq`` orders submissions in time."""

    id: str
    player: str
    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    seq: int = 0


@dataclass(slots=True)
class Event:
    """One observable fact from a resolution, with who may see it (plus the GM)."""

    code: str
    rule: str
    visible_to: frozenset[str]
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "rule": self.rule,
            "visible_to": sorted(self.visible_to),
            "data": self.data,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        return cls(
            code=str(data["code"]),
            rule=str(data.get("rule", "")),
            visible_to=frozenset(data.get("visible_to", ())),
            data=dict(data.get("data", {})),
        )

    def visible(self, viewer: str, *, is_gm: bool = False) -> bool:
        return is_gm or viewer in self.visible_to


@dataclass(slots=True)
class Decision(_Plain):
    """A choice the engine cannot make alone. ``player`` empty means the GM decides.

    ``key`` is stable across replays of the same entry: answer it in ``decisions[key]``.
    ``context`` holds what the decider may see to choose (a stash list shown to a spy).
    """

    key: str
    player: str
    kind: str
    options: list[Any]
    rule: str = ""
    context: dict[str, Any] = field(default_factory=dict)

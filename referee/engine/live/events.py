"""Events: what a command made happen, with who may see it (LIVE-TABLES §2).

An event has a ``code``, the rule ID it applies, an ``audience`` and ``data``. The audience
is ``("*",)`` for everyone at the table, ``("sealed",)`` for nobody until the table closes
(the audit trail of deck orders and deals), or the seat keys that may see it. A card named
in ``data`` is a *reference* (:func:`card_ref`), rendered per viewer by :func:`render`:
the viewer's opaque handle, plus the card's identity only if that viewer knew it when the
event happened. So a stored event reads the same to its viewer forever, and never shows
a card to someone who did not know it.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

EVERYONE = "*"
SEALED = "sealed"
_REF = "$card"
_COMMAND = "$command"


@dataclass(frozen=True, slots=True)
class Event:
    code: str
    rule: str = ""
    audience: tuple[str, ...] = (EVERYONE,)
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "rule": self.rule, "audience": list(self.audience), "data": dict(self.data)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Event:
        return cls(
            code=str(raw["code"]),
            rule=str(raw.get("rule", "")),
            audience=tuple(raw.get("audience", (EVERYONE,))),
            data=dict(raw.get("data", {})),
        )


def public(code: str, rule: str = "", **data: Any) -> Event:
    return Event(code, rule, (EVERYONE,), data)


def private(code: str, seats: tuple[str, ...] | list[str], rule: str = "", **data: Any) -> Event:
    return Event(code, rule, tuple(sorted(set(seats))), data)


def sealed(code: str, rule: str = "", **data: Any) -> Event:
    return Event(code, rule, (SEALED,), data)


def audience_sees(audience: tuple[str, ...] | list[str], seat: str, *, closed: bool = False) -> bool:
    """Whether ``seat`` sees an event with this audience (sealed ones only once the table is closed)."""
    if SEALED in audience:
        return closed
    return EVERYONE in audience or seat in audience


def handle(key: str, viewer: str, card_id: str, epoch: int) -> str:
    """The opaque name ``viewer`` knows card ``card_id`` by, until it next enters a hidden zone.

    An HMAC under the table's secret key: it tells two cards apart only where the viewer
    could tell them apart at the table, and is drawn anew (``epoch``) whenever the card is
    hidden again, so a card cannot be followed through a shuffle or a hand.
    """
    mac = hmac.new(bytes.fromhex(key), f"{viewer}|{card_id}|{epoch}".encode(), hashlib.sha256)
    return "h" + mac.hexdigest()[:15]


def command_handle(key: str, viewer: str, command: int) -> str:
    """The opaque name ``viewer`` knows one of the table's commands by: the same in every event and roll of
    that command it is shown, and saying nothing of how many commands it is not shown."""
    mac = hmac.new(bytes.fromhex(key), f"command|{viewer}|{command}".encode(), hashlib.sha256)
    return "g" + mac.hexdigest()[:15]


def command_ref(command: int) -> dict[str, Any]:
    """A reference to a command of the table (an undo or amend names it), rendered as the viewer's handle."""
    return {_COMMAND: int(command)}


def card_ref(card: Any) -> dict[str, Any]:
    """A reference to ``card`` (a :class:`~referee.engine.live.zones.Card`) as it is known right now."""
    return {_REF: card.id, "epoch": card.epoch, "known": sorted(card.known_to), "card": card.card}


def knows(known: list[str] | tuple[str, ...] | set[str], viewer: str, *, sees_hidden: bool = False) -> bool:
    return sees_hidden or EVERYONE in known or viewer in known


def render(data: Any, *, key: str, viewer: str, sees_hidden: bool = False) -> Any:
    """``data`` as ``viewer`` may read it: every card reference becomes a handle (and identity if known)."""
    if isinstance(data, Mapping):
        if _COMMAND in data:
            return command_handle(key, viewer, int(data[_COMMAND]))
        if _REF in data:
            out: dict[str, Any] = {"handle": handle(key, viewer, data[_REF], int(data["epoch"]))}
            if knows(data["known"], viewer, sees_hidden=sees_hidden) and data["card"]:
                out["card"] = data["card"]
            return out
        return {k: render(v, key=key, viewer=viewer, sees_hidden=sees_hidden) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [render(v, key=key, viewer=viewer, sees_hidden=sees_hidden) for v in data]
    return data

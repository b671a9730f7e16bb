"""Skirmish (Dead Man's Hand) cases through the table API: Bob's lawman against Carol's outlaw, one each.

The shuffles and the deal are the table's own (the runner's fixed sequence, not scripted): who
activates first is read from the table. So steps name ``@up`` (the player whose character is up) and
``@other``, and payloads ``$up`` (the character up) and ``$other`` (the enemy character); ``settle: true``
answers the turn's placement decisions as the players would (no swap, ties in list order).
"""

from __future__ import annotations

import itertools
from typing import Any

from tests.casebook.cases import Case
from tests.casebook.dice import CaseDice
from tests.casebook.players.tables import Table, play_table
from tests.support.world import World

SEATS = {"bob": "s1", "carol": "s2"}
_keys = itertools.count(1)


def _sk(table: Table) -> dict[str, Any]:
    sk: dict[str, Any] = table.view("bob")["game"]["skirmish"]
    return sk


def _owner(table: Table, cid: str) -> str:
    side = next(c for c in _sk(table)["characters"] if c["id"] == cid)["side"]
    return next(who for who, seat in SEATS.items() if side in (seat, who) or side == seat)


def _up(table: Table) -> str:
    return str(_sk(table)["up"])


def _other(table: Table) -> str:
    up = _up(table)
    return str(next(c["id"] for c in _sk(table)["characters"] if c["id"] != up and _owner(table, c["id"])
                    != _owner(table, up)))


def _resolve(table: Table, who: str, ref: str) -> Any:
    return {"up": _up, "other": _other}[ref](table) if ref in ("up", "other") else None


def _who(table: Table, who: str) -> str:
    if who == "@up":
        return _owner(table, _up(table))
    if who == "@other":
        return _owner(table, _other(table))
    return who


def _close_window(table: Table) -> None:
    """Everyone with priority in the open response window passes, until it closes."""
    for _ in range(10):
        window = table.view("bob")["game"]["window"]
        if window is None:
            return
        who = next(w for w, seat in SEATS.items() if seat == window["priority"])
        table.post(who, table.url("commands/pass/"), {"payload": {}}, 200, HTTP_IDEMPOTENCY_KEY=f"window-{next(_keys)}")
    raise AssertionError("the response window did not close")


def _special(table: Table, step: dict[str, Any]) -> bool:
    if step.get("close_window"):
        _close_window(table)
        return True
    if not step.get("settle"):
        return False
    for who in SEATS:
        for decision in table.clients[who].get(table.url("decisions/")).json():
            payload = ({"key": decision["key"], "choice": "decline"} if decision["kind"] == "swap"
                       else {"key": decision["key"], "order": decision["options"]})
            table.post(who, table.url("commands/decide/"), {"payload": payload}, 200,
                       HTTP_IDEMPOTENCY_KEY=f"settle-{decision['key']}")
    return True


def play(case: Case, world: World, dice: CaseDice) -> None:
    play_table(case, world, resolve=_resolve, special=_special, who=_who)

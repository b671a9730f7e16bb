"""Arena duel (Savage Worlds) cases through the table API: Gina the GM makes both characters and opens the
table, Bob (s2) and Carol (s3) join with them and fight; every roll is the table's, its faces scripted per
rule ID. ``$contest:<kind>`` is the latest contest of that kind, ``$roll:<kind>`` the sender's own roll in it,
``$persuasion:<who>`` that fighter's latest Persuasion roll, ``$character:<who>`` the character made for them.

Expected, besides ``values``: ``contests: {gambling: {status: decided, winner: carol, winner_total: 5}}``
(the latest contest of the kind, from the GM's view) and ``fighters: {bob: {bennies: 1}}`` (each fighter's
own view).
"""

from __future__ import annotations

import itertools
from typing import Any

from tests.casebook.cases import Case
from tests.casebook.dice import CaseDice
from tests.casebook.players.common import check_subset
from tests.casebook.players.tables import Table, play_table
from tests.support.world import World

SEATS = {"gina": "s1", "bob": "s2", "carol": "s3"}
WHO = {seat: who for who, seat in SEATS.items()}
_keys = itertools.count(1)


def _sheet(changes: dict[str, Any]) -> dict[str, Any]:
    base: dict[str, Any] = {
        "charisma": 0, "arcane": "",
        "attributes": {"agility": 8, "smarts": 6, "spirit": 6, "strength": 8, "vigor": 6},
        "skills": {"fighting": 8, "notice": 6, "gambling": 6, "persuasion": 6, "stealth": 6, "intimidation": 6,
                   "taunt": 6, "knowledge_magic": 6, "healing": 6},
        "edges": [], "hindrances": [], "power_points": 0, "max_power_points": 0, "poison_vials": 0,
    }
    for key, value in changes.items():
        base[key] = {**base[key], **value} if key in ("attributes", "skills") else value
    return base


def _contests(table: Table, who: str, kind: str) -> list[dict[str, Any]]:
    return [c for c in table.view(who)["game"]["contests"] if c["kind"] == kind]


def _resolve(table: Table, who: str, ref: str) -> Any:
    what, _, kind = ref.partition(":")
    if what == "contest":
        return _contests(table, "gina", kind)[-1]["id"]
    if what == "roll":
        return _contests(table, who, kind)[-1]["mine"]
    if what == "persuasion":  # $persuasion:carol: Carol's latest Persuasion roll
        rolls = table.view(kind or who)["game"]["me"]["rolls"]
        return [r for r in rolls if r.get("trait") == "persuasion"][-1]["key"]
    if what == "character":
        return table.characters[kind]  # type: ignore[attr-defined]
    return None


def _prepare(table: Table, spec: dict[str, Any]) -> None:
    table.characters = {}  # type: ignore[attr-defined]
    for owner, sheet in spec.get("characters", {}).items():
        body = {"owner": owner, "name": owner.title(), "sheet": _sheet(sheet), "gear": []}
        made = table.post("gina", f"/api/v1/campaigns/{table.world.campaign.pk}/arena-characters/", body, 201,
                          HTTP_IDEMPOTENCY_KEY=f"char{next(_keys)}")
        table.characters[owner] = made["id"]  # type: ignore[attr-defined]


def play(case: Case, world: World, dice: CaseDice) -> None:
    table = play_table(case, world, resolve=_resolve, prepare=_prepare)
    for kind, want in case.expect.get("contests", {}).items():
        contest = _contests(table, "gina", kind)[-1]
        got = {**contest, "winner": WHO.get(contest.get("winner", ""), contest.get("winner"))}
        check_subset(f"contest {kind}", want, got)
    for who, want in case.expect.get("fighters", {}).items():
        check_subset(f"fighter {who}", want, table.view(who)["game"]["me"])

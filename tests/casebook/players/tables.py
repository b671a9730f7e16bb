"""The live tables' cases, played through the table HTTP API as the players' phones do.

Situation::

    open: {who: bob, body: {settings: {...}, options: {...}}}   # POST /tables/ (system from the folder)
    join: [{who: carol, body: {options: {...}}}]                 # POST /tables/<id>/join/
    start: {who: bob, body: {first: s1}}                         # POST /tables/<id>/start/
    steps:                                                       # in the order the rules require
      - {who: bob, do: deploy, payload: {slug: heavy_trooper}}
      - {who: bob, do: attack, payload: {attacker: $heavy_trooper, defender: $tribal_scout, tactic: fight}}
      - {who: bob, do: attack, payload: {...}, status: 400, code: first_turn_attack}   # a refusal
      - {who: bob, answer: points_split, payload: {vp: 1}}      # POST /decisions/<key>/answer/

``$slug`` (``$slug#2`` for the second) is the handle of a card with that slug in the sender's view.

Expected, read from one seat's view at the end::

    expect:
      view: bob
      values: {game.doomtrooper.players.s1.vp: 3}                # dotted paths into the view
      cards: {tribal_scout: {zone: discard:s2}, heavy_trooper: {status: wounded}}
      refused_changes_nothing: true                              # a refused step left the view as it was
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from rest_framework.test import APIClient

from campaign.services import membership_add
from tests.casebook.cases import Case
from tests.casebook.players.common import check_subset
from tests.support.world import World, make_user

SYSTEMS = {"doomtrooper": "doomtrooper", "skirmish": "skirmish_cards", "arena": "arena_duel"}
_keys = itertools.count(1)


class Table:
    def __init__(self, world: World, system: str) -> None:
        self.world = world
        self.system = system
        dave = make_user("dave")
        membership_add(campaign=world.campaign, user=dave, role="player")
        self.clients: dict[str, APIClient] = {
            n: world.client(getattr(world, n)) for n in ("alice", "bob", "carol", "gina")
        }
        self.clients["dave"] = world.client(dave)
        self.id = 0

    def url(self, tail: str = "") -> str:
        return f"/api/v1/tables/{self.id}/{tail}"

    def post(self, who: str, url: str, body: dict[str, Any], status: int, **headers: Any) -> Any:
        response = self.clients[who].post(url, body, format="json", **headers)
        assert response.status_code == status, f"{url}: {response.status_code} {response.json()}"
        return response.json()

    def view(self, who: str) -> dict[str, Any]:
        response = self.clients[who].get(self.url("view/"))
        assert response.status_code == 200, response.json()
        body: dict[str, Any] = response.json()
        return body

    def handle(self, who: str, ref: str) -> str:
        slug, _, nth = ref.partition("#")
        found = [c["handle"] for c in cards(self.view(who)) if c.get("card") == slug]
        index = int(nth or 1) - 1
        assert len(found) > index, f"{who} sees no card {ref} on the table"
        return str(found[index])


def cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every card the view shows, each with the key of its zone."""
    return [{**c, "zone": z["key"]} for z in view["game"].get("zones", []) for c in z.get("cards", [])]


def _resolved(table: Table, who: str, value: Any, resolve: Callable[[Table, str, str], Any] | None) -> Any:
    if isinstance(value, str) and value.startswith("$"):
        if resolve is not None:
            special = resolve(table, who, value[1:])
            if special is not None:
                return special
        return table.handle(who, value[1:])
    if isinstance(value, dict):
        return {k: _resolved(table, who, v, resolve) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolved(table, who, v, resolve) for v in value]
    return value


Special = Callable[[Table, dict[str, Any]], bool]


def play_table(case: Case, world: World, *, resolve: Callable[[Table, str, str], Any] | None = None,
               prepare: Callable[[Table, dict[str, Any]], None] | None = None, special: Special | None = None,
               who: Callable[[Table, str], str] | None = None) -> Table:
    spec = case.situation
    table = Table(world, SYSTEMS[case.system])
    if prepare is not None:
        prepare(table, spec)
    opening = spec.get("open", {})
    opened = table.post(opening.get("who", "bob"), "/api/v1/tables/",
                        {"campaign": world.campaign.pk, "system": table.system,
                         **_resolved(table, "bob", opening.get("body", {}), resolve)}, 201)
    table.id = opened["id"]
    for seat in spec.get("join", [{"who": "carol", "body": {}}]):
        table.post(seat["who"], table.url("join/"), _resolved(table, seat["who"], seat.get("body", {}), resolve), 201)
    start = spec.get("start", {})
    table.post(start.get("who", opening.get("who", "bob")), table.url("start/"), start.get("body", {}), 200)
    for step in case.steps or spec.get("steps", []):
        if special is not None and special(table, step):
            continue
        if who is not None:
            step = {**step, "who": who(table, step["who"])}
        _step(table, step, resolve)
    _check(table, case.expect)
    return table


def _step(table: Table, step: dict[str, Any], resolve: Callable[[Table, str, str], Any] | None) -> None:
    who = step["who"]
    status = step.get("status", 200)
    payload = _resolved(table, who, step.get("payload", {}), resolve)
    before = table.view(who) if status >= 400 else None
    if "answer" in step:
        pending = table.clients[who].get(table.url("decisions/")).json()
        mine = [d for d in pending if d["kind"] == step["answer"]]
        assert mine, f"{who} has no {step['answer']} decision: {[d['kind'] for d in pending]}"
        body = table.post(who, table.url(f"decisions/{mine[0]['key']}/answer/"), payload, status)
    else:
        body = table.post(who, table.url(f"commands/{step['do']}/"), {"payload": payload}, status,
                          HTTP_IDEMPOTENCY_KEY=f"cb{next(_keys)}")
    if status >= 400:
        if "code" in step:
            assert body.get("code") == step["code"], f"refused with {body}, not {step['code']}"
        after = table.view(who)
        assert before is not None and after["game"] == before["game"], "a refused command changed the table"


def _dig(view: dict[str, Any], path: str) -> Any:
    value: Any = view
    for part in path.split("."):
        assert isinstance(value, dict) and part in value, f"the view has no {path} (stopped at {part})"
        value = value[part]
    return value


def _check(table: Table, expect: dict[str, Any]) -> None:
    view = table.view(expect.get("view", "bob"))
    if "events" in expect:
        seen = table.clients[expect.get("view", "bob")].get(table.url("events/?after=0")).json()["events"]
        for want in expect["events"]:
            mine = [e for e in seen if e["code"] == want["code"]]
            assert mine, f"no {want['code']} event: {[e['code'] for e in seen]}"
            check_subset(f"event {want['code']}", want.get("data", {}), mine[-1].get("data", {}))
    for code in expect.get("no_events", []):
        assert not [e for e in table.clients[expect.get("view", "bob")].get(
            table.url("events/?after=0")).json()["events"] if e["code"] == code], f"an unexpected {code} event"
    got_values = {path: _dig(view, path) for path in expect.get("values", {})}
    check_subset("view", expect.get("values", {}), got_values)
    shown = cards(view)
    for ref, want in expect.get("cards", {}).items():
        slug, _, nth = ref.partition("#")
        found = [c for c in shown if c.get("card") == slug]
        index = int(nth or 1) - 1
        if want == "gone":
            assert len(found) <= index or all(c["zone"].startswith("discard") for c in found[index:index + 1]), \
                f"{ref} is still in play: {found}"
            continue
        assert len(found) > index, f"the view shows no {ref}"
        card = found[index]
        got = {"zone": card["zone"], **card.get("data", {}), "face_up": card.get("face_up")}
        check_subset(f"card {ref}", want, got)

"""LIVE-TABLES §8 for the arena duel, over every table endpoint, before and after the close.

The test changes a fighter's hidden part in the stored table (its sheet, what it learned, its
bennies and persistent bennies, its rolls and rerolls, its loadout before both chose, its hold's
pre-rolled Agility) and asks every other viewer again: the opponent, another member, the organiser,
a user of another campaign and an anonymous phone must get byte-identical answers (ETag and seq
included), while the fighter itself and the GM see the change.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.db import connection

from referee.table_models import TableEvent, TableSession
from referee.tables.rolls import seat_streams
from tests.campaign.api.arena.helpers import SEATS, Arena
from tests.support.world import World

pytestmark = pytest.mark.django_db
SEAT_ENDPOINTS = ["view/", "events/?after=0", "events/?after=2", "commands/", "decisions/", "rolls/", "audit/"]
VIEWERS = ["bob", "carol", "dave", "alice", "oscar", "anon"]
PROBES = [("reroll", {"roll": "nope"}), ("learn", {"what": "trait"}), ("announce", {"contest": "c1"}),
          ("choose", {"items": ["no_such_item"]}), ("finalize", {"roll": "x"})]


def answers(arena: Arena, who: str) -> list[tuple[str, int, str, str]]:
    """Everything ``who`` can ask of the table (read endpoints and refused commands), as sent."""
    client, got = arena[who], []
    for path in ["", *SEAT_ENDPOINTS]:
        response = client.get(arena.url(path))
        got.append((path, response.status_code, _body(response), response.get("ETag", "")))
    for kind, payload in PROBES:
        response = client.post(arena.url(f"commands/{kind}/"), {"payload": payload}, format="json")
        got.append((kind, response.status_code, _body(response), ""))
    return got


def _body(response: Any) -> str:
    if response.status_code == 304 or not response.content:
        return ""
    data = response.json()
    for seat in data.get("seats", []) if isinstance(data, dict) and isinstance(data.get("seats"), list) else []:
        seat.pop("last_seen_at", None)  # presence: when each phone looked, public by design
    return json.dumps(data, sort_keys=True)


def scramble(arena: Arena, seat: str, *, events: bool = True) -> None:
    """Change everything hidden of ``seat`` in the stored table: its part of the state and its own events."""
    session = TableSession.objects.get(pk=arena.table)
    snap: dict[str, Any] = copy.deepcopy(session.snapshot or {})
    mine = snap["data"]["private"][seat]
    mine["sheet"]["skills"]["lockpicking"] = 4
    mine["sheet"]["attributes"]["vigor"] = 12
    mine["sheet"]["edges"] = ["quick"]
    mine["sheet"]["power_points"] = 7
    mine["knowledge"].append({"kind": "trait", "name": "agility", "die": 12})
    mine["reveals"] += 3
    mine["persistent"]["unspent"].append("forged")
    if len(snap["data"]["duel"]["selection"]["chosen"]) < 2:
        mine["loadout"] = ["halberd", "steel_helmet"]
    if mine["hold"]:
        mine["hold"]["trigger"] = 5
    for key in mine["rolls"]:
        snap["chains"][key]["rolls"] = [*snap["chains"][key]["rolls"], snap["chains"][key]["rolls"][-1]]
    for name, counter in snap["counters"].items():
        if name.endswith(f":{seat}"):
            counter["value"] += 1
    session.snapshot = snap
    session.save(update_fields=["snapshot"])
    if not events:
        return
    with connection.cursor() as cursor:  # the log refuses updates: the test tampers below it
        for event in TableEvent.objects.filter(session=session, audience__contains=f"|{seat}|"):
            cursor.execute(f"UPDATE {TableEvent._meta.db_table} SET data = %s WHERE id = %s",  # noqa: S608
                           [json.dumps({**event.data, "scrambled": True}), event.pk])


def check_nobody_else_learns(arena: Arena, seat: str = SEATS["bob"], owner: str = "bob", events: bool = True) -> None:
    others = [who for who in VIEWERS if who != owner]
    before = {who: answers(arena, who) for who in [*others, owner, "gina"]}
    scramble(arena, seat, events=events)
    for who in others:
        for was, now in zip(before[who], answers(arena, who), strict=True):
            assert now == was, (_diff(was[2], now[2]), f"{who} learned of {owner}'s hidden part from {was[0]!r}")
    for who in (owner, "gina"):
        assert arena.game(who) != json.loads(before[who][1][2])["game"], f"{who} should see the change"


def test_ad_roll_05_prep_sheet_facts_rolls_rerolls_and_bennies_are_the_fighters_and_the_gms(world: World) -> None:
    arena = Arena(world).seated({"info_attempts": 10, "crit_fail_reroll": True})
    for _ in range(10):
        arena.send("bob", "notice")
        key = arena.rolls("bob", "notice_info")[-1]["key"]
        arena.send("bob", "reroll", roll=key)
        arena.finalize("bob", key)
        arena.send("gina", "announce", roll=key)
        if arena.me("bob")["reveals"]:
            break
    arena.send("bob", "learn", what="trait", name="sailing")
    assert {"kind": "trait", "name": "sailing", "die": 12} in arena.me("bob")["knowledge"]
    assert arena.me("bob")["bennies"] < 3
    check_nobody_else_learns(arena)


def test_ad_prep_08_a_loadout_stays_hidden_until_both_have_chosen(world: World) -> None:
    arena = Arena(world).seated()
    winner, loser = arena.to_bans()
    arena.send(loser, "ban", group="bows")
    arena.send(winner, "ban", group="crossbow")
    arena.send(winner, "bans_done")
    arena.send("gina", "phase_next")
    arena.send("bob", "choose", items=["rapier", "leather_armour"])
    assert arena.game("carol")["fighters"][SEATS["bob"]]["loadout"] == []
    assert "rapier" not in json.dumps(arena.game("carol")) + arena["carol"].get(arena.url("events/")).content.decode()
    check_nobody_else_learns(arena)
    arena.send("carol", "choose", items=["spear"])
    assert arena.game("carol")["fighters"][SEATS["bob"]]["loadout"] == ["halberd", "steel_helmet"]  # as scrambled


def test_ad_hold_01_a_hold_and_its_pre_rolled_agility_stay_hidden_until_triggered(world: World) -> None:
    arena = Arena(world).seated()
    arena.to_fight()
    arena.send("gina", "signal")
    first = arena.decide("first_turn")
    other = "carol" if first == "bob" else "bob"
    item = "long_sword" if first == "bob" else "spear"
    arena.send(first, "declare", move_to=3 if first == "bob" else 22, actions=[{"kind": "ready", "item": item}],
               hold_trigger=1, hold_actions=[{"kind": "attack", "item": item}])
    hold = arena.me(first)["hold"]
    assert hold and hold["roll"] in [r["key"] for r in arena.rolls(first, "hold")]
    assert arena.game(other).get("me", {}).get("hold") is None
    assert "hold" not in json.dumps(arena.game(other)["declaration"] or {})
    check_nobody_else_learns(arena, SEATS[first], first)


def closed_duel(arena: Arena) -> Arena:
    arena.seated({"crit_fail_reroll": True})
    arena.send("bob", "notice")
    key = arena.rolls("bob", "notice_info")[-1]["key"]
    for _ in range(2):
        arena.send("bob", "reroll", roll=key)
    arena.finalize("bob", key)
    arena.send("gina", "announce", roll=key)
    arena.to_fight()
    arena.send("gina", "phase_next")
    arena.send("gina", "award", seat=SEATS["carol"], item="silver ring")
    arena.send("gina", "close", winner=SEATS["bob"], force=True)
    assert arena["gina"].post(arena.url("close/"), {}, format="json").status_code == 200
    return arena


def test_ad_roll_05_after_the_close_the_opponent_still_learns_no_count(world: World) -> None:
    arena = closed_duel(Arena(world))
    rolls = {who: arena[who].get(arena.url("rolls/")).json() for who in ("bob", "carol", "gina")}
    session = TableSession.objects.get(pk=arena.table)
    commands = session.commands.select_related("seat")
    table, bobs = session.stream.key, seat_streams(session)[SEATS["bob"]].key
    seen = {who: {r["stream"] for r in rolls[who]} for who in rolls}
    assert seen["carol"] <= {table, seat_streams(session)[SEATS["carol"]].key} and bobs not in seen["carol"]
    assert bobs in seen["bob"] and sum(r["stream"] == bobs for r in rolls["bob"]) >= 3  # Notice and 2 rerolls
    detail = arena["carol"].get(arena.url()).json()
    assert bobs not in json.dumps(detail) or detail["my_stream"]["key"] != bobs
    assert len(rolls["gina"]) == sum(len(c.rolls) for c in commands) > len(rolls["carol"])
    audit = {who: arena[who].get(arena.url("audit/")).json() for who in ("bob", "carol", "gina")}
    assert audit["gina"]["ok"] and audit["gina"]["rolls_recomputed"] == len(rolls["gina"])
    assert audit["carol"] == {**audit["carol"], "ok": True, "rolls_recomputed": len(rolls["carol"])}
    carol_reads = json.dumps([arena.game("carol"), arena["carol"].get(arena.url("events/")).json()])
    assert "silver ring" in carol_reads and "amulet" not in carol_reads
    assert "persistent_spent" not in json.dumps(arena.game("carol")["outcome"]["fighters"][SEATS["bob"]])
    check_nobody_else_learns(arena, events=False)  # a tampered log would fail everyone's audit


def test_users_outside_the_campaign_get_what_a_missing_table_gets(world: World) -> None:
    arena = Arena(world).seated()
    missing = copy.copy(arena)
    missing.table = arena.table + 1000
    for who in ("oscar", "anon"):
        got, none = answers(arena, who), answers(missing, who)
        assert [(p, s, b.replace(str(arena.table), "N")) for p, s, b, _ in got] == \
            [(p, s, b.replace(str(missing.table), "N")) for p, s, b, _ in none]


def test_members_not_seated_see_the_header_only(world: World) -> None:
    arena = Arena(world).seated()
    for who in ("alice", "dave"):
        got = {path: status for path, status, _, _ in answers(arena, who)}
        assert got[""] == 200 and {got[p] for p in SEAT_ENDPOINTS} == {403}


def _diff(a: str, b: str) -> str:
    """Where two answers part (for the failure message)."""
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"...{a[max(0, at - 80):at + 80]}... became ...{b[max(0, at - 80):at + 80]}..."

"""``tools/verify_table.py``, run as a seat runs it: a separate process with only the standard library, against
a live server with a real closed table of each system; it checks the seeds, the chains, every roll and
``shuffle(N)``, and every draw and deal of the seat's own piles, and fails on an altered roll and on a
dealt card that does not match the deck."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from knox.models import AuthToken

from referee.models import LedgerEntry
from referee.table_models import TableEvent, TableSession
from referee.tables.rolls import seat_streams
from tests.campaign.api.arena.helpers import Arena
from tests.campaign.api.tables.helpers import Phones
from tests.campaign.api.tables.skirmish import Skirmish
from tests.referee.engine.systems.doomtrooper.game import deck
from tests.referee.tables.test_close_audit import _rewrite
from tests.support.world import World
from tests.tools.test_verify_week import _alter

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "verify_table.py"

pytestmark = pytest.mark.django_db(transaction=True)


def run_tool(url: str, user: Any, table: int) -> subprocess.CompletedProcess[str]:
    _, token = AuthToken.objects.create(user=user)
    args = [sys.executable, "-I", str(TOOL), "--base-url", url, "--token", token, "--table", str(table)]
    return subprocess.run(args, capture_output=True, text=True, timeout=120, check=False)


def doomtrooper(world: World) -> int:
    """An app-held game: two shuffles and two deals of 7, a turn each, an undone command, then the close."""
    phones = Phones(world)
    phones.open(settings={"deck_mode": "app_held"}, options={"deck": deck(20)}, contribution="bob's cut")
    phones.join(options={"deck": deck(20)}, contribution="carol's cut")
    phones.start()
    phones.send("bob", "meditate")
    assert phones["bob"].post(phones.url("undo/")).json()["undone"] is True
    for who in ("bob", "carol"):
        phones.send(who, "end_actions")
        phones.send(who, "end_turn")
    phones.close("bob", "carol")
    return phones.table


def test_a_seat_verifies_a_closed_doomtrooper_table(live_server: Any, world: World) -> None:
    table = doomtrooper(world)
    done = run_tool(live_server.url, world.carol, table)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 stream(s)" in done.stdout and "1 shuffle(s) and 7 move(s) of your piles replayed" in done.stdout
    assert "0 problem(s)" in done.stdout


def test_it_fails_on_an_altered_roll_of_the_seat_s_own_stream(live_server: Any, world: World) -> None:
    table = doomtrooper(world)
    victim = LedgerEntry.objects.get(stream=seat_streams(TableSession.objects.get(pk=table))["s2"])
    _alter(victim)
    done = run_tool(live_server.url, world.carol, table)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"table:{table}:seat:s2 #0: its fields do not match its hash (altered)" in done.stdout


def test_it_fails_on_a_dealt_card_that_does_not_match_the_deck(live_server: Any, world: World) -> None:
    table = doomtrooper(world)
    moves = [e for e in TableEvent.objects.filter(session_id=table, code="card.moved").order_by("seq")
             if e.data["from"] == "library:s2"]
    deal, other = moves[0], next(m for m in moves if m.data["card_slug"] != moves[0].data["card_slug"])
    _rewrite(deal, {**deal.data, "card": other.data["card"], "card_slug": other.data["card_slug"]}, rechain=True)
    done = run_tool(live_server.url, world.carol, table)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{other.data['card_slug']} was not at place 1 of library:s2 when it was taken" in done.stdout


def test_a_seat_verifies_a_closed_skirmish_table(live_server: Any, world: World) -> None:
    phones = Skirmish(world).begun()
    phones.place_all()
    phones.close("bob", "carol", "dave")
    done = run_tool(live_server.url, world.bob, phones.table)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 stream(s)" in done.stdout and " 0 shuffle(s)" not in done.stdout and "0 problem(s)" in done.stdout


def test_a_seat_verifies_a_closed_arena_duel(live_server: Any, world: World) -> None:
    arena = Arena(world).seated({"crit_fail_reroll": True})
    arena.send("bob", "notice")  # a hidden roll and its reroll, on Bob's own stream
    key = arena.rolls("bob", "notice_info")[-1]["key"]
    arena.send("bob", "reroll", roll=key)
    arena.finalize("bob", key)
    arena.send("gina", "announce", roll=key)
    arena.to_fight()
    arena.send("gina", "phase_next")
    arena.send("gina", "close", force=True)
    assert arena["gina"].post(arena.url("close/"), {}, format="json").status_code == 200
    for user in (world.bob, world.gina):
        done = run_tool(live_server.url, user, arena.table)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "0 problem(s)" in done.stdout and "0 recomputed" not in done.stdout


def test_an_open_table_reveals_nothing_to_verify(live_server: Any, world: World) -> None:
    phones = Phones(world).started()
    done = run_tool(live_server.url, world.bob, phones.table)
    assert done.returncode == 2 and "reveals no seed" in done.stderr


def test_the_tool_needs_only_the_standard_library_and_its_sibling() -> None:
    imported = {
        line.split()[1].split(".")[0]
        for line in TOOL.read_text(encoding="utf-8").splitlines()
        if line.startswith(("import ", "from "))
    }
    assert imported <= set(sys.stdlib_module_names) | {"__future__", "verify_week"}

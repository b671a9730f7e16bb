"""``tools/verify_week.py``, run as a third party runs it: a separate process with only the standard library,
against a live server with a real closed week (ad hoc rolls of every notation, a pre-battle sequence); it
recomputes every visible roll and the chain, and fails on an altered roll."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from knox.models import AuthToken

from referee.models import LedgerEntry
from tests.support.league import League, pair

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "verify_week.py"
NOTATIONS = ["2d6+1", "D66", "D3", "4d6kh3", "2d6kl1", "d6!", "3d6!kh2", "trait(d8)", "trait(d6,d10)+2", "3d6-d3+2"]


def run_tool(url: str, token: str, campaign: int, week: int = 1) -> subprocess.CompletedProcess[str]:
    args = [sys.executable, "-I", str(TOOL), "--base-url", url, "--token", token, "--campaign", str(campaign)]
    return subprocess.run([*args, "--week", str(week)], capture_output=True, text=True, timeout=120, check=False)


def closed_week_with_rolls(league: League) -> None:
    w = league.world
    bob = w.client(w.bob)
    for notation in NOTATIONS * 3:
        made = bob.post("/api/v1/rolls/", {"notation": notation, "campaign": w.campaign.pk}, format="json")
        assert made.status_code == 201, made.json()
    battle = pair(league.week, league.bobs, league.carols, w.alice)
    assert w.client(w.alice).post(f"/api/v1/battles/{battle.pk}/prebattle/", {}, format="json").status_code == 200
    assert w.client(w.alice).post(f"/api/v1/weeks/{league.week.pk}/close/").status_code == 202


def _alter(entry: LedgerEntry) -> None:
    """Change one stored total behind the ledger's back (on PostgreSQL past its append-only trigger)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("ALTER TABLE referee_ledgerentry DISABLE TRIGGER referee_ledger_append_only")
        cursor.execute("UPDATE referee_ledgerentry SET total = total + 1 WHERE id = %s", [entry.pk])
        if connection.vendor == "postgresql":
            cursor.execute("ALTER TABLE referee_ledgerentry ENABLE TRIGGER referee_ledger_append_only")


def test_a_third_party_recomputes_every_roll_of_a_closed_week(live_server: Any, league: League) -> None:
    closed_week_with_rolls(league)
    _, token = AuthToken.objects.create(user=league.world.carol)  # another player checks Bob's dice
    done = run_tool(live_server.url, token, league.world.campaign.pk)
    assert done.returncode == 0, done.stdout + done.stderr
    rolls = LedgerEntry.objects.filter(week=league.week).count()
    assert rolls > len(NOTATIONS) * 3
    assert f"1 stream(s), {rolls} roll(s): {rolls} recomputed, {rolls} chain link(s) checked" in done.stdout
    assert "0 problem(s)" in done.stdout


def test_it_fails_and_names_an_altered_roll(live_server: Any, league: League) -> None:
    closed_week_with_rolls(league)
    victim = LedgerEntry.objects.filter(week=league.week, notation="4D6kh3").order_by("seq").first()
    assert victim is not None
    _alter(victim)
    _, token = AuthToken.objects.create(user=league.world.bob)
    done = run_tool(live_server.url, token, league.world.campaign.pk)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"#{victim.seq} (roll {victim.pk}): its fields do not match its hash (altered)" in done.stdout
    assert f"#{victim.seq} (roll {victim.pk}): 4D6kh3 gives faces" in done.stdout


def test_an_open_week_reveals_nothing_to_verify(live_server: Any, league: League) -> None:
    _, token = AuthToken.objects.create(user=league.world.bob)
    done = run_tool(live_server.url, token, league.world.campaign.pk)
    assert done.returncode == 2 and "reveals no seed" in done.stderr


def test_the_tool_needs_only_the_standard_library() -> None:
    imported = {
        line.split()[1].split(".")[0]
        for line in TOOL.read_text(encoding="utf-8").splitlines()
        if line.startswith(("import ", "from "))
    }
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}


@pytest.mark.parametrize("notation", NOTATIONS)
def test_its_dice_agree_with_the_engine(notation: str) -> None:
    sys.path.insert(0, str(TOOL.parent))
    try:
        import verify_week
    finally:
        sys.path.pop(0)
    from referee.engine.dice import HmacFaceSource, seeded_message
    from referee.engine.dice import roll as engine_roll
    from referee.engine.dice.notation import normalize

    seed, salt = bytes(range(32)), verify_week.salt_for("campaign:1:week:1", {"7": "bob's luck"})
    for seq in range(200):
        ours = engine_roll(notation, HmacFaceSource(seed, seeded_message(salt, seq)))
        theirs = verify_week.roll(normalize(notation), verify_week.Faces(seed, salt, seq))
        assert theirs == (list(ours.faces), list(ours.kept), ours.total)

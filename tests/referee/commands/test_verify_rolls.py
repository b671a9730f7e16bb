"""`manage.py verify_rolls` recomputes revealed rolls, walks the chains, and names the first bad entry."""

import json
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection

from campaign.services import week_close
from campaign.services.rolls import roll_ad_hoc
from referee.models import LedgerEntry
from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db


def tamper(sql: str, params: list[Any]) -> None:
    """Change a ledger row behind the application's back, as an attacker with database access would."""
    with connection.cursor() as cur:
        if connection.vendor == "postgresql":
            # The append-only trigger would refuse; a superuser can switch triggers off for the session.
            cur.execute("SET LOCAL session_replication_role = replica")
        cur.execute(sql, params)
        if connection.vendor == "postgresql":
            cur.execute("SET LOCAL session_replication_role = origin")


def run(*args: str) -> tuple[int, str]:
    from io import StringIO

    out, err = StringIO(), StringIO()
    try:
        call_command("verify_rolls", *args, stdout=out, stderr=err)
    except SystemExit as exc:
        return int(exc.code or 0), out.getvalue() + err.getvalue()
    return 0, out.getvalue() + err.getvalue()


@pytest.fixture
def closed_week(world: World) -> list[LedgerEntry]:
    week = open_week(world.campaign)
    entries = [roll_ad_hoc(user=world.bob, notation="2d6", purpose="adhoc", campaign=world.campaign) for _ in range(4)]
    week_close(week=week)
    return entries


def test_it_passes_an_untouched_ledger_and_recomputes_revealed_rolls(closed_week: list[LedgerEntry]) -> None:
    code, output = run()
    assert code == 0
    assert "4 entries checked, 4 rolls recomputed from revealed seeds, 0 closed tables audited" in output
    assert output.rstrip().endswith("all match")


def test_it_names_an_altered_face(closed_week: list[LedgerEntry]) -> None:
    victim = closed_week[2]
    faces = [7 - f for f in victim.faces]
    tamper("UPDATE referee_ledgerentry SET faces = %s WHERE id = %s", [json.dumps(faces), victim.pk])
    code, output = run()
    assert code == 1
    assert f"BAD entry {victim.pk} (" in output
    assert "#2)" in output


def test_it_names_an_altered_total_even_when_the_hash_is_recomputed(
    closed_week: list[LedgerEntry], world: World
) -> None:
    from referee.engine.chain import entry_hash

    victim = LedgerEntry.objects.get(pk=closed_week[0].pk)
    forged_faces = [1, 1] if victim.faces != [1, 1] else [6, 6]  # always a different result
    fields = victim.chained_fields() | {"total": sum(forged_faces), "faces": forged_faces, "kept": forged_faces}
    forged = entry_hash(victim.prev_hash, fields)
    tamper(
        "UPDATE referee_ledgerentry SET total = %s, faces = %s, kept = %s, hash = %s WHERE id = %s",
        [sum(forged_faces), json.dumps(forged_faces), json.dumps(forged_faces), forged, victim.pk],
    )
    code, output = run("--campaign", str(world.campaign.pk))
    assert code == 1
    # The forger fixed the entry's own hash, so the chain breaks at the next entry, and
    # recomputing from the revealed seed catches the forged entry itself first.
    assert f"BAD entry {victim.pk}" in output and "is not what the revealed seed gives" in output


def test_it_notices_a_removed_entry(closed_week: list[LedgerEntry]) -> None:
    tamper("DELETE FROM referee_ledgerentry WHERE id = %s", [closed_week[-1].pk])
    code, output = run()
    assert code == 1
    assert "entries were removed" in output


def test_it_checks_the_chain_of_unrevealed_weeks_too(world: World) -> None:
    open_week(world.campaign)
    entry = roll_ad_hoc(user=world.bob, notation="d6", purpose="adhoc", campaign=world.campaign)
    assert run()[0] == 0
    tamper("UPDATE referee_ledgerentry SET purpose = 'forged' WHERE id = %s", [entry.pk])
    code, output = run()
    assert code == 1 and "altered" in output

"""The backup of docs/deploy.md, restored (issue 29, item 5): a database with campaigns, rosters, a played
battle's aftermath and free rolls is dumped with ``pg_dump -Fc``, restored with ``pg_restore`` into a new
database, and every campaign, roster and ledger entry is there, with ``manage.py verify_rolls`` passing on it."""

from __future__ import annotations

import shutil
from pathlib import Path

import psycopg
import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from knox.models import AuthToken

from campaign.models import Campaign, CampaignEvent, Membership, Week
from referee.models import LedgerEntry, RollStream
from roster.aftermath.run import aftermath_run
from roster.models import Aftermath, Battle, Holding, Warband, Warrior
from tests.faults.procs import create_database, drop_database, dump_and_restore, manage
from tests.roster.aftermath.helpers import fight, queued
from tests.support.worker import worker_env
from tests.support.world import World

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

TABLES = [
    model._meta.db_table
    for model in (
        get_user_model(), AuthToken, Campaign, Membership, Week, CampaignEvent, Warband, Warrior, Holding, Battle,
        Aftermath, RollStream, LedgerEntry,
    )
]


def contents(url: str) -> dict[str, list[tuple[object, ...]]]:
    with psycopg.connect(url.replace("postgres://", "postgresql://")) as conn:
        return {table: conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall() for table in TABLES}  # noqa: S608


def test_a_dump_restored_into_a_new_database_has_every_campaign_roster_and_roll_and_verifies(
    world: World, tmp_path: Path
) -> None:
    if not shutil.which("pg_dump") or not shutil.which("pg_restore"):
        pytest.skip("needs pg_dump and pg_restore (Debian's postgresql-client)")
    f = fight(world)
    aftermath = queued(f)
    aftermath_run(aftermath_id=aftermath.pk)  # the post-battle sequence: rolls in the ledger, rosters changed
    for notation in ("d6", "2d6", "d20"):
        assert world.client(world.bob).post("/api/v1/rolls/", {"notation": notation}, format="json").status_code == 201
    env = worker_env()
    source = env["DATABASE_URL"]
    name = f"{connection.settings_dict['NAME']}_restored"
    target = source.rsplit("/", 1)[0] + "/" + name
    create_database(source, name)
    try:
        dump_and_restore(source, target, tmp_path / "muster.dump")
        before, after = contents(source), contents(target)
        assert {t: len(rows) for t, rows in after.items()} == {t: len(rows) for t, rows in before.items()}
        assert after == before
        assert len(after["referee_ledgerentry"]) >= 4 and len(after["roster_warrior"]) >= 5
        verified = manage({**env, "DATABASE_URL": target}, "verify_rolls")
        assert verified.returncode == 0, verified.stdout + verified.stderr
        assert "all match" in verified.stdout
    finally:
        connection.close()
        drop_database(source, name)

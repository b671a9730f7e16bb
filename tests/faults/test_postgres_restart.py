"""PostgreSQL restarted under a running gunicorn and a worker halfway through a week's resolution, then again
halfway through an aftermath (issue 29, items 3 and 6). A throwaway cluster of the test's own (initdb into a
temporary directory, run as ``postgres`` when the tests run as root) holds a restored dump of the test's data.

During the restart the API answers 503 with Retry-After in the error shape and the web a plain 503 page;
afterwards gunicorn answers again without a restart; the week is resolved once, the aftermath applied once,
and ``manage.py verify_rolls`` passes on the cluster."""

from __future__ import annotations

import time
from typing import Any

import psycopg
import pytest
from django.test import Client
from django.utils import timezone
from knox.models import AuthToken

from campaign.celery import app
from campaign.services.weeks import week_claim
from roster.models import Aftermath
from tests.campaign.weekly.test_worker import week_with_moves
from tests.faults.procs import Cluster, Procs, create_database, dump_and_restore, http, manage, postgres_problem
from tests.faults.procs import wait_until as until
from tests.roster.aftermath.helpers import fight
from tests.support.world import World

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

HOLD = 6  # seconds the worker waits after a committed group / after rolling: the restart happens then


def one(url: str, sql: str, *args: Any) -> Any:
    with psycopg.connect(url.replace("postgres://", "postgresql://"), connect_timeout=2) as conn:
        row = conn.execute(sql, args).fetchone()
        return row[0] if row else None


def reachable(url: str, sql: str, *args: Any) -> Any:
    try:
        return one(url, sql, *args)
    except psycopg.OperationalError:
        return None


def publish(broker: str, name: str, *args: int) -> None:
    with app.connection_for_write(broker) as conn:
        app.send_task(name, args=list(args), connection=conn, ignore_result=True)


def restart_during(cluster: Cluster, base: str, auth: dict[str, str], cookie: str) -> None:
    """Stop the cluster (every session ended, as a restart does), check the answers, start it again."""
    cluster.stop("fast")
    api = http("GET", base + "/api/v1/me/", headers=auth)
    assert api.status == 503, api.body
    assert api.headers["Retry-After"] and api.json()["code"] == "unavailable" and api.json()["detail"]
    page = http("GET", base + "/", headers={"Cookie": cookie})
    assert page.status == 503 and page.headers["Retry-After"], page.body
    assert page.headers["Content-Type"].startswith("text/html") and b"Traceback" not in page.body
    health = http("GET", base + "/healthz")
    assert health.status == 503 and health.json()["checks"]["database"] == "degraded"
    time.sleep(1)
    cluster.start()


def test_a_postgres_restart_mid_resolution_and_mid_aftermath_ends_with_each_done_once(
    world: World, procs: Procs, tmp_path: Any
) -> None:
    problem = postgres_problem()
    if problem:
        pytest.skip(problem)
    week = week_with_moves(world)
    assert week_claim(week_id=week.pk, now=timezone.now())  # the sweep's claim; the test queues its task below
    f = fight(world)
    aftermath = Aftermath.objects.create(battle=f.battle, report=f.report(), ratings={})
    _, token = AuthToken.objects.create(user=world.bob)
    web = Client()
    web.force_login(world.bob)
    cookie = f"sessionid={web.cookies['sessionid'].value}"

    cluster = Cluster()
    procs.clusters.append(cluster)
    cluster.start()
    db = cluster.url("muster")
    create_database(db, "muster")
    dump_and_restore(procs.env["DATABASE_URL"], db, tmp_path / "muster.dump")
    port = procs.redis()
    broker = f"redis://127.0.0.1:{port}/0"
    procs.env.update(DATABASE_URL=db, CELERY_BROKER_URL=broker,
                     MUSTER_FAULT_SLOW=f"weekly_after_move_2={HOLD},aftermath_after_roll={HOLD}")
    base = procs.gunicorn()
    procs.worker()
    auth = {"Authorization": f"Token {token}"}
    assert http("GET", base + "/api/v1/me/", headers=auth).status == 200

    # 1. The week: restart while the worker holds after the second entry's commit.
    progress = "SELECT next_index FROM campaign_weekresolution WHERE week_id = %s"
    publish(broker, "campaign.weekly_resolve", week.pk)
    until(lambda: (reachable(db, progress, week.pk) or 0) >= 2, 90, "two entries resolved")
    assert one(db, "SELECT status FROM campaign_week WHERE id = %s", week.pk) == "resolving"
    restart_during(cluster, base, auth, cookie)
    until(lambda: reachable(db, "SELECT status FROM campaign_week WHERE id = %s", week.pk) == "closed", 120,
          "the week closed after the restart")
    until(lambda: http("GET", base + "/api/v1/me/", headers=auth).status == 200, 30, "gunicorn answering again")
    assert all(http("GET", base + "/api/v1/me/", headers=auth).status == 200 for _ in range(6))

    res = "SELECT status, next_index, total FROM campaign_weekresolution WHERE week_id = %s"
    with psycopg.connect(db.replace("postgres://", "postgresql://")) as conn:
        assert conn.execute(res, (week.pk,)).fetchone() == ("done", 4, 4)
        indices = [r[0] for r in conn.execute("SELECT index FROM campaign_moveresult WHERE week_id = %s ORDER BY index",
                                              (week.pk,))]
        assert indices == [0, 1, 2, 3]  # each entry resolved once
        rolls = one(db, "SELECT COALESCE(SUM(jsonb_array_length(rolls)), 0) FROM campaign_moveresult "
                    "WHERE week_id = %s", week.pk)
        entries = conn.execute("SELECT COUNT(*), COUNT(DISTINCT (stream_id, seq)) FROM referee_ledgerentry "
                               "WHERE week_id = %s", (week.pk,)).fetchone()
        assert entries == (rolls, rolls) and rolls > 0  # every stored roll once, none rolled twice
        assert conn.execute("SELECT status FROM campaign_week WHERE campaign_id = %s AND number = 2",
                            (week.campaign_id,)).fetchone() == ("open",)

    # 2. The aftermath: restart while the worker holds between rolling and applying.
    publish(broker, "roster.aftermath_run", aftermath.pk)
    rolled = "SELECT rolled_at IS NOT NULL FROM roster_aftermath WHERE id = %s"
    until(lambda: reachable(db, rolled, aftermath.pk) is True, 90, "the aftermath rolled")
    ref = f"aftermath:{f.battle.pk}"
    stored = one(db, "SELECT COUNT(*) FROM referee_ledgerentry WHERE ref = %s", ref)
    restart_during(cluster, base, auth, cookie)
    applied = "SELECT status FROM roster_aftermath WHERE id = %s"
    until(lambda: reachable(db, applied, aftermath.pk) == "applied", 120, "the aftermath applied after the restart")
    assert one(db, "SELECT attempts FROM roster_aftermath WHERE id = %s", aftermath.pk) == 1  # rolled once
    assert one(db, "SELECT COUNT(*) FROM referee_ledgerentry WHERE ref = %s", ref) == stored > 0
    resolved = "SELECT COUNT(*) FROM campaign_campaignevent WHERE battle_id = %s AND kind = 'battle_resolved'"
    assert one(db, resolved, f.battle.pk) == 1

    verified = manage(procs.env, "verify_rolls")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "all match" in verified.stdout
    worker_log = procs.procs["worker"].log.read_text(errors="replace")
    for task in ("campaign.weekly_resolve", "roster.aftermath_run"):  # each was cut off by the restart, and retried
        assert any(task in line and "retry: Retry in" in line for line in worker_log.splitlines()), worker_log[-3000:]

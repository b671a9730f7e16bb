"""Scale-out: the weeks of many campaigns resolved by 1, 2 and 4 real Celery worker processes on Redis and
PostgreSQL, with a worker SIGKILLed mid-run in a last run; nothing resolved twice, nothing lost.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/muster_bench \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/14 python -m tests.bench.bench_scaleout

Each run makes ``BENCH_CAMPAIGNS`` (200) weekly-moves campaigns whose first week holds a small
synthetic week (``BENCH_PLAYERS`` 4 players x 2 moves) past its deadline, starts that many
``celery -A campaign worker --pool solo`` processes against a throwaway ``test_<name>`` database,
and calls the sweep once, as beat does: each due week goes to a worker (``campaign.resolve_week``
claims it, ``campaign.weekly_resolve`` resolves its moves and closes it). The run ends when every
week is closed. Throughput is weeks (and entries) per second of that wall time; the ratio is against
the one-worker run of the same invocation.

In the last run (2 workers) one worker is SIGKILLed once a quarter of the weeks are closed. Its task
was acknowledged late, so the message is not lost, but Redis hands it out again only after its
visibility timeout; what brings the week back here is what does in production, the sweep: a week
left resolving past the campaign's timeout (its claim is backdated an hour, as time would) is due
again, is queued again, and is resumed at its first unapplied entry without rolling anything again.

Checked after every run, from the rows: every week closed and its next week opened exactly once;
every week's results one per plan entry (no entry resolved twice, none missing); its ledger numbered
0..n-1 without a gap, one entry per roll its results name (nothing rolled twice). Each run is bounded
(``BENCH_TIMEOUT``, 240 s) and no run starts once ``BENCH_BUDGET`` (480 s) is spent (it says which were
left out); it skips, saying why, without PostgreSQL or Redis.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.bench.django_env import fail, setup, test_database

ROOT = Path(__file__).resolve().parents[2]


class Workers:
    """``count`` Celery worker processes (one process each, ``--pool solo``), each with its own node name."""

    def __init__(self, count: int, env: dict[str, str], log_dir: Path, tag: str) -> None:
        self.procs: list[subprocess.Popen[bytes]] = []
        self.names = [f"bench-{tag}-{i}-{os.getpid()}@%h" for i in range(count)]
        self.env, self.log_dir = env, log_dir

    def start(self) -> None:
        from campaign.celery import app

        for name in self.names:
            log = (self.log_dir / (name.split("@")[0] + ".log")).open("ab")
            self.procs.append(
                subprocess.Popen(
                    [sys.executable, "-m", "celery", "-A", "campaign", "worker", "--pool", "solo", "--loglevel",
                     "WARNING", "--without-gossip", "--without-mingle", "--hostname", name],
                    cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                )
            )
        prefixes = [n.split("@")[0] + "@" for n in self.names]
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if any(p.poll() is not None for p in self.procs):
                fail(f"a Celery worker exited at start; see {self.log_dir}")
            replies = app.control.ping(timeout=1.0) or []
            answered = {p for p in prefixes for reply in replies for node in reply if node.startswith(p)}
            if len(answered) == len(prefixes):
                return
        fail(f"the Celery workers did not all answer a ping within 90 s; see {self.log_dir}")

    def kill(self, index: int) -> None:
        """SIGKILL, as when a machine dies: no clean shutdown, no ack for the task it was running."""
        proc = self.procs[index]
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
        for index, proc in enumerate(self.procs):
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill(index)


def wait_until(done: Callable[[], bool], timeout: float, what: str, tick: Callable[[], None] | None = None) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            fail(f"not done within {timeout:.0f} s: {what}")
        if tick is not None:
            tick()
        time.sleep(0.2)


def main() -> None:
    os.environ.setdefault("WEEKLY_RESOLUTION_BATCH", "100")  # the production size, not the tests' 2
    # Real workers on Redis (the other benchmarks run their tasks in-process).
    os.environ.setdefault("CELERY_BROKER_URL", os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/14"))
    if not setup(need_postgres=True):
        return
    from django.conf import settings

    broker = str(settings.CELERY_BROKER_URL)
    if not broker.startswith(("redis://", "rediss://")):
        print("skipped: needs Redis; run with CELERY_BROKER_URL=redis://127.0.0.1:6379/14")
        return
    import redis

    try:
        redis.Redis.from_url(broker, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        print(f"skipped: Redis at {broker} does not answer ({exc})")
        return
    campaigns = int(os.environ.get("BENCH_CAMPAIGNS", "200"))
    players = int(os.environ.get("BENCH_PLAYERS", "4"))
    timeout = float(os.environ.get("BENCH_TIMEOUT", "240"))
    budget = float(os.environ.get("BENCH_BUDGET", "480"))  # the whole benchmark's seconds, setup included
    began = time.monotonic()
    log_dir = ROOT / "var" / "bench-scaleout"
    log_dir.mkdir(parents=True, exist_ok=True)

    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.db.models import Count
    from django.utils import timezone

    from campaign.celery import app
    from campaign.models import Membership, Week
    from campaign.services import campaign_create, campaign_start
    from campaign.tasks import sweep_weeks
    from campaign.weekly.models import MoveResult, WeekResolution
    from referee.engine.systems.weekly_moves.synthetic import make_synthetic_week
    from referee.models import LedgerEntry
    from tests.campaign.weekly.conftest import weekly_pack
    from tests.campaign.weekly.synthetic import store_synthetic
    from tests.support.worker import worker_env

    with test_database():
        organiser = get_user_model().objects.create_user("organiser")
        gm = get_user_model().objects.create_user("gm")
        pack = weekly_pack()

        def weeks_for(run: str) -> list[int]:
            out = []
            for i in range(campaigns):
                synthetic = make_synthetic_week(n_players=players, moves_each=2, seed=i)
                campaign = campaign_create(
                    name=f"{run}-{i}", rules_pack=pack, organiser=organiser,
                    settings={**synthetic.settings.to_dict(), "decision_mode": "auto"},
                )
                Membership.objects.create(campaign=campaign, user=gm, role=Membership.Role.GM)
                week = campaign_start(campaign=campaign, actor=organiser)
                store_synthetic(campaign=campaign, week=week, synthetic=synthetic, prefix=f"{run}-")
                out.append(week.pk)
            Week.objects.filter(pk__in=out).update(deadline=timezone.now() - timedelta(minutes=1))
            return out

        def check(weeks: list[int]) -> tuple[int, int]:
            """(entries, rolls) of the run's weeks; fails on a week lost or resolved twice."""
            closed = Week.objects.filter(pk__in=weeks, status=Week.Status.CLOSED).count()
            if closed != len(weeks):
                fail(f"{len(weeks) - closed} week(s) lost: not closed")
            campaign_ids = list(Week.objects.filter(pk__in=weeks).values_list("campaign_id", flat=True))
            opened = Week.objects.filter(campaign_id__in=campaign_ids, number=2).values("campaign_id")
            if opened.annotate(n=Count("id")).filter(n__gt=1).exists() or opened.count() != len(weeks):
                fail("a campaign's next week was opened twice or not at all")
            entries = rolls = 0
            for res in WeekResolution.objects.filter(week_id__in=weeks):
                indexes = list(MoveResult.objects.filter(week_id=res.week_id).values_list("index", flat=True))
                if res.status != "done" or sorted(indexes) != list(range(res.total)):
                    fail(f"week {res.week_id}: results {sorted(indexes)} for {res.total} entries ({res.status})")
                ledger = LedgerEntry.objects.filter(week_id=res.week_id).order_by("seq")
                seqs = list(ledger.values_list("seq", flat=True))
                stored = MoveResult.objects.filter(week_id=res.week_id).values_list("rolls", flat=True)
                named = sum(len(r) for r in stored)
                if seqs != list(range(len(seqs))) or len(seqs) != named:
                    fail(f"week {res.week_id}: ledger {len(seqs)} rolls (gap or twice) for {named} in its results")
                entries, rolls = entries + res.total, rolls + len(seqs)
            return entries, rolls

        results: list[tuple[str, int, float, int, int, str]] = []
        skipped: list[str] = []
        for run, (count, kill) in enumerate([(1, False), (2, False), (4, False), (2, True)]):
            if results and time.monotonic() - began > budget:
                skipped.append(f"{count} worker(s)" + (", one killed" if kill else ""))
                continue
            weeks = weeks_for(f"r{run}")
            app.control.purge()
            workers = Workers(count, worker_env(), log_dir, f"r{run}")
            workers.start()
            note = ""
            try:
                start = time.perf_counter()
                due = sweep_weeks()  # as beat does once a minute: queue every due week
                if sorted(due) != sorted(weeks):
                    fail(f"the sweep queued {len(due)} weeks, not the run's {len(weeks)}")

                def closed(weeks: list[int] = weeks) -> int:
                    return Week.objects.filter(pk__in=weeks, status=Week.Status.CLOSED).count()

                def all_closed(weeks: list[int] = weeks) -> bool:
                    return closed() == len(weeks)

                def quarter_closed(weeks: list[int] = weeks) -> bool:
                    return closed() >= len(weeks) // 4

                if kill:
                    wait_until(quarter_closed, timeout, "a quarter of the weeks")
                    workers.kill(0)
                    at_kill = closed()
                    state: dict[str, Any] = {"last": at_kill, "since": time.monotonic(), "requeued": 0}

                    def resweep(weeks: list[int] = weeks, state: dict[str, Any] = state) -> None:
                        # Stalled with weeks left resolving (the killed worker's): time passes for them.
                        now_closed = closed()
                        if now_closed != state["last"]:
                            state["last"], state["since"] = now_closed, time.monotonic()
                            return
                        if time.monotonic() - state["since"] < 3:
                            return
                        stuck = Week.objects.filter(pk__in=weeks).exclude(status=Week.Status.CLOSED)
                        an_hour_ago = timezone.now() - timedelta(hours=1)
                        stuck.filter(status=Week.Status.RESOLVING).update(claimed_at=an_hour_ago)
                        state["requeued"] += len(sweep_weeks())
                        state["since"] = time.monotonic()

                    wait_until(all_closed, timeout, "every week after the kill", resweep)
                    note = f"worker 1 of 2 SIGKILLed at {at_kill} closed; the sweep re-queued {state['requeued']}"
                else:
                    wait_until(all_closed, timeout, f"every week with {count} worker(s)")
                elapsed = time.perf_counter() - start
            finally:
                workers.stop()
            entries, rolls = check(weeks)
            results.append((f"{count} worker(s)" + (", one killed" if kill else ""), len(weeks), elapsed, entries,
                            rolls, note))

        base = results[0][1] / results[0][2]
        print(f"campaigns per run:     {campaigns} (one week each: {players} players x 2 moves), PostgreSQL + Redis")
        for label, weeks_n, elapsed, entries, rolls, note in results:
            rate = weeks_n / elapsed
            print(f"{label:<22} {elapsed:7.2f} s  {rate:7.1f} weeks/s  {entries / elapsed:8.1f} entries/s  "
                  f"x{rate / base:4.2f} vs 1 worker   {rolls} rolls")
            if note:
                print(f"{'':<22} {note}")
        for label in skipped:
            print(f"{label:<22} not run: BENCH_BUDGET ({budget:.0f} s) spent; a smaller BENCH_CAMPAIGNS fits")
        print("checked: every week closed once, next week opened once, one result per entry, ledgers without "
              "gaps or repeats (none resolved twice, none lost)")


if __name__ == "__main__":
    main()

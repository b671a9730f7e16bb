"""Ledger writes per second on PostgreSQL: a job's rolls stored together, one roll per transaction, and plain
inserts into a table of a similar shape, all measured in the same run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/muster python -m tests.bench.bench_ledger

- **batched**: what a job does (a week's group of entries, a battle's aftermath): one transaction of
  ``BENCH_JOB`` rolls (100) on one stream through one ``LedgerRoller``, each thing's rolls under its own
  ``ref`` (``tagged``): one lock of the stream row, one bulk insert, the hash chain as always;
- **one per transaction**: ``POST /api/v1/rolls/``'s path (lock, roll, hash, insert, commit per roll);
- **plain inserts**: one transaction per plain insert of a row with no lock, roll or hash (the
  idempotency table), the baseline the ratios are against.

At the end the whole stream is verified (every link and every face recomputed from the seed), so the
batched chain is shown intact. BENCH_N sets the number of rolls of each kind (2000).
"""

from __future__ import annotations

import os
import time

from tests.bench.django_env import fail, setup, test_database


def main() -> None:
    if not setup(need_postgres=True):
        return
    n = int(os.environ.get("BENCH_N", "2000"))
    job = int(os.environ.get("BENCH_JOB", "100"))
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from campaign.lib.models import IdempotencyRecord
    from campaign.services.rolls import roll_ad_hoc
    from referee.models import LedgerEntry
    from referee.services.ledger import LedgerRoller
    from referee.services.streams import stream_reveal, user_stream_current
    from referee.verify import verify_stream

    with test_database():
        user = get_user_model().objects.create_user("bench")
        stream = user_stream_current(user=user)
        for _ in range(50):
            roll_ad_hoc(user=user, notation="2d6", purpose="warmup")

        start = time.perf_counter()
        for _ in range(n):
            roll_ad_hoc(user=user, notation="2d6", purpose="single")
        single = time.perf_counter() - start

        start = time.perf_counter()
        done = 0
        while done < n:
            with transaction.atomic():
                roller = LedgerRoller(stream=stream, roller=user, purpose="batched")
                for i in range(min(job, n - done)):
                    roller.tagged(ref=f"thing:{(done + i) // 4}").roll("2d6")
                done += len(roller.store())
        batched = time.perf_counter() - start

        start = time.perf_counter()
        for i in range(n):
            with transaction.atomic():
                IdempotencyRecord.objects.create(user=user, key=f"k{i}", fingerprint="0" * 64, response_status=201)
        plain = time.perf_counter() - start

        if LedgerEntry.objects.filter(purpose="batched").count() != n:
            fail("the batched rolls were not all stored")
        stream.refresh_from_db()
        stream_reveal(stream=stream)
        report, problems = verify_stream(stream=stream)
        if problems or report.recomputed != n * 2 + 50:
            fail(f"the chain does not verify: {problems[:3]}")
        print(f"rolls of each kind:              {n:,} (PostgreSQL); a job stores {job} together")
        print(f"batched (a job per transaction):  {n / batched:>10,.0f} rolls/s  ({batched * 1e6 / n:.0f} us each)"
              "   (target >= 5,000/s)")
        print(f"one roll per transaction:         {n / single:>10,.0f} rolls/s  ({single * 1e6 / n:.0f} us each)")
        print(f"plain inserts, one per transaction: {n / plain:>8,.0f} rows/s   ({plain * 1e6 / n:.0f} us each)")
        print(f"ratio batched / one per transaction:  {single / batched:>6.1f}x")
        print(f"ratio batched / plain inserts:        {plain / batched:>6.1f}x")
        print(f"chain verified: {report.entries:,} entries, {report.recomputed:,} recomputed, 0 problems "
              f"(at {timezone.now():%H:%M:%S})")


if __name__ == "__main__":
    main()

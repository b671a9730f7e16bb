"""Ledger writes per second on PostgreSQL, against plain inserts into a table of the same shape.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/muster python -m tests.bench.bench_ledger

A ledger write locks the stream row, rolls with HMAC, hashes the entry onto the
chain and inserts it, one transaction per roll (as POST /api/v1/rolls/ does).
The baseline, measured in the same run, is one transaction per plain insert of
a row into the same table's shape with no lock, roll or hash (the idempotency
table), so the ratio shows what the guarantees cost.
"""

from __future__ import annotations

import os
import time

from tests.bench.django_env import setup, test_database


def main() -> None:
    if not setup(need_postgres=True):
        return
    n = int(os.environ.get("BENCH_N", "2000"))
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from campaign.lib.models import IdempotencyRecord
    from campaign.services.rolls import roll_ad_hoc
    from referee.models import LedgerEntry
    from referee.services.streams import user_stream_current

    with test_database():
        user = get_user_model().objects.create_user("bench")
        user_stream_current(user=user)
        for _ in range(50):
            roll_ad_hoc(user=user, notation="2d6", purpose="warmup")

        start = time.perf_counter()
        for _ in range(n):
            roll_ad_hoc(user=user, notation="2d6", purpose="bench")
        ledger = time.perf_counter() - start

        start = time.perf_counter()
        for i in range(n):
            with transaction.atomic():
                IdempotencyRecord.objects.create(user=user, key=f"k{i}", fingerprint="0" * 64, response_status=201)
        plain = time.perf_counter() - start

        assert LedgerEntry.objects.filter(purpose="bench").count() == n
        print(f"writes:                         {n:,} (one transaction each, PostgreSQL)")
        print(f"ledger (lock + roll + hash + insert): {n / ledger:>10,.0f} writes/s  ({ledger * 1e3 / n:.2f} ms each)")
        print(f"plain insert baseline:                {n / plain:>10,.0f} writes/s  ({plain * 1e3 / n:.2f} ms each)")
        print(f"ratio (ledger time / plain time):     {ledger / plain:>10.2f}x")


if __name__ == "__main__":
    main()

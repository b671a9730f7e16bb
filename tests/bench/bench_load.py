"""The league-night load test: locust, headless, against gunicorn (2 sync workers) on loopback.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/muster CACHE_URL=redis://127.0.0.1:6379/1 \\
        python -m tests.bench.bench_load

BENCH_USERS phones (default 8) for BENCH_SECONDS (default 60) run ``tests/bench/locustfile.py``.
Prints, per request kind and in all: requests, throughput, p50/p95/p99 and failures, and the
throughput of the roster as a ratio to the whole mix; exits non-zero when anything failed.
Skips with a message when DATABASE_URL is not PostgreSQL.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.bench.http_server import BIN, ROOT, postgres_url, served


def main() -> None:
    if postgres_url() is None:
        print("skipped: needs PostgreSQL; run with DATABASE_URL=postgres://postgres@127.0.0.1:5432/muster")
        return
    users = int(os.environ.get("BENCH_USERS", "8"))
    seconds = int(os.environ.get("BENCH_SECONDS", "60"))
    with served(tables=users, phones=users) as server, tempfile.TemporaryDirectory() as out:
        prefix = str(Path(out) / "load")
        env = {**os.environ, "BENCH_SEED": json.dumps(server.seed)}
        subprocess.run(
            [str(BIN / "locust"), "-f", str(ROOT / "tests/bench/locustfile.py"), "--headless", "-u", str(users),
             "-r", str(users), "-t", f"{seconds}s", "--host", server.base, "--csv", prefix, "--only-summary",
             "--loglevel", "WARNING"],
            cwd=ROOT, env=env, check=False, capture_output=True,
        )
        with open(f"{prefix}_stats.csv", newline="") as f:
            rows = list(csv.DictReader(f))
        with open(f"{prefix}_failures.csv", newline="") as f:
            failures = list(csv.DictReader(f))
    print(f"locust: {users} phones for {seconds} s against gunicorn 2 sync workers on loopback")
    print(f"{'request':<24} {'count':>7} {'req/s':>8} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'failed':>7}")
    total = next(r for r in rows if r["Name"] == "Aggregated")
    for r in rows:
        print(
            f"{(r['Type'] + ' ' + r['Name']).strip():<24} {r['Request Count']:>7} {float(r['Requests/s']):8.1f}"
            f" {r['50%']:>7} {r['95%']:>7} {r['99%']:>7} {r['Failure Count']:>7}"
        )
    roster = next((r for r in rows if r["Name"] == "roster"), None)
    if roster is not None and float(total["Requests/s"]):
        print(f"roster share of the throughput: {float(roster['Requests/s']) / float(total['Requests/s']):.2f}")
    for failure in failures[:10]:
        print(f"failure: {failure['Method']} {failure['Name']}: {failure['Error'][:200]} x{failure['Occurrences']}")
    if int(total["Failure Count"]):
        sys.exit(1)


if __name__ == "__main__":
    main()

"""How fast the dice engine rolls, against Python's own random.randint.

Run from the project root::

    python -m tests.bench.bench_dice            # one million d6 each way
    BENCH_N=100000 python -m tests.bench.bench_dice

Each campaign d6 costs one HMAC-SHA256 (the price of rolls anyone can
recompute), so the engine is expected to be an order of magnitude slower than
``random.randint``; this prints both rates and the ratio rather than asserting
anything about them.
"""

from __future__ import annotations

import os
import random
import time

from referee.engine.dice import SeededRoller


def _rate(n: int, seconds: float) -> float:
    return n / seconds if seconds > 0 else float("inf")


def bench_engine(n: int) -> float:
    """Seconds for ``n`` campaign d6 rolls through SeededRoller.roll("d6")."""
    roller = SeededRoller(seed=bytes(range(32)), salt=b"bench")
    roll = roller.roll
    start = time.perf_counter()
    for _ in range(n):
        roll("d6")
    return time.perf_counter() - start


def bench_randint(n: int) -> float:
    """Seconds for ``n`` calls of random.randint(1, 6)."""
    randint = random.Random(1).randint
    start = time.perf_counter()
    for _ in range(n):
        randint(1, 6)
    return time.perf_counter() - start


def main() -> None:
    n = int(os.environ.get("BENCH_N", "1000000"))
    if n < 1:
        raise SystemExit("BENCH_N must be at least 1")
    bench_engine(min(n, 1000))  # warm the parse cache and the HMAC backend
    engine = bench_engine(n)
    plain = bench_randint(n)
    print(f"rolls:              {n:,} d6")
    print(f"engine (SeededRoller.roll('d6')): {_rate(n, engine):>12,.0f} rolls/s  ({engine:.2f} s)")
    print(f"random.randint(1, 6):             {_rate(n, plain):>12,.0f} rolls/s  ({plain:.2f} s)")
    print(f"ratio (randint / engine):         {engine / plain if plain else float('inf'):>12.1f}x")


if __name__ == "__main__":
    main()

"""How fast the dice engine rolls, against Python's own random.randint, measured in the same run.

Run from the project root::

    python -m tests.bench.bench_dice            # one million d6 each way
    BENCH_N=100000 python -m tests.bench.bench_dice

Each campaign roll costs one HMAC-SHA256 (the price of rolls anyone can recompute). Under dice
scheme 2 one block serves some thirty d6 faces (one byte a die), and the HMAC's key pads are
hashed once per roller, so a d6 costs one HMAC of a short message; scheme 1 (32-bit words, the
scheme of streams opened before) is measured beside it, and ``3d6`` shows several faces from
one block. Prints rates and ratios; asserts nothing about them.
"""

from __future__ import annotations

import os
import random
import time

from referee.engine.dice import SeededRoller


def _rate(n: int, seconds: float) -> float:
    return n / seconds if seconds > 0 else float("inf")


def bench_engine(n: int, notation: str = "d6", scheme: int = 2) -> float:
    """Seconds for ``n`` campaign rolls of ``notation`` through SeededRoller.roll."""
    roller = SeededRoller(seed=bytes(range(32)), salt=b"bench", scheme=scheme)
    roll = roller.roll
    start = time.perf_counter()
    for _ in range(n):
        roll(notation)
    return time.perf_counter() - start


def bench_randint(n: int, dice: int = 1) -> float:
    """Seconds for ``n`` times ``dice`` calls of random.randint(1, 6)."""
    randint = random.Random(1).randint
    start = time.perf_counter()
    for _ in range(n):
        for _ in range(dice):
            randint(1, 6)
    return time.perf_counter() - start


def main() -> None:
    n = int(os.environ.get("BENCH_N", "1000000"))
    if n < 1:
        raise SystemExit("BENCH_N must be at least 1")
    bench_engine(min(n, 1000))  # warm the parse cache and the HMAC backend
    engine = bench_engine(n)
    plain = bench_randint(n)
    old = bench_engine(n, scheme=1)
    three = bench_engine(n // 4 or 1, "3d6")
    plain3 = bench_randint(n // 4 or 1, 3)
    print(f"rolls:                               {n:,} d6")
    print(f"engine, scheme 2 (roll('d6')):       {_rate(n, engine):>12,.0f} rolls/s  ({engine:.2f} s)")
    print(f"engine, scheme 1 (roll('d6')):       {_rate(n, old):>12,.0f} rolls/s  ({old:.2f} s)")
    print(f"random.randint(1, 6):                {_rate(n, plain):>12,.0f} rolls/s  ({plain:.2f} s)")
    ratio = plain / engine if engine else float("inf")
    print(f"ratio d6 (engine speed / randint):   {ratio:>12.3f}x   (target >= 0.25x)")
    print(f"ratio d6 scheme 1 / randint:         {plain / old if old else float('inf'):>12.3f}x")
    print(f"3d6 faces (engine speed / 3 randint): {plain3 / three if three else float('inf'):>11.3f}x")


if __name__ == "__main__":
    main()

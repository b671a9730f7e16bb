"""One week of secret moves on PostgreSQL: 200 players x 3 moves, the whole resolution against the engine alone.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/muster python -m tests.bench.bench_week

The week is ``make_synthetic_week(200, 3)`` stored in a campaign's rows (characters, info
holdings, submissions). The whole resolution is what the worker runs: freeze the plan, then
one transaction per group of ``WEEKLY_RESOLUTION_BATCH`` entries (100: lock the week and its
resolution, resolve the group's entries rolling on the week's stream, append the group's rolls
to the hash-chained ledger in one insert, store the results with their audiences, write the
changed characters and holdings, move the progress on), then close the week (every member's
notice) and reveal its seed. The engine alone, in the same run, resolves the same moves from the same state with a
``SeededRoller`` and nothing stored; the ratio shows what durability and resumability cost.
BENCH_PLAYERS and BENCH_MOVES change the size.
"""

from __future__ import annotations

import os
import time
from typing import Any

from tests.bench.django_env import median_seconds, setup, test_database


def main() -> None:
    os.environ.setdefault("WEEKLY_RESOLUTION_BATCH", "100")
    if not setup(need_postgres=True):
        return
    players = int(os.environ.get("BENCH_PLAYERS", "200"))
    batch = os.environ["WEEKLY_RESOLUTION_BATCH"]
    moves_each = int(os.environ.get("BENCH_MOVES", "3"))
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from campaign.models import Membership, Week
    from campaign.services import campaign_create, campaign_start
    from campaign.services.weeks import week_claim
    from campaign.weekly.models import MoveResult, WeekResolution
    from campaign.weekly.resolution.run import week_moves_resolve
    from referee.engine.dice import SeededRoller
    from referee.engine.sealed import run_week
    from referee.engine.systems.weekly_moves import SYSTEM, GameState
    from referee.engine.systems.weekly_moves.synthetic import make_synthetic_week
    from referee.models import LedgerEntry
    from tests.campaign.weekly.conftest import weekly_pack
    from tests.campaign.weekly.synthetic import store_synthetic

    synthetic = make_synthetic_week(n_players=players, moves_each=moves_each, seed=1)
    n_moves = len(synthetic.moves)

    def engine_once() -> None:
        state = GameState.from_dict(synthetic.state.to_dict())
        plan = SYSTEM.plan_week(state, synthetic.moves, synthetic.settings)
        run_week(SYSTEM, state, plan, synthetic.settings, SeededRoller(seed=b"\x01" * 32, salt=b"bench"))

    def copy_cost() -> None:
        GameState.from_dict(synthetic.state.to_dict())

    engine = median_seconds(engine_once, repeat=7) - median_seconds(copy_cost, repeat=7)

    with test_database():
        organiser = get_user_model().objects.create_user("organiser")
        gm = get_user_model().objects.create_user("gm")

        def week_in_campaign(name: str, size: int) -> Week:
            campaign = campaign_create(
                name=name, rules_pack=weekly_pack(), organiser=organiser, settings=synthetic.settings.to_dict()
            )
            Membership.objects.create(campaign=campaign, user=gm, role=Membership.Role.GM)
            week1 = campaign_start(campaign=campaign, actor=organiser)
            resolve(week1)  # week 1 has no moves; the synthetic week is week 2
            week2 = Week.objects.get(campaign=campaign, number=2)
            week_synthetic = synthetic if size == players else make_synthetic_week(size, moves_each, seed=2)
            store_synthetic(campaign=campaign, week=week2, synthetic=week_synthetic, prefix=name)
            return week2

        queries = [0]

        def resolve(week: Week) -> float:
            assert week_claim(week_id=week.pk, now=timezone.now(), force=True) is not None
            counted: list[str] = []

            def count(execute: Any, sql: str, *args: Any) -> Any:
                counted.append(sql)
                return execute(sql, *args)

            start = time.perf_counter()
            with connection.execute_wrapper(count):
                assert week_moves_resolve(week_id=week.pk) == "done"
            queries[0] = len(counted)
            return time.perf_counter() - start

        resolve(week_in_campaign("warmup", 20))
        week = week_in_campaign("bench", players)
        whole = resolve(week)

        res = WeekResolution.objects.get(week=week)
        assert res.status == "done" and res.total == n_moves
        assert MoveResult.objects.filter(week=week).count() == n_moves
        rolls = LedgerEntry.objects.filter(week=week).count()
        print(f"week:                 {players} players x {moves_each} moves = {n_moves} entries (PostgreSQL)")
        print(f"rolls stored:         {rolls:,} ledger entries, groups of {batch} entries, {queries[0]:,} queries")
        each_ms, each_us = whole * 1e3 / n_moves, engine * 1e6 / n_moves
        print(f"whole resolution:     {whole:8.3f} s  {n_moves / whole:>10,.0f} moves/s  ({each_ms:.2f} ms each)"
              "   (target <= 1.0 s)")
        print(f"engine alone:         {engine:8.3f} s  {n_moves / engine:>10,.0f} moves/s  ({each_us:.0f} us each)")
        print(f"ratio (whole / engine): {whole / engine:6.1f}x")


if __name__ == "__main__":
    main()

"""The aftermath of a battle between two 15-warrior warbands on PostgreSQL, from confirmation to applied effects.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/muster python -m tests.bench.bench_aftermath

Each round builds two fresh warbands (6 Heroes and 9 Henchman groups of one model each,
every Hero armed), a reported battle with four Heroes and four Henchmen out of action,
then times ``battle_confirm`` with the task run in-process straight after commit: the
claim, every roll stored in the ledger, the effects applied to both rosters, the
decisions opened and the timeline written. Prints the median time, the SQL query count,
and both against one ledger roll (``roll_ad_hoc``) measured in the same run.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

from tests.bench.django_env import setup, test_database


def main() -> None:
    os.environ.pop("CELERY_BROKER_URL", None)  # the aftermath task runs in-process after commit, as measured here
    if not setup(need_postgres=True):
        return
    n = int(os.environ.get("BENCH_N", "20"))
    from django.conf import settings
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from campaign.models import Campaign
    from campaign.services import campaign_create, membership_add
    from campaign.services.rolls import roll_ad_hoc
    from roster.battles.reports import battle_confirm, battle_report
    from roster.models import Aftermath, Battle, Holding, Warband, Warrior
    from roster.services.warbands import rating_refresh, warband_create
    from tests.support.world import make_user, mordheim_pack, open_week

    assert settings.CELERY_TASK_ALWAYS_EAGER, "run without CELERY_BROKER_URL: the task runs in-process after commit"
    with test_database():
        alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
        campaign = campaign_create(name="Bench league", rules_pack=mordheim_pack(), organiser=alice)
        for player in (bob, carol):
            membership_add(campaign=campaign, user=player, role="player")
        Campaign.objects.filter(pk=campaign.pk).update(status=Campaign.Status.RUNNING)
        week = open_week(campaign)

        def warband(owner: Any, name: str) -> tuple[Warband, list[Warrior], list[Warrior]]:
            wb = warband_create(campaign=campaign, owner=owner, list_slug="reikland", name=name)
            heroes = [
                Warrior.objects.create(
                    warband=wb,
                    kind="hero",
                    type_slug="mercenary_captain" if i == 0 else "champion",
                    name=f"h{i}",
                    is_leader=i == 0,
                    race="human",
                    profile={"M": 4, "WS": 4, "BS": 4, "S": 3, "T": 3, "W": 1, "I": 4, "A": 1, "Ld": 8},
                    xp=8 + i,
                    starting_xp=8,
                )
                for i in range(6)
            ]
            groups = [
                Warrior.objects.create(
                    warband=wb,
                    kind="henchman",
                    type_slug="warrior",
                    name=f"g{i}",
                    race="human",
                    profile={"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7},
                    xp=1,
                )
                for i in range(9)
            ]
            for hero in heroes:
                Holding.objects.create(warband=wb, warrior=hero, item_slug="sword")
            rating_refresh(warband=wb)
            wb.status = "approved"
            wb.save()
            return wb, heroes, groups

        def round_once() -> tuple[float, int]:
            (a, a_heroes, _a_groups), (b, b_heroes, b_groups) = warband(bob, "A"), warband(carol, "B")
            battle = Battle.objects.create(campaign=campaign, week=week, warband_a=a, warband_b=b, scenario="skirmish")
            ooa = [{"victim": str(w.pk), "by": str(a_heroes[0].pk)} for w in b_heroes[1:5] + b_groups[:4]]
            report = {"scenario": "skirmish", "winner": str(a.pk), "out_of_action": ooa, "objectives": {}}
            battle_report(battle=battle, actor=bob, data=report)
            with CaptureQueriesContext(connection) as ctx:
                start = time.perf_counter()
                battle_confirm(battle=battle, actor=carol)
                elapsed = time.perf_counter() - start
            assert Aftermath.objects.get(battle=battle).status == "applied"
            return elapsed, len(ctx.captured_queries)

        round_once()  # warm caches (pack, prepared plans)
        rounds = [round_once() for _ in range(n)]
        baseline = []
        for _ in range(max(n, 20)):
            start = time.perf_counter()
            roll_ad_hoc(user=bob, notation="2d6", purpose="bench")
            baseline.append(time.perf_counter() - start)
        with CaptureQueriesContext(connection) as ctx:
            roll_ad_hoc(user=bob, notation="2d6", purpose="bench")
        base_queries = len(ctx.captured_queries)
        median = statistics.median(t for t, _ in rounds)
        queries = statistics.median(q for _, q in rounds)
        base = statistics.median(baseline)
        rolls = Aftermath.objects.count()
        print(f"aftermaths: {rolls - 1} measured (+1 warm-up), two 15-warrior warbands, 8 models out of action")
        print(
            f"confirm -> applied : median {median * 1e3:8.1f} ms, {queries:.0f} SQL queries"
            "   (target <= 80 ms, <= 60 queries)"
        )
        print(f"one ledger roll    : median {base * 1e3:8.2f} ms, {base_queries} SQL queries (baseline)")
        print(f"ratio              : {median / base:8.1f}x the time, {queries / base_queries:.1f}x the queries")


if __name__ == "__main__":
    main()

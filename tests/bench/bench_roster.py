"""The roster GET for a 15-warrior and a 40-warrior warband, against a trivial authenticated DRF endpoint.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/muster CACHE_URL=redis://127.0.0.1:6379/1 \
        python -m tests.bench.bench_roster

Prints, for each size, the SQL query count and the median latency over BENCH_N requests
(default 300) through Django's test client with a real token: the first build after a
change (the cache emptied before each request), the unchanged roster served from the
cache, and the 304 a phone gets when it sends the ETag it has; each as a ratio to the
baseline (GET /api/v1/me/) measured in the same run.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from tests.bench.django_env import median_seconds, setup, test_database


def main() -> None:
    if not setup(need_postgres=False):
        return
    n = int(os.environ.get("BENCH_N", "300"))
    from django.conf import settings
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from knox.models import AuthToken
    from rest_framework.test import APIClient

    from campaign.services import campaign_create, membership_add
    from roster.documents import cache as documents
    from roster.models import Holding, Warrior
    from roster.services.warbands import rating_refresh, warband_create
    from tests.support.world import make_user, mordheim_pack

    with test_database():
        alice, bob = make_user("alice"), make_user("bob")
        campaign = campaign_create(name="Bench league", rules_pack=mordheim_pack(), organiser=alice)
        membership_add(campaign=campaign, user=bob, role="player")
        warbands = {}
        for size in (15, 40):
            warband = warband_create(campaign=campaign, owner=bob, list_slug="reikland", name=f"{size} strong")
            for i in range(size):
                kind = "hero" if i < 6 else "henchman"
                w = Warrior.objects.create(
                    warband=warband,
                    kind=kind,
                    type_slug="champion" if kind == "hero" else "warrior",
                    name=f"w{i}",
                    count=1,
                    profile={"M": 4, "WS": 3},
                    race="human",
                    xp=i,
                    skills=["step_aside"] if kind == "hero" else [],
                )
                for item in ("sword", "dagger", "helmet"):
                    Holding.objects.create(warband=warband, warrior=w, item_slug=item)
            rating_refresh(warband=warband)
            warbands[size] = warband
        _, token = AuthToken.objects.create(user=bob)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")

        def get(path: str, **headers: Any) -> int:
            response = client.get(path, **headers)
            assert response.status_code in (200, 304), response.content
            return int(response.status_code)

        def queries(path: str, before: Callable[[], None] = lambda: None, **headers: str) -> int:
            before()
            with CaptureQueriesContext(connection) as ctx:
                get(path, **headers)
            return len(ctx.captured_queries)

        def timed(path: str, before: Callable[[], None] = lambda: None, **headers: str) -> float:
            for _ in range(3):
                before()
                get(path, **headers)
            samples = []
            for _ in range(n):
                before()
                start = time.perf_counter()
                get(path, **headers)
                samples.append(time.perf_counter() - start)
            return statistics.median(samples)

        def forget() -> None:
            cache.clear()
            documents._RECENT.clear()

        baseline = median_seconds(lambda: get("/api/v1/me/"), repeat=n)
        print(f"database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}, {n} requests each")
        print(f"cache: {settings.CACHES['default']['BACKEND'].rsplit('.', 1)[-1]}")
        print(f"baseline GET /api/v1/me/     : {queries('/api/v1/me/'):>3} queries, median {baseline * 1e3:7.2f} ms")
        for size, warband in warbands.items():
            path = f"/api/v1/warbands/{warband.pk}/"
            etag = client.get(path)["ETag"]
            for label, before, headers in (
                ("first build", forget, {}),
                ("cached     ", lambda: None, {}),
                ("304        ", lambda: None, {"HTTP_IF_NONE_MATCH": etag}),
            ):
                seconds = timed(path, before, **headers)
                print(
                    f"roster {size:>2} warriors, {label}: {queries(path, before, **headers):>3} queries,"
                    f" median {seconds * 1e3:7.2f} ms, {seconds / baseline:5.2f}x the baseline"
                    + ("   (target <= 3 queries)" if label.strip() != "first build" else "")
                )


if __name__ == "__main__":
    main()

"""The roster GET for a 15-warrior and a 40-warrior warband, against a trivial authenticated DRF endpoint.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/muster python -m tests.bench.bench_roster

Prints, for each, the SQL query count and the median latency over BENCH_N requests
(default 300) through Django's test client with a real token, and the ratio of each
to the baseline (GET /api/v1/me/) measured in the same run.
"""

from __future__ import annotations

import functools
import os

from tests.bench.django_env import median_seconds, setup, test_database


def main() -> None:
    if not setup(need_postgres=False):
        return
    n = int(os.environ.get("BENCH_N", "300"))
    from django.conf import settings
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from knox.models import AuthToken
    from rest_framework.test import APIClient

    from campaign.services import campaign_create, membership_add
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

        def get(path: str) -> None:
            response = client.get(path)
            assert response.status_code == 200, response.content

        def queries(path: str) -> int:
            with CaptureQueriesContext(connection) as ctx:
                get(path)
            return len(ctx.captured_queries)

        baseline = median_seconds(lambda: get("/api/v1/me/"), repeat=n)
        print(f"database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}, {n} requests each")
        print(f"baseline GET /api/v1/me/ : {queries('/api/v1/me/'):>3} queries, median {baseline * 1e3:7.2f} ms")
        for size, warband in warbands.items():
            path = f"/api/v1/warbands/{warband.pk}/"
            seconds = median_seconds(functools.partial(get, path), repeat=n)
            print(
                f"roster, {size} warriors     : {queries(path):>3} queries, median {seconds * 1e3:7.2f} ms,"
                f" {seconds / baseline:5.2f}x the baseline"
            )


if __name__ == "__main__":
    main()

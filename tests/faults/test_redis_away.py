"""Redis (cache, throttle counters and broker) killed under a running gunicorn, then started again (issue 29,
items 1 and 6): a player reads his roster, buys an item and rolls a die throughout, every answer within a
bounded time, /healthz says what is degraded, and nothing is lost or done twice."""

from __future__ import annotations

import pytest
from knox.models import AuthToken

from referee.models import LedgerEntry
from referee.verify import verify_ledger
from roster.models import Holding
from tests.faults.procs import Procs, http, wait_until
from tests.roster.helpers import hire, reikland
from tests.support.world import PASSWORD, World, open_week

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

#: No answer may hang: the cache's connect timeout is a fraction of a second and a failure pauses it.
BOUND_SECONDS = 5.0


def test_with_redis_killed_a_player_reads_his_roster_buys_an_item_and_rolls_a_die(world: World, procs: Procs) -> None:
    open_week(world.campaign)
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    _, token = AuthToken.objects.create(user=world.bob)
    rolls_before = LedgerEntry.objects.count()
    port = procs.redis()
    procs.env.update(CACHE_URL=f"redis://127.0.0.1:{port}/1", CELERY_BROKER_URL=f"redis://127.0.0.1:{port}/0")
    base = procs.gunicorn()
    auth = {"Authorization": f"Token {token}"}
    roster = f"{base}/api/v1/warbands/{warband.pk}/"

    def play(phase: str) -> dict[str, int]:
        answers = {
            "me": http("GET", base + "/api/v1/me/", headers=auth),
            "roster": http("GET", roster, headers=auth),
            "buy": http("POST", roster + "buy/", data={"item": "sword", "warrior": captain.pk}, headers=auth),
            "roll": http("POST", base + "/api/v1/rolls/", data={"notation": "d6"}, headers=auth),
            "login": http("POST", base + "/api/v1/auth/login/", data={"username": "bob", "password": PASSWORD}),
            "login page": http("GET", base + "/accounts/login/"),
        }
        slow = {name: round(a.seconds, 2) for name, a in answers.items() if a.seconds > BOUND_SECONDS}
        assert not slow, f"{phase}: answers that hung: {slow}"
        fresh = http("GET", roster, headers={**auth, "If-None-Match": answers["roster"].headers["ETag"]})
        assert fresh.status == 200  # the buy moved the roster on: a new body
        same = http("GET", roster, headers={**auth, "If-None-Match": fresh.headers["ETag"]})
        assert same.status == 304, f"{phase}: the ETag is computed from the database either way"
        return {name: a.status for name, a in answers.items()}

    expected = {"me": 200, "roster": 200, "buy": 200, "roll": 201, "login": 200, "login page": 200}
    health = http("GET", base + "/healthz").json()
    assert (health["status"], health["degraded"]) == ("ok", [])
    assert play("Redis up") == expected

    procs.procs["redis"].kill()
    health_down = http("GET", base + "/healthz")
    assert health_down.status == 200 and health_down.seconds < BOUND_SECONDS
    assert health_down.json()["checks"] == {"database": "ok", "cache": "degraded", "broker": "degraded"}
    assert str(port) not in health_down.body.decode()  # no host or port to an anonymous caller
    assert play("Redis down") == expected
    assert play("Redis down, a second round") == expected

    procs.redis(port)
    wait_until(lambda: http("GET", base + "/healthz").json()["status"] == "ok", 30, "/healthz ok again")
    assert play("Redis back") == expected

    # Four rounds: four swords bought once each, four dice rolled once each, and the chain holds.
    assert Holding.objects.filter(warband=warband, item_slug="sword").count() == 4
    assert LedgerEntry.objects.count() == rolls_before + 4  # buying rolls nothing
    report, problems = verify_ledger()
    assert problems == [] and report.entries >= 4

"""The broker killed while a report is confirmed (issue 29, items 2 and 6): the confirmation answers as usual,
the aftermath waits in the database, and once the broker is back beat's sweep queues it and the worker
applies it exactly once: rolled once, one resolution, the ledger's chain whole."""

from __future__ import annotations

import time

import pytest
from knox.models import AuthToken

from campaign.models import CampaignEvent
from referee.models import LedgerEntry
from referee.verify import verify_ledger
from roster.models import Aftermath
from tests.faults.procs import Http, Procs, http, wait_until
from tests.roster.aftermath.helpers import fight
from tests.roster.battles.test_reports import report_payload
from tests.support.world import World

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_a_report_confirmed_while_the_broker_is_away_gets_its_aftermath_once_when_it_is_back(
    world: World, procs: Procs
) -> None:
    f = fight(world, confirmed=False)
    tokens = {user.username: AuthToken.objects.create(user=user)[1] for user in (world.bob, world.carol)}
    port = procs.redis()
    procs.env.update(CELERY_BROKER_URL=f"redis://127.0.0.1:{port}/0", MUSTER_SWEEP_SECONDS="2",
                     MUSTER_STUCK_SECONDS="3")
    base = procs.gunicorn()
    procs.worker(beat=True)

    def post(user: str, path: str, data: object = None) -> Http:
        return http("POST", f"{base}/api/v1/battles/{f.battle.pk}/{path}/", data=data,
                    headers={"Authorization": f"Token {tokens[user]}"})

    reported = post("bob", "report", report_payload(f))
    assert reported.status == 200, reported.body

    procs.procs["redis"].kill()
    confirmed = post("carol", "confirm")
    assert confirmed.status == 200, confirmed.body
    assert confirmed.json()["status"] == "confirmed"
    assert confirmed.seconds < 5
    aftermath = Aftermath.objects.get(battle=f.battle)
    time.sleep(4)  # sweeps would have queued it twice by now, had there been a broker
    assert Aftermath.objects.get(pk=aftermath.pk).applied_at is None

    procs.redis(port)
    wait_until(lambda: Aftermath.objects.get(pk=aftermath.pk).status == "applied", 90, "the aftermath applied")
    rolls = list(LedgerEntry.objects.filter(ref=f"aftermath:{f.battle.pk}").order_by("pk").values_list("pk", "faces"))
    time.sleep(6)  # more sweeps pass: they find nothing left to do
    done = Aftermath.objects.get(pk=aftermath.pk)
    assert done.attempts == 1, procs.logs()  # rolled once
    assert rolls and list(
        LedgerEntry.objects.filter(ref=f"aftermath:{f.battle.pk}").order_by("pk").values_list("pk", "faces")
    ) == rolls
    assert CampaignEvent.objects.filter(battle=f.battle, kind="battle_resolved").count() == 1
    report, problems = verify_ledger()
    assert problems == [] and report.entries >= len(rolls)
    worker_log = procs.procs["worker"].log.read_text(errors="replace")
    assert "roster.aftermath_sweep" in worker_log  # it was the sweep that found it

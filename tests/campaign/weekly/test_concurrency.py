"""Two runs of one week's resolution at the same moment (a duplicate delivery) on PostgreSQL: every entry
is resolved once, every roll made once, and the week closes once."""

from __future__ import annotations

import pytest
from django.utils import timezone

from campaign.models import Week
from campaign.services.weeks import week_claim
from campaign.weekly.models import MoveResult
from campaign.weekly.resolution.run import week_moves_resolve
from referee.engine.systems.weekly_moves.synthetic import make_synthetic_week
from referee.models import LedgerEntry
from tests.campaign.weekly.conftest import make_intrigue
from tests.campaign.weekly.synthetic import store_synthetic
from tests.support.concurrency import run_together
from tests.support.world import World

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_runs_at_once_resolve_each_entry_once(world: World) -> None:
    synthetic = make_synthetic_week(n_players=10, moves_each=3, seed=7)
    intrigue = make_intrigue(world, settings=synthetic.settings.to_dict())
    week = intrigue.next_week()
    store_synthetic(campaign=intrigue.campaign, week=week, synthetic=synthetic)
    assert week_claim(week_id=week.pk, now=timezone.now(), force=True) is not None
    outcomes = run_together([lambda: week_moves_resolve(week_id=week.pk)] * 2)
    assert all(isinstance(o, str) for o in outcomes), outcomes
    assert "done" in outcomes
    results = list(MoveResult.objects.filter(week=week).order_by("index"))
    assert [r.index for r in results] == list(range(30))
    refs = list(LedgerEntry.objects.filter(week=week).values_list("ref", flat=True))
    assert len(refs) == sum(len(r.rolls) for r in results)
    assert Week.objects.get(pk=week.pk).status == Week.Status.CLOSED
    assert Week.objects.filter(campaign=intrigue.campaign, status=Week.Status.OPEN).count() == 1

"""Two presses of "confirm" at the same moment, on PostgreSQL: one confirmation, one aftermath."""

import pytest

from roster.battles.reports import battle_confirm, battle_report
from roster.models import Aftermath, BattleReport
from tests.roster.aftermath.helpers import fight
from tests.support.concurrency import run_together
from tests.support.world import World

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_confirms_at_once_queue_one_aftermath(world: World) -> None:
    f = fight(world, confirmed=False)
    battle_report(battle=f.battle, actor=world.bob, data=f.report())
    results = run_together([lambda: battle_confirm(battle=f.battle, actor=world.carol) for _ in range(4)])
    assert all(isinstance(r, BattleReport) for r in results), results
    assert Aftermath.objects.filter(battle=f.battle).count() == 1
    assert BattleReport.objects.get(battle=f.battle).status == "confirmed"

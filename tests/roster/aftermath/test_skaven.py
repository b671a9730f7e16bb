"""A Skaven warband's own rules through the aftermath: a Hero's new skill is offered from the Skaven skill list
its warband list holds (MH-SKL-01), on the server's own dice."""

from __future__ import annotations

import pytest

from campaign.models import Campaign
from roster.aftermath.queue import aftermath_queue
from roster.aftermath.run import aftermath_run
from roster.battles.pairings import pairings_set
from roster.models import Battle, Decision
from roster.services.warbands import warband_approve, warband_create, warband_submit
from tests.roster.helpers import hire
from tests.support.dice import DiceScript
from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db


def test_mh_skl_01_a_skaven_heros_new_skill_may_come_from_the_skaven_list(world: World, dice: DiceScript) -> None:
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.RUNNING)
    world.campaign.refresh_from_db()
    week = open_week(world.campaign)
    eshin = warband_create(campaign=world.campaign, owner=world.bob, list_slug="skaven_eshin", name="Eshin")
    reavers = warband_create(campaign=world.campaign, owner=world.carol, list_slug="reikland", name="Reavers")
    hire(eshin, "assassin_adept")
    runner = hire(eshin, "night_runner")
    hire(eshin, "verminkin")
    captain = hire(reavers, "mercenary_captain")
    hire(reavers, "warrior", count=2)
    for warband, owner in ((eshin, world.bob), (reavers, world.carol)):
        warband_submit(warband=warband, actor=owner)
        warband_approve(warband=warband, actor=world.alice)
    (battle,) = pairings_set(week=week, actor=world.alice, pairs=[(eshin.pk, reavers.pk)])
    Battle.objects.filter(pk=battle.pk).update(result="a", winner=eshin, status=Battle.Status.CONFIRMED)
    report = {
        "scenario": "skirmish",
        "winner": str(eshin.pk),
        "out_of_action": [{"victim": str(captain.pk), "by": str(runner.pk)}],
        "absent": [],
        "objectives": {},
    }
    # The captain's D66 55 (full recovery); the night runner's 0 + 1 (survives) + 1 (took him out) = 2 XP, an
    # advance: 2D6 of 1 and 2, a new skill (MH-ADV-H-01).
    dice.then(5, 5, 1, 2)
    aftermath_run(aftermath_id=aftermath_queue(battle=Battle.objects.get(pk=battle.pk), report=report).pk)
    decision = Decision.objects.get(warband=eshin, kind="skill")
    offered = {o["value"] for q in decision.request["questions"] for o in q["options"]}
    assert {"black_hunger", "wall_runner", "infiltration"} <= offered  # the Skaven list of skaven_eshin.json
    assert "combat_master" in offered  # and his common Combat list

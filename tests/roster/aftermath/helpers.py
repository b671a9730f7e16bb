"""A fought battle between two small warbands, ready for its aftermath."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign.models import Campaign, Week
from roster.aftermath.decisions import decision_answer
from roster.aftermath.queue import aftermath_queue
from roster.battles.pairings import pairings_set
from roster.models import Aftermath, Battle, Decision, Warband, Warrior
from roster.services.warbands import warband_approve, warband_create, warband_submit
from tests.roster.helpers import hire
from tests.support.world import World, open_week


@dataclass
class Fight:
    battle: Battle
    week: Week
    reavers: Warband
    raiders: Warband
    captain: Warrior
    champion: Warrior
    warriors: Warrior
    enemy_captain: Warrior
    enemy_group: Warrior

    def report(self, **changes: Any) -> dict[str, Any]:
        """The Reavers win; their champion and one enemy henchman go out of action."""
        report = {
            "scenario": "skirmish",
            "winner": str(self.reavers.pk),
            "out_of_action": [
                {"victim": str(self.champion.pk), "by": str(self.enemy_captain.pk)},
                {"victim": str(self.enemy_group.pk), "by": str(self.captain.pk)},
            ],
            "absent": [],
            "objectives": {},
        }
        return report | changes


def fight(world: World, *, confirmed: bool = True) -> Fight:
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.RUNNING)
    world.campaign.refresh_from_db()
    week = open_week(world.campaign)
    reavers = warband_create(campaign=world.campaign, owner=world.bob, list_slug="reikland", name="Reavers")
    raiders = warband_create(campaign=world.campaign, owner=world.carol, list_slug="middenheim", name="Raiders")
    captain = hire(reavers, "mercenary_captain", equipment=["sword"])
    champion = hire(reavers, "champion", equipment=["axe"])
    warriors = hire(reavers, "warrior", count=3, equipment=["spear"])
    enemy_captain = hire(raiders, "mercenary_captain")
    enemy_group = hire(raiders, "warrior", count=2, equipment=["dagger"])
    for warband, owner in ((reavers, world.bob), (raiders, world.carol)):
        warband_submit(warband=warband, actor=owner)
        warband_approve(warband=warband, actor=world.alice)
    (battle,) = pairings_set(week=week, actor=world.alice, pairs=[(reavers.pk, raiders.pk)])
    if confirmed:
        Battle.objects.filter(pk=battle.pk).update(result="a", winner=reavers, status=Battle.Status.CONFIRMED)
        battle.refresh_from_db()
    return Fight(battle, week, reavers, raiders, captain, champion, warriors, enemy_captain, enemy_group)


def queued(f: Fight, **report: Any) -> Aftermath:
    return aftermath_queue(battle=f.battle, report=f.report(**report))


def first_answer(decision: Decision) -> dict[str, list[str]]:
    """An answer taking the first options of every question (what a hurried player might send)."""
    return {
        q["name"]: [o["value"] for o in q["options"]][: q["pick"]]
        if q.get("distinct", True)
        else [q["options"][0]["value"]] * q["pick"]
        for q in decision.request["questions"]
    }


def settle_until(warband: Warband, kind: str, limit: int = 30) -> Decision:
    """Answer the warband's other open decisions (first options) until one of ``kind`` is open."""
    for _ in range(limit):
        wanted = Decision.objects.filter(warband=warband, kind=kind, answered_at=None).first()
        if wanted is not None:
            return wanted
        pending = Decision.objects.filter(warband=warband, answered_at=None).exclude(kind=kind).first()
        if pending is None:
            break
        decision_answer(decision_id=pending.pk, actor=pending.answerer, answer=first_answer(pending))
    raise AssertionError(f"no open {kind} decision for {warband}")

"""The timeline entries of an applied aftermath."""

from __future__ import annotations

from collections import Counter

from campaign.services.events import event_record
from referee.engine.systems.mordheim import effects as fx
from referee.engine.systems.mordheim.postbattle.sequence import PostBattleOutcome
from roster.models import Battle, Warband


def aftermath_events_record(
    battle: Battle, outcome: PostBattleOutcome, warbands: dict[str, Warband], owner_of: dict[str, str]
) -> None:
    xp: Counter[str] = Counter()
    for e in outcome.effects:
        if isinstance(e, fx.AddXp) and e.warrior in owner_of:
            xp[owner_of[e.warrior]] += e.amount
        elif isinstance(e, fx.RemoveWarrior):
            event_record(
                campaign=battle.campaign,
                kind="death" if e.reason == "dead" else "warrior_lost",
                battle=battle,
                payload={"warrior": e.warrior, "result": e.reason},
            )
    for wid, amount in xp.items():
        event_record(
            campaign=battle.campaign, kind="xp_gained", warband=warbands[wid], battle=battle, payload={"amount": amount}
        )
    for income in outcome.income:
        if income.shards_found:
            event_record(
                campaign=battle.campaign,
                kind="shards_found",
                warband=warbands[income.warband],
                battle=battle,
                payload={"amount": income.shards_found},
            )
    for injury in outcome.injuries:
        event_record(campaign=battle.campaign, kind="injury", battle=battle, payload=injury.to_dict())
    for advance in outcome.advances:
        event_record(campaign=battle.campaign, kind="advance", battle=battle, payload=advance.to_dict())

"""The timeline entries of an applied aftermath, and the injuries it leaves on the warriors' rows.

Every entry names its warband (so ``?warband=`` finds it) and, where it is about one warrior, his id,
name and type, so a death stays readable after the warrior has left the roster; each carries the rule.
What tells of a roster (an injury, a death, a lost warrior, an advance) is a "party" event: every member reads
it while rosters are public, only the battle's two players, the organiser and the GM while they are private
(``campaign.selectors.timeline.events_visible``); the XP and shards the standings sum stay public.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from campaign.models import CampaignEvent
from campaign.services.events import event_record
from referee.engine.systems.mordheim import effects as fx
from referee.engine.systems.mordheim.postbattle.advances import AdvanceRecord
from referee.engine.systems.mordheim.postbattle.sequence import PostBattleOutcome
from roster.injuries import RULES, injury_rows
from roster.models import Battle, Warband, Warrior

PARTY = CampaignEvent.Visibility.PARTY
ADVANCE_RULES = {"hero": "MH-ADV-H-01", "henchman": "MH-ADV-K-01"}


def _who(warrior: Warrior | None, engine_id: str) -> dict[str, Any]:
    if warrior is None:
        return {"warrior": int(engine_id) if engine_id.isdigit() else engine_id}
    return {"warrior": warrior.pk, "name": warrior.name, "type": warrior.type_slug}


def injuries_record(battle: Battle, outcome: PostBattleOutcome, rows: Mapping[str, Warrior]) -> list[Warrior]:
    """Each lasting injury on the row of the warrior who took it (MH-INJ-H-*), with the battle; returns the
    warriors changed, for the caller to write (``injuries``) with the rest of the aftermath's changes."""
    week = battle.week.number if battle.week_id else None
    changed = []
    for injury in outcome.injuries:
        warrior = rows.get(injury.warrior)
        new = injury_rows(injury, battle_id=battle.pk, week=week)
        if warrior is None or not new:
            continue
        warrior.injuries = [*warrior.injuries, *new]
        changed.append(warrior)
    return changed


def advances_record(
    battle: Battle,
    advances: Iterable[AdvanceRecord],
    warbands: Mapping[str, Warband],
    owner_of: Mapping[str, str],
    rows: Mapping[str, Warrior],
    *,
    source: str,
) -> None:
    """One ``advance`` entry per advance roll, wherever the XP came from (battle, exploration, a decision)."""
    for advance in advances:
        warband = warbands.get(owner_of.get(advance.warrior, ""))
        warrior = rows.get(advance.warrior)
        event_record(
            campaign=battle.campaign,
            kind="advance",
            battle=battle,
            warband=warband,
            payload={
                **advance.to_dict(),
                **_who(warrior, advance.warrior),
                "source": source,
                "rule": ADVANCE_RULES.get(advance.table, "MH-XP-06"),
            },
            visibility=PARTY,
        )


def aftermath_events_record(
    battle: Battle,
    outcome: PostBattleOutcome,
    warbands: dict[str, Warband],
    owner_of: dict[str, str],
    rows: Mapping[str, Warrior],
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
                warband=warbands.get(owner_of.get(e.warrior, "")),
                payload={**_who(rows.get(e.warrior), e.warrior), "result": e.reason, "rule": e.rule},
                visibility=PARTY,
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
        results = [r.result for r in injury.records]
        event_record(
            campaign=battle.campaign,
            kind="injury",
            battle=battle,
            warband=warbands.get(injury.warband),
            payload={
                **injury.to_dict(),
                **_who(rows.get(injury.warrior), injury.warrior),
                "results": results,
                "rule": RULES.get(results[0], "MH-INJ-01") if results else "MH-INJ-01",
            },
            visibility=PARTY,
        )
    advances_record(battle, outcome.advances, warbands, owner_of, rows, source="battle")

"""Battles, their pre-battle sequence and their scenario sheet, as the viewer may see them.

Battles are public within their campaign: every member (and former member) sees every pairing and
result, as at the table; what tells of the rosters (the pre-battle sequence, the report, the aftermath)
answers to ``sees_the_sequence``, the timeline's rule for a party's events.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from campaign.lib.errors import NotFound
from campaign.selectors.campaigns import CampaignAccess, campaign_access, campaigns_visible_to
from campaign.selectors.timeline import sees_party
from referee.engine.systems.mordheim.battle.scenarios import SETUP
from roster.battles.scenario_rules import reminders
from roster.bridge.packs import settings_of, tables_of
from roster.models import Battle, BattleReport, Warrior


def battles_of(
    *,
    viewer: Any,
    campaign_id: int,
    week: int | None = None,
    status: str | None = None,
    warband: int | None = None,
    player: Any = None,
) -> QuerySet[Battle]:
    """The campaign's battles, filtered by week number, status, a warband or ``player``'s warband on either side."""
    access = campaign_access(viewer=viewer, campaign_id=campaign_id)
    rows = Battle.objects.filter(campaign=access.campaign)
    if week is not None:
        rows = rows.filter(week__number=week)
    if status:
        rows = rows.filter(status=status)
    if warband is not None:
        rows = rows.filter(Q(warband_a_id=warband) | Q(warband_b_id=warband))
    if player is not None:
        rows = rows.filter(Q(warband_a__owner=player) | Q(warband_b__owner=player))
    return rows.select_related("week", "warband_a__owner", "warband_b__owner").order_by("week__number", "id")


def battle_for_viewer(*, viewer: Any, battle_id: int) -> tuple[Battle, CampaignAccess]:
    """A battle of a campaign the viewer may see, with their standing; 404 otherwise."""
    battle = (
        Battle.objects.filter(pk=battle_id, campaign__in=campaigns_visible_to(viewer=viewer).values("pk"))
        .select_related("campaign__rules_pack", "week", "warband_a__owner", "warband_b__owner")
        .defer("campaign__rules_pack__content")
        .first()
    )
    if battle is None:
        raise NotFound(_("No such battle."), code="battle_not_found")
    return battle, campaign_access(viewer=viewer, campaign_id=battle.campaign_id)


def battle_in(*, viewer: Any, campaign_id: int, battle_id: int) -> Battle | None:
    """A battle of this campaign (one the viewer may see), or None: what a command on the campaign's page names."""
    return battles_of(viewer=viewer, campaign_id=campaign_id).filter(pk=battle_id).first()


def report_of(battle: Battle) -> BattleReport | None:
    """The battle's report row, or None (after ``battle_for_viewer``; read it through ``report_as_seen``)."""
    return BattleReport.objects.filter(battle=battle).select_related("reporter", "responder", "battle").first()


def _warrior_ids(prebattle: dict[str, Any]) -> set[int]:
    ids: set[int] = set()
    for s in prebattle.get("outcome", {}).get("sit_out", []):
        ids.add(int(s["warrior"]))
    for fact in prebattle.get("facts", []):
        if fact.get("fact") in ("present", "reserves"):
            ids.update(int(w) for w in fact.get("value") or ())
    return ids


def sees_the_sequence(battle: Battle, viewer: Any, *, access: CampaignAccess | None = None) -> bool:
    """Whether ``viewer`` sees a battle's pre-battle sequence, report and aftermath whole: the timeline's rule for
    what tells of a party's rosters (``campaign.selectors.timeline.sees_party``), the party being the battle's two
    players. While rosters are public every member does; when the campaign keeps them private, who sits out, who
    is present and the rolls that decided it tell of the two rosters, so only the audience of the battle's party
    stream sees them: the two players (who play it at one table), the organiser and the GM."""
    if access is None:
        try:
            access = campaign_access(viewer=viewer, campaign_id=battle.campaign_id)
        except NotFound:
            return False
    players = {w.owner_id for w in (battle.warband_a, battle.warband_b) if w is not None}
    return sees_party(access, in_party=getattr(viewer, "pk", None) in players)


def party_events_q(viewer: Any) -> Q:
    """The timeline's form of ``sees_the_sequence`` for the events that tell of a battle's rosters (visibility
    "party": injuries, deaths, advances): the battle's two players, who may change one of its warbands. The
    organiser and the GM, who may view both, see them by their role (``campaign.selectors.timeline``)."""
    return Q(battle__warband_a__owner=viewer) | Q(battle__warband_b__owner=viewer)


def report_as_seen(battle: Battle, viewer: Any, data: dict[str, Any] | None) -> dict[str, Any] | None:
    """A battle's report as ``viewer`` may read it: whole for the sequence's audience (``sees_the_sequence``);
    for the rest of the league what the scenario and the standings say (the scenario and the winner), and
    nothing of the rosters (no warrior out of action, absent or holding an objective)."""
    if data is None or sees_the_sequence(battle, viewer):
        return data
    return {"scenario": data.get("scenario"), "winner": data.get("winner")}


def prebattle_view(battle: Battle, *, viewer: Any) -> dict[str, Any] | None:
    """The stored pre-battle sequence with names for the ids it uses, as ``viewer`` may see it; None before it
    is run. Outside the sequence's audience (``sees_the_sequence``) it is the scenario, how it was chosen and
    by whom, and nothing of the rosters: no roll, no sit-out, no fact, no question, not even their number."""
    data = battle.prebattle
    if not data:
        return None
    warbands = {str(battle.warband_a_id): battle.warband_a.name}
    if battle.warband_b is not None:
        warbands[str(battle.warband_b_id)] = battle.warband_b.name
    outcome = data["outcome"]
    if not sees_the_sequence(battle, viewer):
        return {
            "scenario": battle.scenario or None,
            "table_roll": None,
            "rolled_by": int(outcome["rolled_by"]) if outcome["rolled_by"] else None,
            "agreed": data.get("agreed", False),
            "ratings": {},
            "sit_out": [],
            "facts": [],
            "pending": [],
            "answers": [],
            "ledger": [],
            "names": {"warbands": warbands, "warriors": {}},
            "withheld": True,
        }
    names = dict(Warrior.objects.filter(pk__in=_warrior_ids(data)).values_list("pk", "name"))
    return {
        "scenario": battle.scenario or None,
        "table_roll": outcome["table_roll"],
        "rolled_by": int(outcome["rolled_by"]) if outcome["rolled_by"] else None,
        "agreed": data.get("agreed", False),
        "ratings": {int(k): v for k, v in data.get("ratings", {}).items()},
        "sit_out": [
            {
                "warband": int(s["warband"]),
                "warrior": int(s["warrior"]),
                "name": names.get(int(s["warrior"]), ""),
                "reason": s["reason"],
                "rolls": s["rolls"],
            }
            for s in outcome["sit_out"]
        ],
        "facts": [{"fact": f["fact"], "value": f["value"], "rule": f["rule"]} for f in data.get("facts", [])],
        "pending": [
            {
                "id": d["id"],
                "kind": d["kind"],
                "warband": int(d["warband"]),
                "rule": d["rule"],
                "questions": [
                    {
                        "name": q["name"],
                        "pick": q["pick"],
                        "options": [{"value": o["value"], "label": o["label"]} for o in q["options"]],
                    }
                    for q in d["questions"]
                ],
            }
            for d in data.get("pending", [])
        ],
        "answers": data.get("answers", []),
        "ledger": data.get("ledger", []),
        "names": {"warbands": warbands, "warriors": {str(k): v for k, v in names.items()}},
        "withheld": False,
    }


#: League rulings (``MordheimSettings`` fields) that change how a scenario is played.
SCENARIO_RULINGS: dict[str, tuple[str, ...]] = {
    "wyrdstone_hunt": ("wyrdstone_hunt_xp_per_counter", "wyrdstone_counter_edge_strict"),
    "chance_encounter": ("unattributed_ooa_counts",),
    "hidden_treasure": ("hidden_treasure_sword_need",),
    "occupy": ("occupy_max_turns",),
}


def scenario_sheet(battle: Battle) -> dict[str, Any] | None:
    """What the players need at the table for the battle's scenario: the pack's data, with the
    league's rulings applied (the Sword's need in the chest, Occupy's turns...), and the setup facts."""
    if not battle.scenario or battle.campaign.system != "mordheim":
        return None
    info = tables_of(battle.campaign).scenarios.get(battle.scenario)
    if info is None:
        return None
    settings = settings_of(battle.campaign)
    rulings = {name: getattr(settings, name) for name in SCENARIO_RULINGS.get(info.id, ())}
    details = {k: v for k, v in info.data.items() if k not in ("number", "id", "en", "ru", "table_roll", "xp_awards")}
    if "chest" in details:
        items = [
            {**item, "need": settings.hidden_treasure_sword_need} if item.get("item") == "sword" else item
            for item in details["chest"].get("items", [])
        ]
        details["chest"] = {**details["chest"], "items": items}
    if "max_turns" in details:
        details["max_turns"] = settings.occupy_max_turns
    if "counter_placement" in details:
        details["counter_placement"] = {
            **details["counter_placement"],
            "edge_distance": "more_than" if settings.wyrdstone_counter_edge_strict else "at_least",
        }
    return {
        "scenario": info.id,
        "number": info.number,
        "name": {"en": info.en, "ru": info.ru},
        "table_roll": info.table_roll,
        "xp_awards": [dict(a) for a in info.data.get("xp_awards", [])],
        "setup": asdict(SETUP[info.id]) if info.id in SETUP else None,
        "details": details,
        "rulings": rulings,
        "reminders": reminders(info.id),
        "facts": [
            {"fact": f["fact"], "value": f["value"], "rule": f["rule"]} for f in battle.prebattle.get("facts", [])
        ],
    }

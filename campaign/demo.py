"""The demo league's warbands and first battle, so a new organiser sees a played campaign at once.

Built through the real services (hiring, buying, pairing, reporting, confirming), so the
demo is also a smoke test of them; run once per demo campaign.
"""

from __future__ import annotations

from typing import Any

from campaign.lib.errors import DomainError
from campaign.models import Campaign, Week
from roster.battles.pairings import pairings_set
from roster.battles.reports import battle_confirm, battle_report
from roster.models import Warband
from roster.services.hiring import warband_hire
from roster.services.trading import warband_buy
from roster.services.warbands import warband_approve, warband_create, warband_submit

ROSTERS: dict[str, tuple[str, str, list[tuple[str, str, int, list[str]]]]] = {
    "bob": ("reikland", "The Grey Company", [
        ("mercenary_captain", "Ulrich the Grey", 1, ["sword", "light_armour"]),
        ("champion", "Hans Ruppel", 1, ["halberd"]),
        ("youngblood", "Kurt", 1, ["axe"]),
        ("warrior", "Reikland swords", 3, ["sword", "shield"]),
        ("marksman", "Bowmen", 2, ["bow"]),
    ]),
    "carol": ("middenheim", "Wolves of Ulric", [
        ("mercenary_captain", "Gunthar Wolfsbane", 1, ["double_handed", "light_armour"]),
        ("champion", "Sigrid", 1, ["axe"]),
        ("youngblood", "Jonas", 1, ["club"]),
        ("warrior", "Middenland axes", 4, ["axe"]),
    ]),
}


def _warband(campaign: Campaign, owner: Any, organiser: Any) -> Warband:
    list_slug, name, members = ROSTERS[owner.username]
    warband = warband_create(campaign=campaign, owner=owner, list_slug=list_slug, name=name)
    for type_slug, warrior_name, count, kit in members:
        warrior = warband_hire(warband=warband, actor=owner, type_slug=type_slug, name=warrior_name, count=count)
        for item in kit:
            try:
                warband_buy(warband=warband, actor=owner, item_slug=item, warrior=warrior.pk)
            except DomainError:  # the demo takes what the list allows and the purse covers
                continue
    warband_submit(warband=warband, actor=owner)
    warband_approve(warband=warband, actor=organiser)
    return warband


def demo_battle(*, campaign: Campaign, week: Week, users: dict[str, Any]) -> None:
    """Two warbands, paired in week 1, a reported and confirmed battle, and its aftermath."""
    if Warband.objects.filter(campaign=campaign).exists():
        return
    grey = _warband(campaign, users["bob"], users["alice"])
    wolves = _warband(campaign, users["carol"], users["alice"])
    (battle,) = pairings_set(week=week, actor=users["alice"], pairs=[(grey.pk, wolves.pk)])
    grey_champion = grey.warriors.get(type_slug="champion")
    grey_captain = grey.warriors.get(type_slug="mercenary_captain")
    wolf_youngblood = wolves.warriors.get(type_slug="youngblood")
    wolf_axes = wolves.warriors.get(type_slug="warrior")
    battle_report(battle=battle, actor=users["bob"], data={
        "scenario": "skirmish",
        "winner": grey.pk,
        "out_of_action": [
            {"victim": wolf_youngblood.pk, "by": grey_captain.pk},
            {"victim": wolf_axes.pk, "by": grey_champion.pk},
            {"victim": grey_champion.pk, "by": None},
        ],
    })
    battle_confirm(battle=battle, actor=users["carol"])

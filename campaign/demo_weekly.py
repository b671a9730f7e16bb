"""The demo's weekly-moves (intrigue) campaign: Alice organises, Gina is the GM, Bob and Carol play. Week 1 was
sent and resolved early by the GM (so results are there to read), week 2 is open until its Sunday deadline and
Bob has already sent his move. Built through the real services (the ones the API calls), so the demo is a
smoke test of them too; run once per demo, kept as it is afterwards."""

from __future__ import annotations

from typing import Any

from campaign.models import Campaign, Week
from campaign.services import campaign_create, membership_add
from campaign.services.campaigns import campaign_start
from campaign.weekly.models import Character
from campaign.weekly.resolution.run import week_moves_resolve
from campaign.weekly.selectors import decisions_for
from campaign.weekly.services import character_create, decision_answer, info_set, move_submit, week_resolve_now
from referee.models import RulesPack

DEMO_WEEKLY = "Demo: The Ritual, a weekly intrigue"
SHEETS: dict[str, dict[str, Any]] = {
    "bob": {
        "name": "Count Ambrose",
        "magic": 1,
        "shadow": 1,
        "might": -1,
        "preparedness": 3,
        "ingredients": ["grave_dust"],
        "companions": [{"name": "Rook", "dangerous": True}],
    },
    "carol": {
        "name": "Sister Maren",
        "magic": 1,
        "influence": 1,
        "preparedness": 3,
        "ingredients": ["wolfsbane", "mandrake_root"],
        "artifacts": ["silver_mirror"],
    },
}
#: Week 1: every choice declared, so the resolution runs through without asking anyone.
WEEK_1: list[tuple[str, str, dict[str, Any]]] = [
    ("bob", "ingredient_search", {"mode": "hold"}),
    ("carol", "preparation", {"effect": "preparedness", "when": "before"}),
    ("carol", "ingredient_search", {"mode": "hold"}),
]


def _resolve(week: Week, gina: Any) -> None:
    """Gina resolves the week early; the worker's job is run here, in-process, to the end.

    Should the dice ask anything after all, the GM takes the first option, as a referee would.
    """
    week_resolve_now(week=week, actor=gina)
    outcome = week_moves_resolve(week_id=week.pk)
    while outcome == "waiting":
        for decision in decisions_for(viewer=gina, week_id=week.pk, open_only=True):
            decision_answer(week=week, actor=gina, decision_id=decision.pk, answer=decision.options[0])
        outcome = week_moves_resolve(week_id=week.pk)


def demo_weekly(*, users: dict[str, Any], settings: dict[str, Any]) -> Campaign:
    """Once per demo: the intrigue campaign, its week 1 resolved and week 2 open with Bob's move in."""
    existing = Campaign.objects.filter(name=DEMO_WEEKLY).first()
    if existing is not None:
        return existing
    pack = RulesPack.objects.filter(slug="weekly_moves").order_by("-version").first()
    if pack is None:
        raise RuntimeError("The weekly-moves rules pack is missing; run `manage.py load_packs`.")
    campaign = campaign_create(
        name=DEMO_WEEKLY, rules_pack=pack, organiser=users["alice"], time_zone="Europe/Prague", settings=settings
    )
    for name, role in (("bob", "player"), ("carol", "player"), ("gina", "gm")):
        membership_add(campaign=campaign, user=users[name], role=role)
    week = campaign_start(campaign=campaign, actor=users["alice"])
    characters: dict[str, Character] = {
        name: character_create(campaign=campaign, actor=users["gina"], user=users[name], sheet=sheet)
        for name, sheet in SHEETS.items()
    }
    # They met at the masquerade: each knows where the other shelters (WM-INFO-01).
    info_set(holder=characters["bob"], subject=characters["carol"], actor=users["gina"], count=1)
    info_set(holder=characters["carol"], subject=characters["bob"], actor=users["gina"], count=1)
    for name, kind, payload in WEEK_1:
        move_submit(week=week, actor=users[name], kind=kind, payload=payload)
    _resolve(week, users["gina"])
    week = Week.objects.get(campaign=campaign, status=Week.Status.OPEN)
    spy = {"target": characters["carol"].key, "mode": "hold", "picks": ["info"]}
    move_submit(week=week, actor=users["bob"], kind="spying", payload=spy)
    return campaign

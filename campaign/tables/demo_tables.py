"""The demo's Doomtrooper table, in progress: Bob and Carol at a physical-deck table, with Gina as its
GM, a few turns played through the real services, so ``make run`` shows a live table at once."""

from __future__ import annotations

from typing import Any

from campaign.models import Campaign
from campaign.tables.services.tables import campaign_table_join, campaign_table_open
from referee.table_models import TableSession
from referee.tables.services import table_command, table_start

#: (user, command, payload): Bob's first turn, Carol's, and Bob's second up to his Action step.
MOVES: list[tuple[str, str, dict[str, Any]]] = [
    ("bob", "report_draw", {"hand_count": 7}),
    ("bob", "deploy", {"slug": "line_trooper"}),
    ("bob", "meditate", {}),
    ("bob", "end_actions", {}),
    ("bob", "end_turn", {}),
    ("carol", "report_draw", {"hand_count": 7}),
    ("carol", "deploy_cover", {"slug": "legion_centurion"}),  # sealed: Bob sees an anonymous card
    ("carol", "end_actions", {}),
    ("carol", "end_turn", {"slugs": ["fury"]}),
    ("bob", "report_draw", {"hand_count": 7}),
]


def demo_table(*, campaign: Campaign, users: dict[str, Any]) -> TableSession:
    """Once per demo campaign: a Doomtrooper table a few turns into its game."""
    existing = TableSession.objects.filter(campaign=campaign, system="doomtrooper").first()
    if existing is not None:
        return existing
    session = campaign_table_open(user=users["bob"], campaign_id=campaign.pk, system="doomtrooper",
                                  contribution="bob's cut")
    campaign_table_join(user=users["carol"], session=session, contribution="carol's cut")
    campaign_table_join(user=users["gina"], session=session, role="gm")
    table_start(session=session, user=users["bob"], first="s1")
    for username, kind, payload in MOVES:
        table_command(session=session, user=users[username], kind=kind, payload=payload)
    return session

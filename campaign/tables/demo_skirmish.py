"""The demo's skirmish (Dead Man's Hand) table, in progress: Bob, Carol and Gina each lead a posse in the
Showdown, turn 1 under way through the real services (the first cards placed and revealed, the first
activation taken), so ``make run`` shows a skirmish table at once. The shuffles are the table's own
stream's, so the demo reads each step's state and acts on it, as the players would."""

from __future__ import annotations

from typing import Any

from campaign.models import Campaign
from campaign.tables.services.tables import campaign_table_join, campaign_table_open
from referee.table_models import TableSession
from referee.tables.services import table_command, table_start
from referee.tables.state import state_of

SYSTEM = "skirmish_cards"
HP = {"lawmen_boss": 3, "lawmen_deputy": 2, "outlaws_boss": 3, "outlaws_gunman": 2}
STRESS = {"lawmen_boss": 4, "lawmen_deputy": 5, "outlaws_boss": 4, "outlaws_gunman": 5}
SETTINGS: dict[str, Any] = {"scenario": "showdown", "profile_hp": HP, "profile_stress": STRESS,
            "hand_size": {"lawmen": 2, "outlaws": 2}}
POSSES: dict[str, dict[str, Any]] = {
    "bob": {"faction": "lawmen", "characters": [{"id": "kane", "name": "Marshal Kane", "profile": "lawmen_boss"},
                                                {"id": "mabel", "name": "Deputy Mabel", "profile": "lawmen_deputy"}]},
    "carol": {"faction": "outlaws", "characters": [{"id": "bart", "name": "Black Bart", "profile": "outlaws_boss"},
                                                   {"id": "ned", "name": "Ned the Kid", "profile": "outlaws_gunman"}]},
    "gina": {"faction": "outlaws", "characters": [{"id": "belle", "name": "Belle Starr", "profile": "outlaws_boss"},
                                                  {"id": "jesse", "name": "Jesse", "profile": "outlaws_gunman"}]},
}


def _answer_decisions(session: TableSession, users: dict[str, Any], seats: dict[str, str]) -> None:
    """No swap; tied characters of one player in the order offered."""
    state = state_of(session)
    for key, decision in list(state.decisions.items()):
        user = users[seats[decision.player]]
        payload: dict[str, Any] = {"key": key, "choice": "decline"} if decision.kind == "swap" else {
            "key": key, "order": list(decision.options)}
        table_command(session=session, user=user, kind="decide", payload=payload)
        session.refresh_from_db()


def demo_skirmish(*, campaign: Campaign, users: dict[str, Any]) -> TableSession:
    """Once per demo campaign: a three-player skirmish table in its first turn."""
    existing = TableSession.objects.filter(campaign=campaign, system=SYSTEM).first()
    if existing is not None:
        return existing
    session = campaign_table_open(user=users["bob"], campaign_id=campaign.pk, system=SYSTEM, settings=SETTINGS,
                                  options=POSSES["bob"], contribution="bob's cut")
    for name in ("carol", "gina"):
        campaign_table_join(user=users[name], session=session, options=POSSES[name], contribution=f"{name}'s cut")
    table_start(session=session, user=users["bob"])
    seats = {s.key: s.username for s in session.seats.select_related("user")}
    for name in ("bob", "carol", "gina"):
        table_command(session=session, user=users[name], kind="place_first",
                      payload={"character": POSSES[name]["characters"][0]["id"]})
        session.refresh_from_db()
    _answer_decisions(session, users, seats)
    data = state_of(session).data
    up = data["order"][data["index"]]
    owner = users[seats[data["sides"][data["chars"][up]["side"]]["controller"]]]
    table_command(session=session, user=owner, kind="declare", payload={"character": up, "actions": ["aim"]})
    table_command(session=session, user=owner, kind="aim", payload={"character": up})
    session.refresh_from_db()
    return session

"""The demo's arena duel, in progress: Gina referees Bob's Ivan against Carol's Olga, played through the
real services (sheets loaded by the GM, information rolls with a benny reroll, Gambling, bans,
selection) up to the first turn of the fight, so ``make run`` shows a duel at once."""

from __future__ import annotations

from typing import Any

from campaign.models import Campaign
from campaign.tables.models import ArenaCharacter
from campaign.tables.services.characters import character_create
from campaign.tables.services.tables import ARENA, campaign_table_join, campaign_table_open
from referee.table_models import TableSession
from referee.tables.selectors import view_of
from referee.tables.services import table_command, table_start


def _sheet(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "charisma": 0, "arcane": "", "edges": [], "hindrances": [], "power_points": 0, "max_power_points": 0,
        "poison_vials": 0, "attributes": {"agility": 8, "smarts": 6, "spirit": 6, "strength": 8, "vigor": 6},
        "skills": {"fighting": 8, "notice": 6, "gambling": 6, "persuasion": 6, "intimidation": 6, "healing": 6},
    }
    return base | changes


CHARACTERS = {
    "bob": ("Ivan the Bold", _sheet(charisma=2, edges=["first_strike"], hindrances=["loyal"]), ["amulet"]),
    "carol": ("Olga of the Steppe", _sheet(charisma=-1, hindrances=["code_of_honour"], poison_vials=1,
                                           skills={"fighting": 10, "notice": 8, "gambling": 8, "stealth": 6}),
              ["poison vial"]),
}


class _Duel:
    def __init__(self, session: TableSession, users: dict[str, Any]) -> None:
        self.session, self.users = session, users

    def send(self, who: str, kind: str, **payload: Any) -> None:
        table_command(session=self.session, user=self.users[who], kind=kind, payload=payload)

    def game(self, who: str) -> dict[str, Any]:
        self.session.refresh_from_db()
        return view_of(session=self.session, seat=self.session.seats.get(user=self.users[who]))["game"]

    def roll(self, who: str, key: str) -> dict[str, Any]:
        return next(r for r in self.game(who)["me"]["rolls"] if r["key"] == key)

    def decide(self, kind: str) -> str:
        """Both fighters accept their side of the opposed roll and the GM compares, until one wins."""
        while True:
            contest = [c for c in self.game("gina")["contests"] if c["kind"] == kind][-1]
            if contest["status"] == "decided":
                return str(contest["winner"])
            for who in ("bob", "carol"):
                mine = next(c for c in self.game(who)["contests"] if c["id"] == contest["id"])["mine"]
                if self.roll(who, mine)["status"] == "open":
                    self.send(who, "finalize", roll=mine)
            self.send("gina", "announce", contest=contest["id"])


def demo_arena(*, campaign: Campaign, users: dict[str, Any]) -> TableSession:
    """Once per demo campaign: an arena duel at the first turn of its fight."""
    existing = TableSession.objects.filter(campaign=campaign, system=ARENA).first()
    if existing is not None:
        return existing
    characters = {}
    for who, (name, sheet, gear) in CHARACTERS.items():
        characters[who] = ArenaCharacter.objects.filter(campaign=campaign, name=name).first() or character_create(
            actor=users["gina"], campaign=campaign, owner=users[who], name=name, sheet=sheet, gear=gear)
    session = campaign_table_open(user=users["gina"], campaign_id=campaign.pk, system=ARENA, role="gm")
    for who in ("bob", "carol"):
        campaign_table_join(user=users[who], session=session, options={"character": characters[who].pk})
    table_start(session=session, user=users["gina"])
    duel = _Duel(session, users)
    duel.send("bob", "notice")
    key = duel.game("bob")["me"]["rolls"][-1]["key"]
    if duel.roll("bob", key)["status"] == "open":
        duel.send("bob", "reroll", roll=key)  # a benny spent: only Bob and Gina know
    if duel.roll("bob", key)["status"] == "open":
        duel.send("bob", "finalize", roll=key)
    duel.send("gina", "announce", roll=key, effect="Ivan studies his opponent.")
    duel.send("gina", "phase_next")
    winner = duel.decide("gambling")
    seats = {s.key: s.username for s in session.seats.select_related("user")}
    loser = next(s for s in seats if s != winner and seats[s] != "gina")
    duel.send("gina", "phase_next")
    duel.send(seats[loser], "ban", group="bows")
    duel.send(seats[winner], "ban", group="crossbow")
    duel.send(seats[winner], "bans_done")
    duel.send("gina", "phase_next")
    duel.send("bob", "choose", items=["long_sword", "leather_armour"])
    duel.send("carol", "choose", items=["spear", "leather_armour"])
    duel.send("gina", "phase_next")
    duel.send("gina", "phase_next")
    duel.send("gina", "signal")
    duel.decide("first_turn")
    return session

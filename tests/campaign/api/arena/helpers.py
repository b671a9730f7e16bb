"""An arena duel played through the HTTP API by the named world: Gina the GM, Bob and Carol fight.

The dice are the table stream's own (no script): each helper reads what happened from the seat's
view and goes on from there, as a phone would.
"""

from __future__ import annotations

import itertools
from typing import Any

from rest_framework.test import APIClient

from campaign.services import membership_add
from tests.support.world import World, make_user

_keys = itertools.count(1)
FIGHTERS = ("bob", "carol")
SEATS = {"gina": "s1", "bob": "s2", "carol": "s3"}
WHO = {seat: who for who, seat in SEATS.items()}


def sheet(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "charisma": 0, "arcane": "",
        "attributes": {"agility": 8, "smarts": 6, "spirit": 6, "strength": 8, "vigor": 6},
        "skills": {"fighting": 8, "notice": 6, "gambling": 6, "persuasion": 6, "stealth": 6, "intimidation": 6,
                   "taunt": 6, "knowledge_magic": 6, "healing": 6},
        "edges": [], "hindrances": [], "power_points": 0, "max_power_points": 0, "poison_vials": 0,
    }
    for key, value in changes.items():
        base[key] = {**base[key], **value} if key in ("attributes", "skills") else value
    return base


BOB = sheet(charisma=2, edges=["first_strike"], hindrances=["loyal"], skills={"lockpicking": 10},
            arcane="miracles", power_points=3, max_power_points=10)
CAROL = sheet(charisma=-1, edges=["brawny"], hindrances=["code_of_honour"], skills={"sailing": 12})


class Arena:
    """One client per user; ``table`` is the table's id; ``chars`` the characters' ids by owner."""

    def __init__(self, world: World) -> None:
        self.world = world
        dave = make_user("dave")
        membership_add(campaign=world.campaign, user=dave, role="player")
        self.clients = {n: world.client(getattr(world, n)) for n in ("alice", "bob", "carol", "gina", "oscar")}
        self.clients["dave"] = world.client(dave)
        self.clients["anon"] = APIClient()
        self.table = 0
        self.chars: dict[str, int] = {}

    def __getitem__(self, name: str) -> APIClient:
        return self.clients[name]

    def url(self, tail: str = "") -> str:
        return f"/api/v1/tables/{self.table}/{tail}"

    def character(self, owner: str, name: str, body: dict[str, Any], by: str = "gina", status: int = 201) -> dict:
        response = self[by].post(f"/api/v1/campaigns/{self.world.campaign.pk}/arena-characters/",
                                 {"owner": owner, "name": name, "sheet": body, "gear": ["poison vial"]},
                                 format="json", HTTP_IDEMPOTENCY_KEY=f"c{next(_keys)}")
        assert response.status_code == status, response.json()
        if status == 201:
            self.chars[owner] = response.json()["id"]
        return response.json()

    def open(self, settings: dict[str, Any] | None = None) -> dict:
        response = self["gina"].post("/api/v1/tables/", {"campaign": self.world.campaign.pk, "system": "arena_duel",
                                                         "role": "gm", "settings": settings or {}}, format="json")
        assert response.status_code == 201, response.json()
        self.table = response.json()["id"]
        return response.json()

    def join(self, who: str, status: int = 201, **options: Any) -> dict:
        response = self[who].post(self.url("join/"), {"role": "player",
                                                      "options": options or {"character": self.chars[who]}},
                                  format="json")
        assert response.status_code == status, response.json()
        return response.json()

    def seated(self, settings: dict[str, Any] | None = None) -> Arena:
        """Both characters made by the GM, the table open with the GM seated, both fighters in, started."""
        self.character("bob", "Ivan", BOB)
        self.character("carol", "Olga", CAROL)
        self.open(settings)
        self.join("bob")
        self.join("carol")
        response = self["gina"].post(self.url("start/"), {}, format="json")
        assert response.status_code == 200, response.json()
        return self

    def send(self, who: str, kind: str, status: int = 200, key: str | None = None, **payload: Any) -> dict:
        response = self[who].post(self.url(f"commands/{kind}/"), {"payload": payload}, format="json",
                                  HTTP_IDEMPOTENCY_KEY=key or f"k{next(_keys)}")
        assert response.status_code == status, (kind, response.json())
        return response.json()

    def game(self, who: str) -> dict:
        response = self[who].get(self.url("view/"))
        assert response.status_code == 200, response.json()
        return response.json()["game"]

    def me(self, who: str) -> dict:
        return self.game(who)["me"]

    def rolls(self, who: str, purpose: str | None = None) -> list[dict]:
        return [r for r in self.me(who)["rolls"] if purpose is None or r["purpose"] == purpose]

    def finalize(self, who: str, key: str) -> None:
        if {r["key"]: r for r in self.me(who)["rolls"]}[key]["status"] == "open":
            self.send(who, "finalize", roll=key)

    def decide(self, kind: str) -> str:
        """Finalize both sides of the open ``kind`` contest and let the GM compare, until someone wins."""
        for _round in range(20):
            contest = [c for c in self.game("gina")["contests"] if c["kind"] == kind][-1]
            if contest["status"] == "decided":
                return WHO[contest["winner"]]
            for who in FIGHTERS:
                mine = next(c for c in self.game(who)["contests"] if c["id"] == contest["id"])
                self.finalize(who, mine["mine"])
            self.send("gina", "announce", contest=contest["id"])
        raise AssertionError(f"the {kind} contest never ended")

    def to_bans(self) -> tuple[str, str]:
        """Past the information step and Gambling: (winner, loser)."""
        self.send("gina", "phase_next")
        winner = self.decide("gambling")
        self.send("gina", "phase_next")
        return winner, "carol" if winner == "bob" else "bob"

    def to_fight(self) -> tuple[str, str]:
        winner, loser = self.to_bans()
        self.send(loser, "ban", group="bows")
        self.send(winner, "ban", group="crossbow")
        self.send(winner, "bans_done")
        self.send("gina", "phase_next")
        self.send("bob", "choose", items=["long_sword", "leather_armour"])
        self.send("carol", "choose", items=["spear", "leather_armour"])
        self.send("gina", "phase_next")
        self.send("gina", "phase_next")
        return winner, loser

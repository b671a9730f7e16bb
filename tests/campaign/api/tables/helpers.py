"""A Doomtrooper table played through the API by the named world's phones."""

from __future__ import annotations

import itertools
from typing import Any

from rest_framework.test import APIClient

from tests.support.world import World

_keys = itertools.count(1)


class Phones:
    """One API client per user; ``table`` is the table's id once opened."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.clients = {name: world.client(getattr(world, name)) for name in ("alice", "bob", "carol", "gina",
                                                                               "oscar")}
        self.clients["anon"] = APIClient()
        self.table = 0

    def __getitem__(self, name: str) -> APIClient:
        return self.clients[name]

    def open(self, who: str = "bob", **body: Any) -> dict:
        response = self[who].post("/api/v1/tables/", {"campaign": self.world.campaign.pk, "system": "doomtrooper",
                                                      **body}, format="json")
        assert response.status_code == 201, response.json()
        self.table = response.json()["id"]
        return response.json()

    def url(self, tail: str = "") -> str:
        return f"/api/v1/tables/{self.table}/{tail}"

    def join(self, who: str = "carol", **body: Any) -> dict:
        response = self[who].post(self.url("join/"), body, format="json")
        assert response.status_code == 201, response.json()
        return response.json()

    def start(self, who: str = "bob", first: str | None = "s1") -> dict:
        response = self[who].post(self.url("start/"), {"first": first}, format="json")
        assert response.status_code == 200, response.json()
        return response.json()

    def send(self, who: str, kind: str, key: str | None = None, status: int = 200, **payload: Any) -> dict:
        expected = payload.pop("expected_seq", None)
        body: dict[str, Any] = {"payload": payload}
        if expected is not None:
            body["expected_seq"] = expected
        response = self[who].post(self.url(f"commands/{kind}/"), body, format="json",
                                  HTTP_IDEMPOTENCY_KEY=key or f"k{next(_keys)}")
        assert response.status_code == status, response.json()
        return response.json()

    def view(self, who: str) -> dict:
        response = self[who].get(self.url("view/"))
        assert response.status_code == 200, response.json()
        return response.json()

    def game(self, who: str) -> dict:
        return self.view(who)["game"]

    def handles(self, who: str, zone: str) -> list[dict]:
        zones = {z["key"]: z for z in self.game(who)["zones"]}
        return zones[zone].get("cards", [])

    def close(self, *who: str) -> dict:
        """Each of ``who`` asks to close, in turn (a game in progress closes once every player has asked);
        the last answer."""
        body: dict = {}
        for name in who:
            response = self[name].post(self.url("close/"), {}, format="json")
            assert response.status_code == 200, response.json()
            body = response.json()
        return body

    def started(self, **settings: Any) -> Phones:
        """Bob (s1) and Carol (s2) at a started table; Bob's first turn, past his Draw step."""
        self.open(settings=settings)
        self.join()
        self.start()
        if self.game("bob")["turn"]["phase"] == "draw":
            self.send("bob", "report_draw", hand_count=7)
        return self

"""A skirmish (Dead Man's Hand) table played through the API by the named world's phones.

Dice and shuffles are the server's own (the table's stream), never scripted: the tests read what
each phone is shown and act on it, as players at a real table do.
"""

from __future__ import annotations

import itertools
from typing import Any

from campaign.services import membership_add
from tests.campaign.api.tables.helpers import Phones
from tests.support.world import World, make_user

_keys = itertools.count(1)
HP = {"lawmen_boss": 3, "lawmen_deputy": 2, "outlaws_boss": 3, "outlaws_gunman": 2, "dire_wolf": 2,
      "storm_raven": 2, "risen_bear": 4}
STRESS = {"lawmen_boss": 4, "lawmen_deputy": 5, "outlaws_boss": 4, "outlaws_gunman": 5, "dire_wolf": 5,
          "storm_raven": 5, "risen_bear": 5, "scavengers": 5}
#: 10-card decks (2-10 and the Joker), hands of 2: three characters a seat empty a pile in three turns.
SETTINGS: dict[str, Any] = {"scenario": "showdown", "profile_hp": HP, "profile_stress": STRESS,
                             "faction_cards_in_deck": False, "hand_size": {"lawmen": 2, "outlaws": 2}}
POSSES: dict[str, dict[str, Any]] = {
    "bob": {"faction": "lawmen", "characters": [{"id": "marshal", "name": "Marshal Kane", "profile": "lawmen_boss"},
                                                {"id": "deputy", "profile": "lawmen_deputy"},
                                                {"id": "scout", "profile": "lawmen_deputy"}]},
    "carol": {"faction": "outlaws", "characters": [{"id": "leader", "profile": "outlaws_boss"},
                                                   {"id": "gunman", "profile": "outlaws_gunman"},
                                                   {"id": "kid", "profile": "outlaws_gunman"}]},
    "dave": {"faction": "outlaws", "characters": [{"id": "boss2", "profile": "outlaws_boss"},
                                                  {"id": "rider", "profile": "outlaws_gunman"},
                                                  {"id": "drifter", "profile": "outlaws_gunman"}]},
}
SEATS = {"bob": "s1", "carol": "s2", "dave": "s3"}


class Skirmish(Phones):
    """Bob (s1), Carol (s2) and Dave (s3) at a skirmish table; Gina, the campaign's GM, seated as GM if asked."""

    def __init__(self, world: World) -> None:
        super().__init__(world)
        dave = make_user("dave")
        membership_add(campaign=world.campaign, user=dave, role="player")
        self.clients["dave"] = world.client(dave)

    def open(self, who: str = "bob", **body: Any) -> dict:
        body = {"settings": SETTINGS, "options": POSSES[who], **body}
        response = self[who].post("/api/v1/tables/", {"campaign": self.world.campaign.pk,
                                                      "system": "skirmish_cards", **body}, format="json")
        assert response.status_code == 201, response.json()
        self.table = response.json()["id"]
        return response.json()

    def seated(self, *, players: tuple[str, ...] = ("bob", "carol", "dave"), gm: bool = False,
               **body: Any) -> Skirmish:
        self.open(players[0], **body)
        for who in players[1:]:
            self.join(who, options=POSSES[who])
        if gm:
            self.join("gina", role="gm")
        return self

    def begun(self, **kw: Any) -> Skirmish:
        self.seated(**kw)
        response = self["bob"].post(self.url("start/"), {}, format="json")
        assert response.status_code == 200, response.json()
        return self

    def send(self, who: str, kind: str, idem: str | None = None, status: int = 200,  # type: ignore[override]
             **payload: Any) -> dict:
        """Send a command (its payload may have a ``key``, as ``decide`` does); assert the answer's status."""
        expected = payload.pop("expected_seq", None)
        body: dict[str, Any] = {"payload": payload}
        if expected is not None:
            body["expected_seq"] = expected
        response = self[who].post(self.url(f"commands/{kind}/"), body, format="json",
                                  HTTP_IDEMPOTENCY_KEY=idem or f"sk{next(_keys)}")
        assert response.status_code == status, response.json()
        return response.json()

    # -- reading -------------------------------------------------------------------------------------------------
    def sk(self, who: str) -> dict:
        return self.game(who)["skirmish"]

    def kinds(self, who: str) -> dict[str, dict]:
        return {c["kind"]: c for c in self[who].get(self.url("commands/")).json()}

    def chars(self, who: str) -> dict[str, dict]:
        return {c["id"]: c for c in self.sk(who)["characters"]}

    def hand(self, who: str) -> list[dict]:
        return self.handles(who, f"hand:{SEATS[who]}")

    def owner(self, cid: str) -> str:
        return next(who for who, posse in POSSES.items() if cid in [c["id"] for c in posse["characters"]])

    # -- playing -------------------------------------------------------------------------------------------------
    def place_all(self, players: tuple[str, ...] = ("bob", "carol", "dave")) -> None:
        for who in players:
            first = POSSES[who]["characters"][0]["id"]
            self.send(who, "place_first", character=first)
        self.decline_decisions()

    def decline_decisions(self) -> None:
        """Answer the turn's decisions: no swap; a same-player tie in list order."""
        for who in ("bob", "carol", "dave"):
            response = self[who].get(self.url("decisions/"))
            if response.status_code != 200:
                continue
            for decision in response.json():
                if decision["kind"] == "swap":
                    self.send(who, "decide", key=decision["key"], choice="decline")
                else:
                    self.send(who, "decide", key=decision["key"], order=decision["options"])

    def up(self) -> str:
        return self.sk("bob")["up"]

    def activate_aim(self) -> str:
        """The character up declares one Aim and takes it; returns its id."""
        cid = self.up()
        who = self.owner(cid)
        self.send(who, "declare", character=cid, actions=["aim"])
        self.send(who, "aim", character=cid)
        return cid

    def end_of_turn(self, draws: dict[str, dict] | None = None, players: tuple[str, ...] = ("bob", "carol",
                                                                                           "dave")) -> None:
        for who in players:
            self.send(who, "eot_draw", **(draws or {}).get(who, {"draw": False}))

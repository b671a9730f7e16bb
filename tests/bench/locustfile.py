"""A league night's phones, for locust (run by ``tests.bench.bench_load`` against gunicorn on loopback).

    locust -f tests/bench/locustfile.py --headless -u 8 -r 8 -t 60s --host http://127.0.0.1:PORT

BENCH_SEED holds what ``tests.bench.http_seed`` made (tokens, ids). Each simulated phone reads the
15-warrior roster and revalidates it with its ETag, rolls dice in the campaign, submits and withdraws
a weekly move for its own character, polls its seat's view of a live Doomtrooper table (304 when
nothing changed), and, for the first phones, one each, plays turns at its own table. Any answer other
than 2xx or 304 is a failure.
"""

from __future__ import annotations

import itertools
import json
import os
from typing import Any

from locust import HttpUser, between, task

SEED: dict[str, Any] = json.loads(os.environ.get("BENCH_SEED", "{}") or "{}")
_numbers = itertools.count()

#: A Doomtrooper turn for each seat in turn, from the draw step to the next player's draw (DT-TURN-01).
TURN = [("report_draw", {"hand_count": 7}), ("end_actions", {}), ("end_turn", {})]


class Phone(HttpUser):
    wait_time = between(0.2, 1.0)

    def on_start(self) -> None:
        self.number = next(_numbers)
        phones = SEED["phones"]
        self.own = {"Authorization": f"Token {phones[self.number % len(phones)]}"}
        self.bob = {"Authorization": f"Token {SEED['bob']}"}
        self.roster_etag = ""
        self.view_etag = ""
        tables = SEED["tables"]
        self.table = tables[self.number] if self.number < len(tables) else None
        self.turns = itertools.cycle([(who, kind, p) for who in ("bob", "carol") for kind, p in TURN])

    def _check(self, response: Any) -> None:
        if response.status_code >= 400:
            response.failure(f"{response.status_code}: {response.text[:200]}")
        else:
            response.success()

    @task(6)
    def roster(self) -> None:
        headers = {**self.bob, **({"If-None-Match": self.roster_etag} if self.roster_etag else {})}
        with self.client.get(
            f"/api/v1/warbands/{SEED['warband']}/", headers=headers, name="roster", catch_response=True
        ) as r:
            self.roster_etag = r.headers.get("ETag", self.roster_etag)
            self._check(r)

    @task(6)
    def table_poll(self) -> None:
        table = self.table or SEED["tables"][self.number % len(SEED["tables"])]
        headers = {**self.bob, **({"If-None-Match": self.view_etag} if self.view_etag else {})}
        with self.client.get(f"/api/v1/tables/{table}/view/", headers=headers, name="table view",
                             catch_response=True) as r:
            self.view_etag = r.headers.get("ETag", self.view_etag)
            self._check(r)

    @task(3)
    def roll(self) -> None:
        body = {"notation": "2d6", "purpose": "bench", "campaign": SEED["campaign"]}
        with self.client.post("/api/v1/rolls/", json=body, headers=self.bob, name="roll", catch_response=True) as r:
            self._check(r)

    @task(2)
    def weekly_move(self) -> None:
        url = f"/api/v1/weeks/{SEED['week']}/moves/"
        body = {"kind": "ingredient_search", "payload": {"mode": "hold"}}
        with self.client.post(url, json=body, headers=self.own, name="weekly move", catch_response=True) as r:
            self._check(r)
            move = r.json().get("id") if r.status_code == 201 else None
        if move is not None:
            with self.client.delete(f"{url}{move}/", headers=self.own, name="weekly move withdraw",
                                    catch_response=True) as r:
                self._check(r)

    @task(2)
    def table_command(self) -> None:
        if self.table is None:
            return
        who, kind, payload = next(self.turns)
        token = SEED["bob"] if who == "bob" else SEED["carol"]
        with self.client.post(
            f"/api/v1/tables/{self.table}/commands/{kind}/",
            json={"payload": payload},
            headers={"Authorization": f"Token {token}"},
            name="table command",
            catch_response=True,
        ) as r:
            self._check(r)

"""LIVE-TABLES §8 over every table endpoint: each viewer of the matrix against each resource.

Bob (s1) has deployed a warrior into cover: its identity, ``heavy_trooper``, is sealed. Nobody but
Bob (and a seated GM the table lets see hidden cards) may ever get that word, from any endpoint,
error bodies included; a user outside the campaign gets exactly what a missing table gives.
"""

from __future__ import annotations

import pytest

from campaign.services import membership_add
from tests.campaign.api.tables.helpers import Phones
from tests.support.world import World, make_user

pytestmark = pytest.mark.django_db
SECRET = "heavy_trooper"
SEAT_ENDPOINTS = ["view/", "events/?after=0", "events/?after=3", "commands/", "decisions/", "rolls/", "audit/"]


def table(world: World, *, gm_sees_hidden: bool = False, gm_seated: bool = True) -> Phones:
    phones = Phones(world)
    dave = make_user("dave")
    membership_add(campaign=world.campaign, user=dave, role="player")
    phones.clients["dave"] = world.client(dave)
    phones.open(settings={"gm_sees_hidden": gm_sees_hidden})
    phones.join("carol")
    if gm_seated:
        phones.join("gina", role="gm")
    phones.start()
    phones.send("bob", "report_draw", hand_count=7)
    phones.send("bob", "deploy_cover", slug=SECRET)
    phones.send("bob", "end_actions")
    phones.send("bob", "end_turn")
    return phones


def everything(phones: Phones, who: str) -> list[tuple[str, int, str]]:
    client = phones[who]
    got = [("list", *_read(client.get("/api/v1/tables/"))), ("detail", *_read(client.get(phones.url())))]
    got += [(path, *_read(client.get(phones.url(path)))) for path in SEAT_ENDPOINTS]
    hidden = [c["handle"] for z in phones.game("carol")["zones"] if z["key"] == "cover:s1" for c in z["cards"]]
    probe = {"payload": {"attacker": hidden[0], "defender": hidden[0], "tactic": "fight"}}
    got.append(("error", *_read(client.post(phones.url("commands/attack/"), probe, format="json"))))
    return got


def _read(response) -> tuple[int, str]:
    return response.status_code, response.content.decode()


@pytest.mark.parametrize("who", ["carol", "gina", "alice", "dave"])
def test_nobody_but_its_owner_learns_a_sealed_card_from_any_endpoint(world: World, who: str) -> None:
    phones = table(world)
    for name, status, body in everything(phones, who):
        assert SECRET not in body, f"{who} learned the sealed card from {name} ({status})"


def test_the_owner_sees_it_and_a_gm_the_table_lets_see_hidden_cards_sees_it(world: World) -> None:
    phones = table(world, gm_sees_hidden=True)
    assert SECRET in str(phones.view("bob")) and SECRET in str(phones.view("gina"))
    assert SECRET not in str(phones.view("carol"))


def test_members_not_seated_see_the_header_only(world: World) -> None:
    phones = table(world, gm_seated=False)
    for who in ("alice", "dave", "gina"):
        results = {name: status for name, status, _ in everything(phones, who)}
        assert results["list"] == 200 and results["detail"] == 200
        assert {results[p] for p in SEAT_ENDPOINTS} == {403}
        assert phones[who].get(phones.url("view/")).json()["code"] == "not_seated"


def test_another_campaign_s_user_gets_what_a_missing_table_gets(world: World) -> None:
    phones = table(world)
    table_id = phones.table
    for name, status, body in everything(phones, "oscar"):
        if name == "list":
            assert (status, body) == (200, "[]")
            continue
        phones.table = 999_999
        missing = {n: (s, b) for n, s, b in everything_raw(phones, "oscar")}
        phones.table = table_id
        assert (status, body) == missing[name], name


def everything_raw(phones: Phones, who: str) -> list[tuple[str, int, str]]:
    client = phones[who]
    got = [("detail", *_read(client.get(phones.url())))]
    got += [(path, *_read(client.get(phones.url(path)))) for path in SEAT_ENDPOINTS]
    probe = {"payload": {"attacker": "h0", "defender": "h0", "tactic": "fight"}}
    got.append(("error", *_read(client.post(phones.url("commands/attack/"), probe, format="json"))))
    return got


def test_anonymous_gets_401_everywhere(world: World) -> None:
    phones = table(world)
    statuses = {status for _name, status, _body in everything_raw(phones, "anon")}
    assert statuses == {401} and phones["anon"].get("/api/v1/tables/").status_code == 401


def test_seq_and_etag_of_one_seat_do_not_move_on_another_seat_s_hidden_change(world: World) -> None:
    from tests.referee.engine.systems.doomtrooper.game import deck

    phones = Phones(world)
    phones.open(settings={"deck_mode": "app_held"}, options={"deck": deck(20)})
    phones.join(options={"deck": deck(20)})
    phones.start()
    etag = phones["carol"].get(phones.url("view/"))["ETag"]
    seq = phones["carol"].get(phones.url()).json()["my_seq"]
    hand = phones.handles("bob", "hand:s1")
    # Bob looks at his own hand and ends nothing: a private fact of his seat (a failed command changes nothing)
    phones.send("bob", "equip", card=hand[0]["handle"], warrior=hand[0]["handle"], status=400)
    assert phones["carol"].get(phones.url("view/"), HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert phones["carol"].get(phones.url()).json()["my_seq"] == seq


def test_events_carry_no_card_the_viewer_did_not_know_and_no_internal_id(world: World) -> None:
    phones = table(world)
    events = phones["carol"].get(phones.url("events/?after=0")).json()["events"]
    text = str(events)
    assert SECRET not in text and "'c1'" not in text and "$card" not in text

"""The skirmish's secrecy matrix (spec §2, LIVE-TABLES §8) over every table endpoint.

Bob plays the black deck (lawmen); Carol and Dave the red one (outlaws); Gina, the campaign's GM,
has the GM seat (the skirmish never lets a GM see hidden cards); Alice, the organiser, is a member
without a seat; Oscar belongs to another campaign. Right after the start nothing black is public:
Bob's hand, his first card and his pile are the only black cards, so no other viewer may meet
the word "-black" anywhere; Bob himself may meet only his hand and his first card (the order of
his own pile is hidden from him too).
"""

from __future__ import annotations

import re

import pytest

from tests.campaign.api.tables.skirmish import SEATS, Skirmish
from tests.support.world import World

pytestmark = pytest.mark.django_db
SEAT_ENDPOINTS = ["view/", "events/?after=0", "events/?after=5", "commands/", "decisions/", "rolls/", "audit/"]
SLUG = re.compile(r"\b(?:\d+-(?:black|red)|joker)\b")


def _read(response) -> tuple[int, str]:
    return response.status_code, response.content.decode()


def everything(phones: Skirmish, who: str, probe_handle: str = "h0000000000000000") -> dict[str, tuple[int, str]]:
    client = phones[who]
    got = {"list": _read(client.get("/api/v1/tables/")), "detail": _read(client.get(phones.url()))}
    got |= {path: _read(client.get(phones.url(path))) for path in SEAT_ENDPOINTS}
    probe = {"payload": {"card": probe_handle}}
    got["error"] = _read(client.post(phones.url("commands/play_card/"), probe, format="json"))
    return got


def _table(world: World) -> Skirmish:
    return Skirmish(world).begun(gm=True)


@pytest.mark.parametrize("who", ["carol", "dave", "gina", "alice"])
def test_sc_init_01_api_nobody_but_bob_meets_a_black_card_before_the_reveal(world: World, who: str) -> None:
    phones = _table(world)
    phones.send("bob", "place_first", character="marshal")
    for name, (status, body) in everything(phones, who).items():
        assert "-black" not in body, f"{who} met one of Bob's hidden cards in {name} ({status})"


def test_sc_deck_03_api_bob_knows_his_hand_and_first_card_but_not_his_pile_order(world: World) -> None:
    phones = _table(world)
    hand = {c["card"] for c in phones.hand("bob")}
    first = {c["card"] for c in phones.handles("bob", "first:s1")}
    seen = set()
    for _name, (_status, body) in everything(phones, "bob").items():
        seen |= {s for s in SLUG.findall(body) if s.endswith("-black")}
    assert seen <= hand | first, f"Bob learned cards of his own pile: {seen - hand - first}"
    pile = next(z for z in phones.game("bob")["zones"] if z["key"] == "deck:s1")
    assert pile["count"] == 7 and "cards" not in pile


def test_sc_deck_03_api_the_gm_sees_no_card_face_at_all_before_the_reveal(world: World) -> None:
    phones = _table(world)
    for name, (_status, body) in everything(phones, "gina").items():
        assert not SLUG.findall(body), f"the GM met {SLUG.findall(body)} in {name}"
    zones = {z["key"]: z for z in phones.game("gina")["zones"]}
    for seat in ("s1", "s2", "s3"):
        assert zones[f"hand:{seat}"]["count"] == 2 and "cards" not in zones[f"hand:{seat}"]
        assert "cards" not in zones[f"deck:{seat}"] and "cards" not in zones[f"first:{seat}"]


def test_sc_deck_03_api_after_the_reveal_hands_stay_counts_for_everyone_else(world: World) -> None:
    phones = _table(world)
    hands = {who: {c["card"] for c in phones.hand(who)} for who in ("bob", "carol", "dave")}
    phones.place_all()
    black = {c for c in hands["bob"] if c.endswith("-black")}  # every deck has a "joker": only colours tell
    for who in ("carol", "dave", "gina", "alice"):
        for name, (_status, body) in everything(phones, who).items():
            assert not (set(SLUG.findall(body)) & black), f"{who} met Bob's hand in {name}"
    for viewer in ("bob", "carol", "dave", "gina"):
        zones = {z["key"]: z for z in phones.game(viewer)["zones"]}
        for owner, seat in SEATS.items():
            assert zones[f"hand:{seat}"]["count"] == 2
            assert ("cards" in zones[f"hand:{seat}"]) == (viewer == owner), (viewer, owner)


def test_skirmish_secrecy_api_a_hidden_handle_answers_exactly_like_a_made_up_one(world: World) -> None:
    phones = _table(world)
    real = phones.hand("bob")[0]["handle"]
    for who in ("carol", "gina"):
        assert everything(phones, who, real)["error"] == everything(phones, who, "h0000000000000000")["error"]


def test_skirmish_secrecy_api_a_seat_s_seq_counts_what_it_is_shown_and_its_etag_ignores_others(world: World) -> None:
    phones = _table(world)
    phones.send("bob", "place_first", character="marshal")  # a private "placed by" for Bob, public "placed"
    for who in ("bob", "carol", "gina"):
        events = phones[who].get(phones.url("events/?after=0")).json()
        assert phones[who].get(phones.url()).json()["my_seq"] == events["seq"] == len(events["events"])
    assert phones["bob"].get(phones.url()).json()["my_seq"] > phones["carol"].get(phones.url()).json()["my_seq"]
    etag = phones["carol"].get(phones.url("view/"))["ETag"]
    phones.send("bob", "play_card", card="h0000000000000000", status=400)  # refused: changes nothing
    phones.send("dave", "set_fact", character="boss2", name="high_ground", value=True, status=200)
    assert phones["carol"].get(phones.url("view/"), HTTP_IF_NONE_MATCH=etag).status_code == 200
    etag = phones["carol"].get(phones.url("view/"))["ETag"]
    phones.send("bob", "play_card", card="h0000000000000000", status=400)
    assert phones["carol"].get(phones.url("view/"), HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_skirmish_secrecy_api_members_without_a_seat_see_the_header_only(world: World) -> None:
    phones = _table(world)
    results = everything(phones, "alice")
    assert results["list"][0] == 200 and results["detail"][0] == 200
    assert {results[p][0] for p in SEAT_ENDPOINTS} == {403} and results["error"][0] == 403
    assert not SLUG.findall(results["detail"][1] + results["list"][1])


def test_skirmish_secrecy_api_another_campaign_s_user_gets_what_a_missing_table_gets(world: World) -> None:
    phones = _table(world)
    got = everything(phones, "oscar")
    assert got.pop("list") == (200, "[]")
    real = phones.table
    phones.table = 999_999
    missing = everything(phones, "oscar")
    missing.pop("list")
    phones.table = real
    assert got == missing


def test_skirmish_secrecy_api_anonymous_gets_401_everywhere(world: World) -> None:
    phones = _table(world)
    assert {status for status, _body in everything(phones, "anon").values()} == {401}

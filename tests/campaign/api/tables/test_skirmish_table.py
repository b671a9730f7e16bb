"""A skirmish table's life through the API beyond one turn: a phone reconnecting mid-turn, the close
audit of every shuffle and deal, and the rules pack the table pins (the served one, a league's own,
a malformed one refused with its file and entry named)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import override_settings

from campaign.services import campaign_create, membership_add
from referee.models import RulesPack
from referee.served_packs import packs
from referee.table_models import TableSession
from referee.tables.audit import table_audit
from tests.campaign.api.tables.skirmish import POSSES, SETTINGS, Skirmish
from tests.support.world import World

pytestmark = pytest.mark.django_db
BASE = Path(__file__).resolve().parents[4] / "fixtures" / "skirmish_cards" / "base"


def _files() -> dict:
    return {name: json.loads((BASE / name).read_text()) for name in ("factions.json", "scenarios.json",
                                                                      "tables.json")}


def _events(phones: Skirmish, who: str, after: int = 0) -> dict:
    return phones[who].get(phones.url(f"events/?after={after}")).json()


def test_a_phone_that_reconnects_mid_turn_gets_exactly_what_it_missed(world: World) -> None:
    phones = Skirmish(world).begun()
    phones.send("carol", "place_first", character="leader")
    before = _events(phones, "carol")
    etag = phones["carol"].get(phones.url("view/"))["ETag"]
    # Carol's phone sleeps: the others place, the table reveals, the first activation begins
    phones.send("bob", "place_first", character="marshal")
    phones.send("dave", "place_first", character="boss2")
    phones.decline_decisions()
    phones.activate_aim()
    hidden = {c["card"] for who in ("bob", "dave") for c in phones.hand(who)}
    missed = _events(phones, "carol", before["seq"])
    fresh = _events(phones, "carol")
    assert not missed["resync"] and missed["seq"] == fresh["seq"] > before["seq"]
    assert [e["n"] for e in missed["events"]] == list(range(before["seq"] + 1, fresh["seq"] + 1))
    assert before["events"] + missed["events"] == fresh["events"]
    assert phones["carol"].get(phones.url()).json()["my_seq"] == fresh["seq"]
    codes = [e["code"] for e in missed["events"]]
    assert "initiative.revealed" in codes and "first.placed.by" not in codes
    shown = {c["card"]["card"] for c in phones.sk("carol")["characters"] if c["card"]}
    shown |= {c["card"] for z in phones.game("carol")["zones"] for c in z.get("cards", []) if "card" in c}
    text = json.dumps(missed)
    assert not [c for c in hidden - shown if f'"{c}"' in text], "the catch-up carried another's hand"
    assert phones["carol"].get(phones.url("view/"), HTTP_IF_NONE_MATCH=etag).status_code == 200
    now = phones["carol"].get(phones.url("view/"))["ETag"]
    assert phones["carol"].get(phones.url("view/"), HTTP_IF_NONE_MATCH=now).status_code == 304
    too_far = _events(phones, "carol", fresh["seq"] + 5)
    assert too_far["resync"] and too_far["events"] == []


def test_a_command_sent_from_a_stale_phone_is_refused_and_changes_nothing(world: World) -> None:
    phones = Skirmish(world).begun()
    seq = phones["carol"].get(phones.url()).json()["my_seq"]
    phones.send("bob", "place_first", character="marshal")
    before = phones.view("carol")
    body = phones.send("carol", "place_first", character="leader", expected_seq=seq, status=409)
    assert body["code"] == "stale_seq" and phones.view("carol") == before


def test_a_retried_command_under_the_same_key_is_applied_once(world: World) -> None:
    phones = Skirmish(world).begun()
    phones.place_all()
    cid = phones.up()
    who = phones.owner(cid)
    phones.send(who, "declare", character=cid, actions=["aim", "aim"], idem="same-key")
    again = phones.send(who, "declare", character=cid, actions=["aim", "aim"], idem="same-key")
    assert next(c for c in again["game"]["skirmish"]["characters"] if c["id"] == cid)["declared"] == ["aim", "aim"]
    codes = [e["code"] for e in _events(phones, who)["events"]]
    assert codes.count("declared") <= 1


def test_the_close_audit_verifies_every_shuffle_and_deal_against_the_revealed_seed(world: World) -> None:
    phones = Skirmish(world).begun()
    for _turn in range(3):  # the third turn's deal reshuffles the discards
        phones.place_all()
        while phones.game("bob")["turn"]["phase"] == "activations":
            phones.activate_aim()
        phones.end_of_turn({"bob": {"draw": True, "discard": phones.hand("bob")[0]["handle"]}})
    assert phones["bob"].get(phones.url("audit/")).json()["code"] == "table_not_closed"
    assert phones["bob"].get(phones.url("rolls/")).json() == [], "every table roll is sealed until close"
    assert phones["bob"].get(phones.url()).json()["seed"] is None
    closed = phones.close("carol", "dave", "bob")
    assert closed["status"] == "closed" and len(closed["seed"]) > 0
    events = _events(phones, "bob")["events"]
    reshuffles = sum(e["code"] == "deck.reshuffled" for e in events)
    assert reshuffles >= 1
    audit = phones["dave"].get(phones.url("audit/")).json()
    assert audit["ok"], audit["problems"]
    whole = table_audit(session=TableSession.objects.get(pk=phones.table))
    assert whole.shuffles == 3 + reshuffles, "three decks at setup, and each reshuffle"
    assert whole.moves > 3 * 10 and whole.rolls_recomputed >= whole.shuffles
    rolls = phones["bob"].get(phones.url("rolls/")).json()  # Bob's own deck's shuffles: the others' stay theirs
    mine = phones["bob"].get(phones.url("audit/")).json()
    assert 1 <= sum(r["notation"].startswith("shuffle") for r in rolls) == mine["shuffles"] < whole.shuffles


def test_the_close_audit_catches_a_deal_that_does_not_match_the_deck_order(world: World) -> None:
    from referee.table_models import TableEvent
    from tests.referee.tables.test_close_audit import _rewrite

    phones = Skirmish(world).begun()
    phones.place_all()
    assert phones.close("carol", "dave", "bob")["status"] == "closed"
    assert phones["bob"].get(phones.url("audit/")).json()["ok"]
    moves = list(TableEvent.objects.filter(session_id=phones.table, code="card.moved").order_by("seq"))
    deal, other = moves[0], next(m for m in moves if m.data["card_slug"] != moves[0].data["card_slug"]
                                 and m.data["from"] == moves[0].data["from"])
    _rewrite(deal, {**deal.data, "card": other.data["card"], "card_slug": other.data["card_slug"]}, rechain=True)
    audit = phones["bob"].get(phones.url("audit/")).json()
    whole = table_audit(session=TableSession.objects.get(pk=phones.table))
    assert not audit["ok"] and any("was not at place" in p for p in whole.problems), whole.problems


def _checksum(files: dict) -> str:
    """A stored copy's checksum is of its content (parsed copies are kept by checksum: two packs never share one)."""
    return hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()


def _league_pack(world: World, files: dict, slug: str = "league_dmh") -> Skirmish:
    row = RulesPack.objects.create(slug=slug, version="1.0.0", system="skirmish_cards", checksum=_checksum(files),
                                   name={"en": "Our Dead Man's Hand"}, content=files)
    league = campaign_create(name="Deadwood league", rules_pack=row, organiser=world.alice)
    for user in (world.bob, world.carol):
        membership_add(campaign=league, user=user, role="player")
    world.campaign = league
    return Skirmish(world)


def test_sc_sht_08_api_a_league_s_own_pack_is_pinned_and_its_tables_read(world: World) -> None:
    files = _files()
    files["factions.json"]["factions"]["pinkertons"] = {
        "name": {"en": "Pinkertons"}, "colour": "black",
        "profiles": {"agent": {"name": {"en": "Agent"}, "hp": 2, "stress": 4, "traits": [], "weapons": []}}}
    files["tables.json"]["shooting_results"] = [{"min": -100, "max": 100, "result": "wound"}]
    files["tables.json"]["shooting_modifiers"] = {"obscured": -1, "range_point_blank": 1, "range_close": 0,
                                                  "range_long": -1}
    phones = _league_pack(world, files)
    agents = {"faction": "pinkertons", "characters": [{"id": "a1", "profile": "agent"}, {"id": "a2",
                                                                                        "profile": "agent"}]}
    settings = {**SETTINGS, "hand_size": {**SETTINGS["hand_size"], "pinkertons": 2},
                "shooting_result_entry": "league_table"}
    opened = phones.open("bob", options=agents, settings=settings)
    assert opened["rules_pack"] == "league_dmh"
    phones.join("carol", options=POSSES["carol"])
    assert phones["bob"].post(phones.url("start/"), {}, format="json").status_code == 200
    phones.send("bob", "place_first", character="a1")
    phones.send("carol", "place_first", character="leader")
    phones.decline_decisions()
    shooter = phones.up()
    who = "bob" if shooter in ("a1", "a2") else "carol"
    target = "leader" if who == "bob" else "a1"
    phones.send(who, "declare", character=shooter, actions=["shoot"])
    phones.send(who, "shoot", character=shooter, target=target, range="close")
    while phones.game("bob")["window"] is not None:
        other = "carol" if who == "bob" else "bob"
        phones.send(other, "pass")
    assert phones[who].get(phones.url("decisions/")).json() == [], "the league's table gives the result"
    assert phones.chars("bob")[target]["markers"] == 1


def test_sc_sht_08_api_a_seat_of_a_faction_the_pinned_pack_lacks_is_refused(world: World) -> None:
    phones = Skirmish(world)
    response = phones["bob"].post("/api/v1/tables/", {"campaign": world.campaign.pk, "system": "skirmish_cards",
                                                      "settings": SETTINGS, "options": {"faction": "pinkertons",
                                                                                        "characters": []}},
                                  format="json")
    assert response.status_code == 400 and response.json()["code"] == "unknown_faction"


def test_a_malformed_league_pack_is_refused_through_the_api_with_file_and_entry_named(world: World) -> None:
    files = _files()
    files["tables.json"]["shooting_modifiers"]["aim"] = "plus one"
    phones = _league_pack(world, files, slug="broken_dmh")
    response = phones["bob"].post("/api/v1/tables/", {"campaign": world.campaign.pk, "system": "skirmish_cards",
                                                      "settings": SETTINGS, "options": POSSES["bob"]}, format="json")
    body = response.json()
    assert response.status_code == 400 and body["code"] == "rules_pack_malformed"
    assert "tables.json" in body["detail"] and "shooting_modifiers.aim" in body["detail"]
    assert phones["bob"].get("/api/v1/tables/").json() == [] or all(
        t["rules_pack"] != "broken_dmh" for t in phones["bob"].get("/api/v1/tables/").json())


def test_a_malformed_pack_folder_stops_the_server_with_file_and_entry_named(tmp_path: Path) -> None:
    folder = tmp_path / "skirmish_cards" / "ours"
    shutil.copytree(BASE, folder)
    manifest = json.loads((folder / "pack.json").read_text())
    (folder / "pack.json").write_text(json.dumps({**manifest, "slug": "ours"}))
    factions = json.loads((folder / "factions.json").read_text())
    factions["factions"]["lawmen"]["colour"] = "green"
    (folder / "factions.json").write_text(json.dumps(factions))
    packs.cache_clear()
    try:
        with override_settings(FIXTURES_DIR=tmp_path), pytest.raises(ImproperlyConfigured) as raised:
            packs()
    finally:
        packs.cache_clear()
    assert "factions.json" in str(raised.value) and "factions.lawmen.colour" in str(raised.value)

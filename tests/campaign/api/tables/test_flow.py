"""A Doomtrooper table through the API: open, join, start, play, catch up, retry, undo, close, audit."""

from __future__ import annotations

import pytest

from referee.table_models import TableEvent, TableSession
from referee.tables.audit import table_audit
from tests.campaign.api.tables.helpers import Phones
from tests.support.world import World

pytestmark = pytest.mark.django_db


def test_it_opens_a_table_with_a_published_commitment_and_no_seed(world: World) -> None:
    phones = Phones(world)
    body = phones.open()
    assert len(body["commitment"]) == 64 and body["seed"] is None and body["my_seat"] == "s1"
    assert [s["username"] for s in body["seats"]] == ["bob"]


def test_dt_set_05_the_api_plays_a_physical_table_by_default(world: World) -> None:
    phones = Phones(world).started()
    view = phones.send("bob", "deploy", slug="line_trooper")
    dt = view["game"]["doomtrooper"]
    assert dt["mode"] == "physical" and dt["players"]["s1"]["fate"] == 2 and dt["players"]["s1"]["hand_count"] == 6
    squad = phones.handles("carol", "squad:s1")
    assert squad[0]["card"] == "line_trooper"


def test_dt_cov_06_through_the_api_a_sealed_cover_card_is_anonymous_to_the_opponent(world: World) -> None:
    phones = Phones(world).started()
    phones.send("bob", "deploy_cover", slug="heavy_trooper")
    mine = phones.handles("bob", "cover:s1")[0]
    theirs = phones.handles("carol", "cover:s1")[0]
    assert mine["card"] == "heavy_trooper" and "hidden_zone" in mine["data"]
    assert "card" not in theirs and "hidden_zone" not in theirs["data"] and theirs["handle"] != mine["handle"]
    events = phones["carol"].get(phones.url("events/?after=0")).json()["events"]
    assert "heavy_trooper" not in str(events)


def test_dt_dep_02_through_the_api_a_deploy_without_fate_is_refused_and_changes_nothing(world: World) -> None:
    phones = Phones(world).started()
    before = phones.view("bob")
    body = phones.send("bob", "deploy", slug="veteran_captain", status=400)
    assert body["code"] == "not_enough_fate" and "card" in body["fields"]
    assert phones.view("bob") == before


def test_dt_atk_01_through_the_api_no_attack_in_the_first_turn(world: World) -> None:
    phones = Phones(world).started()
    phones.send("bob", "deploy", slug="tribal_scout")
    mine = phones.handles("bob", "station:s1")[0]["handle"]
    body = phones.send("bob", "attack", attacker=mine, defender=mine, tactic="fight", status=400)
    assert body["code"] in ("first_turn_attack",)
    assert "attack" not in {c["kind"] for c in phones["bob"].get(phones.url("commands/")).json()}


def test_a_reconnecting_phone_catches_up_from_its_last_seq(world: World) -> None:
    phones = Phones(world).started()
    seen = phones["carol"].get(phones.url("events/?after=0")).json()
    last = seen["seq"]
    phones.send("bob", "meditate")
    phones.send("bob", "meditate")
    new = phones["carol"].get(phones.url(f"events/?after={last}")).json()
    assert [e["code"] for e in new["events"]] == ["meditated", "meditated"] and new["seq"] == last + 2
    assert [e["n"] for e in new["events"]] == [last + 1, last + 2]
    assert phones["carol"].get(phones.url(f"events/?after={last + 50}")).json()["resync"] is True


def test_a_command_retried_with_the_same_key_changes_nothing(world: World) -> None:
    phones = Phones(world).started()
    first = phones.send("bob", "meditate", key="same")
    events = TableEvent.objects.count()
    again = phones.send("bob", "meditate", key="same")
    assert again == first and TableEvent.objects.count() == events
    assert phones.game("bob")["doomtrooper"]["players"]["s1"]["fate"] == 6


def test_a_stale_phone_gets_409_and_changes_nothing(world: World) -> None:
    phones = Phones(world).started()
    seq = phones.view("bob")["seq"]
    phones.send("bob", "meditate", expected_seq=seq)
    body = phones.send("bob", "meditate", expected_seq=seq, status=409)
    assert body["code"] == "stale_seq"
    assert phones.game("bob")["doomtrooper"]["players"]["s1"]["fate"] == 6


def test_the_view_answers_304_to_its_own_etag_until_the_seat_s_view_changes(world: World) -> None:
    phones = Phones(world).started()
    first = phones["carol"].get(phones.url("view/"))
    etag = first["ETag"]
    assert phones["carol"].get(phones.url("view/"), HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert phones["bob"].get(phones.url("view/"))["ETag"] != etag
    phones.send("bob", "meditate")
    assert phones["carol"].get(phones.url("view/"), HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_presence_records_when_each_seat_was_last_seen(world: World) -> None:
    phones = Phones(world).started()
    phones.view("carol")
    seats = {s["key"]: s["last_seen_at"] for s in phones["bob"].get(phones.url()).json()["seats"]}
    assert seats["s2"] is not None


def test_undo_takes_back_the_sender_s_last_command_alone(world: World) -> None:
    phones = Phones(world).started()
    phones.send("bob", "meditate")
    body = phones["bob"].post(phones.url("undo/")).json()
    assert body["undone"] is True
    assert phones.game("bob")["doomtrooper"]["players"]["s1"]["fate"] == 5
    codes = [e["code"] for e in phones["carol"].get(phones.url("events/?after=0")).json()["events"]]
    assert codes[-2:] == ["meditated", "undone"]


def test_undo_of_another_s_command_needs_everyone_s_consent(world: World) -> None:
    phones = Phones(world).started()
    phones.send("bob", "meditate")
    body = phones["carol"].post(phones.url("undo/")).json()
    assert body == {**body, "undone": False, "waiting_for": ["s1"]}
    assert phones["bob"].post(phones.url("undo/")).json()["undone"] is True


def test_amend_corrects_a_command_and_replays_its_rolls(world: World) -> None:
    phones = Phones(world).started()
    phones.send("bob", "deploy", slug="line_trooper")
    command = TableSession.objects.get().commands.get(kind="deploy")
    response = phones["bob"].post(phones.url("amend/"), {"command": command.pk, "payload": {"slug": "tribal_scout"}},
                                  format="json")
    assert response.status_code == 200, response.json()
    dt = response.json()["game"]["doomtrooper"]
    assert dt["players"]["s1"]["fate"] == 3
    assert phones.handles("carol", "station:s1")[0]["card"] == "tribal_scout"
    bad = phones["carol"].post(phones.url("amend/"), {"command": command.pk, "payload": {}}, format="json")
    missing = phones["carol"].post(phones.url("amend/"), {"command": command.pk + 999, "payload": {}}, format="json")
    assert (bad.status_code, bad.json()) == (missing.status_code, missing.json()) == (404, missing.json())


def test_dt_set_06_an_app_held_table_shuffles_deals_and_the_close_audit_verifies_it(world: World) -> None:
    from tests.referee.engine.systems.doomtrooper.game import deck

    phones = Phones(world)
    phones.open(settings={"deck_mode": "app_held"}, options={"deck": deck(20)}, contribution="bob's cut")
    phones.join(options={"deck": deck(20)}, contribution="carol's cut")
    phones.start()
    assert len(phones.handles("bob", "hand:s1")) == 7 and "cards" not in {
        z["key"]: z for z in phones.game("carol")["zones"]}["hand:s1"]
    assert phones["bob"].get(phones.url("rolls/")).json() == []  # sealed until close
    assert phones["bob"].get(phones.url("audit/")).status_code == 409
    phones.send("bob", "end_actions")
    phones.send("bob", "end_turn")
    asked = phones["bob"].post(phones.url("close/")).json()
    assert asked["status"] == "playing" and asked["close_waiting_for"] == ["s2"]
    closed = phones["carol"].post(phones.url("close/")).json()
    assert closed["seed"] and closed["contributions"] == {"s1": "bob's cut", "s2": "carol's cut"}
    audit = phones["carol"].get(phones.url("audit/")).json()  # the verdict on all; the counts of her own deck
    assert audit["ok"] is True and audit["shuffles"] == 1 and audit["moves"] >= 7, audit
    assert table_audit(session=TableSession.objects.get()).to_dict() == {
        **table_audit(session=TableSession.objects.get()).to_dict(), "ok": True, "shuffles": 2}
    rolls = phones["carol"].get(phones.url("rolls/")).json()  # her own deck's shuffle only: Bob's stays his
    assert [r["rule_id"] for r in rolls if r["notation"].startswith("shuffle(")] == ["DT-SET-01"]


def test_dt_pts_02_through_the_api_the_scorer_answers_the_split_decision(world: World) -> None:
    phones = Phones(world).started(starting_fate=30)
    phones.send("bob", "deploy", slug="heavy_trooper")
    phones.send("bob", "end_actions")
    phones.send("bob", "end_turn")
    phones.send("carol", "report_draw", hand_count=7)
    phones.send("carol", "deploy", slug="tribal_scout")
    phones.send("carol", "end_actions")
    phones.send("carol", "end_turn")
    phones.send("bob", "report_draw", hand_count=7)
    scout = phones.handles("bob", "station:s2")[0]["handle"]
    heavy = phones.handles("bob", "squad:s1")[0]["handle"]
    phones.send("bob", "play_effect", slug="sabotage", target=scout)
    phones.send("bob", "attack", attacker=heavy, defender=scout, tactic="shoot")
    phones.send("bob", "pass")
    phones.send("carol", "pass")
    assert phones["carol"].get(phones.url("decisions/")).json() == []
    decisions = phones["bob"].get(phones.url("decisions/")).json()
    assert [(d["kind"], d["context"]["points"]) for d in decisions] == [("points_split", 2)]
    url = phones.url(f"decisions/{decisions[0]['key']}/answer/")
    assert phones["bob"].post(url, {"vp": 3}, format="json").json()["code"] == "bad_split"
    view = phones["bob"].post(url, {"vp": 1}, format="json").json()
    assert view["game"]["doomtrooper"]["players"]["s1"]["vp"] == 1

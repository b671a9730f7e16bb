"""Issue 22's findings, tried as a hostile player with a valid seat would, through the API: each one a test.

1. a closed table took an amend; 2. one player closed a game in progress alone and read the opponent's
hand and deck order; 3. (a Nerve test nothing triggered: tests/referee/engine/systems/skirmish_cards/
test_nerve.py); 4. another seat's command answered differently from a missing one, and the revealed seed
let a seat recompute the opponent's hidden rolls; 5. catch-up broke at the close; 6. rolls without their
chain fields, events without the command that made them.
"""

from __future__ import annotations

import json

import pytest

from referee.models import LedgerEntry
from referee.table_models import TableCommand, TableSession
from referee.tables.rolls import seat_streams
from tests.campaign.api.tables.helpers import Phones
from tests.referee.engine.systems.doomtrooper.game import deck
from tests.support.world import World

pytestmark = pytest.mark.django_db


def app_held(world: World) -> Phones:
    """Bob (s1) and Carol (s2) at an app-held Doomtrooper table, Bob's first turn under way."""
    phones = Phones(world)
    phones.open(settings={"deck_mode": "app_held"}, options={"deck": deck(20)}, contribution="b")
    phones.join(options={"deck": deck(20)}, contribution="c")
    phones.start()
    return phones


def everything(phones: Phones, who: str) -> str:
    """All that ``who``'s phone can read of the table, as one text."""
    reads = [phones[who].get(phones.url(tail)) for tail in ("", "view/", "events/?after=0", "commands/",
                                                            "decisions/", "rolls/", "audit/")]
    bodies = [r.json() for r in reads]
    for seat in bodies[0]["seats"]:
        seat.pop("last_seen_at")  # presence: this very read moves it
    return json.dumps(bodies + [r.get("ETag", "") for r in reads])


def test_finding_1_after_the_close_every_write_is_refused_and_changes_nothing(world: World) -> None:
    phones = Phones(world).started()
    phones.send("bob", "meditate")
    phones.close("bob", "carol")
    session = TableSession.objects.get()
    before = (session.snapshot, session.seq, session.head_hash, TableCommand.objects.count(), everything(phones, "bob"))
    command = session.commands.get(kind="meditate")
    writes = [
        phones["bob"].post(phones.url("amend/"), {"command": command.pk, "payload": {}}, format="json"),
        phones["bob"].post(phones.url("undo/")),
        phones["bob"].post(phones.url("commands/meditate/"), {"payload": {}}, format="json"),
        phones["bob"].post(phones.url("decisions/d1/answer/"), {"vp": 1}, format="json"),
        phones["carol"].post(phones.url("close/")),
    ]
    assert [(w.status_code, w.json()["code"]) for w in writes] == [(409, "table_closed")] * 5
    session.refresh_from_db()
    after = (session.snapshot, session.seq, session.head_hash, TableCommand.objects.count(), everything(phones, "bob"))
    assert after == before and session.status == "closed"


def test_finding_2_one_player_cannot_close_a_game_in_progress_alone(world: World) -> None:
    phones = app_held(world)
    hand = [c["card"] for c in phones.handles("carol", "hand:s2")]
    asked = phones.close("bob")
    assert asked["status"] == "playing" and asked["seed"] is None and asked["close_waiting_for"] == ["s2"]
    assert phones["carol"].get(phones.url("events/?after=0")).json()["events"][-1]["code"] == "close.asked"
    phones.send("bob", "meditate")  # the game goes on; an ask is forgotten once the table changes
    assert phones.close("bob")["close_waiting_for"] == ["s2"]
    closed = phones.close("carol")
    assert closed["status"] == "closed" and closed["seed"]
    bob_reads = everything(phones, "bob")
    assert phones.handles("bob", "hand:s2") == [] and "library:s2" in bob_reads
    shown = {c.get("card") for z in phones.game("bob")["zones"] if z["key"] in ("hand:s2", "library:s2")
             for c in z.get("cards", [])}
    assert shown <= {None}, "the close shows Bob neither Carol's hand nor her library"
    trail = phones["bob"].get(phones.url("audit/")).json()["trail"]
    assert trail and not [t for t in trail if {t["data"].get(k, "") for k in ("zone", "from", "to")} & {
        "library:s2", "hand:s2"}], "Bob's audit trail holds his own piles only"
    assert "deck.shuffled" not in json.dumps(phones["bob"].get(phones.url("events/?after=0")).json())
    carol_stream = seat_streams(TableSession.objects.get())["s2"]
    assert carol_stream.key not in bob_reads and carol_stream.seed not in bob_reads
    assert len(hand) == 7


def test_finding_2_the_table_s_gm_closes_a_game_in_progress(world: World) -> None:
    phones = Phones(world)
    phones.open()
    phones.join("carol")
    phones.join("gina", role="gm")
    phones.start()
    assert phones.close("gina")["status"] == "closed"


def test_finding_2_a_concession_ends_the_game_and_the_conceding_seat_loses(world: World) -> None:
    phones = Phones(world).started()
    assert "concede" in {c["kind"] for c in phones["carol"].get(phones.url("commands/")).json()}
    game = phones.send("carol", "concede")["game"]
    assert game["status"] == "ended" and game["outcome"]["winner"] == "s1" and game["outcome"]["reason"] == "conceded"
    assert phones.close("bob")["status"] == "closed"  # a game its end reached closes at one word


def test_finding_4_another_seat_s_command_answers_exactly_like_a_missing_one(world: World) -> None:
    phones = Phones(world).started()
    phones.send("bob", "meditate")
    theirs = TableSession.objects.get().commands.get(kind="meditate").pk
    answers = [phones["carol"].post(phones.url("amend/"), {"command": pk, "payload": {}}, format="json")
               for pk in (theirs, theirs + 1000)]
    assert [a.status_code for a in answers] == [404, 404] and answers[0].json() == answers[1].json()


def test_finding_4_no_seat_can_count_or_recompute_another_seat_s_own_rolls(world: World) -> None:
    phones = app_held(world)
    phones.close("bob", "carol")
    session = TableSession.objects.get()
    streams = seat_streams(session)
    rolls = phones["bob"].get(phones.url("rolls/")).json()
    assert {r["stream"] for r in rolls} <= {session.stream.key, streams["s1"].key}
    assert LedgerEntry.objects.filter(stream=streams["s2"]).count() == 1  # Carol's shuffle, on her own stream
    detail = phones["bob"].get(phones.url()).json()
    assert detail["my_stream"]["key"] == streams["s1"].key and detail["my_stream"]["seed"] == streams["s1"].seed
    assert streams["s2"].seed not in everything(phones, "bob")


def test_finding_5_catch_up_holds_across_undo_amend_and_close(world: World) -> None:
    phones = Phones(world).started()
    phones.send("bob", "deploy", slug="line_trooper")
    command = TableSession.objects.get().commands.get(kind="deploy")
    seen = {who: phones[who].get(phones.url("events/?after=0")).json() for who in ("bob", "carol")}
    assert phones["bob"].post(phones.url("amend/"), {"command": command.pk, "payload": {"slug": "tribal_scout"}},
                              format="json").status_code == 200
    phones.send("bob", "meditate")
    assert phones["bob"].post(phones.url("undo/")).json()["undone"] is True
    phones.close("bob", "carol")
    for who in ("bob", "carol"):
        everything_ = phones[who].get(phones.url("events/?after=0")).json()
        numbers = [e["n"] for e in everything_["events"]]
        assert numbers == list(range(1, len(numbers) + 1)) and everything_["seq"] == len(numbers)
        assert everything_["events"][: len(seen[who]["events"])] == seen[who]["events"], "never renumbered"
        new = phones[who].get(phones.url(f"events/?after={seen[who]['seq']}")).json()
        assert new["events"] == everything_["events"][seen[who]["seq"]:] and new["resync"] is True
        assert phones.view(who)["seq"] == everything_["seq"] == phones[who].get(phones.url()).json()["my_seq"]
        last = phones[who].get(phones.url(f"events/?after={everything_['seq']}")).json()
        assert last == {"resync": False, "seq": everything_["seq"], "events": []}
        assert phones[who].get(phones.url(f"events/?after={everything_['seq'] + 1}")).json()["resync"] is True


def test_finding_6_rolls_carry_their_chain_and_events_name_their_command(world: World) -> None:
    phones = app_held(world)
    phones.send("bob", "end_actions")
    phones.close("bob", "carol")
    rolls = phones["bob"].get(phones.url("rolls/")).json()
    assert rolls and all(r["prev_hash"] and r["created_at"] and r["hash"] and r["command"] for r in rolls)
    events = phones["bob"].get(phones.url("events/?after=0")).json()["events"]
    assert all(e["command"].startswith("g") for e in events)
    start = [e["command"] for e in events if e["code"] == "hand.dealt" or e["n"] == 1]
    assert start and start[0] in {r["command"] for r in rolls}, "the setup's events and its shuffles share a name"
    theirs = {e["command"] for e in phones["carol"].get(phones.url("events/?after=0")).json()["events"]}
    assert not theirs & {e["command"] for e in events}, "each seat has its own names for the commands"


def test_finding_2_a_skirmish_close_shows_no_other_faction_s_hand_or_deck(world: World) -> None:
    from tests.campaign.api.tables.skirmish import Skirmish

    phones = Skirmish(world).begun()
    phones.place_all()
    assert phones.close("bob")["close_waiting_for"] == ["s2", "s3"]
    phones.close("carol", "dave")
    session = TableSession.objects.get()
    streams = seat_streams(session)
    for who, seat in (("bob", "s1"), ("carol", "s2"), ("dave", "s3")):
        reads = everything(phones, who)
        zones = {z["key"]: z for z in phones.game(who)["zones"]}
        others = [z for key, z in zones.items() if key.startswith(("hand:", "deck:")) and z["owner"] != seat]
        assert others and not [c for z in others for c in z.get("cards", []) if "card" in c]
        assert all(streams[s].seed not in reads for s in streams if s != seat)
        assert "deck.shuffled" not in json.dumps(phones[who].get(phones.url("events/?after=0")).json())

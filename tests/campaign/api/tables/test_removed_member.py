"""Issue 30: a member removed from the campaign (or who leaves it) loses the seats at its open tables.

His former seat answers him as it answers a stranger (404); the others see the seat vacant, in words; the
table waits for the organiser or the GM, who may close it; nothing of the hand reaches anyone.
"""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from campaign.models import Membership
from campaign.services.members import membership_leave, membership_remove
from referee.table_models import TableSeat, TableSession
from tests.campaign.api.tables.helpers import Phones
from tests.support.world import World

pytestmark = pytest.mark.django_db


def _remove_carol(world: World) -> None:
    membership = Membership.objects.get(campaign=world.campaign, user=world.carol, left_at__isnull=True)
    membership_remove(membership=membership, actor=world.alice)


def test_removed_member_gets_404_on_every_read_and_write_of_his_former_seat(world: World) -> None:
    phones = Phones(world).started()
    assert phones["carol"].get(phones.url("view/")).status_code == 200
    _remove_carol(world)
    reads = [phones["carol"].get(phones.url(tail)) for tail in ("", "view/", "events/?after=0", "commands/",
                                                                "decisions/", "rolls/")]
    writes = [phones["carol"].post(phones.url("commands/meditate/"), {"payload": {}}, format="json",
                                   HTTP_IDEMPOTENCY_KEY="gone-1"),
              phones["carol"].post(phones.url("close/"), {}, format="json")]
    stranger = phones["oscar"].get(phones.url("view/"))
    assert [r.status_code for r in reads + writes] == [404] * 8
    assert {r.json()["code"] for r in reads + writes} == {stranger.json()["code"]}
    listed = phones["carol"].get("/api/v1/tables/").json()
    assert phones.table not in [t["id"] for t in listed]


def test_the_other_seat_sees_the_seat_vacant_in_words_and_learns_nothing_of_the_hand(world: World) -> None:
    phones = Phones(world).started()
    def shown() -> list:
        """The view and the events, without the events' sentences (they name each seat as the header does)."""
        view, events = (phones["bob"].get(phones.url(t)).json() for t in ("view/", "events/?after=0"))
        return [view, {**events, "events": [{k: v for k, v in e.items() if k != "message"} for e in events["events"]]}]

    before = json.dumps(shown())
    _remove_carol(world)
    after = json.dumps(shown())
    assert after == before  # nothing new is shown to the remaining seat: no hand, no count, no event
    messages = [e["message"] for e in phones["bob"].get(phones.url("events/?after=0")).json()["events"]]
    assert "Vacant seat took an opening hand of 7 cards." in messages and "carol" not in json.dumps(messages)
    seats = {s["key"]: s for s in phones["bob"].get(phones.url()).json()["seats"]}
    assert seats["s2"]["username"] == "Vacant seat"
    assert "carol" not in json.dumps(seats)
    for lang, words in (("ru", "Место свободно"), ("cs", "Místo je volné")):
        with translation.override(lang):
            head = phones["bob"].get(phones.url(), HTTP_ACCEPT_LANGUAGE=lang).json()
        assert {s["key"]: s["username"] for s in head["seats"]}["s2"] == words
    seat = TableSeat.objects.get(key="s2")
    assert seat.user_id is None and seat.vacated_at is not None


def test_the_table_waits_for_the_organiser_who_may_close_it(world: World) -> None:
    phones = Phones(world).started()
    refused = phones["alice"].post(phones.url("close/"), {}, format="json")
    assert refused.status_code == 403  # a full table is the players' to close, not the organiser's
    _remove_carol(world)
    phones["bob"].post(phones.url("close/"), {}, format="json")  # one player alone cannot end it
    assert TableSession.objects.get().status == TableSession.Status.PLAYING
    closed = phones["alice"].post(phones.url("close/"), {}, format="json")
    assert closed.status_code == 200, closed.json()
    assert TableSession.objects.get().status == TableSession.Status.CLOSED


def test_a_member_who_leaves_loses_his_seat_too_but_closed_tables_keep_theirs(world: World) -> None:
    phones = Phones(world)
    phones.open()
    phones.join()
    phones.close("bob")  # not started: closes at one word
    second = Phones(world)
    second.open()
    second.join()
    membership_leave(campaign=world.campaign, user=world.carol)
    kept = TableSeat.objects.get(session_id=phones.table, key="s2")
    lost = TableSeat.objects.get(session_id=second.table, key="s2")
    assert kept.user_id == world.carol.pk and kept.vacated_at is None
    assert lost.user_id is None and lost.vacated_at is not None
    assert second["carol"].get(second.url("view/")).status_code == 404


def test_on_the_pages_the_removed_member_gets_404_and_the_others_read_vacant_seat(world: World) -> None:
    phones = Phones(world).started()
    carol, bob = world.browser(world.carol), world.browser(world.bob)
    assert carol.get(f"/tables/{phones.table}/live/").status_code == 200
    _remove_carol(world)
    assert [carol.get(f"/tables/{phones.table}/{tail}").status_code for tail in ("", "live/")] == [404, 404]
    assert carol.post(f"/tables/{phones.table}/close/").status_code == 404
    assert "Vacant seat" in bob.get(f"/tables/{phones.table}/live/").content.decode()

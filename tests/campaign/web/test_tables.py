"""Live tables on the web: a campaign's tables, open, join, start, commands from the page's forms, the poll;
secrets kept (a stranger gets 404, a member without a seat sees only the header, a player never the other's
sealed card)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from referee.table_models import TableSession
from tests.support.world import World

pytestmark = pytest.mark.django_db


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _started(world: World) -> tuple[TableSession, Client, Client]:
    bob, carol = _as(world.bob), _as(world.carol)
    bob.post(f"/campaigns/{world.campaign.pk}/tables/new/")
    session = TableSession.objects.get(campaign=world.campaign)
    carol.post(f"/tables/{session.pk}/join/")
    bob.post(f"/tables/{session.pk}/start/", {"first": "s1"})
    bob.post(f"/tables/{session.pk}/commands/report_draw/", {"hand_count": "7", "key": "d1"})
    return session, bob, carol


def test_a_member_opens_a_table_and_another_joins_from_the_campaign_s_tables(world: World) -> None:
    bob, carol = _as(world.bob), _as(world.carol)
    campaign_page = bob.get(f"/campaigns/{world.campaign.pk}/").content.decode()
    assert f'href="/campaigns/{world.campaign.pk}/tables/"' in campaign_page
    page = bob.post(f"/campaigns/{world.campaign.pk}/tables/new/", follow=True).content.decode()
    assert "Table opened" in page and "Start the game" in page
    session = TableSession.objects.get(campaign=world.campaign)
    listing = carol.get(f"/campaigns/{world.campaign.pk}/tables/").content.decode()
    assert f"Join table {session.pk}" in listing
    joined = carol.post(f"/tables/{session.pk}/join/", follow=True).content.decode()
    assert "You have a seat at the table." in joined
    assert [s.username for s in session.seats.order_by("position")] == ["bob", "carol"]


def test_a_command_sent_from_the_page_s_form_changes_the_counters(world: World) -> None:
    session, bob, carol = _started(world)
    page = bob.get(f"/tables/{session.pk}/").content.decode()
    assert "Meditate (gain fate)" in page and "fate 5" in page
    assert "Undo the last command" in page and "Close the table" in page
    done = bob.post(f"/tables/{session.pk}/commands/meditate/", {"key": "m1"}, follow=True).content.decode()
    assert "Sent: Meditate (gain fate)." in done
    assert "bob meditated and gained a fate point." in carol.get(f"/tables/{session.pk}/").content.decode()


def test_dt_cov_06_on_the_web_a_sealed_cover_card_shows_on_its_owner_s_page_only(world: World) -> None:
    session, bob, carol = _started(world)
    bob.post(f"/tables/{session.pk}/commands/deploy_cover/", {"slug": "heavy_trooper", "key": "c1"})
    mine = bob.get(f"/tables/{session.pk}/").content.decode()
    theirs = carol.get(f"/tables/{session.pk}/").content.decode()
    assert "Sealed (only you know them)" in mine and re.search(r"heavy[ _]trooper", mine, re.I)
    assert not re.search(r"heavy[ _]trooper", theirs, re.I) and "a face-down card" in theirs


def test_a_command_the_seat_may_not_send_now_is_refused_and_changes_nothing(world: World) -> None:
    session, _bob, carol = _started(world)
    before = session.events.count()
    page = carol.post(f"/tables/{session.pk}/commands/meditate/", {"key": "x"}, follow=True).content.decode()
    assert "That is not something you may do now." in page
    assert session.events.count() == before


def test_a_stranger_gets_404_everywhere(world: World) -> None:
    session, _bob, _carol = _started(world)
    oscar = _as(world.oscar)
    for url in (f"/campaigns/{world.campaign.pk}/tables/", f"/tables/{session.pk}/", f"/tables/{session.pk}/live/"):
        assert oscar.get(url).status_code == 404, url
    assert oscar.post(f"/tables/{session.pk}/commands/meditate/").status_code == 404
    assert oscar.post(f"/tables/{session.pk}/join/").status_code == 404
    assert oscar.get("/tables/999999/").status_code == 404


def test_a_member_without_a_seat_sees_the_seats_but_no_hidden_state(world: World) -> None:
    session, bob, _carol = _started(world)
    bob.post(f"/tables/{session.pk}/commands/deploy_cover/", {"slug": "heavy_trooper", "key": "c1"})
    for user in (world.alice, world.gina):
        page = _as(user).get(f"/tables/{session.pk}/").content.decode()
        assert "bob" in page and "carol" in page and "no seat at this table" in page
        assert not re.search(r"heavy[ _]trooper", page, re.I) and "What I may do now" not in page
        assert "hx-get" not in page
        assert _as(user).post(f"/tables/{session.pk}/commands/meditate/", follow=True).status_code == 200
    assert session.events.filter(code="meditated").count() == 0


def test_the_poll_answers_204_until_the_seat_s_view_changes(world: World) -> None:
    session, bob, carol = _started(world)
    page = carol.get(f"/tables/{session.pk}/").content.decode()
    etag = re.search(r"live/\?etag=([0-9a-f]+)", page)
    assert etag is not None
    assert carol.get(f"/tables/{session.pk}/live/?etag={etag[1]}").status_code == 204
    bob.post(f"/tables/{session.pk}/commands/meditate/", {"key": "m1"})
    fresh = carol.get(f"/tables/{session.pk}/live/?etag={etag[1]}")
    assert fresh.status_code == 200 and "bob meditated and gained a fate point." in fresh.content.decode()


def test_undo_from_the_page_takes_back_my_own_last_command_and_asks_when_it_is_another_s(world: World) -> None:
    session, bob, carol = _started(world)
    bob.post(f"/tables/{session.pk}/commands/meditate/", {"key": "m1"})
    asked = carol.post(f"/tables/{session.pk}/undo/", follow=True).content.decode()
    assert "Undo asked: the other players must agree." in asked
    assert session.commands.filter(kind="meditate", undone_at__isnull=True).count() == 1
    page = bob.post(f"/tables/{session.pk}/undo/", follow=True).content.decode()
    assert "Your last command was undone." in page and "fate 5" in page
    assert session.commands.filter(kind="meditate", undone_at__isnull=True).count() == 0

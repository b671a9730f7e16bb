"""The league's people on the web pages (Django's test client): the organiser removes a member and finishes the
campaign, a member leaves; each through the service the API calls, refusals shown and nothing changed."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from django.test import Client

from campaign.models import Campaign, CampaignEvent, Membership, Week
from tests.support.league import League
from tests.support.world import World

pytestmark = pytest.mark.django_db


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _member(world: World, user: Any) -> Membership:
    return Membership.objects.get(campaign=world.campaign, user=user)


def test_the_organiser_removes_a_player_who_keeps_read_access(world: World) -> None:
    alice, bob = _as(world.alice), _as(world.bob)
    carol = _member(world, world.carol)
    page = alice.get(f"/campaigns/{world.campaign.pk}/members/").content.decode()
    assert "Remove carol" in page and "Remove alice" not in page
    assert "Remove carol" not in bob.get(f"/campaigns/{world.campaign.pk}/members/").content.decode()
    assert bob.post(f"/campaigns/{world.campaign.pk}/members/{carol.pk}/remove/").status_code == 302
    carol.refresh_from_db()
    assert carol.left_at is None  # a player may not
    done = unescape(
        alice.post(f"/campaigns/{world.campaign.pk}/members/{carol.pk}/remove/", follow=True).content.decode()
    )
    assert "carol is no longer a member; their warbands and history stay." in done
    carol.refresh_from_db()
    assert carol.left_at is not None
    assert CampaignEvent.objects.filter(kind="member_left", payload__removed_by="alice").exists()
    assert _as(world.carol).get(f"/campaigns/{world.campaign.pk}/").status_code == 200  # still readable


def test_a_player_leaves_and_the_last_organiser_cannot(world: World) -> None:
    bob = _as(world.bob)
    done = unescape(bob.post(f"/campaigns/{world.campaign.pk}/members/leave/", follow=True).content.decode())
    assert "You left Mordheim league; you can still read it." in done
    assert _member(world, world.bob).left_at is not None
    refused = _as(world.alice).post(f"/campaigns/{world.campaign.pk}/members/leave/", follow=True)
    assert "The last organiser cannot leave the campaign." in refused.content.decode()
    assert _member(world, world.alice).left_at is None


def test_the_organiser_finishes_the_campaign_once_sure(league: League) -> None:
    world = league.world
    alice = _as(world.alice)
    assert "Finish the campaign" in alice.get(f"/campaigns/{world.campaign.pk}/").content.decode()
    assert "Finish the campaign" not in _as(world.bob).get(f"/campaigns/{world.campaign.pk}/").content.decode()
    unsure = alice.post(f"/campaigns/{world.campaign.pk}/finish/", follow=True).content.decode()
    assert "Tick the box to say you mean it" in unsure
    world.campaign.refresh_from_db()
    assert world.campaign.status == Campaign.Status.RUNNING
    _as(world.bob).post(f"/campaigns/{world.campaign.pk}/finish/", {"sure": "1"})
    world.campaign.refresh_from_db()
    assert world.campaign.status == Campaign.Status.RUNNING  # a player may not
    done = alice.post(f"/campaigns/{world.campaign.pk}/finish/", {"sure": "1"}, follow=True).content.decode()
    assert "The campaign is finished: its standings are final." in done
    world.campaign.refresh_from_db()
    assert world.campaign.status == Campaign.Status.FINISHED
    assert not Week.objects.filter(campaign=world.campaign, status=Week.Status.OPEN).exists()

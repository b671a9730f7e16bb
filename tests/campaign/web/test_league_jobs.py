"""A league's week through the web pages (Django's test client): each page posts to the same services as the API."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.test import Client

from campaign.models import Campaign, Invitation, Notification, Week
from roster.models import Battle, Holding, Warband, Warrior
from tests.support.league import make_warband
from tests.support.world import World

pytestmark = pytest.mark.django_db


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_an_organiser_creates_a_campaign_and_sets_its_settings_from_the_schema(world: World) -> None:
    alice = _as(world.alice)
    response = alice.post(
        "/campaigns/new/",
        {"name": "Autumn league", "rules_pack": "mordheim", "time_zone": "Europe/Prague"},
        follow=True,
    )
    campaign = Campaign.objects.get(name="Autumn league")
    page = response.content.decode()
    assert response.redirect_chain[-1][0] == f"/campaigns/{campaign.pk}/settings/"
    assert "Standings points for a win." in page  # the league schema's own help text
    assert "Arm wound restriction" in page  # and the game system's settings
    settings = {row: campaign.settings[row] for row in campaign.settings}
    settings.update({"points_win": "5", "rosters_private": "on"})
    settings = {k: v for k, v in settings.items() if not isinstance(v, bool) or v}
    response = alice.post(f"/campaigns/{campaign.pk}/settings/", settings, follow=True)
    campaign.refresh_from_db()
    assert campaign.settings["points_win"] == 5 and campaign.settings["rosters_private"] is True
    assert "Settings saved." in response.content.decode()


def test_a_setting_out_of_range_is_refused_by_name_and_changes_nothing(world: World) -> None:
    before = dict(world.campaign.settings)
    response = _as(world.alice).post(
        f"/campaigns/{world.campaign.pk}/settings/", {**before, "points_win": "1000", "deadline_time": "20:00"}
    )
    assert response.status_code == 200
    assert "points_win" in response.context["form"].errors
    world.campaign.refresh_from_db()
    assert world.campaign.settings == before


def test_only_the_organiser_opens_the_settings_and_a_stranger_gets_404(world: World) -> None:
    assert _as(world.bob).get(f"/campaigns/{world.campaign.pk}/settings/").status_code == 403
    assert _as(world.oscar).get(f"/campaigns/{world.campaign.pk}/settings/").status_code == 404


def test_the_organiser_invites_by_link_and_by_e_mail(world: World) -> None:
    world.oscar.email = "oscar@example.org"
    world.oscar.save()
    alice = _as(world.alice)
    with_callbacks = alice.post(
        f"/campaigns/{world.campaign.pk}/invitations/",
        {"role": "player", "days": "7", "max_uses": "3", "email": "oscar@example.org"},
        follow=True,
    )
    invitation = Invitation.objects.get(campaign=world.campaign)
    assert f"/join/{invitation.code}/" in with_callbacks.content.decode()
    assert invitation.max_uses == 3
    assert Notification.objects.filter(user=world.oscar, kind="invited").exists()


def test_the_invitation_e_mail_carries_the_link(world: World, django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        _as(world.alice).post(
            f"/campaigns/{world.campaign.pk}/invitations/",
            {"role": "player", "days": "7", "max_uses": "", "email": "newbie@example.org"},
        )
    code = Invitation.objects.get(campaign=world.campaign).code
    assert mail.outbox[-1].to == ["newbie@example.org"]
    assert f"http://testserver/join/{code}/" in mail.outbox[-1].body


def test_a_player_founds_a_warband_and_hires_with_the_cost_shown_first(world: World) -> None:
    bob = _as(world.bob)
    bob.post(f"/campaigns/{world.campaign.pk}/warbands/new/", {"name": "Bob's Blades", "list": "reikland"})
    warband = Warband.objects.get(name="Bob's Blades")
    assert warband.treasury == 500 and warband.status == Warband.Status.DRAFT
    refused = bob.post(f"/warbands/{warband.pk}/submit/", follow=True).content.decode()
    assert "no leader" in refused.lower() or "leader" in refused  # an empty roster is not legal by its list
    warband.refresh_from_db()
    assert warband.status == Warband.Status.DRAFT
    preview = bob.get(f"/warbands/{warband.pk}/hire/?type=mercenary_captain").content.decode()
    assert "60 gc each: 60 gc in all; your treasury would be 440 gc." in preview
    assert "the list allows at most 1" in preview
    page = bob.post(
        f"/warbands/{warband.pk}/hire/confirm/", {"type": "mercenary_captain", "name": "Hans Ruppel"}, follow=True
    )
    assert "Hans Ruppel hired." in page.content.decode()
    warband.refresh_from_db()
    assert warband.treasury == 440
    page = bob.post(
        f"/warbands/{warband.pk}/hire/confirm/", {"type": "mercenary_captain", "name": "A second"}, follow=True
    )
    assert page.redirect_chain[-1][0].startswith(f"/warbands/{warband.pk}/hire/")
    assert Warrior.objects.filter(warband=warband).count() == 1  # refused by the service, nothing changed
    assert 'class="error"' in page.content.decode()


def test_a_player_buys_moves_and_sells_kit(world: World) -> None:
    bob = _as(world.bob)
    warband = make_warband(world.campaign, world.bob, "Blades")
    warband.treasury = 100
    warband.save()
    hero = warband.warriors.first()
    assert hero is not None
    page = bob.post(
        f"/warbands/{warband.pk}/shop/do/", {"action": "buy", "item": "sword", "warrior": hero.pk}, follow=True
    )
    assert "Bought for 10 gc." in page.content.decode()
    holding = Holding.objects.get(warband=warband)
    bob.post(f"/warbands/{warband.pk}/shop/do/", {"action": "move", "holding": holding.pk, "to": ""})
    holding.refresh_from_db()
    assert holding.warrior_id is None
    page = bob.post(f"/warbands/{warband.pk}/shop/do/", {"action": "sell", "holding": holding.pk}, follow=True)
    assert "Sold for 5 gc." in page.content.decode()
    warband.refresh_from_db()
    assert warband.treasury == 95
    roster = bob.get(f"/warbands/{warband.pk}/").content.decode()
    assert "table-scroll" in roster and "Blades hero 1" in roster


def test_another_player_cannot_use_the_shop_of_a_warband(world: World) -> None:
    warband = make_warband(world.campaign, world.bob, "Blades")
    response = _as(world.carol).post(
        f"/warbands/{warband.pk}/shop/do/", {"action": "buy", "item": "sword"}, follow=True
    )
    assert Holding.objects.filter(warband=warband).count() == 0
    assert response.status_code in (200, 403, 404)


def test_a_week_on_the_web_approve_pair_report_confirm_and_the_aftermath(
    world: World, django_capture_on_commit_callbacks: Any, eager_celery: None
) -> None:
    alice, bob, carol = _as(world.alice), _as(world.bob), _as(world.carol)
    a = make_warband(world.campaign, world.bob, "Blades", status=Warband.Status.PENDING, henchmen=3)
    a.warriors.filter(is_leader=True).update(type_slug="mercenary_captain")  # legal by its list: approvable
    b = make_warband(world.campaign, world.carol, "Crows")
    page = alice.get(f"/campaigns/{world.campaign.pk}/week/").content.decode()
    assert "Approve Blades" in page
    alice.post(f"/campaigns/{world.campaign.pk}/warbands/{a.pk}/approve/")
    a.refresh_from_db()
    assert a.status == Warband.Status.APPROVED
    assert Notification.objects.filter(user=world.bob, kind="warband_approved").exists()
    alice.post(f"/campaigns/{world.campaign.pk}/start/")
    alice.post(f"/campaigns/{world.campaign.pk}/week/pairings/", {"auto": "1"})
    battle = Battle.objects.get(campaign=world.campaign)
    assert Notification.objects.filter(user=world.carol, kind="paired").count() == 1
    home = bob.get(f"/campaigns/{world.campaign.pk}/").content.decode()
    assert "Next battle" in home and ("Blades v Crows" in home or "Crows v Blades" in home)
    victim = b.warriors.first()
    assert victim is not None
    sent = bob.post(
        f"/battles/{battle.pk}/report/",
        {"winner": str(a.pk), f"ooa_{victim.pk}_1": "1", "scenario": "skirmish"},
        follow=True,
    )
    assert "Report sent" in sent.content.decode(), sent.content.decode()[-3000:]
    assert Notification.objects.filter(user=world.carol, kind="report_to_confirm").exists()
    page = carol.get(f"/battles/{battle.pk}/").content.decode()
    assert "Confirm the report" in page and "Crows hero 1 out of action" in page
    with django_capture_on_commit_callbacks(execute=True):
        carol.post(f"/battles/{battle.pk}/respond/", {"answer": "confirm"})
    battle.refresh_from_db()
    assert battle.status in (Battle.Status.CONFIRMED, Battle.Status.RESOLVED)
    page = carol.get(f"/battles/{battle.pk}/").content.decode()
    assert "Aftermath" in page and "experience" in page  # "Blades gained N experience."
    timeline = bob.get(f"/campaigns/{world.campaign.pk}/").content.decode()
    assert "was confirmed: Blades won" in timeline
    assert "battle_confirmed" not in timeline


def test_the_organiser_closes_the_week_and_the_players_are_told(world: World, eager_celery: None) -> None:
    warband = make_warband(world.campaign, world.bob, "Blades")
    alice = _as(world.alice)
    alice.post(f"/campaigns/{world.campaign.pk}/start/")
    week = Week.objects.get(campaign=world.campaign, status="open")
    response = alice.post(f"/campaigns/{world.campaign.pk}/week/close/", follow=True)
    week.refresh_from_db()
    assert week.status == Week.Status.CLOSED
    assert "Week 1 closed." in response.content.decode()
    assert Notification.objects.filter(user=world.bob, kind="week_resolved").exists()
    assert _as(world.bob).post(f"/campaigns/{world.campaign.pk}/week/close/").status_code == 403
    roster = _as(world.bob).get(f"/warbands/{warband.pk}/").content.decode()
    assert 'id="rating-data"' in roster and '"labels": ["1", "2"]' in roster  # the rating chart, one point a week


def test_a_correction_needs_a_reason_and_a_whole_number_and_is_recorded(world: World) -> None:
    from campaign.models import Correction

    warband = make_warband(world.campaign, world.bob, "Blades")
    alice = _as(world.alice)
    url = f"/campaigns/{world.campaign.pk}/corrections/"
    refused = alice.post(url, {"warband": warband.pk, "treasury": "ten", "reason": "prize"}, follow=True)
    assert "whole numbers" in refused.content.decode()
    alice.post(url, {"warband": warband.pk, "treasury": "25", "reason": ""})
    assert not Correction.objects.exists()  # no reason, no correction
    done = alice.post(url, {"warband": warband.pk, "treasury": "25", "reason": "Tournament prize"}, follow=True)
    assert "Correction recorded." in done.content.decode()
    warband.refresh_from_db()
    assert warband.treasury == 25
    assert Correction.objects.get().reason == "Tournament prize"
    assert _as(world.bob).post(url, {"warband": warband.pk, "treasury": "100", "reason": "me"}).status_code == 403


def test_mh_eqp_01_a_group_buying_kit_is_told_what_it_paid_in_all(world: World) -> None:
    from tests.roster.helpers import hire

    bob = _as(world.bob)
    warband = make_warband(world.campaign, world.bob, "Blades")
    Warband.objects.filter(pk=warband.pk).update(treasury=200)
    group = hire(Warband.objects.get(pk=warband.pk), "warrior", count=2, name="Blades pair")
    before = Warband.objects.get(pk=warband.pk).treasury
    page = bob.post(
        f"/warbands/{warband.pk}/shop/do/", {"action": "buy", "item": "sword", "warrior": group.pk}, follow=True
    )
    assert "Bought for 20 gc." in page.content.decode()  # a sword each, 10 gc apiece
    assert Warband.objects.get(pk=warband.pk).treasury == before - 20


def test_an_invitation_e_mail_that_cannot_be_sent_is_reported_to_the_organiser_not_sent(world: World) -> None:
    """A campaign named before names were checked may hold a line break, which no e-mail subject may carry:
    the invitation is made, and the organiser reads that its e-mail did not go (issue 30)."""
    Campaign.objects.filter(pk=world.campaign.pk).update(name="Evil\r\nBcc: all@example.org")
    page = _as(world.alice).post(
        f"/campaigns/{world.campaign.pk}/invitations/",
        {"role": "player", "days": "7", "max_uses": "", "email": "newbie@example.org"},
        follow=True,
    ).content.decode()
    assert "Invitation sent" not in page
    assert "could not be sent" in page and "newbie@example.org" in page
    assert Invitation.objects.filter(campaign=world.campaign).exists()
    assert not [m for m in mail.outbox if "newbie@example.org" in m.to]

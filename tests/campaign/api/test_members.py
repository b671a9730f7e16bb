"""Members and invitations: join by code or link, expiry, revocation, leaving, removal, read-only history."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from campaign.models import Invitation, Membership
from tests.support.world import World, make_user

pytestmark = pytest.mark.django_db


def invite(world: World, **body: Any) -> dict[str, Any]:
    response = world.client(world.alice).post(
        f"/api/v1/campaigns/{world.campaign.pk}/invitations/", body, format="json"
    )
    assert response.status_code == 201, response.json()
    return dict(response.json())


def accept(world: World, user: Any, code: str) -> Any:
    return world.client(user).post(f"/api/v1/invitations/{code}/accept/")


def test_an_invitation_gives_a_code_and_a_link_that_let_someone_join(world: World) -> None:
    invitation = invite(world, role="player")
    assert invitation["link"] == f"http://testserver/api/v1/invitations/{invitation['code']}/"
    dave = make_user("dave")
    preview = world.client(dave).get(f"/api/v1/invitations/{invitation['code']}/").json()
    assert (preview["campaign_name"], preview["role"], preview["usable"]) == ("Mordheim league", "player", True)
    response = accept(world, dave, invitation["code"])
    assert response.status_code == 201, response.json()
    assert Membership.objects.get(campaign=world.campaign, user=dave).role == "player"
    assert world.campaign.events.filter(kind="member_joined", payload__user="dave").exists()


def test_a_single_use_invitation_serves_one_person(world: World) -> None:
    code = invite(world)["code"]
    assert accept(world, make_user("dave"), code).status_code == 201
    refused = accept(world, make_user("erin"), code)
    assert refused.status_code == 409
    assert refused.json()["code"] == "invitation_used_up"


def test_a_link_for_many_serves_many_until_it_expires(world: World) -> None:
    code = invite(world, max_uses=None, days=2)["code"]
    for name in ("dave", "erin", "finn"):
        assert accept(world, make_user(name), code).status_code == 201
    Invitation.objects.filter(code=code).update(expires_at=timezone.now() - timedelta(seconds=1))
    refused = accept(world, make_user("gus"), code)
    assert refused.status_code == 409
    assert refused.json()["code"] == "invitation_expired"


def test_a_gm_invitation_makes_a_gm(world: World) -> None:
    code = invite(world, role="gm")["code"]
    dave = make_user("dave")
    accept(world, dave, code)
    assert Membership.objects.get(user=dave).role == "gm"
    bad = world.client(world.alice).post(
        f"/api/v1/campaigns/{world.campaign.pk}/invitations/", {"role": "organiser"}, format="json"
    )
    assert bad.status_code == 400


def test_a_revoked_invitation_cannot_be_used(world: World) -> None:
    invitation = invite(world)
    url = f"/api/v1/campaigns/{world.campaign.pk}/invitations/{invitation['id']}/revoke/"
    response = world.client(world.alice).post(url)
    assert response.status_code == 200
    assert response.json()["revoked_at"] is not None
    refused = accept(world, make_user("dave"), invitation["code"])
    assert refused.json()["code"] == "invitation_revoked"
    preview = world.client(world.bob).get(f"/api/v1/invitations/{invitation['code']}/").json()
    assert (preview["usable"], preview["problem"]) == (False, "invitation_revoked")


def test_an_unknown_code_is_not_found_and_a_member_cannot_join_twice(world: World) -> None:
    assert accept(world, world.bob, "no-such-code").status_code == 404
    code = invite(world)["code"]
    twice = accept(world, world.bob, code)
    assert twice.status_code == 409
    assert twice.json()["code"] == "already_member"
    assert Invitation.objects.get(code=code).uses == 0


def test_only_the_organiser_sees_and_makes_invitations(world: World) -> None:
    invite(world)
    url = f"/api/v1/campaigns/{world.campaign.pk}/invitations/"
    assert world.client(world.alice).get(url).json()["count"] == 1
    for user in (world.bob, world.gina):
        assert world.client(user).get(url).status_code == 403
        assert world.client(user).post(url, {}, format="json").status_code == 403
    assert world.client(world.oscar).get(url).status_code == 404


def test_a_player_who_leaves_keeps_read_only_access_to_the_campaign(world: World) -> None:
    client = world.client(world.bob)
    response = client.post(f"/api/v1/campaigns/{world.campaign.pk}/leave/")
    assert response.status_code == 200
    assert response.json()["left_at"] is not None
    listed = client.get("/api/v1/campaigns/").json()["results"]
    assert [(c["viewer_role"], c["viewer_active"]) for c in listed] == [("player", False)]
    assert client.get(f"/api/v1/campaigns/{world.campaign.pk}/standings/").status_code == 200
    assert client.get(f"/api/v1/campaigns/{world.campaign.pk}/timeline/").status_code == 200
    refused = client.post(f"/api/v1/campaigns/{world.campaign.pk}/leave/")
    assert refused.status_code == 404  # no active membership left to end
    members = world.client(world.alice).get(f"/api/v1/campaigns/{world.campaign.pk}/members/?active=false").json()
    assert [m["username"] for m in members["results"]] == ["bob"]


def test_the_last_organiser_cannot_leave(world: World) -> None:
    response = world.client(world.alice).post(f"/api/v1/campaigns/{world.campaign.pk}/leave/")
    assert response.status_code == 409
    assert response.json()["code"] == "last_organiser"


def test_the_organiser_removes_a_player_whose_warbands_and_battles_stay(world: World) -> None:
    from campaign.services.campaigns import campaign_start
    from tests.support.league import make_warband, pair

    week = campaign_start(campaign=world.campaign, actor=world.alice)
    bobs = make_warband(world.campaign, world.bob, "Bob's")
    carols = make_warband(world.campaign, world.carol, "Carol's")
    battle = pair(week, bobs, carols, world.alice)
    membership = Membership.objects.get(campaign=world.campaign, user=world.bob)
    url = f"/api/v1/campaigns/{world.campaign.pk}/members/{membership.pk}/remove/"
    assert world.client(world.carol).post(url).status_code == 403
    response = world.client(world.alice).post(url)
    assert response.status_code == 200
    membership.refresh_from_db()
    assert membership.left_at is not None
    battle.refresh_from_db()
    bobs.refresh_from_db()
    assert battle.warband_a_id == bobs.pk
    event = world.campaign.events.get(kind="member_left")
    assert event.payload["removed_by"] == "alice"
    organiser = Membership.objects.get(campaign=world.campaign, user=world.alice)
    refused = world.client(world.alice).post(f"/api/v1/campaigns/{world.campaign.pk}/members/{organiser.pk}/remove/")
    assert refused.status_code == 403
    # Bob still reads the battle he played; he can no longer start anything.
    assert world.client(world.bob).get(f"/api/v1/battles/{battle.pk}/").status_code == 200
    assert world.client(world.bob).post(f"/api/v1/battles/{battle.pk}/prebattle/").status_code == 403


def test_a_removed_player_can_rejoin_with_a_new_invitation(world: World) -> None:
    membership = Membership.objects.get(campaign=world.campaign, user=world.bob)
    world.client(world.alice).post(f"/api/v1/campaigns/{world.campaign.pk}/members/{membership.pk}/remove/")
    code = invite(world)["code"]
    assert accept(world, world.bob, code).status_code == 201
    assert Membership.objects.filter(campaign=world.campaign, user=world.bob).count() == 2
    [listed] = world.client(world.bob).get("/api/v1/campaigns/").json()["results"]
    assert (listed["viewer_role"], listed["viewer_active"]) == ("player", True)


def test_a_member_who_accepts_again_is_told_they_are_already_a_member(world: World) -> None:
    code = invite(world)["code"]
    dave = make_user("dave")
    assert accept(world, dave, code).status_code == 201
    again = accept(world, dave, code)  # the single use is gone, but that is not what he needs to hear
    assert (again.status_code, again.json()["code"]) == (409, "already_member")
    assert "already a member of Mordheim league" in again.json()["detail"]
    bob = accept(world, world.bob, invite(world)["code"])
    assert bob.json()["code"] == "already_member"
    assert Invitation.objects.get(code=code).uses == 1
